package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.neff.Fixture;

/** What the NEFF commands leave behind: no spool of stdin after tpb exits, no file of an extract left open. */
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

    /**
     * neff extract closes each entry's file as it is written: after it, no descriptor of this
     * process (Linux's /proc/self/fd, each a link to the file it has open) points into the
     * output directory. The bytes would all be there either way (the stream is unbuffered), so
     * only the descriptors can tell; they are read right after the command, before a collection
     * could close a leaked one (under PIT one did, before the collection ahead of the command).
     */
    @Test
    void extractLeavesNoFileOpen() throws Exception {
        Path fds = Path.of("/proc/self/fd");
        assertTrue(Files.isDirectory(fds), "a Linux /proc");
        Path out = dir.resolve("out");
        // a leaked channel is closed by its cleaner after a collection: collect now, so that none runs during the few MB the extract allocates
        System.gc();
        CliRun r = CliRun.of("neff", "extract", Fixture.path().toString(), "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        List<Path> open = openFiles(fds);
        Path real = out.toRealPath();
        List<Path> leaked = open.stream().filter(p -> p.startsWith(real) || p.toString().contains(".tpb-")).toList();
        assertEquals(List.of(), leaked.stream().limit(3).toList(), leaked.size() + " file(s) of the extract left open");
        try (Stream<Path> files = Files.walk(out)) {
            assertEquals(72, files.filter(Files::isRegularFile).count(), "the fixture's 72 entries");
        }
    }

    private static List<Path> openFiles(Path fds) throws IOException {
        try (Stream<Path> s = Files.list(fds)) {
            return s.map(NeffResourcesTest::target).flatMap(Optional::stream).toList();
        }
    }

    /** The file a descriptor has open; none for one closed between the listing and the read. */
    private static Optional<Path> target(Path fd) {
        try {
            return Optional.of(Files.readSymbolicLink(fd));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
