package tpb.processor;

import com.google.auto.service.AutoService;
import com.palantir.javapoet.JavaFile;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;
import tpb.processor.write.CodecWriter;
import tpb.spec.load.LoadResult;
import tpb.spec.load.SpecFiles;
import tpb.spec.load.SpecLoader;
import tpb.spec.json.ModelJson;
import tpb.spec.load.Utf8Text;

/**
 * Generates an ISA's codecs into the package annotated {@code @tpb.codec.IsaSpec("path")}:
 * load the YAML spec from the compile class path (or {@code -Aisa.spec.dir}), build the model,
 * check it, and only when no error stands, write every file. Errors are reported through the
 * Messager as {@code file:line:column: message}, all of them, with no stack trace.
 */
@AutoService(Processor.class)
public final class IsaProcessor extends AbstractProcessor {
    static final String ANNOTATION = "tpb.codec.IsaSpec";
    static final String OPTION_DIR = "isa.spec.dir";

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of(ANNOTATION);
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of(OPTION_DIR);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        for (TypeElement annotation : annotations) {
            for (Element e : round.getElementsAnnotatedWith(annotation)) {
                if (e instanceof PackageElement pkg) {
                    specPath(e).ifPresent(path -> generateOrReport(pkg, path));
                } else {
                    processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, "@IsaSpec belongs on a package (package-info.java)", e);
                }
            }
        }
        return true;
    }

    private Optional<String> specPath(Element e) {
        for (AnnotationMirror m : e.getAnnotationMirrors()) {
            if (((TypeElement) m.getAnnotationType().asElement()).getQualifiedName().contentEquals(ANNOTATION)) {
                for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> v : m.getElementValues().entrySet()) {
                    if (v.getKey().getSimpleName().contentEquals("value")) {
                        return Optional.of(String.valueOf(v.getValue().getValue()));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** A processor bug must still end as one clear compile error, not a javac crash. */
    private void generateOrReport(PackageElement pkg, String specPath) {
        try {
            generate(pkg, specPath);
        } catch (RuntimeException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                    specPath + ": internal error in the ISA processor: " + e, pkg);
        }
    }

    private void generate(PackageElement pkg, String specPath) {
        Messager messager = processingEnv.getMessager();
        LoadResult result = SpecLoader.load(specPath, new ClassPathSpecFiles(processingEnv));
        if (!result.ok()) {
            result.diagnostics().sorted().forEach(d -> messager.printMessage(Diagnostic.Kind.ERROR, d.toString()));
            messager.printMessage(Diagnostic.Kind.ERROR, specPath + ": " + result.diagnostics().count()
                    + " error(s) in the ISA spec; nothing was generated");
            return;
        }
        String name = pkg.getQualifiedName().toString();
        List<JavaFile> files = CodecWriter.write(result.model(), name, specPath);
        Filer filer = processingEnv.getFiler();
        try {
            for (JavaFile f : files) {
                String type = f.packageName() + "." + f.typeSpec().name();
                try (Writer w = filer.createSourceFile(type, pkg).openWriter()) {
                    f.writeTo(w);
                }
            }
            FileObject json = filer.createResource(StandardLocation.CLASS_OUTPUT, name, CodecWriter.MODEL_RESOURCE, pkg);
            try (Writer w = json.openWriter()) {
                w.write(ModelJson.of(result.model()));
            }
        } catch (IOException e) {
            messager.printMessage(Diagnostic.Kind.ERROR, specPath + ": cannot write generated code: " + e.getMessage(), pkg);
        }
    }

    /**
     * Spec files from javac's class path ({@code StandardLocation.CLASS_PATH}), then from the
     * directory named by {@code -Aisa.spec.dir}, for compilers whose Filer does not serve it.
     */
    private static final class ClassPathSpecFiles implements SpecFiles {
        private final ProcessingEnvironment env;
        private final SpecFiles dir;

        ClassPathSpecFiles(ProcessingEnvironment env) {
            this.env = env;
            String d = env.getOptions().get(OPTION_DIR);
            this.dir = d == null ? null : SpecFiles.directory(Path.of(d));
        }

        /** The class path directory the spec was read from, when it is one (not a jar): where {@link #list} looks. */
        private Path base;

        @Override
        public Optional<String> read(String path) {
            try {
                FileObject f = env.getFiler().getResource(StandardLocation.CLASS_PATH, "", path);
                String text = Utf8Text.decode(f.openInputStream().readAllBytes());
                if (base == null && "file".equals(f.toUri().getScheme())) {
                    Path file = Path.of(f.toUri());
                    base = file.getRoot().resolve(file.subpath(0, file.getNameCount() - Path.of(path).getNameCount()));
                }
                return Optional.of(text);
            } catch (IOException | IllegalArgumentException e) {
                return dir == null ? Optional.empty() : dir.read(path);
            }
        }

        @Override
        public List<String> list(String d) {
            List<String> out = new ArrayList<>(base == null ? List.of() : SpecFiles.names(base.resolve(d)));
            if (dir != null) {
                dir.list(d).stream().filter(n -> !out.contains(n)).forEach(out::add);
            }
            return out;
        }

        @Override
        public String where(String path) {
            return "the compile class path" + (dir == null ? " (set -A" + OPTION_DIR + "=DIR to look in a directory too)"
                    : " and " + dir.where(path));
        }
    }
}
