package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;
import tpb.spec.model.EnumDef;
import tpb.spec.model.LutDef;

/**
 * Names by table: every enum and every one-to-one scalar LUT, looked up by the table's spec
 * name. What an assembler or disassembler driven by field metadata needs ("enum DtypeWire",
 * "lut AluOpWire") without reflection.
 */
final class SymbolsWriter {
    private SymbolsWriter() {}

    static TypeSpec write(Ctx ctx) {
        MethodSpec.Builder name = MethodSpec.methodBuilder("name").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(String.class).addParameter(String.class, "table").addParameter(long.class, "value")
                .addJavadoc("The spec name of {@code value} in the enum or LUT {@code table} (a LUT's key for a wire value), or null.\n")
                .beginControlFlow("switch (table)");
        MethodSpec.Builder value = MethodSpec.methodBuilder("value").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(Long.class).addParameter(String.class, "table").addParameter(String.class, "name")
                .addJavadoc("The value of {@code name} (spec or Java spelling) in {@code table} (a LUT key's wire value), or null.\n")
                .beginControlFlow("switch (table)");
        for (EnumDef e : ctx.model.enums()) {
            ClassName t = ctx.type(e.name());
            name.beginControlFlow("case $S:", e.name())
                    .addStatement("$T c = $T.fromValue(value)", t, t)
                    .addStatement("return c == null ? null : c.specName()").endControlFlow();
            value.beginControlFlow("case $S:", e.name())
                    .addStatement("$T c = $T.fromName(name)", t, t)
                    .addStatement("return c == null ? null : (long) c.value()").endControlFlow();
        }
        for (LutDef l : ctx.model.luts()) {
            if (l.toScalar() == null || !oneToOne(l)) {
                continue;
            }
            ClassName t = ctx.type(l.name());
            ClassName k = ctx.type(l.from());
            name.beginControlFlow("case $S:", l.name())
                    .addStatement("$T c = $T.decode(value)", k, t)
                    .addStatement("return c == null ? null : c.specName()").endControlFlow();
            value.beginControlFlow("case $S:", l.name())
                    .addStatement("$T c = $T.fromName(name)", k, k)
                    .addStatement("return c == null || !$T.encodes(c) ? null : (long) $T.encode(c)", t, t).endControlFlow();
        }
        name.addStatement("default: return null").endControlFlow();
        value.addStatement("default: return null").endControlFlow();
        return TypeSpec.classBuilder(ctx.cls("Symbols")).addModifiers(Modifier.PUBLIC, Modifier.FINAL).addAnnotation(ctx.generated())
                .addJavadoc("Value names of every enum and one-to-one LUT of the $L spec, by table name.\n", ctx.model.name())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(name.build()).addMethod(value.build()).build();
    }

    static boolean oneToOne(LutDef l) {
        return l.entries().stream().map(LutDef.Entry::value).distinct().count() == l.entries().size()
                && l.entries().stream().allMatch(e -> e.value() >= 0 && e.value() < 4096);
    }
}
