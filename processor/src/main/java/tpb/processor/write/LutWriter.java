package tpb.processor.write;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.util.HashMap;
import java.util.Map;
import javax.lang.model.element.Modifier;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.LutDef;

/**
 * A LUT as a final class over flat arrays indexed by the source enum's Java ordinal: encode (or
 * map) throws the source's FATAL message; decode inverts it when the table is one-to-one.
 */
final class LutWriter {
    private LutWriter() {}

    static TypeSpec write(Ctx ctx, LutDef l) {
        EnumDef from = ctx.model.enumDef(l.from()).orElseThrow();
        ClassName fromType = ctx.type(from.name());
        ClassName self = ctx.type(l.name());
        TypeSpec.Builder t = TypeSpec.classBuilder(self).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addAnnotation(ctx.generated())
                .addJavadoc("$L\n\n<p>$L → $L. Source: $L ($L).\n", l.doc() == null ? "Lookup table " + l.name() + "." : l.doc(),
                        l.from(), l.toScalar() != null ? l.toScalar().specName() : l.toEnum(), l.source().ref(),
                        l.source().confidence());
        t.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        CodeBlock.Builder table = CodeBlock.builder();
        CodeBlock.Builder fatal = CodeBlock.builder();
        boolean injective = true;
        Map<Long, String> seen = new HashMap<>();
        for (int i = 0; i < from.values().size(); i++) {
            EnumValue v = from.values().get(i);
            LutDef.Entry e = l.entry(v.name());
            LutDef.Fatal f = l.fatalFor(v.name());
            String sep = i + 1 < from.values().size() ? ", " : "";
            table.add("$L$L", e == null ? "-1" : Scalars.hex(e.value()), sep);
            fatal.add("$S$L", f == null ? null : f.message(), sep);
            if (e != null && seen.put(e.value(), v.name()) != null) {
                injective = false;
            }
        }
        t.addField(FieldSpec.builder(ArrayTypeName.of(long.class), "OUT", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("{$L}", table.build()).build());
        t.addField(FieldSpec.builder(ArrayTypeName.of(String.class), "FATAL", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("{$L}", fatal.build()).build());
        t.addMethod(MethodSpec.methodBuilder("encodes").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(boolean.class).addParameter(fromType, "key")
                .addJavadoc("Whether {@code key} has an entry (false for a FATAL arm).\n")
                .addStatement("return OUT[key.ordinal()] >= 0").build());
        t.addMethod(MethodSpec.methodBuilder("fatalMessage").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(String.class).addParameter(fromType, "key")
                .addJavadoc("The source's FATAL message for {@code key}, or null when it encodes.\n")
                .addStatement("return FATAL[key.ordinal()]").build());
        CodeBlock guard = CodeBlock.builder()
                .addStatement("long out = OUT[key.ordinal()]")
                .beginControlFlow("if (out < 0)")
                .addStatement("throw new $T($S, key.specName(), FATAL[key.ordinal()])", Ctx.FATAL, l.name())
                .endControlFlow().build();
        if (l.toScalar() != null) {
            t.addMethod(MethodSpec.methodBuilder("encode").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                    .returns(Ctx.scalarJava(l.toScalar())).addParameter(fromType, "key")
                    .addJavadoc("The wire value of {@code key}.\n\n@throws $T on a FATAL arm, with the source's message\n", Ctx.FATAL)
                    .addCode(guard)
                    .addStatement("return ($T) out", Ctx.scalarJava(l.toScalar())).build());
            if (injective) {
                decode(t, fromType, from, l);
            }
        } else {
            ClassName toType = ctx.type(l.toEnum());
            t.addMethod(MethodSpec.methodBuilder("map").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                    .returns(toType).addParameter(fromType, "key")
                    .addJavadoc("The value {@code key} maps to.\n\n@throws $T on a FATAL arm, with the source's message\n", Ctx.FATAL)
                    .addCode(guard)
                    .addStatement("return $T.fromValue(out)", toType).build());
        }
        return t.build();
    }

    private static void decode(TypeSpec.Builder t, ClassName fromType, EnumDef from, LutDef l) {
        long max = l.entries().stream().mapToLong(LutDef.Entry::value).max().orElse(0);
        if (max >= 4096 || l.entries().stream().anyMatch(e -> e.value() < 0)) {
            return;
        }
        t.addField(FieldSpec.builder(ArrayTypeName.of(fromType), "BY_WIRE", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T[$L]", fromType, max + 1).build());
        t.addStaticBlock(CodeBlock.builder()
                .beginControlFlow("for ($T k : $T.values())", fromType, fromType)
                .beginControlFlow("if (OUT[k.ordinal()] >= 0)")
                .addStatement("BY_WIRE[(int) OUT[k.ordinal()]] = k")
                .endControlFlow().endControlFlow().build());
        t.addMethod(MethodSpec.methodBuilder("decode").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(fromType).addParameter(long.class, "wire")
                .addJavadoc("The key whose wire value is {@code wire}, or null when no key encodes to it.\n")
                .addStatement("return wire >= 0 && wire < BY_WIRE.length ? BY_WIRE[(int) wire] : null").build());
        t.addMethod(MethodSpec.methodBuilder("isWire").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(boolean.class).addParameter(long.class, "wire")
                .addStatement("return decode(wire) != null").build());
    }
}
