package tpb.spec.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link LutRule}: keys and fatal keys are values of the source enum, each value is an entry or a
 * fatal (unless a fatal default stands), an involution maps back to itself, and a LUT a field
 * decodes through maps no two keys to one wire value.
 */
class LutRuleTest {
    @Test
    void aFatalKeyIsAValueOfTheEnum() {
        MemorySpec s = MemorySpec.base().edit("entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10, ge: 0x11}\nfatal: {eq: \"no eq\"}");
        assertEquals(List.of(s.at("eq: \"no eq") + ": LUT KindWire: key 'eq' is not a value of enum Kind"), s.errors());
    }

    /** A fatal default covers every value without an entry; e1 then uses lt (0x10). */
    @Test
    void aFatalDefaultCoversTheMissingKeys() {
        MemorySpec s = MemorySpec.base().edit("entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10}\nfatal: {default: \"only lt\"}")
                .edit("kind: ge", "kind: lt").edit("\"02 11 03 00 05\"", "\"02 10 03 00 05\"");
        assertEquals(List.of(), s.errors());
    }

    /** Each missing value is its own error, at the LUT. */
    @Test
    void everyMissingKeyIsNamed() {
        MemorySpec s = MemorySpec.base().edit("{name: ge, value: 1}", "{name: ge, value: 1}\n  - {name: eq, value: 2}\n  - {name: ne, value: 3}")
                .edit("entries: {lt: ge, ge: lt}", "entries: {lt: ge, ge: lt, eq: eq, ne: ne}");
        String where = s.at("KindWire\nfrom");
        String tail = "' has neither an entry nor a fatal arm (add it, or a fatal 'default')";
        assertEquals(List.of(where + ": LUT KindWire: enum value 'eq" + tail, where + ": LUT KindWire: enum value 'ne" + tail), s.errors());
    }

    @Test
    void anInvolutionMapsAnEnumToItself() {
        MemorySpec s = MemorySpec.base().edit("lut: Neg\nfrom: Kind\nto: Kind", "lut: Neg\nfrom: Kind\nto: u8").edit("entries: {lt: ge, ge: lt}",
                "entries: {lt: 1, ge: 0}");
        assertEquals(List.of(s.at("Neg\nfrom") + ": LUT Neg is declared an involution but its output enum -> is not -> its input enum"), s.errors());
    }

    /** lt -> eq, and eq has no entry (it is fatal); ge -> lt -> eq is not ge either. */
    @Test
    void anInvolutionWhoseImageHasNoEntry() {
        MemorySpec s = MemorySpec.base().edit("{name: ge, value: 1}", "{name: ge, value: 1}\n  - {name: eq, value: 2}")
                .edit("entries: {lt: ge, ge: lt}", "entries: {lt: eq, ge: lt}\nfatal: {eq: \"none\"}")
                .edit("entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10, ge: 0x11, eq: 0x12}");
        assertEquals(List.of(s.at("lt: eq") + ": LUT Neg is declared an involution but lt -> eq -> (no entry)",
                s.at("ge: lt") + ": LUT Neg is declared an involution but ge -> lt -> eq"), s.errors());
    }

    /** Three keys on one wire value: the second and the third each name the first. */
    @Test
    void aDecodedLutIsOneToOne() {
        MemorySpec s = MemorySpec.base().edit("{name: ge, value: 1}", "{name: ge, value: 1}\n  - {name: eq, value: 2}")
                .edit("entries: {lt: ge, ge: lt}", "entries: {lt: ge, ge: lt, eq: eq}")
                .edit("entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10, ge: 0x10, eq: 0x10}");
        String tail = " to one wire value 16, so field 'kind' of arm Load, which decodes through it, could not tell them apart";
        assertEquals(List.of(s.at("ge: 0x10") + ": LUT KindWire maps 'lt' and 'ge'" + tail, s.at("eq: 0x10") + ": LUT KindWire maps 'lt' and 'eq'" + tail),
                s.errors());
    }

    /** Only a LUT some field decodes through must be one-to-one. */
    @Test
    void aLutNoFieldDecodesMayRepeatAWireValue() {
        assertEquals(List.of(), MemorySpec.base().append("""
                ---
                lut: Encode
                from: Kind
                to: u8
                source: {ref: test, confidence: ASSUMED}
                entries: {lt: 0x10, ge: 0x10}
                """).errors());
    }

    @Test
    void anEntryKeyIsAValueOfTheEnum() {
        MemorySpec s = MemorySpec.base().edit("entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10, ge: 0x11, eq: 0x12}");
        assertEquals(List.of(s.at("eq: 0x12") + ": LUT KindWire: key 'eq' is not a value of enum Kind"), s.errors());
    }

    @Test
    void aKeyIsAnEntryOrAFatalNotBoth() {
        MemorySpec s = MemorySpec.base().edit("entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10, ge: 0x11}\nfatal: {ge: \"no ge\"}");
        assertEquals(List.of(s.at("ge: \"no ge") + ": LUT KindWire: 'ge' is both an entry and a fatal arm"), s.errors());
    }
}
