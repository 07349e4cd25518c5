package tpb.processor;

import com.palantir.javapoet.JavaFile;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import tpb.processor.incremental.GeneratedFile;
import tpb.processor.incremental.IncrementalSources;
import tpb.processor.write.CodecWriter;
import tpb.spec.json.ModelJson;
import tpb.spec.load.LoadResult;
import tpb.spec.load.SpecCheck;

/**
 * The codecs module's build step (generate-sources): load and check the spec once, then write
 * what {@link IsaProcessor} would generate, the same {@link CodecWriter} output, but only the
 * files whose text changed, and with the class files of what must recompile removed
 * ({@link IncrementalSources}); the compiler plugin then compiles only stale sources. A spec
 * error ends the build here, before any Java compiles, with only the spec's messages, paths from
 * the project root. With the spec, this class and its libraries unchanged since the last run, it
 * does nothing.
 *
 * <p>{@code GenerateCodecs DIR ROOT PREFIX PACKAGE SOURCES RESOURCES CLASSES STATE}: the spec
 * {@code DIR/ROOT}, messages' path prefix, the generated package, the generated sources' root,
 * the generated resources' root (the model JSON), the class output directory, the state file.
 */
public final class GenerateCodecs {
    private GenerateCodecs() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 8) {
            throw new IllegalArgumentException("usage: GenerateCodecs DIR ROOT PREFIX PACKAGE SOURCES RESOURCES CLASSES STATE");
        }
        Path dir = Path.of(args[0]);
        String root = args[1];
        String prefix = args[2];
        String pkg = args[3];
        String pkgPath = pkg.replace('.', '/') + "/";
        Path json = Path.of(args[5]).resolve(pkgPath).resolve(CodecWriter.MODEL_RESOURCE);
        IncrementalSources out = new IncrementalSources(Path.of(args[4]).resolve(pkgPath),
                Path.of(args[6]).resolve(pkgPath), Path.of(args[7]), pkgPath);
        String inputs = inputs(dir, args);
        if (out.upToDate(inputs) && Files.isRegularFile(json)) {
            return;
        }
        LoadResult r = SpecCheck.load(dir, root, prefix, System.err);
        if (!r.ok()) {
            throw SpecCheck.SpecErrors.of(prefix, root, SpecCheck.errors(r));
        }
        List<GeneratedFile> files = render(CodecWriter.write(r.model(), pkg, root));
        writeIfChanged(json, ModelJson.of(r.model()));
        out.write(files, inputs);
    }

    /** JavaPoet's text of every file, on every core: the larger part of generating. */
    private static List<GeneratedFile> render(List<JavaFile> files) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()));
        try {
            List<Future<GeneratedFile>> done = new ArrayList<>();
            for (JavaFile f : files) {
                done.add(pool.submit(() -> GeneratedFile.of(f)));
            }
            List<GeneratedFile> out = new ArrayList<>();
            for (Future<GeneratedFile> f : done) {
                out.add(f.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static void writeIfChanged(Path p, String text) throws IOException {
        if (Files.isRegularFile(p) && Files.readString(p, StandardCharsets.UTF_8).equals(text)) {
            return;
        }
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }

    /**
     * What the output depends on: every file under the spec directory (content), the code of the
     * processor, JavaPoet and the YAML parser (each file's path, size and time), and the arguments.
     */
    private static String inputs(Path dir, String[] args) throws IOException {
        StringBuilder s = new StringBuilder(String.join("\n", args)).append('\n');
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile).sorted()::iterator) {
                s.append(dir.relativize(p)).append(' ').append(IncrementalSources.sha256(Files.readAllBytes(p))).append('\n');
            }
        }
        for (Class<?> c : List.of(GenerateCodecs.class, JavaFile.class, org.snakeyaml.engine.v2.api.LoadSettings.class)) {
            Path code = codeOf(c);
            if (code == null) {
                s.append(c.getName()).append(" from nowhere known ").append(System.nanoTime()).append('\n');
                continue;
            }
            try (Stream<Path> walk = Files.walk(code)) {
                for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile).sorted()::iterator) {
                    s.append(p).append(' ').append(Files.size(p)).append(' ').append(Files.getLastModifiedTime(p).toMillis()).append('\n');
                }
            }
        }
        return IncrementalSources.sha256(s.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static Path codeOf(Class<?> c) {
        CodeSource cs = c.getProtectionDomain().getCodeSource();
        try {
            return cs == null || cs.getLocation() == null ? null : Path.of(cs.getLocation().toURI());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

}
