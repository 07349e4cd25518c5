package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The README and the manual in docs/ against the tool they describe: every {@code tpb} command
 * (read off picocli's model of {@link Tpb}, so a new subcommand fails here until it is written up)
 * is named in both, and every relative link of both resolves to a file and, for {@code #anchor},
 * to a heading of that file by GitHub's anchor rule.
 */
class DocsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path README = ROOT.resolve("README.md");
    private static final Path DOCS = ROOT.resolve("docs");

    /** {@code [text](target)} and {@code ![alt](target)}; the target has no spaces in these pages. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.+?)\\s*#*$");
    private static final Pattern CODE_SPAN = Pattern.compile("`+[^`]*`+");

    /**
     * Every command's full name below {@code tpb} ("spec", "neff info", …). picocli's help
     * command is one command wherever it is mounted ({@code tpb help}, {@code tpb neff help}), so
     * it counts once, at the top.
     */
    static List<String> commandNames() {
        List<String> names = new ArrayList<>();
        collect(new CommandLine(new Tpb()), names);
        return names;
    }

    private static void collect(CommandLine command, List<String> names) {
        for (CommandLine sub : command.getSubcommands().values()) {
            boolean help = sub.getCommandSpec().helpCommand();
            if (help && command.getParent() != null) {
                continue;
            }
            String name = sub.getCommandSpec().qualifiedName(" ").substring("tpb ".length());
            if (!names.contains(name)) { // an alias maps to the same CommandLine
                names.add(name);
            }
            collect(sub, names);
        }
    }

    @Test
    void theCommandListIsPicocliModel() {
        // the walk itself: it finds the nested commands and counts help once
        List<String> names = commandNames();
        assertTrue(names.containsAll(List.of("spec", "neff", "neff info", "neff extract", "run", "help")), names.toString());
        assertEquals(1, names.stream().filter(n -> n.endsWith("help")).count(), names.toString());
    }

    @Test
    void everyCommandIsInTheReadme() {
        String readme = read(README);
        List<String> missing = commandNames().stream().filter(n -> !mentions(readme, n)).toList();
        assertEquals(List.of(), missing, "commands the README never names as 'tpb NAME'");
    }

    @Test
    void everyCommandIsInTheManual() {
        StringBuilder manual = new StringBuilder();
        for (Path page : pages(DOCS)) {
            manual.append(read(page)).append('\n');
        }
        List<String> missing = commandNames().stream().filter(n -> !mentions(manual.toString(), n)).toList();
        assertEquals(List.of(), missing, "commands no page of docs/ names as 'tpb NAME'");
    }

    /**
     * The reference is one page per command: every command that does something
     * itself (a group such as {@code neff} has its subcommands' pages) has
     * {@code docs/commands/NAME.md}, its words joined by '-', whose examples run {@code ./tpb NAME}
     * in a block DocExamplesTest runs; and no page is left for a command that is gone.
     */
    @Test
    void everyCommandHasAReferencePageWithAnExampleThatRuns() throws IOException {
        List<String> wrong = new ArrayList<>();
        Set<String> expected = new java.util.TreeSet<>();
        CommandLine tpb = new CommandLine(new Tpb());
        for (String name : commandNames()) {
            CommandLine c = tpb;
            for (String w : name.split(" ")) {
                c = c.getSubcommands().get(w);
            }
            if (!c.getSubcommands().isEmpty() && !c.getCommandSpec().helpCommand()) {
                continue;   // a group: its subcommands have the pages
            }
            String file = name.replace(' ', '-') + ".md";
            expected.add(file);
            Path page = DOCS.resolve("commands").resolve(file);
            if (!Files.exists(page)) {
                wrong.add(name + ": no page docs/commands/" + file);
                continue;
            }
            boolean runs = DocExamplesTest.blocks(page).stream().filter(b -> b.notRun() == null)
                    .flatMap(b -> b.commands().stream())
                    .anyMatch(cmd -> java.util.Arrays.stream(cmd.split("&&")).anyMatch(part -> mentions(part.trim(), name)));
            if (!runs) {
                wrong.add(name + ": docs/commands/" + file + " has no example that runs 'tpb " + name + "'");
            }
        }
        Set<String> present = new java.util.TreeSet<>();
        pagesIn(DOCS.resolve("commands")).forEach(p -> present.add(p.getFileName().toString()));
        present.removeAll(expected);
        present.forEach(f -> wrong.add("docs/commands/" + f + ": a page for no command"));
        assertEquals(List.of(), wrong);
    }

    @Test
    void theSpeedTablesSitBetweenOnePairOfBenchMarkers() {
        // the benchmark script rewrites what lies between the markers: one pair, in order, in each of the two pages
        for (Path page : List.of(README, DOCS.resolve("performance.md"))) {
            String text = read(page);
            int begin = text.indexOf("<!-- bench:begin -->");
            int end = text.indexOf("<!-- bench:end -->");
            assertTrue(begin >= 0 && end > begin, page + ": no <!-- bench:begin --> ... <!-- bench:end --> pair");
            assertEquals(begin, text.lastIndexOf("<!-- bench:begin -->"), page + ": two bench:begin markers");
            assertEquals(end, text.lastIndexOf("<!-- bench:end -->"), page + ": two bench:end markers");
            assertTrue(text.substring(begin, end).contains("\n|"), page + ": no table between the bench markers");
        }
    }

    /** "tpb NAME" as a whole word sequence: "tpb run" is not found in "tpb runner". */
    static boolean mentions(String text, String name) {
        return Pattern.compile("\\btpb " + Pattern.quote(name) + "(?![\\w-])").matcher(text).find();
    }

    @Test
    void mentionsNeedsTheWholeName() {
        assertTrue(mentions("`tpb neff info FILE`", "neff info"));
        assertTrue(mentions("$ ./tpb run x.neff", "run"));
        assertFalse(mentions("tpb runner", "run"));
        assertFalse(mentions("tpb check-spec", "check"));
        assertFalse(mentions("tpb neff extract", "neff info"));
    }

    @Test
    void everyRelativeLinkResolves() {
        List<Path> files = new ArrayList<>(List.of(README));
        files.addAll(pages(DOCS));
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        for (Path file : files) {
            List<String> lines = lines(file);
            boolean fenced = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                if (fenced) {
                    continue;
                }
                Matcher m = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
                while (m.find()) {
                    String problem = problem(file, m.group(1), anchors);
                    if (problem != null) {
                        broken.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + m.group(1) + ": " + problem);
                    }
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    @Test
    void aBrokenLinkIsFound(@TempDir Path dir) throws IOException {
        Path page = dir.resolve("a.md");
        Files.writeString(page, "# A page\n\n## `tpb run`: twice\n\n```\n# not a heading\n```\n## `tpb run`: twice\n");
        Map<Path, Set<String>> anchors = new HashMap<>();
        assertEquals(null, problem(page, "#a-page", anchors));
        assertEquals(null, problem(page, "a.md#tpb-run-twice-1", anchors));
        assertEquals("no heading with that anchor", problem(page, "#not-a-heading", anchors));
        assertEquals("no heading with that anchor", problem(page, "#tpb-run-twice-2", anchors));
        assertEquals("no such file", problem(page, "b.md", anchors));
        assertEquals(null, problem(page, "https://example.com/b.md#x", anchors));
    }

    /** Why {@code target}, linked from {@code from}, does not resolve; null when it does. */
    private static String problem(Path from, String target, Map<Path, Set<String>> anchors) {
        if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
            return null; // https:, mailto: — not this test's business
        }
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        Path file = path.isEmpty() ? from : from.getParent().resolve(path).normalize();
        if (!Files.exists(file)) {
            return "no such file";
        }
        if (hash < 0) {
            return null;
        }
        if (!file.toString().endsWith(".md")) {
            return "an anchor into a file that is not Markdown";
        }
        String anchor = target.substring(hash + 1);
        return anchors.computeIfAbsent(file, DocsTest::anchors).contains(anchor) ? null : "no heading with that anchor";
    }

    /** The anchors GitHub gives a page's headings (fenced code skipped; a repeated slug gets -1, -2, …). */
    static Set<String> anchors(Path file) {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fenced = false;
        for (String line : lines(file)) {
            if (line.startsWith("```")) {
                fenced = !fenced;
            }
            Matcher m = HEADING.matcher(line);
            if (!fenced && m.matches()) {
                String slug = slug(m.group(1));
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? slug : slug + "-" + n);
            }
        }
        return anchors;
    }

    /**
     * GitHub's heading anchor: the text lower-cased, every character that is not a letter, a
     * digit, a space, a hyphen or an underscore dropped (backticks, dots, quotes, parentheses),
     * each space a hyphen.
     */
    static String slug(String heading) {
        return heading.toLowerCase().replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    @Test
    void slugsAreGitHubs() {
        // each derived by the rule above, and checked against the anchors GitHub shows for such headings
        assertEquals("the-sp-simulator-tpb-run-tpb-demo", slug("The SP simulator: `tpb run`, `tpb demo`"));
        assertEquals("decisions-and-the-sources-contradictions", slug("Decisions and the sources' contradictions"));
        assertEquals("neff-files-tpbneff", slug("NEFF files (`tpb.neff`)"));
        assertEquals("strict-decode-of-inst_word_len", slug("Strict decode of `inst_word_len`"));
        assertEquals("tpb-check-spec", slug("`tpb check-spec`"));
    }

    /** The manual's pages: docs/ and its command reference, docs/commands/ (not docs/dev, the maintainers' notes). */
    private static List<Path> pages(Path dir) {
        List<Path> pages = new ArrayList<>(pagesIn(dir));
        pages.addAll(pagesIn(dir.resolve("commands")));
        return pages;
    }

    private static List<Path> pagesIn(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> pages = s.filter(p -> p.toString().endsWith(".md")).sorted().toList();
            assertFalse(pages.isEmpty(), "no pages in " + dir);
            return pages;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> lines(Path file) {
        return read(file).lines().toList();
    }
}
