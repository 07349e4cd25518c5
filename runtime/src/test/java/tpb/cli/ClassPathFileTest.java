package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build step that writes {@code runtime/target/tpb.classpath}: run as the exec plugin runs it,
 * from a URL class loader, it writes that loader's entries joined by the path separator (no line
 * end), making the file's missing directories; its two refusals.
 */
class ClassPathFileTest {
    @TempDir
    Path dir;

    /** The directory this test's copy of ClassPathFile was loaded from (target/classes). */
    private static Path classes() throws Exception {
        return Path.of(ClassPathFile.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    @Test
    void writesTheLoadersEntriesJoined() throws Exception {
        Path jar = Files.write(dir.resolve("some lib.jar"), new byte[0]); // a space: the entry is a path, not a URL's %20
        Path file = dir.resolve("a/b/tpb.classpath");
        URL[] urls = {classes().toUri().toURL(), jar.toUri().toURL()};
        // parent = the platform loader: ClassPathFile is defined by this URL loader, as under the exec plugin
        try (URLClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {
            Class<?> c = loader.loadClass(ClassPathFile.class.getName());
            assertEquals(loader, c.getClassLoader());
            c.getMethod("main", String[].class).invoke(null, (Object) new String[] {file.toString()});
        }
        assertEquals(classes() + File.pathSeparator + jar, Files.readString(file));
    }

    @Test
    void oneArgumentOnly() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ClassPathFile.main(new String[0]));
        assertEquals("usage: ClassPathFile FILE", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ClassPathFile.main(new String[] {"a", "b"}));
    }

    /** From the JDK's application class loader (no URL loader since Java 9): refused, nothing written. */
    @Test
    void refusesAnotherClassLoader() throws Exception {
        Path file = dir.resolve("tpb.classpath");
        assertFalse(ClassPathFile.class.getClassLoader() instanceof URLClassLoader, "this test needs a loader that is not a URL loader");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ClassPathFile.main(new String[] {file.toString()}));
        assertEquals("run by the exec plugin's java goal, on a URL class loader; was " + ClassPathFile.class.getClassLoader(), e.getMessage());
        assertFalse(Files.exists(file));
    }
}
