package tpb.processor.write;

import tpb.spec.model.GroupDef;
import tpb.spec.model.EnumValue;
import java.util.List;
import java.util.ArrayList;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.ArrayTypeName;
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
                .addJavadoc("Value names of every enum and one-to-one LUT of the $L spec, by table name; the compact listing\n"
                        + "terms (enum values' syntax templates, groups' terms).\n", ctx.model.name())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(name.build()).addMethod(value.build())
                .addMethod(syntax(ctx)).addMethod(syntaxValues(ctx)).addMethod(terms(ctx)).addMethod(armTerms(ctx)).build();
    }

    /** {@code syntax(table, value)}: the value's compact-term template, or null. */
    private static MethodSpec syntax(Ctx ctx) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("syntax").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(String.class).addParameter(String.class, "table").addParameter(long.class, "value")
                .addJavadoc("The compact listing term of {@code value} in enum {@code table} (its {@code syntax:}, as\n"
                        + "{@code $$S[{index}]>={value}}), or null.\n")
                .beginControlFlow("switch (table)");
        for (EnumDef e : ctx.model.enums()) {
            if (e.values().stream().noneMatch(v -> v.syntax() != null)) {
                continue;
            }
            m.beginControlFlow("case $S:", e.name());
            for (EnumValue v : e.values()) {
                if (v.syntax() != null) {
                    m.addStatement("if (value == $LL) return $S", v.value(), v.syntax());
                }
            }
            m.addStatement("return null").endControlFlow();
        }
        return m.addStatement("default: return null").endControlFlow().build();
    }

    /** {@code syntaxValues(table)}: the values of {@code table} that have a template, in spec order. */
    private static MethodSpec syntaxValues(Ctx ctx) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("syntaxValues").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(long[].class).addParameter(String.class, "table")
                .addJavadoc("The values of enum {@code table} that have a compact listing term, in spec order.\n")
                .beginControlFlow("switch (table)");
        for (EnumDef e : ctx.model.enums()) {
            List<String> values = e.values().stream().filter(v -> v.syntax() != null).map(v -> v.value() + "L").toList();
            if (!values.isEmpty()) {
                m.addStatement("case $S: return new long[] {$L}", e.name(), String.join(", ", values));
            }
        }
        return m.addStatement("default: return new long[0]").endControlFlow().build();
    }

    /** {@code terms()}: every group's compact terms as {mode, index, value} field names. */
    private static MethodSpec terms(Ctx ctx) {
        List<String> rows = new ArrayList<>();
        for (GroupDef g : ctx.model.groups()) {
            for (GroupDef.Term t : g.terms()) {
                rows.add("new String[] {\"" + t.mode() + "\", \"" + t.index() + "\", \"" + t.value() + "\"}");
            }
        }
        return MethodSpec.methodBuilder("terms").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(ParameterizedTypeName.get(ClassName.get(List.class), ArrayTypeName.of(String.class)))
                .addJavadoc("The groups' compact listing terms: each {mode, index, value} field names, relative to the group.\n")
                .addStatement("return $T.of($L)", List.class, String.join(", ", rows)).build();
    }

    /** {@code armTerms(arm)}: an arm's own fixed-form terms as {syntax, index, value}, by the arm's spec name. */
    private static MethodSpec armTerms(Ctx ctx) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("armTerms").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(String.class, "arm")
                .returns(ParameterizedTypeName.get(ClassName.get(List.class), ArrayTypeName.of(String.class)))
                .addJavadoc("An arm's own compact terms of a fixed form (the spec's arm-level {@code terms:}): each {syntax template,\n"
                        + "index field, value field}, field names as the arm's; none for an arm without.\n")
                .beginControlFlow("switch (arm)");
        for (tpb.spec.model.ArmDef a : ctx.model.arms()) {
            if (a.terms().isEmpty()) {
                continue;
            }
            com.palantir.javapoet.CodeBlock.Builder rows = com.palantir.javapoet.CodeBlock.builder();
            for (int i = 0; i < a.terms().size(); i++) {
                GroupDef.Term t = a.terms().get(i);
                rows.add(i == 0 ? "new String[] {$S, $S, $S}" : ", new String[] {$S, $S, $S}", t.syntax(), t.index(), t.value());
            }
            m.addStatement("case $S: return $T.<String[]>of($L)", a.name(), List.class, rows.build());
        }
        return m.addStatement("default: return $T.of()", List.class).endControlFlow().build();
    }

    static boolean oneToOne(LutDef l) {
        return l.entries().stream().map(LutDef.Entry::value).distinct().count() == l.entries().size()
                && l.entries().stream().allMatch(e -> e.value() >= 0 && e.value() < 4096);
    }
}
