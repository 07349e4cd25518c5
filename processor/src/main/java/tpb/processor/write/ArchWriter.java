package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.model.ArchDef;

/**
 * Arch profiles as an enum. The legal opcode set is computed at class load from the opcode enum's
 * generations and tags — the same rule the checker proved equal to the validator bit masks — so
 * no opcode list is written twice.
 */
final class ArchWriter {
    private ArchWriter() {}

    static TypeSpec write(Ctx ctx) {
        ClassName self = ctx.cls("Arch");
        ClassName opcode = ctx.type(ctx.model.record().opcodeEnum());
        TypeSpec.Builder t = TypeSpec.enumBuilder(self).addModifiers(Modifier.PUBLIC).addAnnotation(ctx.generated())
                .addJavadoc("Per-generation profiles of $L: legal opcodes, constants and address apertures.\n", ctx.model.name());
        List<String> constantNames = new ArrayList<>();
        if (!ctx.model.archs().isEmpty()) {
            ctx.model.archs().get(0).constants().forEach(c -> constantNames.add(c.name()));
        }
        for (ArchDef a : ctx.model.archs()) {
            t.addEnumConstant(Names.upperSnake(a.name()), profile(ctx, a, constantNames));
        }
        fieldsAndConstructor(ctx, t, opcode, constantNames);
        accessors(ctx, t, self);
        return t.build();
    }

    /** One profile constant: generation, names, excluded tags, apertures, terminators, no_encoder, constants. */
    private static TypeSpec profile(Ctx ctx, ArchDef a, List<String> constantNames) {
        CodeBlock.Builder args = CodeBlock.builder().add("$L, new String[] {", a.generation());
        List<String> known = a.knownNames();
        for (int i = 0; i < known.size(); i++) {
            args.add(i == 0 ? "$S" : ", $S", known.get(i));
        }
        args.add("}, new String[] {");
        for (int i = 0; i < a.excludeTags().size(); i++) {
            args.add(i == 0 ? "$S" : ", $S", a.excludeTags().get(i));
        }
        args.add("}, $T.of(", List.class);
        for (int i = 0; i < a.apertures().size(); i++) {
            ArchDef.Aperture ap = a.apertures().get(i);
            args.add(i == 0 ? "new $T($S, $LL, $LL)" : ", new $T($S, $LL, $LL)", Ctx.APERTURE, ap.name(), Names.hex(ap.base()),
                    Names.hex(ap.size()));
        }
        args.add("), $T.of(", List.class);
        for (int i = 0; i < a.terminators().size(); i++) {
            args.add(i == 0 ? "$T.$L" : ", $T.$L", ctx.cls("Arm"), Names.upperSnake(a.terminators().get(i)));
        }
        args.add("), $T.of(", List.class);
        for (int i = 0; i < a.noEncoder().size(); i++) {
            args.add(i == 0 ? "$T.$L" : ", $T.$L", ctx.cls("Arm"), Names.upperSnake(a.noEncoder().get(i)));
        }
        args.add("), $S", a.noEncoderSource() == null ? "" : a.noEncoderSource().ref() + " (" + a.noEncoderSource().confidence() + ")");
        for (String cn : constantNames) {
            ArchDef.Constant c = a.constants().stream().filter(x -> x.name().equals(cn)).findFirst().orElseThrow();
            args.add(", $LL", c.value());
        }
        TypeSpec.Builder c = TypeSpec.anonymousClassBuilder(args.build())
                .addJavadoc("$L: generation $L. Source: $L ($L).\n", a.name(), a.generation(), a.source().ref(), a.source().confidence());
        for (ArchDef.Constant k : a.constants()) {
            c.addJavadoc("<br>$L = $L: $L ($L).\n", k.name(), k.value(), k.source().ref(), k.source().confidence());
        }
        return c.build();
    }

    /** The profile's fields and its constructor, which computes the legal opcodes from the opcode enum. */
    private static void fieldsAndConstructor(Ctx ctx, TypeSpec.Builder t, ClassName opcode, List<String> constantNames) {
        t.addField(int.class, "generation", Modifier.PRIVATE, Modifier.FINAL);
        t.addField(String[].class, "aliases", Modifier.PRIVATE, Modifier.FINAL);
        t.addField(boolean[].class, "legal", Modifier.PRIVATE, Modifier.FINAL);
        t.addField(ParameterizedTypeName.get(ClassName.get(List.class), Ctx.APERTURE), "apertures", Modifier.PRIVATE, Modifier.FINAL);
        t.addField(ParameterizedTypeName.get(ClassName.get(List.class), ctx.cls("Arm")), "terminators", Modifier.PRIVATE, Modifier.FINAL);
        t.addField(ParameterizedTypeName.get(ClassName.get(List.class), ctx.cls("Arm")), "noEncoder", Modifier.PRIVATE, Modifier.FINAL);
        t.addField(String.class, "noEncoderSource", Modifier.PRIVATE, Modifier.FINAL);
        MethodSpec.Builder ctor = MethodSpec.constructorBuilder()
                .addParameter(int.class, "generation").addParameter(String[].class, "aliases")
                .addParameter(String[].class, "excludeTags")
                .addParameter(ParameterizedTypeName.get(ClassName.get(List.class), Ctx.APERTURE), "apertures")
                .addParameter(ParameterizedTypeName.get(ClassName.get(List.class), ctx.cls("Arm")), "terminators")
                .addParameter(ParameterizedTypeName.get(ClassName.get(List.class), ctx.cls("Arm")), "noEncoder")
                .addParameter(String.class, "noEncoderSource")
                .addStatement("this.noEncoder = noEncoder").addStatement("this.noEncoderSource = noEncoderSource")
                .addStatement("this.generation = generation").addStatement("this.aliases = aliases")
                .addStatement("this.apertures = apertures").addStatement("this.terminators = terminators")
                // one slot per value of the spec's opcode field (IsaModel.opcodeValues: 2^(8 x width))
                .addStatement("this.legal = new boolean[$L]", ctx.model.opcodeValues())
                .beginControlFlow("outer: for ($T op : $T.values())", opcode, opcode)
                .beginControlFlow("for (String tag : excludeTags)")
                .beginControlFlow("if (op.hasTag(tag))").addStatement("continue outer").endControlFlow()
                .endControlFlow()
                .beginControlFlow("if (op.livesIn(generation) && op.value() >= 0)")
                .addStatement("legal[(int) op.value()] = true").endControlFlow()
                .endControlFlow();
        for (String cn : constantNames) {
            String jn = Names.camel(cn);
            t.addField(long.class, jn, Modifier.PRIVATE, Modifier.FINAL);
            ctor.addParameter(long.class, jn).addStatement("this.$L = $L", jn, jn);
            t.addMethod(MethodSpec.methodBuilder(jn).addModifiers(Modifier.PUBLIC).returns(long.class)
                    .addJavadoc("The spec constant {@code $L}.\n", cn).addStatement("return $L", jn).build());
        }
        t.addMethod(ctor.build());
    }

    private static void accessors(Ctx ctx, TypeSpec.Builder t, ClassName self) {
        t.addMethod(MethodSpec.methodBuilder("generation").addModifiers(Modifier.PUBLIC).returns(int.class)
                .addStatement("return generation").build());
        t.addMethod(MethodSpec.methodBuilder("aliases").addModifiers(Modifier.PUBLIC)
                .addJavadoc("The names this profile answers to besides its own: the spec's aliases, then its internal, runtime and marketed names.\n")
                .returns(ParameterizedTypeName.get(List.class, String.class)).addStatement("return $T.of(aliases)", List.class).build());
        t.addMethod(MethodSpec.methodBuilder("apertures").addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassName.get(List.class), Ctx.APERTURE)).addStatement("return apertures").build());
        t.addMethod(MethodSpec.methodBuilder("inAperture").addModifiers(Modifier.PUBLIC).returns(boolean.class)
                .addParameter(long.class, "address")
                .addJavadoc("Whether {@code address} lies in one of this profile's apertures.\n")
                .beginControlFlow("for (int i = 0, n = apertures.size(); i < n; i++)")
                .beginControlFlow("if (apertures.get(i).contains(address))").addStatement("return true").endControlFlow()
                .endControlFlow().addStatement("return false").build());
        t.addMethod(MethodSpec.methodBuilder("terminators").addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassName.get(List.class), ctx.cls("Arm")))
                .addJavadoc("The arms a stream may end with on this profile.\n").addStatement("return terminators").build());
        t.addMethod(MethodSpec.methodBuilder("hasEncoder").addModifiers(Modifier.PUBLIC).returns(boolean.class)
                .addParameter(ctx.cls("Arm"), "arm")
                .addJavadoc("Whether this generation's compiler can emit {@code arm} (the spec's no_encoder list; the opcode may still be\n"
                        + "legal in the generation's header enum).\n")
                .addStatement("return !noEncoder.contains(arm)").build());
        t.addMethod(MethodSpec.methodBuilder("noEncoderSource").addModifiers(Modifier.PUBLIC).returns(String.class)
                .addJavadoc("Where the no_encoder list comes from, with its confidence (empty when the list is).\n")
                .addStatement("return noEncoderSource").build());
        t.addMethod(MethodSpec.methodBuilder("isLegalOpcode").addModifiers(Modifier.PUBLIC).returns(boolean.class)
                .addParameter(int.class, "opcode")
                .addStatement("return opcode >= 0 && opcode < legal.length && legal[opcode]").build());
        t.addMethod(MethodSpec.methodBuilder("byName").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(self)
                .addParameter(String.class, "name")
                .addJavadoc("The profile named {@code name} or one of its aliases, ignoring case; null when none.\n")
                .beginControlFlow("for ($T a : values())", self)
                .beginControlFlow("if (a.name().equalsIgnoreCase(name))").addStatement("return a").endControlFlow()
                .beginControlFlow("for (String alias : a.aliases)")
                .beginControlFlow("if (alias.equalsIgnoreCase(name))").addStatement("return a").endControlFlow()
                .endControlFlow().endControlFlow().addStatement("return null").build());
    }
}
