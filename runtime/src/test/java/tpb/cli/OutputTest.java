package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -o}: a regular file is replaced atomically, anything else is written through (a FIFO stays
 * a FIFO, a device stays a device), symlinks are followed, the umask applies, errors say what the
 * system said about the path the user gave.
 */
class OutputTest {
    /** "exit" assembles to one record; its listing is this line. */
    static final String EXIT_LISTING = "     0  0x000000  exit\n";

    static Path exitStream(Path dir) throws Exception {
        return StreamCommandsTest.assemble(dir, "exit", "exit\n");
    }

    @Test
    void aRegularFileIsReplacedAndKeepsItsMode(@TempDir Path dir) throws Exception {
        Path bin = exitStream(dir);
        Path out = dir.resolve("out.txt");
        Files.writeString(out, "old contents, longer than the new ones\n");
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rw-r-----"));
        CliRun r = CliRun.of("disasm", bin.toString(), "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(EXIT_LISTING, Files.readString(out));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));
        try (var files = Files.list(dir)) {
            assertEquals(List.of("exit.bin", "exit.s", "out.txt"), files.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no temporary file left behind");
        }
    }

    @Test
    void aSymlinkIsFollowedToItsTarget(@TempDir Path dir) throws Exception {
        Path bin = exitStream(dir);
        Path real = Files.writeString(dir.resolve("real.txt"), "old\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.txt"), Path.of("real.txt"));
        assertEquals(0, CliRun.of("disasm", bin.toString(), "-o", link.toString()).code());
        assertTrue(Files.isSymbolicLink(link), "the link stays a link");
        assertEquals(EXIT_LISTING, Files.readString(real));
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.txt"), Path.of("new.txt"));
        assertEquals(0, CliRun.of("disasm", bin.toString(), "-o", dangling.toString()).code());
        assertTrue(Files.isSymbolicLink(dangling));
        assertEquals(EXIT_LISTING, Files.readString(dir.resolve("new.txt")), "a dangling link creates its target");
    }

    @Test
    void aFifoIsWrittenThroughNotReplaced(@TempDir Path dir) throws Exception {
        Path bin = exitStream(dir);
        Path fifo = dir.resolve("pipe");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo is needed");
        CompletableFuture<byte[]> reader = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                return in.readAllBytes();
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        CliRun r = CliRun.of("disasm", bin.toString(), "-o", fifo.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(EXIT_LISTING, new String(reader.get(1, TimeUnit.MINUTES)));
        PosixFileAttributes a = Files.readAttributes(fifo, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        assertTrue(a.isOther(), "still a FIFO");
    }

    @Test
    void aDeviceIsWrittenThrough(@TempDir Path dir) throws Exception {
        // the null device, made in the test's directory where mknod may (root): a mutant of Output that replaced
        // the device by a file (PIT's, run as root) replaced the machine's /dev/null for every process
        Path devNull = dir.resolve("null");
        if (new ProcessBuilder("mknod", devNull.toString(), "c", "1", "3").redirectErrorStream(true).start().waitFor() != 0
                || !writes(devNull)) { // a nodev mount refuses to open it
            devNull = Path.of("/dev/null"); // not root: /dev cannot be written into, so the device cannot be replaced
        }
        assumeTrue(Files.isWritable(devNull));
        Path bin = exitStream(dir);
        assertEquals(0, CliRun.of("disasm", bin.toString(), "-o", devNull.toString()).code());
        assertEquals(0, CliRun.of("asm", dir.resolve("exit.s").toString(), "-o", devNull.toString()).code());
        PosixFileAttributes a = Files.readAttributes(devNull, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        assertTrue(a.isOther(), devNull + " is still a device");
        assertEquals(0, Files.size(devNull));
    }

    /** A new file gets 0666 less the umask, like any tool's output (it was 0600 whatever the umask). */
    @Test
    void aNewFileHonoursTheUmask(@TempDir Path dir) throws Exception {
        Path bin = exitStream(dir);
        TpbProcess r = TpbProcess.run(dir, "umask 027 &&", List.of(), "disasm", bin.toString(), "-o", "u027.txt");
        assertEquals(0, r.code(), r.err());
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("u027.txt"))));
        r = TpbProcess.run(dir, "umask 002 &&", List.of(), "asm", "exit.s", "-o", "u002.bin");
        assertEquals(0, r.code(), r.err());
        assertEquals("rw-rw-r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("u002.bin"))));
        assertArrayEquals(Files.readAllBytes(bin), Files.readAllBytes(dir.resolve("u002.bin")));
    }

    @Test
    void errorsSayWhatTheSystemSaidAboutTheGivenPath(@TempDir Path dir) throws Exception {
        Path bin = exitStream(dir);
        Path file = Files.writeString(dir.resolve("afile"), "");
        CliRun notDir = CliRun.of("disasm", bin.toString(), "-o", file + "/x.txt");
        assertEquals(1, notDir.code());
        assertEquals("tpb: " + file + "/x.txt: cannot write: Not a directory\n", notDir.err());
        CliRun missing = CliRun.of("disasm", bin.toString(), "-o", dir + "/nodir/x.txt");
        assertEquals("tpb: " + dir + "/nodir/x.txt: cannot write: No such file or directory\n", missing.err());
        CliRun isDir = CliRun.of("disasm", bin.toString(), "-o", dir.toString());
        assertEquals("tpb: " + dir + ": cannot write: Is a directory\n", isDir.err());
        Path loop = Files.createSymbolicLink(dir.resolve("loop"), Path.of("loop"));
        CliRun looping = CliRun.of("disasm", bin.toString(), "-o", loop.toString());
        assertEquals("tpb: " + loop + ": cannot write: Too many levels of symbolic links\n", looping.err());
        assertFalse(Files.exists(file.resolveSibling("x.txt")));
    }

    @Test
    void stdoutIsNotClosed() throws Exception {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (Output out = Output.open("-", sink)) {
            out.stream().write(new byte[] {1, 2});
            out.commit();
        }
        assertArrayEquals(new byte[] {1, 2}, sink.toByteArray());
    }

    /**
     * The system's words for a failure without the path: a FileSystemException's reason when it has
     * one, else strerror's text for the three the JDK raises without one, else the message, else the
     * exception's name.
     */
    @Test
    void reasonIsTheSystemsWordsWithoutThePath() {
        assertEquals("Read-only file system", Output.reason(new FileSystemException("/x", null, "Read-only file system")));
        assertEquals("No such file or directory", Output.reason(new NoSuchFileException("/x")));
        assertEquals("Permission denied", Output.reason(new AccessDeniedException("/x")));
        assertEquals("File exists", Output.reason(new FileAlreadyExistsException("/x")));
        assertEquals("/x", Output.reason(new FileSystemException("/x")), "no reason: the message, which is the path");
        assertEquals("Broken pipe", Output.reason(new IOException("Broken pipe")));
        assertEquals("EOFException", Output.reason(new EOFException()));
    }

    /**
     * A failed command discards its output's temporary sibling and closes it: no descriptor of this
     * process (Linux's /proc/self/fd) is left on the deleted file.
     */
    @Test
    void aDiscardedOutputLeavesNoFileOpen(@TempDir Path dir) throws Exception {
        Path fds = Path.of("/proc/self/fd");
        assertTrue(Files.isDirectory(fds), "a Linux /proc");
        Path bin = exitStream(dir);
        Path odd = Files.write(dir.resolve("odd.bin"), java.util.Arrays.copyOf(Files.readAllBytes(bin), 67));
        CliRun r = CliRun.of("disasm", odd.toString(), "-o", dir.resolve("x.s").toString());
        assertEquals(1, r.code());
        assertFalse(Files.exists(dir.resolve("x.s")));
        List<String> open = new java.util.ArrayList<>();
        try (var s = Files.list(fds)) {
            for (Path fd : (Iterable<Path>) s::iterator) {
                try {
                    open.add(Files.readSymbolicLink(fd).toString());
                } catch (IOException gone) {
                    // closed between the listing and the read
                }
            }
        }
        String real = dir.toRealPath().toString();
        assertEquals(List.of(), open.stream().filter(l -> l.startsWith(real)).toList());
    }

    private static boolean writes(Path device) {
        try (var o = Files.newOutputStream(device, java.nio.file.StandardOpenOption.WRITE)) {
            o.write(0);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
