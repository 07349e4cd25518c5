package tpb.spec.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Where spec files come from: javac's class path at compile time, a directory for the CLI. */
public interface SpecFiles {
    /**
     * The text of {@code path} (a '/'-separated path such as {@code isa/tpb/enums/sp.yaml}), if it
     * exists, decoded by {@link Utf8Text#decode}.
     *
     * @throws Utf8Text.NotUtf8 when the file exists but is not UTF-8
     */
    Optional<String> read(String path);

    /** Says where {@code path} was looked for, for the "not found" diagnostic. */
    String where(String path);

    /**
     * The names of the files in directory {@code dir} ('/'-separated, {@code ""} the top), for the
     * "did you mean" of an include that names none; empty where the files cannot be listed.
     */
    default List<String> list(String dir) {
        return List.of();
    }

    /** The regular files of directory {@code dir}, by name; empty when it is no directory. */
    static List<String> names(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile).map(f -> f.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    static SpecFiles directory(Path dir) {
        return new SpecFiles() {
            @Override
            public Optional<String> read(String path) {
                Path p = dir.resolve(path);
                try {
                    return Files.isRegularFile(p) ? Optional.of(Utf8Text.decode(Files.readAllBytes(p))) : Optional.empty();
                } catch (IOException e) {
                    return Optional.empty();
                }
            }

            @Override
            public String where(String path) {
                return dir.resolve(path).toString();
            }

            @Override
            public List<String> list(String d) {
                return names(dir.resolve(d));
            }
        };
    }
}
