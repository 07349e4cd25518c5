package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.neff.Fixture;

/** What the NEFF commands leave behind: no spool of stdin after tpb exits. */
class NeffResourcesTest {
    @TempDir
    Path dir;

    /**
     * A NEFF on stdin is spooled to a temporary file (it is read twice); the spool is gone when tpb
     * exits. A child JVM with its own java.io.tmpdir, so the directory can be listed after it ends.
     */
    @Test
    void theSpoolOfStdinIsDeletedWhenTpbExits() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Files.copy(Fixture.path(), dir.resolve("in.neff"));
        TpbProcess p = TpbProcess.run(dir, "cat in.neff |", List.of("-Djava.io.tmpdir=" + tmp), "neff", "info", "-");
        assertEquals("", p.err());
        assertEquals(0, p.code());
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of(), s.toList());
        }
    }
}
