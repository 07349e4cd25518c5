package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code tpb --version}: the project version from the build, the commit (unknown
 * here: the launcher sets it, a test JVM is not started by it), and the built-in spec with what it
 * holds and a digest of the resolved model the build wrote, then the Java it runs on. The arm
 * counts are the spec's, as check-spec prints them; the digest is recomputed here from the model.
 */
class TpbVersionTest {
    @Test
    void versionNamesTheBuildTheCommitTheSpecAndTheJava() throws Exception {
        CliRun r = CliRun.of("--version");
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(4, lines.length, r.out());
        assertEquals("tpb " + TpbVersion.projectVersion(), lines[0]);
        assertTrue(lines[0].matches("tpb \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), lines[0]);
        assertEquals("commit unknown (not started by the tpb launcher from a git checkout)", lines[1]);
        CliRun check = CliRun.of("check-spec", "builtin");
        String counts = check.out().replaceFirst("(?s).*ok: (\\d+ arms \\(\\d+ with a layout\\), \\d+ enums).*", "$1").trim();
        String sha;
        try (java.io.InputStream in = tpb.isa.IsaInfo.openModel()) {
            sha = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
        }
        assertTrue(lines[2].endsWith(", sha-256 " + sha.substring(0, 12) + " of its model"), lines[2]);
        assertTrue(lines[2].matches("spec AWS Neuron TPB 64-byte instruction records: \\Q" + counts + "\\E, sha-256 [0-9a-f]{12} of its model"),
                lines[2] + " / " + check.out());
        // the Java this test runs on, which is the one tpb runs on
        assertEquals("java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ", " + System.getProperty("java.home") + ")",
                lines[3]);
    }
}
