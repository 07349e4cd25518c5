package tpb.neff;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The real NEFF in the test resources (neuronx-cc 2.23, cayman; see resources/neff/README.md), and its files for mutation. */
public final class Fixture {
    private Fixture() {}

    public static Path path() {
        try {
            return Path.of(Fixture.class.getResource("/neff/matmul_small.neff").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Every shared NEFF: the resources' neff/*.neff and neff/real/*.neff, as paths relative to
     * neff/ ("matmul_small.neff", "real/qwen3-moe-tkg-v6b.neff"), sorted; a NEFF added there is in
     * every test that takes them all.
     */
    public static java.util.List<String> sharedNeffs() {
        try {
            Path root = Path.of(Fixture.class.getResource("/neff").toURI());
            try (java.util.stream.Stream<Path> s = java.nio.file.Files.walk(root, 2)) {
                return s.filter(p -> p.toString().endsWith(".neff")).map(p -> root.relativize(p).toString().replace('\\', '/'))
                        .sorted().toList();
            }
        } catch (URISyntaxException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A shared NEFF's path on disk, {@code name} relative to neff/ as {@link #sharedNeffs()} gives it. */
    public static Path path(String name) {
        try {
            return Path.of(Fixture.class.getResource("/neff/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public static byte[] bytes() {
        try (InputStream in = Fixture.class.getResourceAsStream("/neff/matmul_small.neff")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every regular file of the fixture's archive, in archive order. */
    public static Map<String, byte[]> files() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        Neff.of(bytes()).forEachEntry((path, size, data) -> files.put(path, data.readAllBytes()));
        return files;
    }

    public static String text(Map<String, byte[]> files, String path) {
        return new String(files.get(path), StandardCharsets.UTF_8);
    }
}
