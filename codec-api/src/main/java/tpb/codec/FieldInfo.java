package tpb.codec;

import java.nio.ByteOrder;
import java.util.List;
import java.util.Locale;

/**
 * What tools need to know of a field, typed: its dotted name, byte offset and width, element type
 * and count ({@code i16[3]}: {@link Element#I16}, 3; a char or bytes field is one element as wide
 * as the field), how it is encoded ({@link Encoding}), its role for tools ({@link Role}, or null),
 * the record's byte order, provenance, and the named bit runs of an integer ({@link Bits}, in spec
 * order; none for most fields). Emitted by the processor from the spec; nothing reads it back from
 * text.
 */
public record FieldInfo(String name, int offset, int width, Element element, int count, Encoding encoding, Role role,
        ByteOrder order, String confidence, String source, List<Bits> bits) {
    public FieldInfo {
        bits = List.copyOf(bits);
    }

    /** A field with no named bit runs. */
    public FieldInfo(String name, int offset, int width, Element element, int count, Encoding encoding, Role role,
            ByteOrder order, String confidence, String source) {
        this(name, offset, width, element, count, encoding, role, order, confidence, source, List.of());
    }

    /**
     * A named run of {@code width} bits from bit {@code lsb} of an integer field (DTYPE_PAIR's two
     * nibbles), and the enum whose names its values take ({@code table}), or null. Such an enum
     * names the run's values; it restricts nothing.
     */
    public record Bits(String name, int lsb, int width, String table) {
        /** The run's value in the field's value {@code v}. */
        public long of(long v) {
            return (v >>> lsb) & mask();
        }

        /** {@code v} with the run set to {@code run} (which must fit the run). */
        public long with(long v, long run) {
            return v & ~(mask() << lsb) | (run & mask()) << lsb;
        }

        /** Whether {@code run} is a value of the run: 0 to 2^width - 1. */
        public boolean fits(long run) {
            return run >= 0 && (width >= 63 || run <= mask());
        }

        private long mask() {
            return width >= 64 ? -1L : (1L << width) - 1;
        }
    }

    /** The element type of a field: the spec's integer types, and the char and bytes kinds. */
    public enum Element {
        U8(false), U16(false), U32(false), U64(false), I8(true), I16(true), I32(true), I64(true), CHAR(false), BYTES(false);

        private final boolean signed;

        Element(boolean signed) {
            this.signed = signed;
        }

        public boolean signed() {
            return signed;
        }

        /** As the spec writes it: {@code u8}, {@code i16}, {@code char}, {@code bytes}. */
        public String specName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** What a field means to tools: a branch target (a record index), or a register id. */
    public enum Role { PC, REG }

    /** How a field's value is encoded. */
    public sealed interface Encoding {
        /** A value of an enum. */
        record Enumerated(String table) implements Encoding {}

        /**
         * A number an enum names without restricting it (an {@code open} enum): tools print the
         * name where the enum has one and the number otherwise, and every value is legal.
         */
        record Named(String table) implements Encoding {}

        /** A key of a lookup table, stored as its wire value. */
        record Lut(String table) implements Encoding {}

        /** Fixed by the spec to {@code value}. */
        record Const(long value) implements Encoding {}

        /** Reserved: zero. */
        record Reserved() implements Encoding {}

        /** A plain number. */
        record Raw() implements Encoding {}

        /** Bytes whose layout the sources do not give. */
        record Opaque() implements Encoding {}

        /** A NUL-padded ASCII name; {@code mayFill}: the name may take every byte (no NUL needed). */
        record Text(boolean mayFill) implements Encoding {}
    }

    public boolean isConst() {
        return encoding instanceof Encoding.Const;
    }

    public boolean isReserved() {
        return encoding instanceof Encoding.Reserved;
    }

    public boolean isChars() {
        return element == Element.CHAR;
    }

    public boolean isBytes() {
        return element == Element.BYTES;
    }

    /**
     * How many elements a {@link Flyweight}'s {@code get} and {@code set} address: the count of a
     * number or array, one a byte of a char or bytes field.
     */
    public int elements() {
        return isChars() || isBytes() ? width : count;
    }

    /** The width of one element in bytes. */
    public int elementWidth() {
        return width / count;
    }

    /** The longest name a char field holds: its width when it may be full, else one less. */
    public int maxChars() {
        return encoding instanceof Encoding.Text t && t.mayFill() ? width : width - 1;
    }

    /** The enum or LUT an enumerated, named or LUT field takes its names from, else null. */
    public String table() {
        if (encoding instanceof Encoding.Enumerated e) {
            return e.table();
        }
        if (encoding instanceof Encoding.Named n) {
            return n.table();
        }
        return encoding instanceof Encoding.Lut l ? l.table() : null;
    }

    /** The type as the spec writes it: {@code u8}, {@code i16[3]}, {@code char[36]}, {@code bytes[51]}. */
    public String typeName() {
        if (isChars() || isBytes()) {
            return element.specName() + "[" + width + "]";
        }
        return count > 1 ? element.specName() + "[" + count + "]" : element.specName();
    }
}
