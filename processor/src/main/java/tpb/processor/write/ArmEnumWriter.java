package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import java.util.List;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.Syntax;
import tpb.spec.model.ArmDef;

/** The {@code Arm} catalogue: one constant per union arm with its spec facts, plus UNKNOWN. */
final class ArmEnumWriter {
    /** The catalogue's properties: name and Java type, in constructor order. */
    private static final List<Property> PROPERTIES = List.of(new Property("specName", ClassName.get(String.class)),
            new Property("opcode", TypeName.INT), new Property("select", ClassName.get(String.class)),
            new Property("struct", ClassName.get(String.class)), new Property("engine", ClassName.get(String.class)),
            new Property("opaque", TypeName.BOOLEAN), new Property("confidence", ClassName.get(String.class)),
            new Property("source", ClassName.get(String.class)), new Property("syntax", ClassName.get(String.class)),
            new Property("selectOffset", TypeName.INT), new Property("selectWidth", TypeName.INT),
            new Property("selectEquals", TypeName.LONG));

    private record Property(String name, TypeName type) {}

    private final Ctx ctx;

    ArmEnumWriter(Ctx ctx) {
        this.ctx = ctx;
    }

    TypeSpec write() {
        TypeSpec.Builder t = TypeSpec.enumBuilder(ctx.cls("Arm")).addModifiers(Modifier.PUBLIC).addAnnotation(ctx.generated())
                .addJavadoc("Every union arm of the $L record, plus UNKNOWN for bytes that select none.\n", ctx.model.name());
        for (ArmDef a : ctx.model.arms()) {
            t.addEnumConstant(ctx.armConstant(a), constant(a));
        }
        t.addEnumConstant("UNKNOWN", TypeSpec.anonymousClassBuilder("$S, -1, null, null, null, true, null, null, null, -1, 0, -1L", "UNKNOWN")
                .addJavadoc("Bytes whose opcode (or sub-opcode) selects no arm.\n").build());
        MethodSpec.Builder ctor = MethodSpec.constructorBuilder();
        for (Property p : PROPERTIES) {
            t.addField(p.type(), p.name(), Modifier.PRIVATE, Modifier.FINAL);
            ctor.addParameter(p.type(), p.name()).addStatement("this.$L = $L", p.name(), p.name());
            t.addMethod(MethodSpec.methodBuilder(p.name()).addModifiers(Modifier.PUBLIC).returns(p.type())
                    .addStatement("return $L", p.name()).build());
        }
        t.addMethod(ctor.build());
        t.addMethod(fields());
        t.addMethod(flyweight());
        return t.build();
    }

    private TypeSpec constant(ArmDef a) {
        String select = a.select() == null ? null
                : String.format("+0x%02X=%s", a.select().at(), a.select().otherwise() ? "*" : a.select().equals());
        String syntaxLine = a.syntax() == null ? Syntax.defaultFor(a.name()).prefix() : a.syntax();
        return TypeSpec.anonymousClassBuilder("$S, $L, $S, $S, $S, $L, $S, $S, $S, $L, $L, $LL", a.name(),
                        Scalars.hex(a.opcode()), select, a.struct(), a.engine(), a.opaque(), a.source().confidence().name(),
                        a.source().ref(), syntaxLine, a.select() == null ? -1 : a.select().at(),
                        a.select() == null ? 0 : a.select().type().width,
                        a.select() == null || a.select().otherwise() ? -1 : a.select().equals())
                .addJavadoc("$L: opcode $L ($L)$L.\n", a.name(), Names.hex(a.opcode()), a.opcodeName(),
                        a.select() == null ? "" : a.select().otherwise() ? ", sub-opcode otherwise" : ", sub-opcode " + a.select().equals())
                .build();
    }

    /** {@code fields()}: the flyweight's FIELDS per arm; the opaque arms share one list. */
    private MethodSpec fields() {
        MethodSpec.Builder m = MethodSpec.methodBuilder("fields").addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassName.get(List.class), Ctx.FIELD_INFO))
                .addJavadoc("The arm's fields, flattened, with offsets, encodings and provenance.\n")
                .beginControlFlow("switch (this)");
        for (ArmDef a : ctx.model.arms()) {
            if (!a.opaque()) {
                m.addStatement("case $L: return $T.FIELDS", ctx.armConstant(a), ctx.flyweight(a));
            }
        }
        if (ctx.hasOpaqueArms()) {
            m.addStatement("case UNKNOWN: return $T.of()", List.class);
            m.addStatement("default: return $T.FIELDS", ctx.opaqueFlyweight());
        } else {
            m.addStatement("default: return $T.of()", List.class);
        }
        return m.endControlFlow().build();
    }

    /** {@code flyweight()}: a new flyweight of the arm's own class, for tools that hold one per arm. */
    private MethodSpec flyweight() {
        MethodSpec.Builder m = MethodSpec.methodBuilder("flyweight").addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ctx.preambleFlyweight(), WildcardTypeName.subtypeOf(Object.class)))
                .addJavadoc("A new flyweight over this arm's records (wrap it before use); its {@code reset()} stamps this arm.\n\n"
                        + "@throws IllegalStateException for UNKNOWN, which has no layout\n")
                .beginControlFlow("switch (this)");
        for (ArmDef a : ctx.model.arms()) {
            if (!a.opaque()) {
                m.addStatement("case $L: return new $T()", ctx.armConstant(a), ctx.flyweight(a));
            }
        }
        m.addStatement("case UNKNOWN: throw new $T($S)", IllegalStateException.class, "UNKNOWN has no layout");
        m.addStatement(ctx.hasOpaqueArms() ? "default: return new $T(this)" : "default: throw new $T()",
                ctx.hasOpaqueArms() ? ctx.opaqueFlyweight() : ClassName.get(AssertionError.class));
        return m.endControlFlow().build();
    }
}
