package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.model.StageDef;

/**
 * The spec's validation stages as an enum: each stage's name and the stream rules that apply at
 * it, so a validator asks the spec, not its own code, whether a rule applies. Written only when
 * the spec has stages.
 */
final class StageWriter {
    private StageWriter() {}

    static TypeSpec write(Ctx ctx) {
        ClassName self = ctx.cls("Stage");
        ParameterizedTypeName strings = ParameterizedTypeName.get(List.class, String.class);
        TypeSpec.Builder t = TypeSpec.enumBuilder(self).addModifiers(Modifier.PUBLIC).addAnnotation(ctx.generated())
                .addJavadoc("Validation stages of the $L spec: record rules apply at every stage, each stage names the stream\n"
                        + "rules that apply at it.\n", ctx.model.name());
        for (StageDef s : ctx.model.stages()) {
            CodeBlock.Builder rules = CodeBlock.builder().add("$T.of(", List.class);
            for (int i = 0; i < s.rules().size(); i++) {
                rules.add(i == 0 ? "$S" : ", $S", s.rules().get(i));
            }
            rules.add(")");
            String doc = (s.doc() == null ? s.name() : s.doc()) + ". Rules: " + s.rules() + ". Source: " + s.source().ref() + " ("
                    + s.source().confidence() + ").";
            t.addEnumConstant(Names.upperSnake(s.name()), TypeSpec.anonymousClassBuilder("$S, $L", s.name(), rules.build())
                    .addJavadoc("$L\n", doc.replace("$", "$$")).build());
        }
        return t.addField(FieldSpec.builder(String.class, "specName", Modifier.PRIVATE, Modifier.FINAL).build())
                .addField(FieldSpec.builder(strings, "rules", Modifier.PRIVATE, Modifier.FINAL).build())
                .addMethod(MethodSpec.constructorBuilder().addParameter(String.class, "specName").addParameter(strings, "rules")
                        .addStatement("this.specName = specName").addStatement("this.rules = rules").build())
                .addMethod(MethodSpec.methodBuilder("specName").addModifiers(Modifier.PUBLIC).returns(String.class)
                        .addJavadoc("The stage's name as the spec spells it.\n").addStatement("return specName").build())
                .addMethod(MethodSpec.methodBuilder("rules").addModifiers(Modifier.PUBLIC).returns(strings)
                        .addJavadoc("The stream rules that apply at this stage, by the validator's rule names.\n").addStatement("return rules")
                        .build())
                .addMethod(MethodSpec.methodBuilder("applies").addModifiers(Modifier.PUBLIC).returns(boolean.class)
                        .addParameter(String.class, "rule").addJavadoc("Does the stream rule {@code rule} apply at this stage?\n")
                        .addStatement("return rules.contains(rule)").build())
                .addMethod(MethodSpec.methodBuilder("byName").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(self)
                        .addParameter(String.class, "name").addJavadoc("The stage of that name (ignoring case), or null.\n")
                        .beginControlFlow("for ($T s : values())", self)
                        .beginControlFlow("if (s.specName.equalsIgnoreCase(name))").addStatement("return s").endControlFlow()
                        .endControlFlow().addStatement("return null").build())
                .build();
    }
}
