package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.model.ArmDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.Example;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupDef;
import tpb.spec.model.LutDef;
import tpb.spec.model.ViewDef;

/**
 * The spec's test vectors as code: each example's fields become builder calls on the generated
 * record (so a renamed field or enum value breaks the build), paired with the source's bytes.
 */
final class VectorWriter {
    private final Ctx ctx;

    VectorWriter(Ctx ctx) {
        this.ctx = ctx;
    }

    TypeSpec write() {
        TypeSpec.Builder t = TypeSpec.classBuilder(ctx.cls("TestVectors")).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addAnnotation(ctx.generated())
                .addJavadoc("Every example of the $L spec: typed value, exact bytes, and the decoder to read them back.\n", ctx.model.name())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        MethodSpec.Builder all = MethodSpec.methodBuilder("all").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(ParameterizedTypeName.get(ClassName.get(List.class), Ctx.TEST_VECTOR))
                .addStatement("$T<$T> out = new $T<>()", List.class, Ctx.TEST_VECTOR, ArrayList.class);
        for (ArmDef a : ctx.model.arms()) {
            List<FieldDef> fields = new ArrayList<>(ctx.model.record().preamble());
            fields.addAll(a.fields());
            for (Example e : a.examples()) {
                all.addStatement("out.add(new $T($S, null, $S, $L, hex($S), $T::decode))", Ctx.TEST_VECTOR, a.name(), e.name(),
                        value(ctx.record(a), fields, tree(e)), hex(e.bytes()), ctx.record(a));
            }
            for (ViewDef v : a.views()) {
                List<FieldDef> vf = new ArrayList<>(ctx.model.record().preamble());
                vf.addAll(v.fields());
                for (Example e : v.examples()) {
                    all.addStatement("out.add(new $T($S, $S, $S, $L, hex($S), $T::decode))", Ctx.TEST_VECTOR, a.name(), v.name(),
                            e.name(), value(ctx.viewRecord(a, v), vf, tree(e)), hex(e.bytes()), ctx.viewRecord(a, v));
                }
            }
        }
        t.addMethod(all.addStatement("return out").build());
        t.addMethod(MethodSpec.methodBuilder("hex").addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(byte[].class)
                .addParameter(String.class, "s")
                .addStatement("return $T.ofDelimiter($S).parseHex(s)", HexFormat.class, " ").build());
        t.addMethod(MethodSpec.methodBuilder("padded").addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(byte[].class)
                .addParameter(String.class, "s").addParameter(int.class, "size")
                .addStatement("return $T.copyOf(hex(s), size)", Arrays.class).build());
        return t.build();
    }

    /** Assignments as a tree: "events.wait_mode" goes under "events". */
    private static Map<String, Object> tree(Example e) {
        Map<String, Object> root = new LinkedHashMap<>();
        for (Example.Assignment a : e.assignments()) {
            String[] parts = a.path().split("\\.");
            Map<String, Object> node = root;
            for (int i = 0; i < parts.length - 1; i++) {
                @SuppressWarnings("unchecked")
                Map<String, Object> next = (Map<String, Object>) node.computeIfAbsent(parts[i], k -> new LinkedHashMap<String, Object>());
                node = next;
            }
            node.put(parts[parts.length - 1], a);
        }
        return root;
    }

    private CodeBlock value(ClassName type, List<FieldDef> fields, Map<String, Object> values) {
        CodeBlock.Builder b = CodeBlock.builder().add("$T.builder()", type);
        for (FieldDef f : fields) {
            Object v = values.get(f.name());
            if (v == null || !ctx.isMember(f)) {
                continue;
            }
            b.add(".$L(", Names.camel(f.name()));
            if (f.kind() == FieldDef.Kind.GROUP) {
                GroupDef g = ctx.model.group(f.groupRef()).orElseThrow();
                @SuppressWarnings("unchecked")
                Map<String, Object> sub = (Map<String, Object>) v;
                b.add(value(ctx.type(g.name()), g.fields(), sub));
            } else {
                b.add(leaf(f, (Example.Assignment) v));
            }
            b.add(")");
        }
        return b.add(".build()").build();
    }

    private CodeBlock leaf(FieldDef f, Example.Assignment a) {
        if (a.text() != null) {
            return CodeBlock.of("$S", a.text());
        }
        if (a.raw() != null) {
            return CodeBlock.of("padded($S, $L)", hex(a.raw()), f.size());
        }
        if (a.numbers() != null) {
            String lit = String.join(", ", a.numbers().stream().map(n -> Scalars.literal(f.scalar(), n)).toList());
            return CodeBlock.of("new $T[] {$L}", Ctx.scalarJava(f.scalar()), lit);
        }
        if (f.enumRef() != null) {
            EnumDef e = ctx.model.enumDef(f.enumRef()).orElseThrow();
            String name = a.symbol() != null ? a.symbol() : e.byValue(a.number()).name();
            return CodeBlock.of("$T.$L", ctx.type(e.name()), Names.upperSnake(name));
        }
        if (f.namesRef() != null && a.symbol() != null) { // an open enum's field is a number to the codecs
            return CodeBlock.of("$L", Scalars.literal(f.scalar(), ctx.model.enumDef(f.namesRef()).orElseThrow().value(a.symbol()).value()));
        }
        if (f.lutRef() != null) {
            LutDef l = ctx.lut(f);
            if (a.symbol() != null) {
                return CodeBlock.of("$T.$L", ctx.type(l.from()), Names.upperSnake(a.symbol()));
            }
            return CodeBlock.of("$T.decode($L)", ctx.type(l.name()), a.number());
        }
        return CodeBlock.of("$L", Scalars.literal(f.scalar(), a.number()));
    }

    private static String hex(byte[] bytes) {
        return HexFormat.ofDelimiter(" ").formatHex(bytes);
    }
}
