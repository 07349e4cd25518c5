package tpb.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import tpb.isa.IsaInfo;
import tpb.spec.load.LoadResult;
import tpb.spec.load.SpecFiles;
import tpb.spec.load.SpecLoader;
import tpb.spec.load.Utf8Text;
import tpb.spec.model.IsaModel;

/**
 * Where a command's spec comes from: {@code builtin} (the spec this tpb was built from, on its
 * class path), a root YAML file, or a directory holding one {@code isa.yaml} (searched below it).
 * Diagnostics name files relative to that directory, as the processor names them; {@link #shown}
 * puts the directory as the user gave it in front, so the path opens from where tpb was run.
 */
record SpecSource(String label, SpecFiles files, String root, String prefix) {
    static final String BUILTIN = "builtin";

    static SpecSource of(String arg) {
        if (arg.equals(BUILTIN)) {
            return new SpecSource(BUILTIN, classPath(), IsaInfo.SPEC, "");
        }
        Path p = Path.of(arg);
        if (Files.isRegularFile(p)) {
            Path dir = p.toAbsolutePath().getParent();
            Path given = p.getParent();
            return new SpecSource(arg, SpecFiles.directory(dir), p.getFileName().toString(), given == null ? "" : prefix(given.toString()));
        }
        if (!Files.isDirectory(p)) {
            // /dev/null exists: say what it is not, not that it is missing
            throw new CliException(arg + (Files.exists(p) ? ": not a spec (a spec is a directory holding isa.yaml, or a YAML file)"
                    : ": no such file or directory"));
        }
        if (Files.isRegularFile(p.resolve("isa.yaml"))) {
            return new SpecSource(arg, SpecFiles.directory(p), "isa.yaml", prefix(arg));
        }
        List<Path> roots;
        try (Stream<Path> walk = Files.walk(p)) {
            roots = walk.filter(x -> x.getFileName().toString().equals("isa.yaml")).sorted().toList();
        } catch (IOException e) {
            throw new CliException(arg + ": cannot read: " + e.getMessage());
        }
        if (roots.size() != 1) {
            throw new CliException(arg + ": " + (roots.isEmpty() ? "holds no isa.yaml" : "holds several isa.yaml files " + roots
                    + "; name one"));
        }
        return new SpecSource(arg, SpecFiles.directory(p), p.relativize(roots.get(0)).toString().replace('\\', '/'), prefix(arg));
    }

    private static String prefix(String dir) {
        return dir.isEmpty() || dir.equals(".") ? "" : dir.endsWith("/") ? dir : dir + "/";
    }

    /** A diagnostic with its path as seen from where tpb runs. */
    String shown(Object diagnostic) {
        return prefix + diagnostic;
    }

    LoadResult load() {
        return SpecLoader.load(root, files);
    }

    /** The model, or a one-line error naming the first diagnostic (for commands that need a sound spec). */
    IsaModel loadOrFail() {
        LoadResult r = load();
        if (!r.ok() && r.diagnostics().count() == 0) {
            throw new CliException(label + ": the spec could not be loaded (run tpb check-spec " + label + ")");
        }
        if (!r.ok()) {
            throw new CliException(label + ": the spec has " + r.diagnostics().count() + " error(s); first: "
                    + shown(r.diagnostics().sorted().get(0)) + " (run tpb check-spec " + label + ")");
        }
        return r.model();
    }

    private static SpecFiles classPath() {
        return new SpecFiles() {
            @Override
            public Optional<String> read(String path) {
                try (InputStream in = SpecSource.class.getClassLoader().getResourceAsStream(path)) {
                    return in == null ? Optional.empty() : Optional.of(Utf8Text.decode(in.readAllBytes()));
                } catch (IOException e) {
                    return Optional.empty();
                }
            }

            @Override
            public String where(String path) {
                return "the tpb class path";
            }

            @Override
            public List<String> list(String dir) {
                java.net.URL url = SpecSource.class.getClassLoader().getResource(dir);
                try {
                    return url == null || !"file".equals(url.getProtocol()) ? List.of() : SpecFiles.names(Path.of(url.toURI()));
                } catch (java.net.URISyntaxException e) {
                    return List.of();
                }
            }
        };
    }
}
