package tpb.spec.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

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
        };
    }
}
