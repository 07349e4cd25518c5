package tpb.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import tpb.spec.SpecDraft;

/**
 * Compiles a package annotated {@code @IsaSpec} with the processor, against spec files written to
 * a fresh directory (found through {@code -Aisa.spec.dir}).
 */
final class SpecCompiler extends SpecDraft<SpecCompiler> {
    /** Writes the spec files to a fresh directory and returns it. */
    Path write() {
        try {
            Path dir = Files.createTempDirectory("spec");
            for (Map.Entry<String, String> e : files.entrySet()) {
                Path p = dir.resolve(e.getKey());
                Files.createDirectories(p.getParent());
                Files.writeString(p, e.getValue());
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Compilation compile(String root) {
        Path dir = write();
        return Compiler.javac()
                .withProcessors(new IsaProcessor())
                .withOptions("-Aisa.spec.dir=" + dir)
                .compile(JavaFileObjects.forSourceString("t.package-info", "@tpb.codec.IsaSpec(\"" + root + "\")\npackage t;\n"));
    }

    /** The classes {@code c} compiled (the generated codecs), loaded so that a test can run them. */
    static ClassLoader load(Compilation c) {
        Map<String, byte[]> classes = new java.util.HashMap<>();
        for (javax.tools.JavaFileObject f : c.generatedFiles()) {
            if (f.getKind() == javax.tools.JavaFileObject.Kind.CLASS) {
                String name = f.toUri().getPath().replaceFirst("^.*/CLASS_OUTPUT/", "").replace(".class", "").replace('/', '.');
                try (var in = f.openInputStream()) {
                    classes.put(name, in.readAllBytes());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return new ClassLoader(SpecCompiler.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                byte[] b = classes.get(name);
                if (b == null) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, b, 0, b.length);
            }
        };
    }

    String at(String file, String snippet) {
        return at(file, snippet, 1);
    }
}
