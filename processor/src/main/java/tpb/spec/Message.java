package tpb.spec;

import java.util.Locale;

/**
 * Every diagnostic the spec loader and checker can raise, in one catalogue. A new rule is a new
 * constant here plus a negative test that pins its file, line and message.
 */
public enum Message {
    SPEC_NOT_FOUND("ISA spec '%s' not found; looked in %s"),
    INCLUDE_NOT_FOUND("included file '%s' not found; looked in %s%s"),
    INCLUDE_CYCLE("'%s' is included more than once"),
    YAML_SYNTAX("YAML syntax error: %s"),
    NOT_UTF8("the file is not UTF-8: byte %d starts no UTF-8 character (save it as UTF-8)"),
    EMPTY_FILE("the file holds no YAML document (it is empty or only comments)"),
    ALIAS_BOMB("too many YAML aliases (more than %d): refusing a possible alias bomb"),
    ALIAS_EXPANSION("YAML aliases expand to more than %,d nodes: refusing a possible alias bomb"),
    NESTING("nested more than %d levels deep: refusing the file (a spec needs about 8, a kernel 2 per loop)"),
    UNSAFE_TAG("tag '%s' is not allowed: only the YAML Core schema's tags (!!str, !!int, !!float, !!bool, !!null, !!seq, !!map)"),
    FILE_TOO_LARGE("the file has %,d characters, more than the %,d a YAML file may have"),
    DUPLICATE_KEY("duplicate key '%s' (first at line %d)"),
    UNKNOWN_KEY("unknown key '%s' in %s%s"),
    MISSING_KEY("%s is missing required key '%s'"),
    WRONG_NODE("'%s' must be %s"),
    BAD_NUMBER("'%s' is not a number"),
    SOURCE_NOT_A_DOCUMENT("source cites '%s', which is no document: name the page and section the fact is read from"),
    BAD_CONFIDENCE("confidence '%s' is not one of CONFIRMED, STRONG, INFERRED, SPECULATIVE, ASSUMED"),
    UNKNOWN_KIND("a spec document must start with one of %s"),
    UNKNOWN_TYPE("unknown field type '%s'; expected one of %s"),
    UNKNOWN_REF("unknown %s '%s'%s"),
    NO_ROLE("arm '%s': '%s: %s' names a value of the enum with 'role: %s', and no enum has that role"),
    DUPLICATE_NAME("%s '%s' is defined twice (first at %s)"),
    DUPLICATE_ENUM_VALUE("enum %s: value %s of '%s' is already used by '%s'"),
    VALUE_OUT_OF_RANGE("%s: value %s does not fit %s"),
    FIELD_OUTSIDE("field '%s' [+0x%02X, +0x%02X) leaves the %d-byte %s"),
    OPCODE_OUTSIDE("the opcode [+0x%02X, +0x%02X) leaves the %d-byte record"),
    FIELD_OVERLAP("field '%s' [+0x%02X, +0x%02X) overlaps field '%s' [+0x%02X, +0x%02X)"),
    FIELD_SIZE("field '%s': %s"),
    BITS_OUTSIDE("bit field '%s' (bits %d..%d) leaves its %d-bit field"),
    DUPLICATE_OPCODE("opcode %s is already taken by arm '%s'; arms that share an opcode need a 'select'"),
    SELECT_CONFLICT("arm '%s': %s"),
    LUT_KEY_NOT_IN_ENUM("LUT %s: key '%s' is not a value of enum %s"),
    LUT_VALUE_OUT_OF_RANGE("LUT %s: wire value %s of '%s' does not fit %s"),
    LUT_MISSING_KEY("LUT %s: enum value '%s' has neither an entry nor a fatal arm (add it, or a fatal 'default')"),
    LUT_BOTH("LUT %s: '%s' is both an entry and a fatal arm"),
    LUT_NOT_INJECTIVE("LUT %s maps '%s' and '%s' to one wire value %s, so %s, which decodes through it, could not tell them apart"),
    NOT_INVOLUTION("LUT %s is declared an involution but %s -> %s -> %s"),
    GUARD("guard on '%s': %s"),
    EXAMPLE_UNKNOWN_FIELD("example '%s': no field '%s' in %s"),
    EXAMPLE_VALUE("example '%s': field '%s': %s"),
    EXAMPLE_MISMATCH("example '%s': byte +0x%02X is 0x%02X in 'bytes' but the fields encode 0x%02X"),
    EXAMPLE_BYTES("example '%s': %s"),
    FIELD_UNEXERCISED("%s: field '%s' at +0x%02X is zero in every example, so a moved offset would go unnoticed; "
            + "add an example that sets it (bytes from a source or a real record, named in its doc) or list it under "
            + "'unexercised:' with the reason"),
    UNEXERCISED_STALE("arm '%s': field '%s' is listed under 'unexercised:' but example '%s' sets it"),
    SYNTAX("arm '%s': syntax: %s"),
    TERM("terms of group %s: %s"),
    ARM_TERM("terms of arm %s: %s"),
    OVERRIDE("arm '%s': override of '%s': %s"),
    VALUE_SYNTAX("syntax of %s.%s: %s"),
    ARCH_TERMINATOR("arch %s: terminator '%s' is not an arm%s"),
    ARCH_NO_ENCODER("arch %s: no_encoder names '%s', which is not an arm%s"),
    ARCH_MASKS("arch %s: the opcode masks and the generation rule disagree: %s"),
    OPCODE_WITHOUT_SINCE("opcode %s (%s) has no since:, so it lives in every generation, but the opcode masks of arch %s (%s) do not hold it;"
            + " give a new opcode since: N, the first generation that has it"),
    ARCH_CONSTANTS("arch %s: constants %s differ from arch %s's %s"),
    VIEW_GENERATION("view '%s' is the layout of generation '%s', which is not an arch profile (%s)"),
    CONFLICT_ABOUT("conflict '%s' is about '%s', which the spec does not define%s"),
    FEATURE_ARM("feature '%s' %s arm '%s', which the spec does not define (or gives no layout)%s"),
    STAGE_RULE("stage '%s' names rule '%s' %s"),
    FEATURE_FIELD("feature '%s' is set by field '%s' of arm %s, which is not one of its integer fields %s"),
    RECORD("record: %s"),
    KERNEL("%s");

    private final String format;

    Message(String format) {
        this.format = format;
    }

    public String format(Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
