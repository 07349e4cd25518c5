package tpb.asm;

import tpb.codec.FieldInfo;
import tpb.isa.IsaInfo;

/**
 * What the assembler and disassembler ask of a field's {@link FieldInfo} beyond its components.
 * Bytes are never read or written here: both go through the generated flyweights' by-index
 * {@code get}/{@code set} ({@link tpb.codec.Flyweight}), the one encoder.
 */
final class Fields {
    private Fields() {}

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

    /** Whether {@code v} is a value of the field's element type. */
    static boolean fits(FieldInfo f, long v) {
        int bits = (f.count() == 1 ? f.width() : f.elementWidth()) * 8; // most fields are one element: no division
        if (bits == 64) {
            return true;
        }
        return f.element().signed() ? v >= -(1L << (bits - 1)) && v < (1L << (bits - 1)) : v >= 0 && v < (1L << bits);
    }
}
