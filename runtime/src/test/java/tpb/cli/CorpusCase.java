package tpb.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tpb.asm.Misspellings;

/**
 * One case of a bad-input corpus (test resources {@code corpus/KIND/bad|good/*.case}): edits to
 * the base files of {@code corpus/KIND/base/}, and what the command must say. Lines:
 * {@code edit: FILE} then {@code find:}/{@code replace:}; {@code add: FILE} then {@code text:};
 * {@code transform: crlf|bom|comments|reverse-documents} (every file); {@code expect:} a
 * diagnostic line that must appear; {@code errors:} how many (default 1); {@code code:} the exit
 * code (default 1 for bad, 0 for good). Values take {@code \n \r \t \\ \xNN} (a raw byte),
 * {@code {{N*TEXT}}} (TEXT N times) and {@code {{typo:WORD}}}, a misspelling of the mnemonic WORD
 * that no other mnemonic is as near ({@link Misspellings}: the spec's mnemonics decide it, so a
 * mnemonic a user adds cannot take the case's word or its hint).
 */
record CorpusCase(String name, List<String[]> ops, List<String> expect, int errors, int code) {
    private static final Pattern REPEAT = Pattern.compile("\\{\\{(\\d+)\\*(.*?)\\}\\}");

    @Override
    public String toString() {
        return name;
    }

    static Stream<CorpusCase> all(String kind, String which) {
        try {
            Path dir = Path.of(CorpusCase.class.getResource("/corpus/" + kind + "/" + which).toURI());
            try (Stream<Path> files = Files.list(dir)) {
                return files.filter(p -> p.toString().endsWith(".case")).sorted().map(p -> parse(p, which.equals("good"))).toList().stream();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static CorpusCase parse(Path file, boolean good) {
        List<String[]> ops = new ArrayList<>();
        List<String> expect = new ArrayList<>();
        int errors = good ? 0 : 1;
        int code = good ? 0 : 1;
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                int colon = line.indexOf(": ");
                String key = colon < 0 ? line.replace(":", "") : line.substring(0, colon);
                String value = typos(colon < 0 ? "" : line.substring(colon + 2));
                switch (key) {
                    case "expect" -> expect.add(value);
                    case "errors" -> errors = Integer.parseInt(value);
                    case "code" -> code = Integer.parseInt(value);
                    default -> ops.add(new String[] {key, value});
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new CorpusCase(file.getFileName().toString(), ops, expect, errors, code);
    }

    private static final Pattern TYPO = Pattern.compile("\\{\\{typo:([^}]+)\\}\\}");

    /** {@code value} with each {@code {{typo:WORD}}} made a misspelling of WORD. */
    private static String typos(String value) {
        return TYPO.matcher(value).replaceAll(m -> Matcher.quoteReplacement(Misspellings.typoOf(m.group(1))));
    }

    /** Copies the kind's base files into {@code dir} and applies the case's edits there. */
    void apply(String kind, Path dir) throws IOException, URISyntaxException {
        Path base = Path.of(CorpusCase.class.getResource("/corpus/" + kind + "/base").toURI());
        try (Stream<Path> files = Files.list(base)) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        String file = null;
        byte[] find = null;
        for (String[] op : ops) {
            String v = op[1];
            switch (op[0]) {
                case "edit", "add" -> file = v;
                case "find" -> find = bytes(v);
                case "replace" -> {
                    Path p = dir.resolve(file);
                    byte[] b = Files.readAllBytes(p);
                    int at = indexOf(b, find);
                    if (at < 0) {
                        throw new IllegalStateException(name + ": " + file + " has no '" + v + "' to replace");
                    }
                    byte[] with = bytes(v);
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    out.write(b, 0, at);
                    out.write(with);
                    out.write(b, at + find.length, b.length - at - find.length);
                    Files.write(p, out.toByteArray());
                }
                case "text" -> Files.write(dir.resolve(file), bytes(v));
                case "transform" -> {
                    try (Stream<Path> files = Files.list(dir)) {
                        for (Path f : files.toList()) {
                            Files.write(f, transform(v, Files.readAllBytes(f)));
                        }
                    }
                }
                default -> throw new IllegalStateException(name + ": unknown line '" + op[0] + "'");
            }
        }
    }

    private static byte[] transform(String how, byte[] b) {
        String s = new String(b, StandardCharsets.ISO_8859_1); // byte-preserving
        String out = switch (how) {
            case "crlf" -> s.replace("\n", "\r\n");
            case "bom" -> "\u00EF\u00BB\u00BF" + s;
            case "comments" -> {
                StringBuilder c = new StringBuilder();
                String[] lines = s.split("\n", -1);
                for (int i = 0; i < lines.length; i++) {
                    c.append(lines[i]).append(lines[i].isBlank() ? "" : "  # a comment").append("\n# a comment line");
                    if (i < lines.length - 1) {
                        c.append('\n');
                    }
                }
                yield c.toString();
            }
            case "reverse-documents" -> {
                List<String> docs = new ArrayList<>(List.of(s.replaceAll("\n+$", "").split("\n---\n")));
                Collections.reverse(docs);
                yield String.join("\n---\n", docs) + "\n";
            }
            default -> throw new IllegalStateException("unknown transform " + how);
        };
        return out.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A value's bytes: UTF-8 text with the escapes above. */
    static byte[] bytes(String v) {
        Matcher m = REPEAT.matcher(v);
        StringBuilder expanded = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(expanded, Matcher.quoteReplacement(m.group(2).repeat(Integer.parseInt(m.group(1)))));
        }
        m.appendTail(expanded);
        String s = expanded.toString();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(i + 1);
                switch (n) {
                    case 'n' -> out.write('\n');
                    case 'r' -> out.write('\r');
                    case 't' -> out.write('\t');
                    case '\\' -> out.write('\\');
                    case 'x' -> {
                        out.write(HexFormat.fromHexDigits(s, i + 2, i + 4));
                        i += 2;
                    }
                    case 'u' -> {
                        out.writeBytes(String.valueOf((char) HexFormat.fromHexDigits(s, i + 2, i + 6)).getBytes(StandardCharsets.UTF_8));
                        i += 4;
                    }
                    default -> {
                        out.write('\\');
                        i--;
                    }
                }
                i++;
                continue;
            }
            out.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] b, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= b.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (b[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** The diagnostic lines of a run's stderr: every line but the closing {@code tpb: } one. */
    static List<String> diagnostics(String err) {
        return err.lines().filter(l -> !l.startsWith("tpb: ")).toList();
    }
}
