package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import tpb.asm.Assembler;
import tpb.asm.Disassembler;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.IsaInfo;
import tpb.isa.Validator;
import tpb.stream.RecordStream;

/** asm(disasm(x)) == x: for streams of valid records of every arm, and for any bytes at all. */
class AsmRoundTripTest {
    private static final RecordSynth SYNTH = new RecordSynth("tpb.isa", !IsaInfo.BIG_ENDIAN, IsaInfo.RECORD_SIZE,
            IsaInfo.OPCODE_OFFSET, IsaInfo.OPCODE_WIDTH);
    private static final Assembler ASM = new Assembler();

    @Provide
    Arbitrary<Arm> arms() {
        return Arbitraries.of(Arrays.stream(Arm.values()).filter(a -> a != Arm.UNKNOWN).toList());
    }

    @Property(tries = 1500)
    void validStreamsRoundTrip(@ForAll long seed, @ForAll @IntRange(min = 0, max = 12) int length) {
        Random random = new Random(seed);
        Arm[] arms = Arrays.stream(Arm.values()).filter(a -> a != Arm.UNKNOWN).toArray(Arm[]::new);
        byte[] stream = new byte[length * 64];
        for (int i = 0; i < length; i++) {
            Arm arm = arms[random.nextInt(arms.length)];
            byte[] rec = SYNTH.make(arm.fields(), arm.opcode(), random);
            if (Decoder.identify(rec, 0) != arm) {
                rec[12] = 1;
            }
            // branch targets inside the stream become labels; keep some outside too
            if ("CompareAndBranch UnconditionalBranch".contains(arm.specName()) && random.nextBoolean()) {
                rec[0x30] = (byte) random.nextInt(length);
                Arrays.fill(rec, 0x31, 0x38, (byte) 0);
            }
            System.arraycopy(rec, 0, stream, i * 64, 64);
        }
        String text = String.join("\n", Disassembler.listing(RecordStream.of(stream), false));
        assertArrayEquals(stream, ASM.assemble(text, Assembler.Options.NO_VALIDATION), text);
    }

    /**
     * A million random records through decode, validate and disassemble — no exception — and the
     * listing of all of them assembles back to the same 64 MB.
     */
    @Test
    void aMillionRandomRecords() {
        Random random = new Random(20261130);
        int chunk = 50_000;
        for (int round = 0; round < 20; round++) { // 20 x 50,000 records
            byte[] b = new byte[chunk * 64];
            random.nextBytes(b);
            for (int i = 0; i < chunk; i += 3) {
                // a third of the records get a live opcode and a sane header, to reach the typed paths
                b[i * 64] = (byte) Arm.values()[random.nextInt(Arm.values().length - 1)].opcode();
                b[i * 64 + 1] = 0x10;
            }
            RecordStream s = RecordStream.of(b);
            for (int i = 0; i < chunk; i++) {
                Decoder.decode(b, i * 64);
                Validator.validate(b, i * 64, i, (r, f, o, rule, m) -> { });
            }
            String text = String.join("\n", Disassembler.listing(s, false));
            assertArrayEquals(b, ASM.assemble(text, Assembler.Options.NO_VALIDATION));
        }
    }
}
