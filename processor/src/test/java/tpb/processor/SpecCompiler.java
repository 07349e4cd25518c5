package tpb.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compiles a package annotated {@code @IsaSpec} with the processor, against spec files written to
 * a fresh directory (found through {@code -Aisa.spec.dir}), and locates snippets in those files so
 * a test can state the exact {@code file:line:column} a diagnostic must carry.
 */
final class SpecCompiler {

    final Map<String, String> files = new LinkedHashMap<>();

    SpecCompiler with(String file, String text) {
        files.put(file, text);
        return this;
    }

    /** Replaces the first occurrence of {@code from} in {@code file}; fails if it is absent. */
    SpecCompiler edit(String file, String from, String to) {
        String text = files.get(file);
        if (!text.contains(from)) {
            throw new IllegalArgumentException(file + " has no '" + from + "'");
        }
        files.put(file, text.replaceFirst(Pattern.quote(from), Matcher.quoteReplacement(to)));
        return this;
    }

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

    /** {@code file:line:column} of the {@code nth} (from 1) occurrence of {@code snippet} in {@code file}. */
    String at(String file, String snippet, int nth) {
        String text = files.get(file);
        int idx = -1;
        for (int i = 0; i < nth; i++) {
            idx = text.indexOf(snippet, idx + 1);
            if (idx < 0) {
                throw new IllegalArgumentException(file + " has no occurrence " + nth + " of '" + snippet + "'");
            }
        }
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < idx; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return file + ":" + line + ":" + (idx - lineStart + 1);
    }

    String at(String file, String snippet) {
        return at(file, snippet, 1);
    }
}
