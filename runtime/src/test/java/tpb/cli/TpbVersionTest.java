package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code tpb --version}: the project version from the build, the commit (unknown
 * here: the launcher sets it, a test JVM is not started by it), and the built-in spec with what it
 * holds and a digest of its YAML. The arm counts are the spec's, as check-spec prints them.
 */
class TpbVersionTest {
    @Test
    void versionNamesTheBuildTheCommitAndTheSpec() {
        CliRun r = CliRun.of("--version");
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(3, lines.length, r.out());
        assertEquals("tpb " + TpbVersion.projectVersion(), lines[0]);
        assertTrue(lines[0].matches("tpb \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), lines[0]);
        assertEquals("commit unknown (not started by the tpb launcher from a git checkout)", lines[1]);
        CliRun check = CliRun.of("check-spec", "builtin");
        String counts = check.out().replaceFirst("(?s).*ok: (\\d+ arms \\(\\d+ with a layout\\), \\d+ enums).*", "$1").trim();
        assertTrue(lines[2].matches("spec AWS Neuron TPB 64-byte instruction records: \\Q" + counts + "\\E, sha-256 [0-9a-f]{12} of its YAML"),
                lines[2] + " / " + check.out());
    }
}
