package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import java.util.List;
import java.util.function.Function;
import javax.lang.model.element.Modifier;
import tpb.spec.model.ArchDef;
import tpb.spec.model.ArmDef;
import tpb.spec.model.ViewDef;

/**
 * {@code Layouts}: the one answer to "this arm's layout on this generation", from the spec's views
 * with {@code generation:}. The assembler, disassembler and every other tool that reads fields
 * through an arm ask it with the arch a stream runs on; with no arch (null) every arm has its own
 * layout. The validator's per-generation dispatch ({@code Validator.generationLayout}) is written
 * from the same views.
 */
final class LayoutsWriter {
    private final Ctx ctx;

    LayoutsWriter(Ctx ctx) {
        this.ctx = ctx;
    }

    TypeSpec write() {
        ClassName arm = ctx.cls("Arm");
        ClassName arch = ctx.cls("Arch");
        TypeName flyweight = ParameterizedTypeName.get(ctx.preambleFlyweight(), WildcardTypeName.subtypeOf(Object.class));
        TypeName fields = ParameterizedTypeName.get(ClassName.get(List.class), Ctx.FIELD_INFO);
        MethodSpec.Builder view = method("view", ClassName.get(String.class), arm, arch)
                .addJavadoc("The name of the view that is {@code arm}'s layout on {@code arch}'s generation, or null when\n"
                        + "the arm's own layout applies there (and always when {@code arch} is null).\n");
        MethodSpec.Builder fieldsOf = method("fields", fields, arm, arch)
                .addJavadoc("The fields of {@code arm}'s layout on {@code arch} (null: the arm's own).\n");
        MethodSpec.Builder flyweightOf = method("flyweight", flyweight, arm, arch)
                .addJavadoc("A new flyweight over {@code arm}'s layout on {@code arch} (null: the arm's own).\n");
        MethodSpec.Builder decodes = MethodSpec.methodBuilder("decodes").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(boolean.class).addParameter(arm, "arm").addParameter(arch, "arch")
                .addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addJavadoc("Whether the record at {@code at}, of arm {@code arm}, decodes typed through its layout on\n"
                        + "{@code arch} (null: the arm's own): reserved bytes and bytes no field describes are zero.\n")
                .beginControlFlow("if (arch != null)").beginControlFlow("switch (arm)");
        for (MethodSpec.Builder m : List.of(view, fieldsOf, flyweightOf)) {
            m.beginControlFlow("if (arch != null)").beginControlFlow("switch (arm)");
        }
        for (ArmDef a : ctx.model.arms()) {
            List<ViewDef> layouts = a.views().stream().filter(v -> v.generation() != null).toList();
            if (layouts.isEmpty()) {
                continue;
            }
            cases(view, a, layouts, v -> "return \"" + v.name() + "\"");
            cases(fieldsOf, a, layouts, v -> "return " + ctx.viewFlyweight(a, v).simpleName() + ".FIELDS");
            cases(flyweightOf, a, layouts, v -> "return new " + ctx.viewFlyweight(a, v).simpleName() + "()");
            decodes.addCode("case $L:\n$>", ctx.armConstant(a));
            for (ViewDef v : layouts) {
                decodes.beginControlFlow("if (arch.generation() == $L)", generation(v))
                        .beginControlFlow("try").addStatement("$T.decode(b, at)", ctx.viewRecord(a, v)).addStatement("return true")
                        .nextControlFlow("catch ($T e)", Ctx.MALFORMED).addStatement("return false").endControlFlow()
                        .endControlFlow();
            }
            decodes.addStatement("break").addCode("$<");
        }
        view.addStatement("default: break").endControlFlow().endControlFlow().addStatement("return null");
        fieldsOf.addStatement("default: break").endControlFlow().endControlFlow().addStatement("return arm.fields()");
        flyweightOf.addStatement("default: break").endControlFlow().endControlFlow().addStatement("return arm.flyweight()");
        decodes.addStatement("default: break").endControlFlow().endControlFlow()
                .addStatement("return !($T.decode(b, at) instanceof $T)", ctx.cls("Decoder"), ctx.cls("RawRecord"));
        return TypeSpec.classBuilder(ctx.cls("Layouts")).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addAnnotation(ctx.generated())
                .addJavadoc("Each arm's layout on each generation: its own, or the spec's view with that {@code generation:}.\n")
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(view.build()).addMethod(fieldsOf.build()).addMethod(flyweightOf.build()).addMethod(decodes.build())
                .build();
    }

    private int generation(ViewDef v) {
        return ctx.model.archs().stream().filter(x -> x.name().equals(v.generation())).findFirst().map(ArchDef::generation)
                .orElseThrow();
    }

    private void cases(MethodSpec.Builder m, ArmDef a, List<ViewDef> layouts, Function<ViewDef, String> result) {
        m.addCode("case $L:\n$>", ctx.armConstant(a));
        for (ViewDef v : layouts) {
            m.beginControlFlow("if (arch.generation() == $L)", generation(v)).addStatement(result.apply(v)).endControlFlow();
        }
        m.addStatement("break").addCode("$<");
    }

    private static MethodSpec.Builder method(String name, TypeName returns, ClassName arm, ClassName arch) {
        return MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(returns)
                .addParameter(arm, "arm").addParameter(arch, "arch");
    }
}
