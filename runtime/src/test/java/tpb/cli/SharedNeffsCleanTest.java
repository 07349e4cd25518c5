package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tpb.neff.Fixture;

/**
 * Every real record is read: on each shared NEFF, {@code tpb validate} finds no
 * violation (exit 0, every stream "valid") and {@code tpb disasm --stats} counts every record typed.
 * The Qwen3 MoE NEFFs are the ones that test the most: their 912 PseudoExtension (0xDA) records hold
 * inst_word_len 0 (144 in qwen3-moe-tkg-v6b, 768 in qwen3-moe-captured), which validated as that many
 * const violations and counted as opaque before the arm was laid out with its own constant.
 */
class SharedNeffsCleanTest {
    @ParameterizedTest
    @MethodSource("tpb.neff.Fixture#sharedNeffs")
    void validatesWithNoViolationAndEveryRecordTyped(String name) {
        CliRun v = CliRun.of("validate", Fixture.path(name).toString());
        assertEquals(0, v.code(), name + ": " + v.err());
        List<String> lines = v.out().lines().toList();
        assertTrue(!lines.isEmpty() && lines.stream().allMatch(l -> l.contains(": valid on ")), name + ":\n" + v.out());
        CliRun stats = CliRun.of("disasm", Fixture.path(name).toString(), "--stats");
        assertEquals(0, stats.code(), name + ": " + stats.err());
        List<String> streams = stats.out().lines().filter(l -> l.contains(" records: ")).toList();
        assertEquals(lines.size(), streams.size(), stats.out()); // one stats line a stream, as validate has one line a stream
        for (String l : streams) {
            // "sg00/Pool.bin: 931 records: 931 typed (100.0 %), 0 opaque arm, 0 raw"
            String n = l.substring(l.indexOf(": ") + 2, l.indexOf(" records: "));
            assertTrue(l.endsWith(": " + n + " records: " + n + " typed (100.0 %), 0 opaque arm, 0 raw"), name + ": " + l);
        }
    }
}
