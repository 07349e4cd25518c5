package tpb.processor.write;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.LutDef;
import tpb.spec.model.Subset;

/**
 * A spec enum as a Java enum: each constant knows its spec value ("ordinal" in the sources), its
 * spec name, its wire value (its own value, or through the enum's wire LUT), generations and tags.
 */
final class EnumWriter {
    private EnumWriter() {}

    static TypeSpec write(Ctx ctx, EnumDef e) {
        ClassName self = ctx.type(e.name());
        TypeName vt = Ctx.scalarJava(e.type());
        TypeSpec.Builder t = TypeSpec.enumBuilder(self)
                .addModifiers(Modifier.PUBLIC)
                .addAnnotation(ctx.generated())
                .addJavadoc("$L\n\n<p>Source: $L ($L).\n", e.doc() == null ? "Enum " + e.name() + "." : e.doc(),
                        e.source().ref(), e.source().confidence());
        for (EnumValue v : e.values()) {
            TypeSpec.Builder c = TypeSpec.anonymousClassBuilder("$L, $S, $L, $L, $L",
                    Scalars.literal(e.type(), v.value()), v.name(),
                    v.since() == null ? "0" : v.since(), v.until() == null ? "Integer.MAX_VALUE" : v.until(),
                    v.tags().isEmpty() ? "new String[0]" : CodeBlock.of("new String[] {$L}",
                            v.tags().stream().map(s -> CodeBlock.of("$S", s).toString()).collect(Collectors.joining(", "))));
            c.addJavadoc("$L = $L$L. Source: $L ($L).\n", v.name(), Names.hex(v.value()),
                    v.doc() == null ? "" : ": " + v.doc(), v.source().ref(), v.source().confidence());
            t.addEnumConstant(Names.upperSnake(v.name()), c.build());
        }
        t.addField(vt, "value", Modifier.PRIVATE, Modifier.FINAL);
        t.addField(String.class, "specName", Modifier.PRIVATE, Modifier.FINAL);
        t.addField(int.class, "since", Modifier.PRIVATE, Modifier.FINAL);
        t.addField(int.class, "until", Modifier.PRIVATE, Modifier.FINAL);
        t.addField(ArrayTypeName.of(String.class), "tags", Modifier.PRIVATE, Modifier.FINAL);
        t.addMethod(MethodSpec.constructorBuilder()
                .addParameter(vt, "value").addParameter(String.class, "specName")
                .addParameter(int.class, "since").addParameter(int.class, "until")
                .addParameter(ArrayTypeName.of(String.class), "tags")
                .addStatement("this.value = value").addStatement("this.specName = specName")
                .addStatement("this.since = since").addStatement("this.until = until")
                .addStatement("this.tags = tags").build());
        t.addMethod(MethodSpec.methodBuilder("value").addModifiers(Modifier.PUBLIC).returns(vt)
                .addJavadoc("The spec value (the sources' ordinal).\n").addStatement("return value").build());
        t.addMethod(MethodSpec.methodBuilder("specName").addModifiers(Modifier.PUBLIC).returns(String.class)
                .addJavadoc("The name as the spec and the sources spell it.\n").addStatement("return specName").build());
        t.addMethod(MethodSpec.methodBuilder("livesIn").addModifiers(Modifier.PUBLIC).returns(boolean.class)
                .addParameter(int.class, "generation")
                .addJavadoc("Whether this value exists in the given generation.\n")
                .addStatement("return since <= generation && generation <= until").build());
        t.addMethod(MethodSpec.methodBuilder("hasTag").addModifiers(Modifier.PUBLIC).returns(boolean.class)
                .addParameter(String.class, "tag")
                .beginControlFlow("for (String t : tags)")
                .beginControlFlow("if (t.equals(tag))").addStatement("return true").endControlFlow()
                .endControlFlow()
                .addStatement("return false").build());
        lookup(t, self, e);
        t.addMethod(wire(ctx, e, vt));
        subsets(t, e);
        return t.build();
    }

    /** {@code wire()}: the spec value itself, or the value through the enum's wire LUT. */
    private static MethodSpec wire(Ctx ctx, EnumDef e, TypeName vt) {
        LutDef wire = e.wireLut() == null ? null : ctx.model.lut(e.wireLut()).orElse(null);
        MethodSpec.Builder w = MethodSpec.methodBuilder("wire").addModifiers(Modifier.PUBLIC);
        if (wire == null) {
            w.returns(vt).addJavadoc("The wire value: the spec value itself.\n").addStatement("return value");
        } else if (wire.toScalar() != null) {
            w.returns(Ctx.scalarJava(wire.toScalar()))
                    .addJavadoc("The wire value through {@link $T}.\n\n@throws $T for a FATAL arm\n", ctx.type(wire.name()), Ctx.FATAL)
                    .addStatement("return $T.encode(this)", ctx.type(wire.name()));
        } else {
            w.returns(ctx.type(wire.toEnum()))
                    .addJavadoc("The wire value through {@link $T}.\n\n@throws $T for a FATAL arm\n", ctx.type(wire.name()), Ctx.FATAL)
                    .addStatement("return $T.map(this)", ctx.type(wire.name()));
        }
        return w.build();
    }

    /** {@code isX()} per subset: a bit test of the spec's mask. */
    private static void subsets(TypeSpec.Builder t, EnumDef e) {
        for (Subset s : e.subsets()) {
            t.addMethod(MethodSpec.methodBuilder("is" + Names.pascal(s.name())).addModifiers(Modifier.PUBLIC)
                    .returns(boolean.class)
                    .addJavadoc("Membership of subset $L (mask $L). Source: $L ($L).\n", s.name(), Names.hex(s.mask()),
                            s.source().ref(), s.source().confidence())
                    // the mask's highest member bounds the shift: no word width is assumed
                    .addStatement("return value >= 0 && value < $L && ($LL >>> value & 1) != 0",
                            Long.SIZE - Long.numberOfLeadingZeros(s.mask()), Names.hex(s.mask())).build());
        }
    }

    /** fromValue (null for a value outside the enum) and fromName; a table when values are small. */
    private static void lookup(TypeSpec.Builder t, ClassName self, EnumDef e) {
        long max = e.values().stream().mapToLong(EnumValue::value).max().orElse(0);
        long min = e.values().stream().mapToLong(EnumValue::value).min().orElse(0);
        MethodSpec.Builder from = MethodSpec.methodBuilder("fromValue").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self).addParameter(long.class, "value")
                .addJavadoc("The constant with this spec value, or null when none has it.\n");
        if (min >= 0 && max < 4096) {
            t.addField(FieldSpec.builder(ArrayTypeName.of(self), "BY_VALUE", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("new $T[$L]", self, max + 1).build());
            t.addStaticBlock(CodeBlock.builder()
                    .beginControlFlow("for ($T c : values())", self)
                    .addStatement("BY_VALUE[(int) c.value] = c")
                    .endControlFlow().build());
            from.addStatement("return value >= 0 && value < BY_VALUE.length ? BY_VALUE[(int) value] : null");
        } else {
            from.beginControlFlow("for ($T c : values())", self)
                    .beginControlFlow("if (c.value == value)").addStatement("return c").endControlFlow()
                    .endControlFlow().addStatement("return null");
        }
        t.addMethod(from.build());
        // the names as written first, by hash (an assembler looks up a name per operand): the loop, which ignores case, only after
        ParameterizedTypeName byName = ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class), self);
        t.addField(FieldSpec.builder(byName, "BY_NAME", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T<>()", HashMap.class).build());
        t.addStaticBlock(CodeBlock.builder()
                .beginControlFlow("for ($T c : values())", self)
                .addStatement("BY_NAME.put(c.specName, c)")
                .addStatement("BY_NAME.put(c.name(), c)")
                .endControlFlow().build());
        t.addMethod(MethodSpec.methodBuilder("fromName").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self).addParameter(String.class, "name")
                .addJavadoc("The constant whose spec name or Java name is {@code name} (ignoring case: the checker keeps them distinct), or null.\n")
                .addStatement("$T exact = BY_NAME.get(name)", self)
                .beginControlFlow("if (exact != null)").addStatement("return exact").endControlFlow()
                .beginControlFlow("for ($T c : values())", self)
                .beginControlFlow("if (c.specName.equalsIgnoreCase(name) || c.name().equalsIgnoreCase(name))").addStatement("return c").endControlFlow()
                .endControlFlow().addStatement("return null").build());
    }
}
