package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * A field of an arm or group, as written: a scalar (optionally an array of {@code count}), a
 * fixed-length character string ({@code char}), opaque {@code bytes}, or a nested group.
 *
 * @param scalar the integer type, or null for char/bytes/group
 * @param kind   what the field is
 * @param size   width in bytes of one element (char/bytes: the whole field; group: group size)
 * @param role   what the value means to tools: "pc" (a record index: branch targets, printed as
 *               labels), "reg" (a register id), or null
 * @param enumRef the enum whose values the field holds (and only those), or null
 * @param namesRef the open enum that names the field's values without restricting them, or null
 *               (a field of an {@code open} enum has this, not {@code enumRef}: its codecs hold a
 *               plain number and its validator refuses none)
 * @param source null when the field inherits its owner's source
 * @param nulOptional a char field that may be full: its {@code size} characters written with no
 *               NUL, as {@code strncpy(dst, src, size)} leaves a name of exactly {@code size}
 *               characters; otherwise a char field holds at least one NUL
 */
public record FieldDef(
        String name,
        int at,
        Kind kind,
        ScalarType scalar,
        int size,
        int count,
        String enumRef,
        String namesRef,
        String lutRef,
        String groupRef,
        Long constValue,
        boolean reserved,
        List<BitDef> bits,
        String role,
        String doc,
        Source source,
        boolean nulOptional,
        Pos pos) {

    public enum Kind { SCALAR, CHAR, BYTES, GROUP }

    public FieldDef {
        bits = List.copyOf(bits);
    }

    public int width() {
        return size * count;
    }

    public int end() {
        return at + width();
    }

    /** A field without the char-only {@code nul: optional} property (every non-char field, and NUL-terminated names). */
    public FieldDef(String name, int at, Kind kind, ScalarType scalar, int size, int count, String enumRef, String lutRef,
            String groupRef, Long constValue, boolean reserved, List<BitDef> bits, String role, String doc, Source source, Pos pos) {
        this(name, at, kind, scalar, size, count, enumRef, null, lutRef, groupRef, constValue, reserved, bits, role, doc, source, false, pos);
    }

    /** A field holding group {@code groupRef} of {@code size} bytes; the group's fields say the rest. */
    public static FieldDef group(String name, int at, int size, String groupRef, String doc, Source source, Pos pos) {
        return new FieldDef(name, at, Kind.GROUP, null, size, 1, null, null, null, groupRef, null, false, List.of(), null, doc,
                source, false, pos);
    }

    /** Opaque {@code bytes} of {@code size}: no type, no encoding, only their place. */
    public static FieldDef bytes(String name, int at, int size, String doc, Source source, Pos pos) {
        return new FieldDef(name, at, Kind.BYTES, null, size, 1, null, null, null, null, null, false, List.of(), null, doc,
                source, false, pos);
    }

    /** The longest string a char field holds: its size when it may be full, else one less for the NUL. */
    public int maxChars() {
        return nulOptional ? size : size - 1;
    }

    /** The enum that names the field's values, closed ({@link #enumRef}) or open ({@link #namesRef}), or null. */
    public String namingEnum() {
        return enumRef != null ? enumRef : namesRef;
    }

    public boolean isConst() {
        return constValue != null;
    }
}
