package tpb.spec.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link JavaNameRule}: names distinct in YAML stay distinct in the generated Java — enum
 * constants (upper snake case), type names against the generated classes, field accessors against
 * the generated methods and against each other (a field's {@code Raw}, {@code CopyTo} and bit
 * accessors included).
 */
class JavaNameRuleTest {
    /** "load" and "Load" are both LOAD in Java. */
    @Test
    void enumValuesOneJavaConstant() {
        MemorySpec s = MemorySpec.base().edit("{name: Load, value: 2}", "{name: Load, value: 2}\n  - {name: load, value: 3}");
        assertEquals(List.of(s.at("{name: load") + ": Java constant of enum Op 'LOAD' is defined twice (first at " + s.at("{name: Load") + ")"),
                s.errors());
    }

    @Test
    void definitionsNamedLikeAGeneratedClass() {
        MemorySpec s = MemorySpec.base().append("""
                ---
                enum: validator
                type: u8
                source: {ref: test, confidence: ASSUMED}
                values:
                  - {name: v, value: 0}
                ---
                lut: symbols
                from: Kind
                to: u8
                source: {ref: test, confidence: ASSUMED}
                entries: {lt: 1, ge: 2}
                ---
                group: instruction
                size: 1
                source: {ref: test, confidence: ASSUMED}
                fields:
                  - {name: x, at: 0, type: u8}
                """);
        assertEquals(List.of(s.at("validator") + ": enum 'validator' is defined twice (first at the generated class Validator)",
                s.at("symbols") + ": lut 'symbols' is defined twice (first at the generated class Symbols)",
                s.at("instruction") + ": group 'instruction' is defined twice (first at the generated class Instruction)"), s.errors());
    }

    @Test
    void aFieldNamedLikeAGeneratedMethod() {
        MemorySpec s = MemorySpec.base().withField("{name: builder, at: 3, type: u8}");
        assertEquals(List.of(s.at("{name: builder") + ": field 'builder' is defined twice (first at a generated method of the same name)"),
                s.errors());
    }

    /** reset.x is resetX, no generated name, but the group field itself would be reset(). */
    @Test
    void aGroupFieldNamedLikeAGeneratedMethod() {
        MemorySpec s = MemorySpec.base().withField("{name: reset, at: 3, group: G}")
                .append(MemorySpec.GROUP);
        assertEquals(List.of(s.at("{name: x") + ": field 'reset.x' is defined twice (first at a generated method of the same name)"), s.errors());
    }

    @Test
    void aFieldNamedLikeAnotherFieldsRawAccessor() {
        // kind decodes through a LUT, so it has kind() and kindRaw()
        MemorySpec s = MemorySpec.base().withField("{name: kind_raw, at: 3, type: u8}");
        assertEquals(List.of(s.at("{name: kind_raw") + ": Java accessor 'kindRaw' is defined twice (first at " + s.at("{name: kind,") + ")"),
                s.errors());
    }

    /** reg renamed k_raw comes first; then k, an enum field, wants k() and kRaw(). */
    @Test
    void aFieldNamedLikeAnEnumFieldsRawAccessor() {
        MemorySpec s = MemorySpec.base().withField("{name: k, at: 3, type: u8, enum: Kind}").edit("{name: reg, at: 2", "{name: k_raw, at: 2").edit("reg: 3", "k_raw: 3");
        assertEquals(List.of(s.at("{name: k,") + ": Java accessor 'kRaw' is defined twice (first at " + s.at("{name: k_raw") + ")"), s.errors());
    }

    /** reg renamed raw_copy_to comes first; then raw, a bytes field, wants raw() and rawCopyTo(). */
    @Test
    void aFieldNamedLikeABytesFieldsCopyTo() {
        MemorySpec s = MemorySpec.base().withField("{name: raw, at: 3, type: bytes, size: 1}").edit("{name: reg, at: 2", "{name: raw_copy_to, at: 2")
                .edit("reg: 3", "raw_copy_to: 3");
        assertEquals(List.of(s.at("{name: raw,") + ": Java accessor 'rawCopyTo' is defined twice (first at " + s.at("{name: raw_copy_to") + ")"),
                s.errors());
    }

    @Test
    void aFieldNamedLikeABitField() {
        MemorySpec s = MemorySpec.base().withField("{name: reg_hi, at: 3, type: u8}").edit("{name: reg, at: 2, type: u8}",
                "{name: reg, at: 2, type: u8, bits: [{name: hi, lsb: 4, width: 4}]}");
        assertEquals(List.of(s.at("{name: reg_hi") + ": Java accessor 'regHi' is defined twice (first at " + s.at("{name: hi") + ")"), s.errors());
    }
}
