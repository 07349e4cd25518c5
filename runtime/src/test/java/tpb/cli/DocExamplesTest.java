package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every example of the README and of the manual's pages, run: each {@code $ }
 * line of a fenced block is a command, the lines after it (to the next {@code $ } line or the
 * block's end) its output, compared with what the command prints, stdout and stderr together.
 *
 * <ul>
 * <li>{@code ./tpb ARGS} runs the tool in a JVM of its own, from a directory of the page's own in
 * which the repository's top-level folders are linked, so {@code runtime/src/test/resources/...}
 * reads the repository's fixtures and {@code -o x} writes beside the page's other files; the
 * commands of one page share that directory, in page order.
 * <li>{@code A && B} runs B when A succeeded; {@code | head -N} and {@code | tail -N} keep what they
 * keep; {@code && xdg-open FILE} opens nothing.
 * <li>{@code cat FILE} with the file's lines after it makes the file, the page's way of giving an
 * input; {@code ls DIR} lists it, sorted, on one line as a terminal shows a short list.
 * <li>{@code python3 ...} runs through {@code sh}, when python3 with numpy is on the machine (a
 * fresh Java-only machine skips every block that reads or writes a {@code .npy}, with a NOTICE).
 * <li>In an output, a line that is only {@code …} stands for any lines, and {@code …} inside a line
 * for any text; trailing spaces and the blank lines that end it do not count. A command the page
 * shows no output for must succeed (exit 0); what it prints is not compared.
 * <li>An example shows no count a spec edit changes (the arms, as {@code … arms}): a user who adds
 * an opcode by the manual's recipe keeps a green suite (AddingAnOpcodeTest runs this test on its
 * copy with one arm more).
 * <li>A block after {@code <!-- example not run: REASON -->} is not run (a machine-specific figure,
 * an input the page does not give); the reason is required.
 * </ul>
 */
class DocExamplesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final String ELLIPSIS = "…";
    private static final Pattern NOT_RUN = Pattern.compile("<!-- example not run: (.+?) -->");
    private static final Pattern PIPE = Pattern.compile("\\s*\\|\\s*(head|tail) -(\\d+)\\s*$");

    /** One fenced block's commands and outputs, and where it is. */
    record Block(Path page, int line, List<String> commands, List<List<String>> outputs, String notRun) {}

    /** The pages: the README, every page of docs/ and of docs/commands/ (not docs/dev, the maintainers' notes). */
    static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        for (Path dir : List.of(ROOT.resolve("docs"), ROOT.resolve("docs/commands"))) {
            try (Stream<Path> docs = Files.list(dir)) {
                docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
            }
        }
        return pages;
    }

    /** The blocks of {@code page} that hold at least one command. */
    static List<Block> blocks(Path page) throws IOException {
        List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
        List<Block> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("```")) {
                continue;
            }
            int start = i;
            Matcher notRun = NOT_RUN.matcher(i > 0 ? lines.get(i - 1) : "");
            List<String> commands = new ArrayList<>();
            List<List<String>> outputs = new ArrayList<>();
            for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
                String l = lines.get(i);
                if (l.startsWith("$ ")) {
                    StringBuilder c = new StringBuilder(l.substring(2));
                    while (c.toString().endsWith("\\") && i + 1 < lines.size()) {
                        c.setLength(c.length() - 1);
                        c.append(' ').append(lines.get(++i).trim());
                    }
                    commands.add(c.toString().trim());
                    outputs.add(new ArrayList<>());
                } else if (!commands.isEmpty()) {
                    outputs.get(outputs.size() - 1).add(l);
                }
            }
            if (!commands.isEmpty()) {
                out.add(new Block(page, start + 1, commands, outputs, notRun.find() ? notRun.group(1) : null));
            }
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyExampleOfEveryPage() throws IOException {
        boolean numpy = numpy();
        List<DynamicTest> tests = new ArrayList<>();
        for (Path page : pages()) {
            List<Block> blocks = blocks(page);
            if (blocks.isEmpty()) {
                continue;
            }
            String name = ROOT.relativize(page).toString();
            tests.add(DynamicTest.dynamicTest(name, () -> {
                Path dir = Files.createTempDirectory("doc-examples");
                try (Stream<Path> top = Files.list(ROOT)) {
                    for (Path p : top.filter(p -> !p.getFileName().toString().startsWith(".")).toList()) {
                        Files.createSymbolicLink(dir.resolve(p.getFileName()), p);
                    }
                }
                List<String> wrong = new ArrayList<>(); // every example that differs, not only the first
                for (Block b : blocks) {
                    String where = name + ":" + b.line();
                    if (b.notRun() != null) {
                        continue;
                    }
                    if (!numpy && String.join("\n", b.commands()).contains(".npy")) {
                        System.out.println("NOTICE: " + where + " not run: it needs python3 with numpy");
                        continue;
                    }
                    for (int k = 0; k < b.commands().size(); k++) {
                        List<String> shown = shown(b.outputs().get(k));
                        Result r = run(b.commands().get(k), shown, dir, where);
                        String got = r.output();
                        if (shown.isEmpty() ? r.exit() != 0 : mismatch(shown, lines(got)) != null) {
                            wrong.add(where + ": $ " + b.commands().get(k) + "\n--- the page says:\n" + String.join("\n", b.outputs().get(k))
                                    + "\n--- the command printed:\n" + got);
                        }
                    }
                }
                assertEquals(List.of(), wrong, "examples whose output is not the page's");
            }));
        }
        return tests.stream();
    }

    /** The output a page shows, without the blank lines that end it (they only set the next command apart). */
    static List<String> shown(List<String> output) {
        int n = output.size();
        while (n > 0 && output.get(n - 1).isBlank()) {
            n--;
        }
        return output.subList(0, n);
    }

    /** What {@code command} prints, run in {@code dir}, and the exit code of the last part that ran. */
    private static Result run(String command, List<String> shown, Path dir, String where) throws Exception {
        if (command.startsWith("cat ") && !command.contains("|") && !command.contains("&&")) {
            Path file = dir.resolve(command.substring(4).trim());
            if (!Files.exists(file)) {
                Files.writeString(file, String.join("\n", shown) + "\n"); // the page gives the input
            }
            return new Result(0, Files.readString(file));
        }
        StringBuilder out = new StringBuilder();
        int exit = 0;
        for (String part : command.split("&&")) {
            String c = part.trim();
            if (c.startsWith("xdg-open ")) {
                continue;
            }
            Matcher pipe = PIPE.matcher(c);
            String filter = null;
            int keep = 0;
            if (pipe.find()) {
                filter = pipe.group(1);
                keep = Integer.parseInt(pipe.group(2));
                c = c.substring(0, pipe.start());
            }
            Result r;
            if (c.startsWith("./tpb ")) {
                r = tpb(words(c.substring("./tpb ".length())), dir);
            } else if (c.startsWith("ls ")) {
                String[] names = dir.resolve(c.substring(3).trim()).toFile().list();
                Arrays.sort(names);
                r = new Result(0, String.join("  ", names) + "\n"); // as a terminal shows a short list
            } else if (c.startsWith("python3 ")) {
                r = process(List.of("sh", "-c", c), dir);
            } else {
                throw new AssertionError(where + ": '" + c + "' is no command this test runs; mark the block "
                        + "<!-- example not run: REASON --> or run it here");
            }
            String text = r.output();
            if (filter != null) {
                List<String> l = lines(text);
                l = filter.equals("head") ? l.subList(0, Math.min(keep, l.size())) : l.subList(Math.max(0, l.size() - keep), l.size());
                text = l.isEmpty() ? "" : String.join("\n", l) + "\n";
            }
            out.append(text);
            exit = r.exit();
            if (exit != 0) {
                break;
            }
        }
        return new Result(exit, out.toString());
    }

    record Result(int exit, String output) {}

    private static Result tpb(List<String> args, Path dir) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "tpb.cli.Tpb"));
        cmd.addAll(args);
        return process(cmd, dir);
    }

    private static Result process(List<String> cmd, Path dir) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "still running: " + cmd);
        return new Result(p.exitValue(), out);
    }

    /** A command line's words, as sh splits them: spaces, and "double" or 'single' quotes around words with spaces. */
    static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean any = false;
        char quote = 0;
        for (char c : line.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                any = true;
            } else if (c == ' ') {
                if (any || w.length() > 0) {
                    out.add(w.toString());
                }
                w.setLength(0);
                any = false;
            } else {
                w.append(c);
            }
        }
        if (any || w.length() > 0) {
            out.add(w.toString());
        }
        return out;
    }

    static List<String> lines(String text) {
        List<String> l = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        if (!l.isEmpty() && l.get(l.size() - 1).isEmpty()) {
            l.remove(l.size() - 1);
        }
        return l;
    }

    /** Why {@code got} is not what the page {@code shows} (null when it is): the first line that differs. */
    static String mismatch(List<String> shows, List<String> got) {
        return matches(shows, 0, got, 0) ? null : "differs";
    }

    private static boolean matches(List<String> shows, int s, List<String> got, int g) {
        if (s == shows.size()) {
            return g == got.size();
        }
        String pattern = shows.get(s).stripTrailing();
        if (pattern.strip().equals(ELLIPSIS)) {
            for (int k = g; k <= got.size(); k++) {
                if (matches(shows, s + 1, got, k)) {
                    return true;
                }
            }
            return false;
        }
        return g < got.size() && line(pattern, got.get(g).stripTrailing()) && matches(shows, s + 1, got, g + 1);
    }

    /** Whether {@code text} is {@code pattern}, each '…' in it standing for any text. */
    static boolean line(String pattern, String text) {
        String[] parts = pattern.split(ELLIPSIS, -1);
        if (parts.length == 1) {
            return pattern.equals(text);
        }
        if (!text.startsWith(parts[0])) {
            return false;
        }
        int at = parts[0].length();
        for (int k = 1; k < parts.length - 1; k++) {
            int found = text.indexOf(parts[k], at);
            if (found < 0) {
                return false;
            }
            at = found + parts[k].length();
        }
        String last = parts[parts.length - 1];
        return text.length() - last.length() >= at && text.endsWith(last);
    }

    private static boolean numpy() {
        try {
            return process(List.of("python3", "-c", "import numpy"), ROOT).exit() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    /** The matcher itself: lines, gaps and the text inside a line. */
    @Test
    void theOutputMatcherKeepsItsWord() {
        assertEquals(null, mismatch(List.of("a", "…", "d"), List.of("a", "b", "c", "d")));
        assertEquals(null, mismatch(List.of("a", "  …", "b"), List.of("a", "b")), "a gap may be empty");
        assertEquals("differs", mismatch(List.of("a", "d"), List.of("a", "b", "d")), "no gap without '…'");
        assertEquals("differs", mismatch(List.of("a"), List.of("a", "b")), "nothing after the shown lines");
        assertTrue(line("…/x.neff: 3 files", "/tmp/a/x.neff: 3 files"));
        assertTrue(line("[0x1; …], [0x2; …] in", "[0x1; 1,2], [0x2; 3] in"));
        assertFalse(line("[0x1; …], [0x3; …] in", "[0x1; 1,2], [0x2; 3] in"));
        assertFalse(line("ab…ba", "aba"), "the two ends may not overlap");
        assertEquals(List.of("run", "a b", "", "c"), words("run \"a b\" '' c"));
    }

    /** A block marked not run says why. */
    @Test
    void aBlockNotRunSaysWhy(@TempDir Path dir) throws IOException {
        Path page = dir.resolve("p.md");
        Files.writeString(page, "<!-- example not run: needs a GPU -->\n```\n$ ./tpb x\nout\n```\n\n```\n$ ./tpb y\n```\n");
        List<Block> b = blocks(page);
        assertEquals("needs a GPU", b.get(0).notRun());
        assertEquals(null, b.get(1).notRun());
        assertEquals(List.of(List.of("out")), b.get(0).outputs());
    }
}
