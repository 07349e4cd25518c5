package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.neff.SafeName;

/** All-or-nothing output of several files. */
class StagedOutputsTest {
    private static void put(StagedOutputs s, String name, String text) throws Exception {
        try (OutputStream o = s.stream(name)) {
            o.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static List<String> names(Path dir) throws Exception {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void nothingIsVisibleUntilTheCommit(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        try (StagedOutputs s = StagedOutputs.open(out.toString(), false)) {
            put(s, "a.npy", "A");
            put(s, "sub/b.npy", "B");
            assertFalse(Files.exists(out));
            s.commit();
        }
        assertEquals("A", Files.readString(out.resolve("a.npy")));
        assertEquals("B", Files.readString(out.resolve("sub/b.npy")));
        assertEquals(List.of("out"), names(dir), "no staging directory left");
    }

    @Test
    void aFailureBeforeTheCommitLeavesNothing(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Files.createDirectory(out);
        Files.writeString(out.resolve("a.npy"), "old");
        assertThrows(IllegalStateException.class, () -> {
            try (StagedOutputs s = StagedOutputs.open(out.toString(), false)) {
                put(s, "a.npy", "new");
                put(s, "b.npy", "B");
                throw new IllegalStateException("the second output failed");
            }
        });
        assertEquals(List.of("a.npy"), names(out));
        assertEquals("old", Files.readString(out.resolve("a.npy")));
    }

    @Test
    void anExistingDirectoryIsWrittenIntoAndKeepsItsModeAndLink(@TempDir Path dir) throws Exception {
        Path real = dir.resolve("real");
        Files.createDirectory(real);
        Files.setPosixFilePermissions(real, PosixFilePermissions.fromString("rwxr-x--x"));
        Files.writeString(real.resolve("a.npy"), "old");
        Files.writeString(real.resolve("keep.txt"), "K");
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);
        try (StagedOutputs s = StagedOutputs.open(link.toString(), false)) {
            put(s, "a.npy", "new");
            s.commit();
        }
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("rwxr-x--x", PosixFilePermissions.toString(Files.getPosixFilePermissions(real)));
        assertEquals(List.of("a.npy", "keep.txt"), names(real));
        assertEquals("new", Files.readString(real.resolve("a.npy")));
    }

    @Test
    void aSecondRunMergesIntoTheSubdirectoriesOfTheFirst(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("site");
        for (String text : List.of("one", "two")) {
            try (StagedOutputs s = StagedOutputs.open(out.toString(), false)) {
                put(s, "index.html", text);
                put(s, "arms/a.html", text);
                s.commit();
            }
        }
        Files.writeString(out.resolve("arms/mine.txt"), "M");
        try (StagedOutputs s = StagedOutputs.open(out.toString(), false)) {
            put(s, "arms/a.html", "three");
            put(s, "arms/b.html", "B");
            s.commit();
        }
        assertEquals("three", Files.readString(out.resolve("arms/a.html")));
        assertEquals(List.of("a.html", "b.html", "mine.txt"), names(out.resolve("arms")));
        assertEquals(List.of("arms", "index.html"), names(out));
        // a staged file where a directory stands: refused before anything moves
        try (StagedOutputs s = StagedOutputs.open(out.toString(), false)) {
            put(s, "index.html", "four");
            put(s, "arms", "not a directory");
            assertEquals(out + "/arms: cannot write: Is a directory", assertThrows(CliException.class, s::commit).getMessage());
            assertEquals(List.of("arms", "index.html"), names(out), "the failed commit discarded its staging itself, before close");
        }
        assertEquals("two", Files.readString(out.resolve("index.html")));
        assertEquals(List.of("arms", "index.html"), names(out));
    }

    /**
     * A conflict deeper down is found by the same check before anything moves: a staged file where
     * the directory has a subdirectory two levels down, and a staged subdirectory where it has a
     * file; the user's directory and file stay, and nothing else of the commit lands.
     */
    @Test
    void aConflictInASubdirectoryIsRefusedBeforeAnythingMoves(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("site");
        Files.createDirectories(out.resolve("arms/deep/x.html"));
        Files.writeString(out.resolve("arms/deep/x.html/mine.txt"), "M");
        Files.writeString(out.resolve("index.html"), "old");
        try (StagedOutputs s = StagedOutputs.open(out.toString(), false)) {
            put(s, "index.html", "new");
            put(s, "arms/deep/x.html", "a file where a directory stands");
            assertEquals(out + "/arms/deep/x.html: cannot write: Is a directory", assertThrows(CliException.class, s::commit).getMessage());
        }
        assertEquals("old", Files.readString(out.resolve("index.html")));
        assertEquals("M", Files.readString(out.resolve("arms/deep/x.html/mine.txt")));
        assertEquals(List.of("arms", "index.html"), names(out));
        Files.writeString(out.resolve("arms/plain"), "P");
        try (StagedOutputs s = StagedOutputs.open(out.toString(), false)) {
            put(s, "arms/plain/y.html", "a directory where a file stands");
            assertEquals(out + "/arms/plain: cannot write: Not a directory", assertThrows(CliException.class, s::commit).getMessage());
        }
        assertEquals("P", Files.readString(out.resolve("arms/plain")));
        assertEquals(List.of("deep", "plain"), names(out.resolve("arms")));
    }

    /** A name staged as a file cannot also be a directory of another staged name: the system's reason, for the path as given. */
    @Test
    void aStagedFileIsNoDirectoryForTheNext(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        try (StagedOutputs s = StagedOutputs.open(out.toString(), false)) {
            put(s, "a", "A");
            assertEquals(out + "/a/b: cannot write: File exists", assertThrows(CliException.class, () -> s.stream("a/b")).getMessage());
        }
        assertEquals(List.of(), names(dir));
    }

    /** After a commit into an existing directory its hidden staging child (holding what was replaced) is gone. */
    @Test
    void aCommitIntoAnExistingDirectoryLeavesNoStaging(@TempDir Path dir) throws Exception {
        Path out = Files.createDirectory(dir.resolve("out"));
        Files.writeString(out.resolve("a.npy"), "old");
        StagedOutputs s = StagedOutputs.open(out.toString(), false);
        put(s, "a.npy", "new");
        put(s, "b.npy", "B");
        s.commit(); // no close: the commit cleans up by itself
        assertEquals(List.of("a.npy", "b.npy"), names(out));
        assertEquals("new", Files.readString(out.resolve("a.npy")));
    }

    @Test
    void aNewDirectoryGetsThePlainMode(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Path probe = Files.createDirectory(dir.resolve("probe")); // what mkdir gives under this umask
        try (StagedOutputs s = StagedOutputs.open(out.toString(), false)) {
            put(s, "a", "A");
            s.commit();
        }
        assertEquals(Files.getPosixFilePermissions(probe), Files.getPosixFilePermissions(out));
    }

    @Test
    void namesAreOnePlainSegmentEachAndStagedOnce(@TempDir Path dir) throws Exception {
        try (StagedOutputs s = StagedOutputs.open(dir.resolve("out").toString(), false)) {
            assertEquals("output \"..\" is not a plain file name (it names a directory); refusing to write it",
                    assertThrows(SafeName.UnsafeName.class, () -> s.stream("../x")).getMessage());
            assertEquals("output \"\" is not a plain file name (it is empty); refusing to write it",
                    assertThrows(SafeName.UnsafeName.class, () -> s.stream("/abs")).getMessage());
            put(s, "a", "A");
            assertEquals(dir.resolve("out") + "/a: written twice by one command; refusing to write it",
                    assertThrows(CliException.class, () -> s.stream("a")).getMessage());
        }
        assertEquals(List.of(), names(dir));
    }

    @Test
    void mustBeEmptyRefusesAFullDirectoryAndAFile(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("f"), "x");
        assertEquals(dir + ": exists and is not an empty directory",
                assertThrows(CliException.class, () -> StagedOutputs.open(dir.toString(), true)).getMessage());
        assertEquals(dir.resolve("f") + ": exists and is not a directory",
                assertThrows(CliException.class, () -> StagedOutputs.open(dir.resolve("f").toString(), false)).getMessage());
        assertEquals(dir.resolve("no/out") + ": cannot create: the directory " + dir.resolve("no") + " does not exist",
                assertThrows(CliException.class, () -> StagedOutputs.open(dir.resolve("no/out").toString(), false)).getMessage());
    }
}
