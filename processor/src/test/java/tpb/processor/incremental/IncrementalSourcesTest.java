package tpb.processor.incremental;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@link IncrementalSources} leaves to the compiler, on a package of four small types:
 * {@code A} (a constant and a method), {@code B extends A}, {@code C} using {@code B} only, and
 * {@code D} using nothing. A class file counts as "to compile" when it was deleted.
 */
class IncrementalSourcesTest {
    @TempDir
    Path tmp;
    Path src;
    Path cls;
    IncrementalSources out;

    @BeforeEach
    void firstRun() throws IOException {
        src = tmp.resolve("src/p");
        cls = tmp.resolve("classes/p");
        out = new IncrementalSources(src, cls, tmp.resolve("state"), "p/");
        IncrementalSources.Summary s = out.write(files(1, "the width", "return 1"), "in");
        assertTrue(s.full(), s.toString());
        assertEquals(Set.of("A", "B", "C", "D"), s.written());
        compileAll();
    }

    @Test
    void theSameFilesAgainWriteAndCompileNothing() throws IOException {
        FileTime a = Files.getLastModifiedTime(src.resolve("A.java"));
        IncrementalSources.Summary s = out.write(files(1, "the width", "return 1"), "in");
        assertEquals("0 written, 0 to compile []", s.toString());
        assertEquals(a, Files.getLastModifiedTime(src.resolve("A.java")));
        assertEquals(Set.of(), deleted());
        assertTrue(out.upToDate("in"));
        assertFalse(out.upToDate("other inputs"));
    }

    @Test
    void aDocChangeOnTheSameLinesIsWrittenWithItsOldTimeAndCompilesNothing() throws IOException {
        FileTime a = Files.getLastModifiedTime(src.resolve("A.java"));
        IncrementalSources.Summary s = out.write(files(1, "the width in bytes", "return 1"), "in");
        assertEquals(Set.of("A"), s.written());
        assertTrue(Files.readString(src.resolve("A.java")).contains("the width in bytes"));
        assertEquals(a, Files.getLastModifiedTime(src.resolve("A.java")));
        assertEquals(Set.of(), deleted());
    }

    @Test
    void aDocChangeThatMovesLinesCompilesThatFileAlone() throws IOException {
        IncrementalSources.Summary s = out.write(files(1, "the width\nin bytes", "return 1"), "in");
        assertEquals(Set.of("A"), s.compiled());
        assertEquals(Set.of("A"), deleted());
    }

    @Test
    void aBodyChangeCompilesThatFileAlone() throws IOException {
        IncrementalSources.Summary s = out.write(files(1, "the width", "return 2"), "in");
        assertEquals(Set.of("A"), s.compiled());
        assertEquals(Set.of("A"), deleted());
    }

    @Test
    void aConstantChangeCompilesItsUsersAndTheSubtypesUsers() throws IOException {
        // C names only B; B inherits A's WIDTH, so C's copy of B.WIDTH is stale too
        IncrementalSources.Summary s = out.write(files(2, "the width", "return 1"), "in");
        assertEquals(Set.of("A", "B", "C"), s.compiled());
        assertEquals(Set.of("A", "B", "C"), deleted());
        assertTrue(Files.exists(cls.resolve("D.class")));
    }

    @Test
    void aClassFileNamingAChangedTypeCompilesItsSourceToo() throws IOException {
        // D's text does not name A, but its class file does (a call through an inferred type)
        Files.write(cls.resolve("D$1.class"), "\u0001\u0000\u0004p/A;\u0007".getBytes(StandardCharsets.ISO_8859_1));
        IncrementalSources.Summary s = out.write(files(2, "the width", "return 1"), "in");
        assertEquals(Set.of("A", "B", "C", "D"), s.compiled());
        assertFalse(Files.exists(cls.resolve("D.class")));
    }

    @Test
    void aNameThatOnlyStartsLikeAChangedTypeIsNotAReference() {
        List<byte[]> needle = List.of("p/A".getBytes(StandardCharsets.UTF_8));
        assertTrue(IncrementalSources.refersTo("x p/A; y".getBytes(StandardCharsets.UTF_8), needle));
        assertTrue(IncrementalSources.refersTo("Lp/A$Builder;".getBytes(StandardCharsets.UTF_8), needle));
        assertFalse(IncrementalSources.refersTo("Lp/AB;".getBytes(StandardCharsets.UTF_8), needle));
    }

    @Test
    void anAddedTypeCompilesThePackageAfresh() throws IOException {
        List<GeneratedFile> files = new ArrayList<>(files(1, "the width", "return 1"));
        files.add(GeneratedFile.of(JavaFile.builder("p", TypeSpec.classBuilder("E").build()).build()));
        IncrementalSources.Summary s = out.write(files, "in");
        assertTrue(s.full());
        assertEquals(Set.of("A", "B", "C", "D"), deleted());
    }

    @Test
    void aRemovedTypeCompilesThePackageAfreshAndItsSourceGoes() throws IOException {
        IncrementalSources.Summary s = out.write(files(1, "the width", "return 1").subList(0, 3), "in");
        assertTrue(s.full());
        assertFalse(Files.exists(src.resolve("D.java")));
        assertFalse(Files.exists(cls.resolve("D.class")));
    }

    @Test
    void withoutARecordOfTheLastRunEverythingCompiles() throws IOException {
        Files.delete(tmp.resolve("state"));
        IncrementalSources.Summary s = out.write(files(1, "the width", "return 1"), "in");
        assertTrue(s.full());
        assertEquals(Set.of("A", "B", "C", "D"), deleted());
    }

    @Test
    void aRecordComponentsTypeIsApiThoughJavaPoetsModelHidesIt() throws IOException {
        // the components are the canonical constructor's parameters: only the code shows them
        Path src2 = tmp.resolve("src2/p");
        Path cls2 = tmp.resolve("classes2/p");
        IncrementalSources out2 = new IncrementalSources(src2, cls2, tmp.resolve("state2"), "p/");
        out2.write(withRecord(int.class), "in");
        Files.createDirectories(cls2);
        for (String n : List.of("R", "U")) {
            Files.writeString(cls2.resolve(n + ".class"), "class " + n);
        }
        IncrementalSources.Summary s = out2.write(withRecord(long.class), "in");
        assertEquals(Set.of("R", "U"), s.compiled(), s.toString());
    }

    private static List<GeneratedFile> withRecord(Class<?> component) {
        TypeSpec r = TypeSpec.recordBuilder("R")
                .recordConstructor(MethodSpec.constructorBuilder().addParameter(component, "x").build()).build();
        TypeSpec u = TypeSpec.classBuilder("U")
                .addMethod(MethodSpec.methodBuilder("x").returns(long.class).addParameter(ClassName.get("p", "R"), "r")
                        .addStatement("return r.x()").build()).build();
        return List.of(GeneratedFile.of(JavaFile.builder("p", r).build()), GeneratedFile.of(JavaFile.builder("p", u).build()));
    }

    /** Stands in for javac: a class file (and a nested one) per source. */
    private void compileAll() throws IOException {
        Files.createDirectories(cls);
        for (String n : List.of("A", "B", "C", "D")) {
            Files.writeString(cls.resolve(n + ".class"), "class " + n);
            Files.writeString(cls.resolve(n + "$1.class"), "nested " + n);
        }
    }

    private Set<String> deleted() {
        Set<String> gone = new java.util.TreeSet<>();
        for (String n : List.of("A", "B", "C", "D")) {
            if (!Files.exists(cls.resolve(n + ".class"))) {
                assertFalse(Files.exists(cls.resolve(n + "$1.class")), n + "'s nested class left behind");
                gone.add(n);
            }
        }
        return gone;
    }

    private static List<GeneratedFile> files(int width, String doc, String body) {
        TypeSpec a = TypeSpec.classBuilder("A").addModifiers(Modifier.PUBLIC)
                .addField(FieldSpec.builder(int.class, "WIDTH", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc(doc + "\n").initializer("$L", width).build())
                .addMethod(MethodSpec.methodBuilder("one").returns(int.class).addStatement(body).build())
                .build();
        TypeSpec b = TypeSpec.classBuilder("B").superclass(ClassName.get("p", "A")).build();
        TypeSpec c = TypeSpec.classBuilder("C")
                .addMethod(MethodSpec.methodBuilder("w").returns(int.class).addStatement("return B.WIDTH").build()).build();
        TypeSpec d = TypeSpec.classBuilder("D")
                .addMethod(MethodSpec.methodBuilder("s").returns(String.class).addStatement("return $S", "x // not a comment /* nor this */").build()).build();
        List<GeneratedFile> out = new ArrayList<>();
        for (TypeSpec t : List.of(a, b, c, d)) {
            out.add(GeneratedFile.of(JavaFile.builder("p", t).build()));
        }
        return out;
    }
}
