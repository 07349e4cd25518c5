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


    String at(String file, String snippet) {
        return at(file, snippet, 1);
    }
}
