package tpb.asm;

import java.nio.ByteOrder;
import tpb.codec.BigEndian;
import tpb.codec.FieldInfo;
import tpb.codec.LittleEndian;
import tpb.isa.IsaInfo;

/**
 * Generic reads and writes of one field, driven by its {@link FieldInfo}: what lets one
 * assembler and one disassembler serve every arm of the spec, in the record's byte order (the
 * field's {@link FieldInfo#order()}, from the spec).
 */
final class Fields {
    private Fields() {}

    static int elementWidth(FieldInfo f) {
        return f.elementWidth();
    }

    static boolean signed(FieldInfo f) {
        return f.element().signed();
    }

    static boolean isOpcode(FieldInfo f) {
        return f.offset() == IsaInfo.OPCODE_OFFSET && f.encoding() instanceof FieldInfo.Encoding.Enumerated e && e.table().equals(IsaInfo.OPCODE_ENUM);
    }

    /** Whether the assembler may set this field (constants, reserved bytes and the opcode are implied). */
    static boolean settable(FieldInfo f) {
        return !f.isConst() && !f.isReserved() && !isOpcode(f);
    }

    /** The top-level group a flattened field belongs to ("src_mem_pattern" for "src_mem_pattern.start.word"), or null. */
    static String groupOf(FieldInfo f) {
        int dot = f.name().indexOf('.');
        return dot < 0 ? null : f.name().substring(0, dot);
    }

    static boolean isChars(FieldInfo f) {
        return f.isChars();
    }

    static boolean isBytes(FieldInfo f) {
        return f.isBytes();
    }

    static long read(byte[] b, int at, FieldInfo f, int element) {
        int w = elementWidth(f);
        int p = at + f.offset() + element * w;
        boolean s = signed(f);
        if (f.order() == ByteOrder.BIG_ENDIAN) {
            return switch (w) {
                case 1 -> s ? b[p] : b[p] & 0xFF;
                case 2 -> s ? BigEndian.i16(b, p) : BigEndian.u16(b, p);
                case 4 -> s ? BigEndian.i32(b, p) : BigEndian.u32(b, p);
                default -> BigEndian.i64(b, p);
            };
        }
        return switch (w) {
            case 1 -> s ? b[p] : b[p] & 0xFF;
            case 2 -> s ? LittleEndian.i16(b, p) : LittleEndian.u16(b, p);
            case 4 -> s ? LittleEndian.i32(b, p) : LittleEndian.u32(b, p);
            default -> LittleEndian.i64(b, p);
        };
    }

    static void write(byte[] b, int at, FieldInfo f, int element, long v) {
        int w = elementWidth(f);
        int p = at + f.offset() + element * w;
        if (f.order() == ByteOrder.BIG_ENDIAN) {
            switch (w) {
                case 1 -> b[p] = (byte) v;
                case 2 -> BigEndian.put16(b, p, (int) v);
                case 4 -> BigEndian.put32(b, p, v);
                default -> BigEndian.put64(b, p, v);
            }
            return;
        }
        switch (w) {
            case 1 -> b[p] = (byte) v;
            case 2 -> LittleEndian.put16(b, p, (int) v);
            case 4 -> LittleEndian.put32(b, p, v);
            default -> LittleEndian.put64(b, p, v);
        }
    }

    /** Whether {@code v} is a value of the field's element type. */
    static boolean fits(FieldInfo f, long v) {
        int bits = elementWidth(f) * 8;
        if (bits == 64) {
            return true;
        }
        return signed(f) ? v >= -(1L << (bits - 1)) && v < (1L << (bits - 1)) : v >= 0 && v < (1L << bits);
    }

    static boolean allZero(byte[] b, int at, FieldInfo f) {
        for (int i = 0; i < f.width(); i++) {
            if (b[at + f.offset() + i] != 0) {
                return false;
            }
        }
        return true;
    }
}
