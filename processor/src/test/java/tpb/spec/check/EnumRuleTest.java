package tpb.spec.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link EnumRule}: values unique by name and by value and inside the enum's type (u8: 0..255),
 * subset masks naming only bits that are values, a wire LUT that exists and maps from the enum.
 */
class EnumRuleTest {
    @Test
    void aValueAtTheTypesLimitFitsAndOnePastDoesNot() {
        // Op is u8: 255 is its largest value, 256 one past, -1 one below 0
        assertEquals(List.of(), MemorySpec.base().edit("{name: Load, value: 2}", "{name: Load, value: 2}\n  - {name: Top, value: 255}").errors());
        MemorySpec past = MemorySpec.base().edit("{name: Load, value: 2}", "{name: Load, value: 2}\n  - {name: Top, value: 256}");
        assertEquals(List.of(past.at("{name: Top") + ": enum Op value Top: value 256 does not fit u8"), past.errors());
        MemorySpec below = MemorySpec.base().edit("{name: Load, value: 2}", "{name: Load, value: 2}\n  - {name: Neg, value: -1}");
        assertEquals(List.of(below.at("{name: Neg") + ": enum Op value Neg: value -1 does not fit u8"), below.errors());
    }

    @Test
    void aValueNameOnce() {
        MemorySpec s = MemorySpec.base().edit("{name: ge, value: 1}", "{name: ge, value: 1}\n  - {name: lt, value: 2}");
        assertEquals(List.of(s.at("{name: lt, value: 2") + ": value of enum Kind 'lt' is defined twice (first at " + s.at("{name: lt, value: 0")
                + ")"), s.errors());
    }

    /** A third value repeating the first's names the first, once. */
    @Test
    void aValueOnce() {
        MemorySpec s = MemorySpec.base().edit("{name: Load, value: 2}", "{name: Load, value: 2}\n  - {name: Again, value: 1}");
        assertEquals(List.of(s.at("{name: Again") + ": enum Op: value 1 of 'Again' is already used by 'Nop'"), s.errors());
    }

    private static MemorySpec subset(String mask) {
        return MemorySpec.base().edit("  - {name: ge, value: 1}\n", "  - {name: ge, value: 1}\nsubsets:\n  both: {mask: " + mask + ", source: {ref: test, confidence: ASSUMED}}\n");
    }

    @Test
    void aSubsetNamesValuesByTheirBits() {
        // mask 0x3: bits 0 and 1, values lt (0) and ge (1)
        assertEquals(List.of(), subset("0x3").errors());
        // mask 0x5: bits 0 and 2; Kind has no value 2
        MemorySpec s = subset("0x5");
        assertEquals(List.of(s.at("both") + ": subset both of enum Kind: value bit 2 does not fit the enum (no value 2)"), s.errors());
    }

    @Test
    void aSubsetsTopBitIsChecked() {
        // mask 0x8000000000000001: bit 0 (lt) and bit 63, which is no value of Kind
        MemorySpec s = subset("0x8000000000000001");
        assertEquals(List.of(s.at("both") + ": subset both of enum Kind: value bit 63 does not fit the enum (no value 63)"), s.errors());
    }

    @Test
    void aWireLutExistsAndMapsFromItsEnum() {
        assertEquals(List.of(), MemorySpec.base().edit("enum: Kind\ntype: u8\n", "enum: Kind\ntype: u8\nwire: KindWire\n").errors());
        MemorySpec missing = MemorySpec.base().edit("enum: Kind\ntype: u8\n", "enum: Kind\ntype: u8\nwire: Nowhere\n");
        assertEquals(List.of(missing.at("Kind\ntype") + ": unknown lut 'Nowhere' (named as the wire table of enum Kind)"), missing.errors());
        MemorySpec other = MemorySpec.base().edit("enum: Op\ntype: u8\n", "enum: Op\ntype: u8\nwire: KindWire\n");
        assertEquals(List.of(other.at("Op\ntype") + ": unknown lut 'KindWire' as a wire table: it maps from Kind, not Op"), other.errors());
    }

    /** One enum per role: the second names the first. */
    @Test
    void aRoleIsHeldByOneEnum() {
        MemorySpec s = MemorySpec.base().edit("enum: Op\ntype: u8\n", "enum: Op\ntype: u8\nrole: sync\n")
                .edit("enum: Kind\ntype: u8\n", "enum: Kind\ntype: u8\nrole: sync\n");
        assertEquals(List.of(s.at("Kind\ntype") + ": enum role 'sync' is defined twice (first at " + s.at("Op\ntype") + " on enum Op)"), s.errors());
    }
}
