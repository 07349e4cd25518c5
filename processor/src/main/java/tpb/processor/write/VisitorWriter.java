package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.model.ArmDef;

/**
 * {@code InstructionVisitor}: one method per laid-out arm (a new one in the spec breaks every
 * visitor until it handles it), one {@code visitOpaque} for all opaque arms, {@code visitRaw}, and
 * the {@code Default} adapter.
 */
final class VisitorWriter {
    private final Ctx ctx;
    private final ClassName visitor;

    VisitorWriter(Ctx ctx) {
        this.ctx = ctx;
        this.visitor = ctx.cls("InstructionVisitor");
    }

    /** The visit method of an arm's record; null stands for the opaque record. */
    static String visitName(ArmDef arm) {
        return arm == null ? "visitOpaque" : "visit" + Names.pascal(arm.name());
    }

    /** One visit method: its name and the record type it takes. */
    private record Visit(String name, ClassName record) {}

    /** Every visit method, in spec order. */
    private List<Visit> visits() {
        List<Visit> out = new ArrayList<>();
        for (ArmDef a : ctx.model.arms()) {
            if (!a.opaque()) {
                out.add(new Visit(visitName(a), ctx.record(a)));
            }
        }
        if (ctx.hasOpaqueArms()) {
            out.add(new Visit(visitName(null), ctx.opaqueRecord()));
        }
        out.add(new Visit("visitRaw", ctx.cls("RawRecord")));
        return out;
    }

    TypeSpec write() {
        TypeVariableName r = TypeVariableName.get("R");
        TypeSpec.Builder t = TypeSpec.interfaceBuilder(visitor).addModifiers(Modifier.PUBLIC).addTypeVariable(r)
                .addAnnotation(ctx.generated())
                .addJavadoc("One method per laid-out arm: a new arm in the spec breaks every visitor until it handles it.\n"
                        + "The opaque arms (no layout in the sources) share {@code visitOpaque}.\n");
        for (Visit v : visits()) {
            t.addMethod(MethodSpec.methodBuilder(v.name()).addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                    .returns(r).addParameter(v.record(), "record").build());
        }
        t.addType(adapter(r));
        return t.build();
    }

    /**
     * {@code InstructionVisitor.Default}: every visit method falls back to {@code otherwise}, so a
     * visitor that cares about a few arms overrides those and keeps compiling when arms are added.
     */
    private TypeSpec adapter(TypeVariableName r) {
        TypeSpec.Builder t = TypeSpec.interfaceBuilder("Default").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addTypeVariable(r).addSuperinterface(ParameterizedTypeName.get(visitor, r))
                .addJavadoc("A visitor for the arms it overrides; every other record goes to {@link #otherwise}. One\n"
                        + "abstract method, so {@code (InstructionVisitor.Default<R>) record -> ...} is a visitor too.\n");
        t.addMethod(MethodSpec.methodBuilder("otherwise").addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT).returns(r)
                .addParameter(ctx.cls("Instruction"), "record").addJavadoc("What every visit method not overridden returns.\n").build());
        for (Visit v : visits()) {
            t.addMethod(MethodSpec.methodBuilder(v.name()).addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC, Modifier.DEFAULT).returns(r).addParameter(v.record(), "record")
                    .addStatement("return otherwise(record)").build());
        }
        return t.build();
    }
}
