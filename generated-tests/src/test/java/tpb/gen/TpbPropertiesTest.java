package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import tpb.codec.Violation;
import tpb.codec.ViolationSink;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.Instruction;
import tpb.isa.IsaInfo;
import tpb.isa.RawRecord;
import tpb.isa.Validator;

/** Codec properties over every TPB arm and over arbitrary bytes. */
class TpbPropertiesTest {
    private static final RecordSynth SYNTH = new RecordSynth("tpb.isa", !IsaInfo.BIG_ENDIAN, IsaInfo.RECORD_SIZE,
            IsaInfo.OPCODE_OFFSET, IsaInfo.OPCODE_WIDTH);

    @Provide
    Arbitrary<Arm> arms() {
        return Arbitraries.of(Arrays.stream(Arm.values()).filter(a -> a != Arm.UNKNOWN).toList());
    }

    /** decode then encode is the identity on any valid record of any arm, and validate finds nothing but guards. */
    @Property(tries = 3000)
    void everyArmRoundTrips(@ForAll("arms") Arm arm, @ForAll long seed) {
        byte[] bytes = SYNTH.make(arm.fields(), arm.opcode(), new Random(seed));
        if (Decoder.identify(bytes, 0) != arm) {
            // a random raw byte landed on another arm's sub-opcode (JumpIf/CompareAndBranch "otherwise")
            bytes[12] = (byte) (bytes[12] == 0 ? 1 : bytes[12]);
        }
        assertEquals(arm, Decoder.identify(bytes, 0));
        Instruction decoded = Decoder.decode(bytes, 0);
        assertFalse(decoded instanceof RawRecord, () -> "undecodable " + arm + ": " + ((RawRecord) decoded).reason());
        assertEquals(arm, decoded.arm());
        assertArrayEquals(bytes, decoded.toBytes());
        List<Violation> violations = Validator.validate(bytes, 0);
        assertTrue(violations.stream().noneMatch(v -> STRUCTURAL.contains(v.rule())), violations::toString);
    }

    /**
     * The assembler's and disassembler's path: every settable field of any valid record copied
     * through the flyweights' get/set by index gives back the record; reset() stamps the opcode,
     * sub-opcode and constants.
     */
    @Property(tries = 3000)
    void theGenericByIndexPathCopiesEveryArm(@ForAll("arms") Arm arm, @ForAll long seed) {
        byte[] bytes = SYNTH.make(arm.fields(), arm.opcode(), new Random(seed));
        byte[] copy = new byte[IsaInfo.RECORD_SIZE];
        RecordSynth.copyByIndex(arm.flyweight().wrap(bytes, 0), arm.flyweight().wrap(copy, 0).reset(), IsaInfo.OPCODE_OFFSET);
        assertArrayEquals(bytes, copy);
    }

    /**
     * Rules about how bytes encode a record; a typed record never breaks them. Guards and group
     * checks (ADDR4's marker rules) are about meaning, and random field values may break those.
     */
    static final Set<String> STRUCTURAL = Set.of("opcode", "select", "const", "reserved", "enum", "lut", "chars");

    /** Any 64 bytes decode without an exception, to a typed record or a RawRecord, and encode back to themselves. */
    @Property(tries = 20000)
    void anyBytesDecodeLosslessly(@ForAll @Size(64) byte[] bytes) {
        Instruction decoded = Decoder.decode(bytes, 0);
        assertArrayEquals(bytes, decoded.toBytes());
        List<Violation> violations = new ArrayList<>();
        int n = Validator.validate(bytes, 0, 7, ViolationSink.into(violations));
        assertEquals(n, violations.size());
        if (!(decoded instanceof RawRecord)) {
            assertTrue(violations.stream().noneMatch(v -> STRUCTURAL.contains(v.rule())), violations::toString);
        } else {
            assertNotEquals(0, ((RawRecord) decoded).reason().length());
        }
    }

    /** Random bytes with a live opcode exercise the typed paths far more often than uniform bytes. */
    @Property(tries = 20000)
    void liveOpcodesNeverThrow(@ForAll("arms") Arm arm, @ForAll @Size(64) byte[] bytes) {
        bytes[0] = (byte) arm.opcode();
        bytes[1] = 0x10;
        Instruction decoded = Decoder.decode(bytes, 0);
        assertArrayEquals(bytes, decoded.toBytes());
        Validator.validate(bytes, 0);
    }
}
