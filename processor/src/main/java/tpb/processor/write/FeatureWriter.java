package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.EnumSet;
import java.util.function.ToLongFunction;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.model.ArmDef;
import tpb.spec.model.FeatureDef;
import tpb.spec.model.Source;

/**
 * The spec's module features as an enum: what sets each (a record of one arm with a non-zero
 * field) and which arms need it, asked of records (streams) or of arm names and field values
 * (kernels, which name instructions and fields as the spec does). Written only when the spec
 * has features.
 */
final class FeatureWriter {
    private FeatureWriter() {}

    static TypeSpec write(Ctx ctx) {
        ClassName self = ctx.cls("ModuleFeature");
        ClassName instruction = ctx.cls("Instruction");
        ParameterizedTypeName set = ParameterizedTypeName.get(ClassName.get(EnumSet.class), self);
        TypeSpec.Builder t = TypeSpec.enumBuilder(self).addModifiers(Modifier.PUBLIC).addAnnotation(ctx.generated())
                .addJavadoc("Module feature attributes of the $L spec: a record of the setting arm with a non-zero field sets one for\n"
                        + "the whole module; the arms that need it are legal only then.\n", ctx.model.name());
        MethodSpec.Builder setByRecord = MethodSpec.methodBuilder("setBy").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(set)
                .addParameter(instruction, "r").addJavadoc("The features {@code r} sets.\n")
                .addStatement("$T out = $T.noneOf($T.class)", set, EnumSet.class, self);
        MethodSpec.Builder setByName = MethodSpec.methodBuilder("setBy").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(set)
                .addParameter(String.class, "arm").addParameter(ParameterizedTypeName.get(ToLongFunction.class, String.class), "field")
                .addJavadoc("The features an instruction of {@code arm} sets, reading its fields by spec name through {@code field}.\n")
                .addStatement("$T out = $T.noneOf($T.class)", set, EnumSet.class, self);
        MethodSpec.Builder needRecord = MethodSpec.methodBuilder("requiredBy").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(set)
                .addParameter(instruction, "r").addJavadoc("The features {@code r} needs the module to have.\n")
                .addStatement("$T out = $T.noneOf($T.class)", set, EnumSet.class, self);
        MethodSpec.Builder needName = MethodSpec.methodBuilder("requiredBy").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(set)
                .addParameter(String.class, "arm").addJavadoc("The features an instruction of {@code arm} needs the module to have.\n")
                .addStatement("$T out = $T.noneOf($T.class)", set, EnumSet.class, self);
        MethodSpec.Builder clearRecord = MethodSpec.methodBuilder("clearedBy").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(set)
                .addParameter(instruction, "r").addJavadoc("The features {@code r} clears (after its own requirement is checked).\n")
                .addStatement("$T out = $T.noneOf($T.class)", set, EnumSet.class, self);
        MethodSpec.Builder clearName = MethodSpec.methodBuilder("clearedBy").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(set)
                .addParameter(String.class, "arm").addJavadoc("The features an instruction of {@code arm} clears.\n")
                .addStatement("$T out = $T.noneOf($T.class)", set, EnumSet.class, self);
        MethodSpec.Builder consequence = MethodSpec.methodBuilder("consequence").addModifiers(Modifier.PUBLIC).returns(String.class)
                .addParameter(String.class, "arm")
                .addJavadoc("What the sources say happens when {@code arm} runs without this feature, or null if it does not need it.\n");
        for (FeatureDef f : ctx.model.features()) {
            String c = Names.upperSnake(f.name());
            ArmDef setter = ctx.model.arm(f.setByArm()).orElseThrow();
            t.addEnumConstant(c, TypeSpec.anonymousClassBuilder("$S, $S, $S", f.name(), f.setByArm(), f.setByField())
                    .addJavadoc("$L\n", doc(f).replace("$", "$$")).build());
            String accessor = Names.camel(f.setByField()) + "()";
            setByRecord.beginControlFlow("if (r instanceof $T x && x.$L != 0)", ctx.record(setter), accessor)
                    .addStatement("out.add($L)", c).endControlFlow();
            setByName.beginControlFlow("if (arm.equals($S) && field.applyAsLong($S) != 0)", f.setByArm(), f.setByField())
                    .addStatement("out.add($L)", c).endControlFlow();
            for (FeatureDef.Clear cl : f.clearedBy()) {
                ArmDef clearer = ctx.model.arm(cl.arm()).orElseThrow();
                clearRecord.beginControlFlow("if (r instanceof $T)", ctx.record(clearer)).addStatement("out.add($L)", c).endControlFlow();
                clearName.beginControlFlow("if (arm.equals($S))", cl.arm()).addStatement("out.add($L)", c).endControlFlow();
            }
            for (FeatureDef.Requirement r : f.requiredBy()) {
                ArmDef needer = ctx.model.arm(r.arm()).orElseThrow();
                needRecord.beginControlFlow("if (r instanceof $T)", ctx.record(needer)).addStatement("out.add($L)", c).endControlFlow();
                needName.beginControlFlow("if (arm.equals($S))", r.arm()).addStatement("out.add($L)", c).endControlFlow();
                consequence.beginControlFlow("if (this == $L && arm.equals($S))", c, r.arm()).addStatement("return $S", r.message())
                        .endControlFlow();
            }
        }
        return properties(t)
                .addMethod(setByRecord.addStatement("return out").build())
                .addMethod(setByName.addStatement("return out").build())
                .addMethod(needRecord.addStatement("return out").build())
                .addMethod(needName.addStatement("return out").build())
                .addMethod(clearRecord.addStatement("return out").build())
                .addMethod(clearName.addStatement("return out").build())
                .addMethod(consequence.addStatement("return null").build())
                .build();
    }

    /** The constant's Javadoc: what the feature is, what sets, clears and needs it, with sources. */
    private static String doc(FeatureDef f) {
        StringBuilder doc = new StringBuilder(f.doc() == null ? f.name() : f.doc()).append(". Source: ").append(cite(f.source()))
                .append(".\n<p>Set by ").append(f.setByArm()).append('.').append(f.setByField()).append(" != 0");
        if (f.setBySource() != null) {
            doc.append(" (").append(cite(f.setBySource())).append(')');
        }
        doc.append(".");
        for (FeatureDef.Clear cl : f.clearedBy()) {
            doc.append(" Cleared by ").append(cl.arm()).append(cl.source() == null ? "" : " (" + cite(cl.source()) + ")").append('.');
        }
        for (FeatureDef.Requirement r : f.requiredBy()) {
            doc.append(" Needed by ").append(r.arm()).append(": otherwise ").append(r.message())
                    .append(r.source() == null ? "" : " (" + cite(r.source()) + ")").append('.');
        }
        return doc.toString();
    }

    /** The name, setting arm and setting field every constant carries. */
    private static TypeSpec.Builder properties(TypeSpec.Builder t) {
        return t.addField(FieldSpec.builder(String.class, "specName", Modifier.PRIVATE, Modifier.FINAL).build())
                .addField(FieldSpec.builder(String.class, "setByArm", Modifier.PRIVATE, Modifier.FINAL).build())
                .addField(FieldSpec.builder(String.class, "setByField", Modifier.PRIVATE, Modifier.FINAL).build())
                .addMethod(MethodSpec.constructorBuilder().addParameter(String.class, "specName").addParameter(String.class, "setByArm")
                        .addParameter(String.class, "setByField").addStatement("this.specName = specName")
                        .addStatement("this.setByArm = setByArm").addStatement("this.setByField = setByField").build())
                .addMethod(getter("specName", "The feature's name as the spec (and the sources) spell it."))
                .addMethod(getter("setByArm", "The arm whose record sets the feature."))
                .addMethod(getter("setByField", "The field of that arm that sets it when non-zero."));
    }

    private static MethodSpec getter(String name, String doc) {
        return MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC).returns(String.class).addJavadoc("$L\n", doc)
                .addStatement("return $L", name).build();
    }

    private static String cite(Source s) {
        return s.ref() + " (" + s.confidence() + ")";
    }
}
