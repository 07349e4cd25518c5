package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The edit-the-YAML, run-{@code mvn compile} loop, on a copy of this project: an edited spec
 * regenerates the codecs without recompiling the runtime's sources; an unchanged one compiles
 * nothing; a broken one stops the build before any javac run, with only the spec's messages;
 * {@code ./tpb} then runs what compile wrote without building again; a field edit compiles only the
 * files it changes and their users, and gives the classes a full build gives. Runs Maven
 * offline through the project's own wrapper, so it needs the artifacts the enclosing build
 * already resolved.
 */
@Tag("maven")
class RegenerationTest {

    @Test
    void editingTheSpecRegeneratesAndAnUnchangedSpecDoesNot(@TempDir Path tmp) throws Exception {
        Path copy = tmp.resolve("project");
        copyProject(copy);
        String first = mvnCompile(copy);
        Path generated = copy.resolve("isa-codecs/target/generated-sources/codecs/tpb/isa/DebugCmd.java");
        assertTrue(Files.exists(generated), first);
        assertFalse(Files.readString(generated).contains("REGEN_PROBE"));

        Path yaml = copy.resolve("isa-spec/src/main/resources/isa/tpb/enums/sp.yaml");
        String spec = Files.readString(yaml);
        Thread.sleep(1100); // file systems with one-second timestamps: the edit must be newer than the last copy
        Files.writeString(yaml, spec.replace("  - {name: INS_FIELD, value: 9}", "  - {name: INS_FIELD, value: 9}\n  - {name: REGEN_PROBE, value: 11}"));
        String second = mvnCompile(copy);
        assertTrue(Files.readString(generated).contains("REGEN_PROBE(0xB, \"REGEN_PROBE\""), second);
        // the codecs changed, the runtime's sources did not: none of them is recompiled
        assertTrue(section(second, "runtime").contains("Nothing to compile - all classes are up to date"), second);
        // ./tpb runs what compile wrote: no second build after the edit
        String tpb = run(copy, List.of("./tpb", "spec"));
        assertFalse(tpb.contains("tpb: compiling"), "./tpb rebuilt after ./mvnw compile:\n" + tpb);

        FileTime stamp = Files.getLastModifiedTime(generated);
        String third = mvnCompile(copy);
        assertEquals(stamp, Files.getLastModifiedTime(generated), third);
        assertTrue(third.contains("Nothing to compile - all classes are up to date"), third);
    }

    @Test
    void aSpecErrorStopsTheBuildBeforeAnyJavaCompiles(@TempDir Path tmp) throws Exception {
        Path copy = tmp.resolve("project");
        copyProject(copy);
        Path yaml = copy.resolve("isa-spec/src/main/resources/isa/tpb/arms/sp-register.yaml");
        String spec = Files.readString(yaml);
        // two slips in one file: a misspelt opcode name and a misspelt enum name
        Files.writeString(yaml, spec.replace("opcode: AluOp\n", "opcode: AluOpp\n")
                .replace("{name: dtype, at: 0x0D, type: u8, enum: DtypeWire,", "{name: dtype, at: 0x0D, type: u8, enum: DtypeWir,"));
        Process p = new ProcessBuilder("./mvnw", "-o", "-B", "-q", "compile", "-pl", "runtime", "-am")
                .directory(copy.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "maven did not finish");
        assertEquals(1, p.exitValue(), out);
        String file = "isa-spec/src/main/resources/isa/tpb/arms/sp-register.yaml";
        // both slips, at once, with paths from the project root and a hint each
        assertTrue(out.startsWith(file + ":7:9: unknown opcode 'AluOpp'; did you mean 'AluOp'?\n"), out);
        assertTrue(out.contains(file + ":15:45: unknown enum 'DtypeWir'; did you mean 'DtypeWire'?\n"), out);
        assertTrue(out.contains("(generate-codecs) on project isa-codecs:"), "the build stopped generating the codecs:\n" + out);
        // no javac ran: none of its errors, no Java file named, no module after isa-spec compiled
        for (String javac : List.of("cannot find symbol", "COMPILATION ERROR", ".java:", "Compiling ")) {
            assertFalse(out.contains(javac), "javac output '" + javac + "' in a spec-error build:\n" + out);
        }
        assertFalse(Files.exists(copy.resolve("isa-codecs/target/classes")), "isa-codecs compiled:\n" + out);
    }

    @Test
    void aFieldEditCompilesOnlyWhatItNeedsAndGivesTheClassesOfAFullBuild(@TempDir Path tmp) throws Exception {
        Path copy = tmp.resolve("project");
        copyProject(copy);
        mvnCompile(copy);
        // RegisterAlu's immediate from u64 at +0x18 to u32, reserved2 from +0x20 to +0x1C: a width,
        // an offset and a size change, so constants other classes copy change
        Path yaml = copy.resolve("isa-spec/src/main/resources/isa/tpb/arms/sp-register.yaml");
        String spec = Files.readString(yaml);
        String edited = spec.replace("{name: immediate, at: 0x18, type: u64,", "{name: immediate, at: 0x18, type: u32,")
                .replace("{name: reserved2, at: 0x20, type: bytes, size: 32, reserved: true}", "{name: reserved2, at: 0x1C, type: bytes, size: 36, reserved: true}")
                // and a doc-only edit of RegisterMove: its files keep their classes (and old times)
                .replace("doc: \"the 64-bit path passes int32 (0x08)\"", "doc: \"the 64-bit path passes int32 (0x08), edited\"");
        assertFalse(edited.equals(spec), "the edit no longer applies to sp-register.yaml");
        Files.writeString(yaml, edited);
        String second = mvnCompile(copy);
        String codecs = section(second, "isa-codecs");
        java.util.regex.Matcher compiling = java.util.regex.Pattern.compile("Compiling (\\d+) source files? with javac").matcher(codecs);
        assertTrue(compiling.find(), second);
        long generated;
        try (Stream<Path> files = Files.list(copy.resolve("isa-codecs/target/generated-sources/codecs/tpb/isa"))) {
            generated = files.count();
        }
        int compiled = Integer.parseInt(compiling.group(1));
        // RegisterAluRecord, RegisterAluFlyweight, Validator, and Arm (which names the flyweight)
        assertTrue(compiled >= 3 && compiled < generated / 10, compiled + " of " + generated + " sources compiled:\n" + second);
        assertTrue(section(second, "runtime").contains("Nothing to compile - all classes are up to date"), second);
        assertTrue(Files.readString(copy.resolve("isa-codecs/target/generated-sources/codecs/tpb/isa/RegisterMoveFlyweight.java"))
                .contains("passes int32 (0x08), edited"), "the doc edit reached the generated source");

        // ./tpb sees the new layout: a non-zero byte at +0x1C is now reserved2's, not the immediate's
        byte[] alu = new byte[64];
        alu[0] = (byte) 0xA8;
        alu[1] = 0x10;
        alu[0x1C] = 2;
        Path bin = tmp.resolve("alu.bin");
        Files.write(bin, alu);
        Process p = new ProcessBuilder("./tpb", "validate", bin.toString()).directory(copy.toFile()).redirectErrorStream(true).start();
        String validate = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "tpb did not finish");
        assertTrue(validate.contains("record 0 (+0x1C) reserved2: reserved: reserved bytes must be zero"), validate);

        // the classes the fast path left are the classes compiling everything gives, byte for byte
        Path classes = copy.resolve("isa-codecs/target/classes/tpb/isa");
        java.util.Map<String, byte[]> fast = classFiles(classes);
        deleteTree(copy.resolve("isa-codecs/target/classes"));
        Files.delete(copy.resolve("isa-codecs/target/codecs.state"));
        String full = mvnCompile(copy);
        assertTrue(section(full, "isa-codecs").contains("Compiling " + (generated + 1) + " source files"), "package-info and every generated source:\n" + full);
        java.util.Map<String, byte[]> all = classFiles(classes);
        assertEquals(all.keySet(), fast.keySet());
        for (String name : all.keySet()) {
            assertTrue(java.util.Arrays.equals(all.get(name), fast.get(name)), name + " differs from a full build's");
        }
    }

    private static java.util.Map<String, byte[]> classFiles(Path dir) throws IOException {
        java.util.Map<String, byte[]> m = new java.util.TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                m.put(f.getFileName().toString(), Files.readAllBytes(f));
            }
        }
        return m;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }

    /** The part of a Maven log from {@code module}'s first plugin line on (the copy's last module). */
    private static String section(String log, String module) {
        int at = log.indexOf(" @ " + module + " ---");
        assertTrue(at >= 0, "no " + module + " in the log:\n" + log);
        return log.substring(at);
    }

    private static void copyProject(Path to) throws IOException {
        ProjectCopy.copy(to, false);
    }

    private static String mvnCompile(Path dir) throws Exception {
        return run(dir, List.of("./mvnw", "-o", "-B", "compile", "-pl", "runtime", "-am"));
    }

    private static String run(Path dir, List<String> cmd) throws Exception {
        return ProjectCopy.run(dir, cmd);
    }
}
