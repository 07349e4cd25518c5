package tpb.gen;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import tpb.codec.FieldInfo;
import tpb.codec.Flyweight;

/**
 * Makes a valid record of a given arm from random bytes, knowing only the generated field
 * metadata: constants and the opcode stamped, reserved bytes and bytes no field covers zeroed,
 * enum and LUT fields set to a random legal value, names to printable ASCII. Everything else
 * keeps its random bytes, so every raw field and payload is exercised — and, half the time a raw
 * field is drawn, its elements are set to an edge instead: 0, 1, the element's largest
 * value (all ones: -1 when signed), the signed boundary either side (0x7F…FF and 0x80…00) — the
 * ends of each register id, count, step, address, immediate and branch target, where random bytes
 * land one time in 2^(8 × width). A name is empty a quarter of the time and full (every character
 * the field holds) another quarter, its two length edges.
 */
final class RecordSynth {
    private final String pkg;
    private final boolean little;
    private final int size;
    private final int opcodeOffset;
    private final int opcodeWidth;
    /**
     * The legal values of each enum and LUT table by name, found by reflection once: looking them
     * up per field was an eighth of StreamFuzzTest's time. Concurrent, since the fuzz runs shards
     * in parallel.
     */
    private final Map<String, long[]> legal = new ConcurrentHashMap<>();

    /** For the ISA generated into {@code pkg}, with its IsaInfo's record shape (byte order, size, opcode offset and width). */
    RecordSynth(String pkg, boolean little, int size, int opcodeOffset, int opcodeWidth) {
        this.pkg = pkg;
        this.little = little;
        this.size = size;
        this.opcodeOffset = opcodeOffset;
        this.opcodeWidth = opcodeWidth;
    }

    byte[] make(List<FieldInfo> fields, int opcode, Random random) {
        byte[] b = new byte[size];
        random.nextBytes(b);
        boolean[] covered = new boolean[size];
        for (FieldInfo f : fields) {
            for (int i = f.offset(); i < f.offset() + f.width(); i++) {
                covered[i] = true;
            }
        }
        for (int i = 0; i < size; i++) {
            if (!covered[i]) {
                b[i] = 0;
            }
        }
        for (FieldInfo f : fields) {
            FieldInfo.Encoding enc = f.encoding();
            if (enc instanceof FieldInfo.Encoding.Const c) {
                put(b, f, c.value());
            } else if (enc instanceof FieldInfo.Encoding.Reserved) {
                Arrays.fill(b, f.offset(), f.offset() + f.width(), (byte) 0);
            } else if (enc instanceof FieldInfo.Encoding.Enumerated e) {
                long[] values = legal.computeIfAbsent(e.table(), this::enumValues);
                put(b, f, values[random.nextInt(values.length)]);
            } else if (enc instanceof FieldInfo.Encoding.Named n && random.nextBoolean()) {
                long[] values = legal.computeIfAbsent(n.table(), this::enumValues); // else the random bytes: any number is legal
                put(b, f, values[random.nextInt(values.length)]);
            } else if (enc instanceof FieldInfo.Encoding.Lut l) {
                long[] values = legal.computeIfAbsent(l.table(), this::lutValues);
                put(b, f, values[random.nextInt(values.length)]);
            } else if (enc instanceof FieldInfo.Encoding.Raw && random.nextBoolean()) {
                for (int e = 0; e < f.elements(); e++) {
                    put(b, f.offset() + e * f.elementWidth(), f.elementWidth(), edge(f.elementWidth(), random));
                }
            } else if (enc instanceof FieldInfo.Encoding.Text) {
                int len = switch (random.nextInt(4)) {
                    case 0 -> 0;
                    case 1 -> f.maxChars();
                    default -> random.nextInt(f.maxChars() + 1);
                };
                for (int i = 0; i < f.width(); i++) {
                    b[f.offset() + i] = i < len ? (byte) ('a' + random.nextInt(26)) : 0;
                }
            }
        }
        put(b, opcodeOffset, opcodeWidth, opcode);
        return b;
    }

    /**
     * Copies every field a tool may set (not a constant, reserved bytes or the field at the
     * opcode's offset), element by element, through the generic by-index path the assembler and
     * disassembler take: {@code from.get}, {@code to.set}.
     */
    static void copyByIndex(Flyweight from, Flyweight to, int opcodeOffset) {
        List<FieldInfo> fields = from.fields();
        for (int field = 0; field < fields.size(); field++) {
            FieldInfo f = fields.get(field);
            if (f.isConst() || f.isReserved() || f.offset() == opcodeOffset) {
                continue;
            }
            for (int e = 0; e < f.elements(); e++) {
                to.set(field, e, from.get(field, e));
            }
        }
    }

    /** One of the five edges of a {@code width}-byte element, in the low bytes (put keeps only those). */
    private static long edge(int width, Random random) {
        long signBit = 1L << (8 * width - 1);
        return switch (random.nextInt(5)) {
            case 0 -> 0;
            case 1 -> 1;
            case 2 -> -1; // all ones: the unsigned maximum, -1 signed
            case 3 -> signBit - 1; // the largest signed value
            default -> signBit; // the smallest signed value
        };
    }

    private void put(byte[] b, FieldInfo f, long v) {
        put(b, f.offset(), f.width(), v);
    }

    private void put(byte[] b, int offset, int width, long v) {
        for (int i = 0; i < width; i++) {
            int shift = 8 * (little ? i : width - 1 - i);
            b[offset + i] = (byte) (v >>> shift);
        }
    }

    private long[] enumValues(String name) {
        try {
            Class<?> c = Class.forName(pkg + "." + name);
            Object[] constants = c.getEnumConstants();
            Method value = c.getMethod("value");
            long[] out = new long[constants.length];
            for (int i = 0; i < constants.length; i++) {
                out[i] = ((Number) value.invoke(constants[i])).longValue();
            }
            return out;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The wire values a LUT can produce: encode of every key that is not a FATAL arm. */
    private long[] lutValues(String name) {
        try {
            Class<?> lut = Class.forName(pkg + "." + name);
            Method encodes = null;
            Method encode = null;
            for (Method m : lut.getMethods()) {
                if (m.getName().equals("encodes")) {
                    encodes = m;
                } else if (m.getName().equals("encode")) {
                    encode = m;
                }
            }
            Method isEncoded = encodes;
            Method encoder = encode;
            Object[] keys = encodes.getParameterTypes()[0].getEnumConstants();
            return Arrays.stream(keys).filter(k -> invoke(isEncoded, k).equals(Boolean.TRUE))
                    .mapToLong(k -> ((Number) invoke(encoder, k)).longValue()).toArray();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object invoke(Method m, Object arg) {
        try {
            return m.invoke(null, arg);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
