package tpb.codec;

/**
 * What tools need to know of a field: its dotted name, byte offset and width, spec type, how it
 * is encoded ("enum DtypeWire", "lut AluOpWire", "const 0x10", "reserved", "raw"), and provenance.
 */
public record FieldInfo(String name, int offset, int width, String type, String encoding, String confidence,
        String source) {}
