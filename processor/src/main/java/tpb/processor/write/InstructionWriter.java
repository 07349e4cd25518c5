package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import java.util.LinkedHashSet;
import java.util.Set;
import javax.lang.model.element.Modifier;
import tpb.spec.model.ArmDef;

/** The sealed {@code Instruction} interface: every arm record, the opaque record, and RawRecord. */
final class InstructionWriter {
    private final Ctx ctx;

    InstructionWriter(Ctx ctx) {
        this.ctx = ctx;
    }

    TypeSpec write() {
        TypeSpec.Builder t = TypeSpec.interfaceBuilder(ctx.cls("Instruction")).addModifiers(Modifier.PUBLIC, Modifier.SEALED)
                .addAnnotation(ctx.generated()).addSuperinterface(Ctx.ENCODABLE)
                .addJavadoc("A decoded $L record: one of the arm records, or a {@link RawRecord}.\n", ctx.model.name());
        Set<ClassName> permitted = new LinkedHashSet<>();
        for (ArmDef a : ctx.model.arms()) {
            permitted.add(ctx.record(a));
        }
        permitted.add(ctx.cls("RawRecord"));
        permitted.forEach(t::addPermittedSubclass);
        t.addMethod(MethodSpec.methodBuilder("arm").addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT).returns(ctx.cls("Arm")).build());
        TypeVariableName r = TypeVariableName.get("R");
        t.addMethod(MethodSpec.methodBuilder("accept").addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT).addTypeVariable(r)
                .returns(r).addParameter(ParameterizedTypeName.get(ctx.cls("InstructionVisitor"), r), "visitor").build());
        t.addMethod(MethodSpec.methodBuilder("toBytes").addModifiers(Modifier.PUBLIC, Modifier.DEFAULT).returns(byte[].class)
                .addStatement("byte[] out = new byte[$L]", ctx.model.record().size())
                .addStatement("encodeTo(out, 0)").addStatement("return out").build());
        return t.build();
    }
}
