package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.neff.Fixture;
import tpb.neff.NeffWriter;

/**
 * Validate of a NEFF whose PE stream is empty ended '0 violation(s) in 1 of 10
 * streams', exit 1: a stream refused whole has no record to head a violation. The summary now
 * counts and names it.
 */
class ValidateRefusedStreamTest {
    @Test
    void aStreamRefusedWholeIsNamedInTheSummary(@TempDir Path dir) throws Exception {
        Map<String, byte[]> files = new LinkedHashMap<>(Fixture.files());
        files.put("sg00/PE.bin", new byte[0]);
        Path n = dir.resolve("empty-pe.neff");
        Files.write(n, NeffWriter.write("empty-pe.neff", files));
        CliRun r = CliRun.of("validate", n.toString());
        assertEquals(1, r.code());
        List<String> lines = r.err().lines().toList();
        String last = lines.get(lines.size() - 1);
        assertTrue(last.startsWith("tpb: " + n + ": 0 violation(s) in 1 of 10 streams; 1 stream(s) refused whole, the first sg00 pe: "), last);
        // the refusal's own line names the stream too, as before
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("sg00 pe (sg00/PE.bin, 0 records): ")), r.err());
    }

    /** A NEFF whose kelf lists no subgraph: run printed nothing with exit 0, as if something had completed. */
    @Test
    void aNeffWithNoSubgraphSaysSo(@TempDir Path dir) throws Exception {
        Map<String, byte[]> files = new LinkedHashMap<>(Fixture.files());
        files.put("kelf-0.json", "{\"graphs\": [], \"target\": \"cayman\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Path n = dir.resolve("none.neff");
        Files.write(n, NeffWriter.write("none.neff", files));
        for (String command : List.of("run", "estimate")) {
            CliRun r = CliRun.of(command, n.toString());
            assertEquals(1, r.code(), command + ": " + r.err());
            assertEquals("tpb: " + n + ": the NEFF lists no subgraph to run\n", r.err(), command);
        }
    }

    /** '--subgraph ,' split to no name and ran every subgraph; '--subgraph ""' said 'no subgraph ' with a blank name. */
    @Test
    void anEmptySubgraphNameIsAUsageError() throws Exception {
        String n = Path.of("src/test/resources/neff/matmul_small.neff").toString();
        String line = "tpb: --subgraph: an empty subgraph name; give names like sg00 or sg00,sg01 (subgraphs: sg00, sg01)\n";
        for (List<String> args : List.of(List.of("run", n, "--subgraph", ","), List.of("run", n, "--subgraph", ""),
                List.of("run", n, "--level", "data", "--subgraph", ",", "--output-dir", "unused"), List.of("disasm", n, "--subgraph", ""))) {
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertEquals(Tpb.USAGE, r.code(), args::toString);
            assertEquals(line, r.err(), args::toString);
        }
    }

    /** --arch sunda on a cayman NEFF read it with sunda's layouts and rules and said nothing of it. */
    @Test
    void anArchOtherThanTheTargetIsSaid() {
        String n = Path.of("src/test/resources/neff/matmul_small.neff").toString();
        CliRun r = CliRun.of("disasm", n, "--arch", "sunda", "--subgraph", "sg00", "--engine", "sp");
        assertEquals(0, r.code(), r.err());
        assertEquals("note: " + n + " targets cayman (CAYMAN); read as SUNDA because --arch sunda says so\n", r.err());
        assertEquals("", CliRun.of("disasm", n, "--arch", "trn2", "--subgraph", "sg00", "--engine", "sp").err(), "trn2 is cayman: nothing to say");
    }

    /** Check-spec /dev/null said 'no such file'; neff extract -o '' said ': exists and is not an empty directory'. */
    @Test
    void oddPathsGetTheirOwnWords() {
        CliRun spec = CliRun.of("check-spec", "/dev/null");
        assertEquals("tpb: /dev/null: not a spec (a spec is a directory holding isa.yaml, or a YAML file)\n", spec.err());
        CliRun extract = CliRun.of("neff", "extract", Path.of("src/test/resources/neff/matmul_small.neff").toString(), "-o", "");
        assertEquals(Tpb.USAGE, extract.code());
        assertEquals("tpb: '' is no directory name: give a path (. for the current directory)\n", extract.err());
    }
}
