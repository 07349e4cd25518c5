package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupDef;
import tpb.spec.model.LutDef;
import tpb.processor.write.StructWriter.Component;
import tpb.processor.write.StructWriter.Shape;
import tpb.processor.write.StructWriter.Struct;

/**
 * A struct's {@code Builder} and its {@code builder()} factory: every member starts at its natural
 * zero. The opaque record's builder starts from the arm it is given ({@code builder(Arm)}).
 */
final class StructBuilding {
    private final Ctx ctx;

    StructBuilding(Ctx ctx) {
        this.ctx = ctx;
    }

    void addTo(TypeSpec.Builder t, Struct s, List<Component> components) {
        ClassName b = s.self().nestedClass("Builder");
        MethodSpec.Builder factory = MethodSpec.methodBuilder("builder").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(b);
        if (s.shape() == Shape.OPAQUE) {
            factory.addParameter(ctx.cls("Arm"), "arm").addJavadoc("A builder of {@code arm}'s record: an opaque arm.\n")
                    .addStatement("return new Builder().arm(arm)");
        } else {
            factory.addStatement("return new Builder()");
        }
        t.addMethod(factory.build());
        t.addType(builder(s.self(), components));
    }

    private TypeSpec builder(ClassName self, List<Component> components) {
        ClassName b = self.nestedClass("Builder");
        TypeSpec.Builder t = TypeSpec.classBuilder(b).addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Starts from zero for numbers, the zero-valued constant of enums that have one, and empty names.\n");
        for (Component c : components) {
            String n = c.name();
            CodeBlock d = c.field() == null ? null : defaultValue(c.field());
            FieldSpec.Builder fs = FieldSpec.builder(c.type(), n, Modifier.PRIVATE);
            if (d != null) {
                fs.initializer(d);
            }
            t.addField(fs.build());
            t.addMethod(MethodSpec.methodBuilder(n).addModifiers(Modifier.PUBLIC).returns(b)
                    .addParameter(c.type(), n).addStatement("this.$L = $L", n, n).addStatement("return this").build());
        }
        t.addMethod(MethodSpec.methodBuilder("build").addModifiers(Modifier.PUBLIC).returns(self)
                .addStatement("return new $T($L)", self, StructWriter.args(components)).build());
        return t.build();
    }

    /** The builder's starting value of a member, or null when it has no natural zero (an enum without 0). */
    CodeBlock defaultValue(FieldDef f) {
        switch (f.kind()) {
            case GROUP: {
                GroupDef g = ctx.model.group(f.groupRef()).orElseThrow();
                boolean zero = g.fields().stream().filter(ctx::isMember).allMatch(x -> defaultValue(x) != null);
                return zero ? CodeBlock.of("$T.ZERO", ctx.type(g.name())) : null;
            }
            case CHAR:
                return CodeBlock.of("$S", "");
            case BYTES:
                return CodeBlock.of("new byte[$L]", f.size());
            default:
                break;
        }
        if (f.count() > 1) {
            return CodeBlock.of("new $T[$L]", Ctx.scalarJava(f.scalar()), f.count());
        }
        if (f.enumRef() != null) {
            EnumDef e = ctx.model.enumDef(f.enumRef()).orElseThrow();
            EnumValue zero = e.byValue(0);
            return zero == null ? null : CodeBlock.of("$T.$L", ctx.type(e.name()), Names.upperSnake(zero.name()));
        }
        if (f.lutRef() != null) {
            LutDef l = ctx.lut(f);
            for (LutDef.Entry e : l.entries()) {
                if (e.value() == 0) {
                    return CodeBlock.of("$T.$L", ctx.type(l.from()), Names.upperSnake(e.key()));
                }
            }
            return null;
        }
        return CodeBlock.of("$L", Ctx.scalarJava(f.scalar()).equals(TypeName.LONG) ? "0L" : "0");
    }
}
