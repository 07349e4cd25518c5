package tpb.processor.incremental;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Writes one package's generated sources so that the compiler plugin's stale-source check
 * (a source newer than its class, or a class missing: {@code useIncrementalCompilation} off)
 * compiles exactly what a spec edit needs, not the whole package:
 *
 * <ul>
 *   <li>a file whose text did not change is not written (its timestamp stays);
 *   <li>a file whose comments alone changed, on the same lines, is written with its old timestamp:
 *       its class file would not change;
 *   <li>a file whose code changed is compiled; when its {@linkplain ApiShape API} changed too, so
 *       is every file that names it in its text (a copied constant) or in its class files (a
 *       reference, even one the text does not spell), and the subtypes' users in turn;
 *   <li>anything else (no record of the last run, a type added or removed) compiles the package
 *       afresh: every class file in it is deleted.
 * </ul>
 *
 * A file is made to compile by deleting its class files (the top-level class and its nested ones),
 * before any source is written: a build stopped half-way leaves them missing, so the next build
 * still compiles them.
 */
public final class IncrementalSources {
    private static final String STATE_VERSION = "tpb-incremental-sources 2";

    private final Path sources;
    private final Path classes;
    private final Path state;
    private final String pkgPath;

    /**
     * @param sources the package's source directory (generated sources root + package path)
     * @param classes the package's class directory (class output + package path)
     * @param state the file recording each type's API shape between runs
     * @param pkgPath the package as a class-file path prefix, e.g. {@code tpb/isa/}
     */
    public IncrementalSources(Path sources, Path classes, Path state, String pkgPath) {
        this.sources = sources;
        this.classes = classes;
        this.state = state;
        this.pkgPath = pkgPath;
    }

    /** What one run did, for the build log and the tests. */
    public record Summary(boolean full, Set<String> written, Set<String> compiled) {
        @Override
        public String toString() {
            return (full ? "all " : "") + written.size() + " written, " + (full ? "all" : compiled.size()) + " to compile" + (full ? "" : " " + compiled);
        }
    }

    /** True when the last run recorded {@code inputs} and its sources are all still there. */
    public boolean upToDate(String inputs) throws IOException {
        Map<String, String> last = readState();
        if (last == null || !inputs.equals(last.get(" inputs"))) {
            return false;
        }
        return last.keySet().stream().filter(k -> !k.startsWith(" ")).allMatch(k -> Files.isRegularFile(sources.resolve(k + ".java")));
    }

    public Summary write(List<GeneratedFile> files, String inputs) throws IOException {
        Map<String, String> last = readState();
        Map<String, GeneratedFile> next = new TreeMap<>();
        files.forEach(f -> next.put(f.name(), f));
        Map<String, String> api = new TreeMap<>();
        files.forEach(f -> api.put(f.name(), hash(ApiShape.of(f.type(), JavaText.code(f.text())))));
        Map<String, String> old = existing();
        Set<String> written = new TreeSet<>();
        Set<String> sameLines = new HashSet<>();
        for (GeneratedFile f : files) {
            if (!f.text().equals(old.get(f.name()))) {
                written.add(f.name());
            }
        }
        boolean full = last == null || !old.keySet().equals(next.keySet())
                || !last.keySet().stream().filter(k -> !k.startsWith(" ")).collect(java.util.stream.Collectors.toSet()).equals(next.keySet());
        Set<String> compiled = new TreeSet<>();
        if (full) {
            deleteClasses(name -> true);
            for (String gone : old.keySet()) {
                if (!next.containsKey(gone)) {
                    Files.delete(sources.resolve(gone + ".java"));
                }
            }
            compiled.addAll(next.keySet());
        } else {
            Set<String> apiChanged = new TreeSet<>();
            for (String name : written) {
                String before = old.get(name);
                String after = next.get(name).text();
                boolean deprecation = before.contains("@deprecated") || after.contains("@deprecated");
                String codeBefore = JavaText.code(before);
                String codeAfter = JavaText.code(after);
                if (!deprecation && codeBefore.equals(codeAfter)) {
                    sameLines.add(name);
                } else {
                    compiled.add(name);
                    if (deprecation || !JavaText.squashed(codeBefore).equals(JavaText.squashed(codeAfter))) {
                        if (!api.get(name).equals(last.get(name))) {
                            apiChanged.add(name);
                        }
                    }
                }
            }
            if (!apiChanged.isEmpty()) {
                propagateToSubtypes(apiChanged, next);
                compiled.addAll(apiChanged);
                compiled.addAll(users(apiChanged, next));
            }
            deleteClasses(compiled::contains);
        }
        Files.createDirectories(sources);
        for (String name : written) {
            Path p = sources.resolve(name + ".java");
            FileTime keep = sameLines.contains(name) ? Files.getLastModifiedTime(p) : null;
            Files.writeString(p, next.get(name).text(), StandardCharsets.UTF_8);
            if (keep != null) {
                Files.setLastModifiedTime(p, keep);
            }
        }
        Summary summary = new Summary(full, written, compiled);
        writeState(api, inputs, summary);
        return summary;
    }

    /** A type whose supertype's API changed has a changed API too (it inherits members, and constants). */
    private static void propagateToSubtypes(Set<String> apiChanged, Map<String, GeneratedFile> next) {
        boolean grew = true;
        while (grew) {
            grew = false;
            for (GeneratedFile f : next.values()) {
                if (!apiChanged.contains(f.name())) {
                    Set<String> supers = ApiShape.supertypes(f.type(), next.keySet());
                    supers.retainAll(apiChanged);
                    if (!supers.isEmpty()) {
                        apiChanged.add(f.name());
                        grew = true;
                    }
                }
            }
        }
    }

    /** The files naming one of {@code changed} in their code or in their class files. */
    private Set<String> users(Set<String> changed, Map<String, GeneratedFile> next) throws IOException {
        Set<String> users = new TreeSet<>();
        for (GeneratedFile f : next.values()) {
            Set<String> ids = JavaText.identifiers(JavaText.code(f.text()));
            if (changed.stream().anyMatch(ids::contains)) {
                users.add(f.name());
            }
        }
        List<byte[]> needles = new ArrayList<>();
        for (String c : changed) {
            needles.add((pkgPath + c).getBytes(StandardCharsets.UTF_8));
        }
        if (Files.isDirectory(classes)) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(classes, "*.class")) {
                for (Path p : ds) {
                    String top = topLevel(p);
                    if (!users.contains(top) && next.containsKey(top) && refersTo(Files.readAllBytes(p), needles)) {
                        users.add(top);
                    }
                }
            }
        }
        return users;
    }

    /** Whether {@code bytes} hold one of {@code needles} not followed by an identifier character (so {@code a/B} is not found in {@code a/BC}). */
    static boolean refersTo(byte[] bytes, List<byte[]> needles) {
        for (byte[] needle : needles) {
            outer:
            for (int i = 0; i + needle.length <= bytes.length; i++) {
                for (int k = 0; k < needle.length; k++) {
                    if (bytes[i + k] != needle[k]) {
                        continue outer;
                    }
                }
                int after = i + needle.length;
                if (after == bytes.length || !Character.isJavaIdentifierPart((char) (bytes[after] & 0xFF)) || bytes[after] == '$') {
                    return true;
                }
            }
        }
        return false;
    }

    private static String topLevel(Path classFile) {
        String f = classFile.getFileName().toString();
        f = f.substring(0, f.length() - ".class".length());
        int dollar = f.indexOf('$');
        return dollar < 0 ? f : f.substring(0, dollar);
    }

    private void deleteClasses(java.util.function.Predicate<String> which) throws IOException {
        if (!Files.isDirectory(classes)) {
            return;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(classes, "*.class")) {
            for (Path p : ds) {
                if (which.test(topLevel(p))) {
                    Files.delete(p);
                }
            }
        }
    }

    private Map<String, String> existing() throws IOException {
        Map<String, String> texts = new HashMap<>();
        if (Files.isDirectory(sources)) {
            try (Stream<Path> s = Files.list(sources)) {
                for (Path p : (Iterable<Path>) s::iterator) {
                    String f = p.getFileName().toString();
                    if (f.endsWith(".java")) {
                        texts.put(f.substring(0, f.length() - ".java".length()), Files.readString(p, StandardCharsets.UTF_8));
                    }
                }
            }
        }
        return texts;
    }

    /** The last run's record: type name to API hash, and {@code " inputs"}; null when there is none (or another version's). */
    private Map<String, String> readState() throws IOException {
        if (!Files.isRegularFile(state)) {
            return null;
        }
        List<String> lines = Files.readAllLines(state, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.get(0).equals(STATE_VERSION)) {
            return null;
        }
        Map<String, String> m = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            int tab = line.indexOf('\t');
            if (tab < 0) {
                return null;
            }
            m.put(line.substring(0, tab), line.substring(tab + 1));
        }
        return m;
    }

    /** Records each type's API hash and the inputs; the last run's summary too, for a reader wondering what compiled. */
    private void writeState(Map<String, String> api, String inputs, Summary summary) throws IOException {
        StringBuilder s = new StringBuilder(STATE_VERSION).append('\n').append(" inputs\t").append(inputs).append('\n')
                .append(" last run\t").append(summary).append('\n');
        api.forEach((k, v) -> s.append(k).append('\t').append(v).append('\n'));
        Files.createDirectories(state.getParent());
        Files.writeString(state, s, StandardCharsets.UTF_8);
    }

    static String hash(String s) {
        return sha256(s.getBytes(StandardCharsets.UTF_8));
    }

    /** The SHA-256 of {@code bytes} in lower-case hex: the state file's fingerprint of an input. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
