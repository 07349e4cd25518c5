package tpb.cli;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The runtime's last build step (compile phase, run by the exec plugin on the runtime class
 * path): writes that class path to {@code runtime/target/tpb.classpath}, the file {@code ./tpb}
 * runs the classes from, on every build, so the file's time says when the build last ran (./tpb
 * compiles first only when a source is newer). The exec plugin's realm is loaded already for the
 * codecs' generation, so this costs next to nothing; Ant did the same in about half a second.
 *
 * <p>{@code ClassPathFile FILE}
 */
public final class ClassPathFile {
    private ClassPathFile() {}

    public static void main(String[] args) throws IOException, URISyntaxException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: ClassPathFile FILE");
        }
        if (!(ClassPathFile.class.getClassLoader() instanceof URLClassLoader loader)) {
            throw new IllegalStateException("run by the exec plugin's java goal, on a URL class loader; was "
                    + ClassPathFile.class.getClassLoader());
        }
        List<String> entries = new ArrayList<>();
        for (URL u : loader.getURLs()) {
            entries.add(Path.of(u.toURI()).toString());
        }
        Path file = Path.of(args[0]);
        Files.createDirectories(file.getParent());
        Files.writeString(file, String.join(File.pathSeparator, entries), StandardCharsets.UTF_8);
    }
}
