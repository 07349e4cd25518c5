package tpb.codec;

/**
 * What tools need to know of a field: its dotted name, byte offset and width, spec type, how it
 * is encoded ("enum DtypeWire", "lut AluOpWire", "const 16", "reserved", "raw", "opaque"; a char
 * field "nul-terminated" or "nul-or-full"), its
 * role for tools ("pc", "reg" or null), and provenance.
 */
public record FieldInfo(String name, int offset, int width, String type, String encoding, String role,
        String confidence, String source) {
    public boolean isConst() {
        return encoding.startsWith("const ");
    }

    public boolean isReserved() {
        return encoding.equals("reserved");
    }

    /** The longest name a char field holds: its width when it may be full ("nul-or-full"), else one less. */
    public int maxChars() {
        return encoding.equals("nul-or-full") ? width : width - 1;
    }

    /** The enum or LUT name of an "enum X"/"lut X" field, else null. */
    public String table() {
        return encoding.startsWith("enum ") ? encoding.substring(5) : encoding.startsWith("lut ") ? encoding.substring(4) : null;
    }

    /** Number of elements: 3 for "i16[3]", 1 for a scalar, char or bytes field. */
    public int count() {
        if (type.startsWith("char[") || type.startsWith("bytes[") || !type.endsWith("]")) {
            return 1;
        }
        return Integer.parseInt(type.substring(type.indexOf('[') + 1, type.length() - 1));
    }
}
