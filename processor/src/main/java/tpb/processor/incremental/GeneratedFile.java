package tpb.processor.incremental;

import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;

/** One generated source: its top-level type's simple name, its text, and the type JavaPoet wrote it from. */
public record GeneratedFile(String name, String text, TypeSpec type) {
    public static GeneratedFile of(JavaFile file) {
        return new GeneratedFile(file.typeSpec().name(), file.toString(), file.typeSpec());
    }
}
