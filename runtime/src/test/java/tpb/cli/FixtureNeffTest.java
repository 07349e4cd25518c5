package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.asm.Assembler;
import tpb.asm.Disassembler;
import tpb.neff.EngineStream;
import tpb.neff.Neff;
import tpb.stream.RecordStream;
import tpb.stream.TypedCoverage;

/**
 * The real compiler output: the instruction streams of the fixture NEFF (aws-neuron/nkipy
 * matmul_small.neff, neuronx-cc 2.23) decode to laid-out arms, disassemble readably and assemble
 * back to the same bytes.
 */
class FixtureNeffTest {
    static final Path NEFF = Path.of("src/test/resources/neff/matmul_small.neff");

    /** The engine instruction streams of every subgraph, by archive path (def.json names them), read by tpb.neff. */
    static Map<String, byte[]> streams() {
        Map<String, byte[]> out = new TreeMap<>();
        Neff.open(NEFF).forEachSubgraph(null, (subgraph, streams) -> {
            for (EngineStream e : streams) {
                out.put(e.path(), Arrays.copyOf(e.stream().bytes(), e.stream().count() * 64));
            }
        });
        return out;
    }

    @Test
    void theStreamsAreTheFiveEnginesOfBothSubgraphs() throws IOException {
        assertEquals(List.of("sg00/Activation.bin", "sg00/DVE.bin", "sg00/PE.bin", "sg00/Pool.bin", "sg00/SP.bin",
                "sg01/Activation.bin", "sg01/DVE.bin", "sg01/PE.bin", "sg01/Pool.bin", "sg01/SP.bin"), List.copyOf(streams().keySet()));
    }

    /** asm(disasm(x)) == x on every real stream, and every record decodes to an arm with a layout. */
    @Test
    void everyRecordIsTypedAndTheListingAssemblesBack() throws IOException {
        Assembler asm = new Assembler();
        for (Map.Entry<String, byte[]> e : streams().entrySet()) {
            RecordStream s = RecordStream.of(e.getValue());
            String text = String.join("\n", Disassembler.listing(s, false));
            assertArrayEquals(e.getValue(), asm.assemble(text), e.getKey() + ":\n" + text);
            assertTrue(!text.contains(".raw") && !text.contains("payload="), e.getKey() + " prints opaque bytes:\n" + text);
            // the file sizes are 64 x the record count (PE 768 B = 12 records, ...); all typed
            int n = e.getValue().length / 64;
            assertEquals(new TypedCoverage(n, n, 0, 0), TypedCoverage.of(s), e.getKey());
        }
    }

    /**
     * sg00/PE.bin record 4, derived by hand from its bytes (datapath-facts §2.1 check):
     * +0x06 13 05 = update SEM_INC_COMPLETE (0x13) of semaphore 5; +0x10 00 7b 03 00 = source ADDR4
     * 0x37b00, steps (1,0,0), nums (128,1,1); +0x20 07 = FP16; +0x22 01 transpose; +0x26/+0x27
     * 80 80 = 128 rows, 128 columns; +0x2B 03 = SINGLE; +0x2C/+0x2D 0f 0f; +0x30 00 08 00 02 =
     * PSUM 0x2000800 with the source's geometry. Destination first, as the syntax line orders it.
     */
    @Test
    void aMatmulReadsLikeAListing() throws IOException {
        byte[] pe = streams().get("sg00/PE.bin");
        // EVENTS update 0x13 on semaphore 5: the compact term $S[5]++@complete, as AWS's assembler writes it
        // 128 rows, 128 columns and groups 0xF/0xF are the syntax line's implied values (the whole array): left out
        assertEquals("matmul $S[5]++@complete [0x2000800; 1,0,0; 128,1,1], [0x37b00; 1,0,0; 128,1,1] in_dtype=FP16 transpose_mode=1 "
                + "psum_accumulate_flags=SINGLE", Disassembler.text(pe, 4 * 64, 12));
        // record 3: the transposing LDWEIGHTS reads its 128 weights backwards from 0x37cfe (steps -1, 0, -32)
        // and waits for semaphore 8 >= 16 (EVENTS wait 0x05)
        assertEquals("ldweights $S[8]>=16 [0x37cfe; -1,0,-32; 32,1,4] in_dtype=FP16 transpose_mode=1",
                Disassembler.text(pe, 3 * 64, 12));
    }

    /** Per stream of the NEFF itself: record counts are the file sizes / 64 (PE 768 B, Activation 320, DVE 128, Pool 448, SP 192). */
    @Test
    void disasmStatsOnTheNeff() {
        CliRun r = CliRun.of("disasm", "--stats", NEFF.toString());
        assertEquals(0, r.code(), r.err());
        StringBuilder expected = new StringBuilder();
        for (String sg : List.of("sg00", "sg01")) {
            for (String[] e : new String[][] {{"Activation", "5"}, {"DVE", "2"}, {"PE", "12"}, {"Pool", "7"}, {"SP", "3"}}) {
                expected.append(sg).append('/').append(e[0]).append(".bin: ").append(e[1]).append(" records: ").append(e[1])
                        .append(" typed (100.0 %), 0 opaque arm, 0 raw\n");
            }
        }
        assertEquals(expected.toString(), r.out().lines().sorted().map(l -> l + "\n").collect(Collectors.joining()));
    }

    /**
     * The spec's MATMUL guard (dpfacts §2.1: non-FP32 input needs fp32_mode None): sg00/PE.bin
     * record 4 is FP16 (+0x20 = 07); setting +0x21 to 1 (LOW) makes exactly that one violation.
     */
    @Test
    void theFp32ModeGuardOnARealMatmul(@TempDir Path dir) throws IOException {
        byte[] pe = streams().get("sg00/PE.bin");
        pe[4 * 64 + 0x21] = 1;
        Path bad = dir.resolve("bad.bin");
        Files.write(bad, pe);
        CliRun r = CliRun.of("validate", bad.toString(), "--stage", "neff");
        assertEquals(1, r.code());
        assertEquals("record 4 (+0x21) fp32_mode: guard: non-FP32 input needs fp32_mode None\n"
                + "tpb: " + bad + ": 1 violation(s) in 12 records\n", r.err());
    }

    @Test
    void disasmStatsCountsTypedRecords(@TempDir Path dir) throws IOException {
        Path pe = dir.resolve("PE.bin");
        Files.write(pe, streams().get("sg00/PE.bin"));
        CliRun r = CliRun.of("disasm", "--stats", pe.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(pe + ": 12 records: 12 typed (100.0 %), 0 opaque arm, 0 raw\n", r.out());
        // a record of an opaque arm (no offsets in the sources) and a MATMUL with a byte its layout
        // leaves uncovered (+0x29), which the typed decode refuses (raw)
        byte[] two = new byte[128];
        two[0] = (byte) SpecCommandTest.OPAQUE.opcode();
        two[1] = 0x10;
        System.arraycopy(streams().get("sg00/PE.bin"), 4 * 64, two, 64, 64);
        two[64 + 0x29] = 1;
        Path mixed = dir.resolve("mixed.bin");
        Files.write(mixed, two);
        assertEquals(mixed + ": 2 records: 0 typed (0.0 %), 1 opaque arm, 1 raw\n", CliRun.of("disasm", "--stats", mixed.toString()).out());
        assertTrue(Arrays.equals(two, Files.readAllBytes(mixed)));
    }
}
