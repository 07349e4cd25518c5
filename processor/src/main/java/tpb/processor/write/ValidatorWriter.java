package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.model.ArchDef;
import tpb.spec.model.ArmDef;
import tpb.spec.model.BitDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupCheck;
import tpb.spec.model.GroupDef;
import tpb.spec.model.Guard;
import tpb.spec.model.Layout;
import tpb.spec.model.Leaf;
import tpb.spec.model.ScalarType;
import tpb.spec.model.ViewDef;

/**
 * {@code Validator}: checks records against the spec (constants, reserved bytes, enum and LUT
 * values, names, group checks, guards, per-arch opcode legality) and reports structured
 * violations; never throws on bad bytes and allocates nothing for a valid record. Each arm's
 * checks are a class of their own ({@code <Arm>Checks}, package-private) that {@code Validator}
 * dispatches to: an edit of one arm then changes that class, not {@code Validator}, and the
 * build recompiles a few lines instead of every arm's checks.
 */
final class ValidatorWriter {
    private final Ctx ctx;

    ValidatorWriter(Ctx ctx) {
        this.ctx = ctx;
    }

    /** {@code Validator} first, then the arms' checks classes. */
    List<TypeSpec> write() {
        List<TypeSpec> checks = new ArrayList<>();
        TypeSpec.Builder t = TypeSpec.classBuilder(ctx.cls("Validator")).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addAnnotation(ctx.generated())
                .addJavadoc("Checks records against the spec and reports structured violations; never throws on bad bytes,\n"
                        + "and allocates nothing for a valid record.\n")
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        MethodSpec.Builder main = MethodSpec.methodBuilder("validate").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(int.class).addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addParameter(int.class, "index").addParameter(Ctx.SINK, "sink")
                .addJavadoc("Validates the record at {@code at} (record number {@code index}); returns the number of violations reported.\n")
                .addStatement("$T.room(b, at, $L)", Ctx.CHECKS, ctx.model.record().size())
                .addStatement("int n = preamble(b, at, index, sink)");
        MethodSpec.Builder archMain = MethodSpec.methodBuilder("archChecks").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(int.class).addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addParameter(int.class, "index").addParameter(ctx.cls("Arch"), "arch").addParameter(Ctx.SINK, "sink")
                .beginControlFlow("switch ($T.identify(b, at))", ctx.cls("Decoder"));
        Map<ArmDef, ClassName> plain = new HashMap<>();
        for (ArmDef a : ctx.model.arms()) {
            perArm(checks, plain, archMain, a);
        }
        t.addMethod(archMain.addStatement("default: return 0").endControlFlow().build());
        t.addMethod(generationLayouts(checks));
        t.addMethod(dispatch(main, plain).build());
        MethodSpec.Builder pre = method("preamble", Modifier.PRIVATE, Modifier.STATIC);
        for (Leaf l : Layout.fields(ctx.model, ctx.model.record().preamble(), ctx.model.record().source())) {
            // a constant some arms hold at a value of their own is checked by those arms' checks: here only on
            // other opcodes, asked after the value (the common record holds the preamble's and reads no opcode)
            CodeBlock.Builder others = CodeBlock.builder();
            for (ArmDef a : ctx.model.arms()) {
                if (a.override(l.path()) != null) {
                    others.add(" && $L != $L", DecoderWriter.readOpcode(ctx), Scalars.hex(a.opcode()));
                }
            }
            check(pre, l, others.build());
        }
        t.addMethod(pre.addStatement("return n").build());
        t.addMethod(unknown());
        t.addMethod(validateOnArch());
        t.addMethod(validateToList());
        t.addMethods(validateBuffer());
        List<TypeSpec> out = new ArrayList<>();
        out.add(t.build());
        out.addAll(checks);
        return out;
    }

    /**
     * The main switch, on the opcode itself rather than on {@code Decoder.identify}'s arm: one jump
     * per record instead of identify's switch, a call, and a second switch over the arm (a record
     * stream's opcodes are as mixed as its code, so every one of those jumps is a guess). Arms that
     * share an opcode are told apart by their sub-opcode as identify tells them; an opcode of no arm,
     * or a sub-opcode of none, goes to {@code unknown}; an arm with nothing to check adds nothing.
     */
    private MethodSpec.Builder dispatch(MethodSpec.Builder main, Map<ArmDef, ClassName> plain) {
        main.beginControlFlow("switch ($L)", DecoderWriter.readOpcode(ctx));
        DecoderWriter.opcodeCases(ctx, main, a -> armCase(a, plain), CodeBlock.of("n + unknown(b, at, index, sink)"));
        return main.addStatement("default: return n + unknown(b, at, index, sink)").endControlFlow();
    }

    private static CodeBlock armCase(ArmDef a, Map<ArmDef, ClassName> plain) {
        return plain.containsKey(a) ? CodeBlock.of("n + $T.validate(b, at, index, sink)", plain.get(a)) : CodeBlock.of("n");
    }

    /** An arm's checks class when it has anything to check, noted in {@code plain} or in the arch switch. */
    private void perArm(List<TypeSpec> checks, Map<ArmDef, ClassName> withChecks, MethodSpec.Builder archMain, ArmDef a) {
        // the preamble constants the arm holds at its own value (the shared preamble check skips them), then its fields
        List<Leaf> own = new ArrayList<>(Layout.arm(ctx.model, a).stream().filter(l -> a.override(l.path()) != null).toList());
        own.addAll(Layout.fields(ctx.model, a.fields(), a.source()));
        List<Placement> placements = placements(a);
        boolean plain = placements.stream().anyMatch(p -> p.group().checks().stream().anyMatch(c -> !c.needsArch()));
        boolean hasPlain = own.stream().anyMatch(this::checked) || !a.guards().isEmpty() || plain;
        boolean hasArch = placements.stream().anyMatch(p -> p.group().checks().stream().anyMatch(GroupCheck::needsArch));
        if (!hasPlain && !hasArch) {
            return;
        }
        ClassName cls = ctx.cls(a.name() + "Checks");
        TypeSpec.Builder t = TypeSpec.classBuilder(cls).addModifiers(Modifier.FINAL)
                .addAnnotation(ctx.generated())
                .addJavadoc("The checks {@link Validator} runs on a $L record.\n", a.name())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        if (hasPlain) {
            withChecks.put(a, cls);
            t.addMethod(armMethod(a, own, placements));
        }
        if (hasArch) {
            archMain.addStatement("case $L: return $T.validateOnArch(b, at, index, arch, sink)", ctx.armConstant(a), cls);
            MethodSpec.Builder am = MethodSpec.methodBuilder("validateOnArch").addModifiers(Modifier.STATIC).returns(int.class)
                    .addParameter(byte[].class, "b").addParameter(int.class, "at").addParameter(int.class, "index")
                    .addParameter(ctx.cls("Arch"), "arch").addParameter(Ctx.SINK, "sink").addStatement("int n = 0");
            for (Placement p : placements) {
                for (GroupCheck c : p.group().checks()) {
                    if (c.needsArch()) {
                        groupCheck(am, p, c);
                    }
                }
            }
            t.addMethod(am.addStatement("return n").build());
        }
        checks.add(t.build());
    }

    /**
     * {@code generationLayout}: for an arm the spec lays out differently on {@code arch}'s generation
     * (a view with {@code generation:}), that layout's checks — constants, reserved bytes, enums and
     * every group check, apertures included — and -1 for every other record, which the arm's own
     * checks then cover. Adds one {@code <Arm><View>Checks} class per such view to {@code checks}.
     */
    private MethodSpec generationLayouts(List<TypeSpec> checks) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("generationLayout").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(int.class).addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addParameter(int.class, "index").addParameter(ctx.cls("Arch"), "arch").addParameter(Ctx.SINK, "sink")
                .addJavadoc("The checks of the arm's layout on {@code arch}'s generation, or -1 when the arm has none of its own there.\n")
                .beginControlFlow("switch ($T.identify(b, at))", ctx.cls("Decoder"));
        for (ArmDef a : ctx.model.arms()) {
            List<ViewDef> layouts = a.views().stream().filter(v -> v.generation() != null).toList();
            if (layouts.isEmpty()) {
                continue;
            }
            m.addCode("case $L:\n", ctx.armConstant(a)).addCode("$>");
            for (ViewDef v : layouts) {
                ArchDef arch = ctx.model.archs().stream().filter(x -> x.name().equals(v.generation())).findFirst().orElseThrow();
                ClassName cls = ctx.cls(Names.pascal(a.name()) + Names.pascal(v.name()) + "Checks");
                m.beginControlFlow("if (arch.generation() == $L)", arch.generation())
                        .addStatement("return $T.validate(b, at, index, arch, sink)", cls).endControlFlow();
                checks.add(viewChecks(cls, a, v));
            }
            m.addStatement("return -1").addCode("$<");
        }
        return m.addStatement("default: return -1").endControlFlow().build();
    }

    private TypeSpec viewChecks(ClassName cls, ArmDef a, ViewDef v) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("validate").addModifiers(Modifier.STATIC).returns(int.class)
                .addParameter(byte[].class, "b").addParameter(int.class, "at").addParameter(int.class, "index")
                .addParameter(ctx.cls("Arch"), "arch").addParameter(Ctx.SINK, "sink").addStatement("int n = 0");
        for (Leaf l : Layout.fields(ctx.model, v.fields(), v.source())) {
            check(m, l);
        }
        for (Placement p : placements(v.fields())) {
            for (GroupCheck c : p.group().checks()) {
                groupCheck(m, p, c);
            }
        }
        return TypeSpec.classBuilder(cls).addModifiers(Modifier.FINAL).addAnnotation(ctx.generated())
                .addJavadoc("The checks {@link Validator} runs on a $L record on $L: the layout of view $L.$L.\n",
                        a.name(), v.generation(), a.name(), v.name())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(m.addStatement("return n").build()).build();
    }

    private MethodSpec validateOnArch() {
        ClassName opcode = ctx.type(ctx.model.opcodeEnum().name());
        return MethodSpec.methodBuilder("validate").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(int.class).addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addParameter(int.class, "index").addParameter(ctx.cls("Arch"), "arch").addParameter(Ctx.SINK, "sink")
                .addJavadoc("As {@link #validate(byte[], int, int, $T)}, plus the opcode's legality on {@code arch} and the\n"
                        + "group checks that need the arch (apertures). Where the spec gives the arm a layout of its own on\n"
                        + "{@code arch}'s generation (a view with {@code generation:}), the record is checked against that layout.\n", Ctx.SINK)
                .addStatement("$T.room(b, at, $L)", Ctx.CHECKS, ctx.model.record().size())
                .addStatement("int g = generationLayout(b, at, index, arch, sink)")
                .addStatement("int n = g < 0 ? validate(b, at, index, sink) : preamble(b, at, index, sink) + g")
                .addStatement("int op = (int) $L", DecoderWriter.readOpcode(ctx))
                .beginControlFlow("if (!arch.isLegalOpcode(op))")
                .addStatement("$T name = $T.fromValue(op)", opcode, opcode)
                .addStatement("sink.report(index, $S, $L, $S, $S + $T.toHexString(op) + (name == null ? $S : $S + name.specName() + $S) + $S + arch.name())",
                        "opcode", ctx.model.record().opcodeAt(), "arch", "opcode 0x", Integer.class, "", " (", ")", " is not legal on ")
                .addStatement("n++").endControlFlow()
                .addStatement("return g < 0 ? n + archChecks(b, at, index, arch, sink) : n").build();
    }

    /** The three entry points over any ByteBuffer's record, through a copy of its bytes (not of the buffer). */
    private List<MethodSpec> validateBuffer() {
        int size = ctx.model.record().size();
        String copy = "the record at {@code index} of any buffer (read-only, direct or a mapped file): its " + size
                + " bytes are\ncopied into an array, the buffer never; its position is not used.\n";
        ClassName buffer = ClassName.get(java.nio.ByteBuffer.class);
        return List.of(
                MethodSpec.methodBuilder("validate").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(int.class)
                        .addParameter(buffer, "b").addParameter(int.class, "index").addParameter(int.class, "recordIndex")
                        .addParameter(Ctx.SINK, "sink")
                        .addJavadoc("As {@link #validate(byte[], int, int, $T)}, " + copy, Ctx.SINK)
                        .addStatement("return validate($T.record(b, index, $L), 0, recordIndex, sink)", Ctx.MEMORY, size).build(),
                MethodSpec.methodBuilder("validate").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(int.class)
                        .addParameter(buffer, "b").addParameter(int.class, "index").addParameter(int.class, "recordIndex")
                        .addParameter(ctx.cls("Arch"), "arch").addParameter(Ctx.SINK, "sink")
                        .addJavadoc("As {@link #validate(byte[], int, int, Arch, $T)}, " + copy, Ctx.SINK)
                        .addStatement("return validate($T.record(b, index, $L), 0, recordIndex, arch, sink)", Ctx.MEMORY, size).build(),
                MethodSpec.methodBuilder("validate").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(ParameterizedTypeName.get(ClassName.get(List.class), Ctx.VIOLATION))
                        .addParameter(buffer, "b").addParameter(int.class, "index")
                        .addJavadoc("As {@link #validate(byte[], int)}, " + copy)
                        .addStatement("return validate($T.record(b, index, $L), 0)", Ctx.MEMORY, size).build());
    }

    private MethodSpec validateToList() {
        return MethodSpec.methodBuilder("validate").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(ParameterizedTypeName.get(ClassName.get(List.class), Ctx.VIOLATION))
                .addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addJavadoc("Convenience: the violations of one record as a list (record index 0).\n")
                .addStatement("$T<$T> out = new $T<>()", List.class, Ctx.VIOLATION, ArrayList.class)
                .addStatement("validate(b, at, 0, $T.into(out))", Ctx.SINK)
                .addStatement("return out").build();
    }

    private MethodSpec.Builder method(String name, Modifier... modifiers) {
        return MethodSpec.methodBuilder(name).addModifiers(modifiers).returns(int.class)
                .addParameter(byte[].class, "b").addParameter(int.class, "at").addParameter(int.class, "index")
                .addParameter(Ctx.SINK, "sink").addStatement("int n = 0");
    }

    private boolean checked(Leaf l) {
        FieldDef f = l.def();
        return f.isConst() || f.reserved() || f.enumRef() != null && !ctx.isOpcodeField(f) || f.lutRef() != null
                || f.kind() == FieldDef.Kind.CHAR;
    }

    /** Where a group with checks sits in an arm: its dotted path and absolute offset. */
    record Placement(String path, int offset, GroupDef group) {}

    private List<Placement> placements(ArmDef a) {
        return placements(a.fields());
    }

    private List<Placement> placements(List<FieldDef> fields) {
        List<FieldDef> all = new ArrayList<>(ctx.model.record().preamble());
        all.addAll(fields);
        List<Placement> out = new ArrayList<>();
        collect(all, 0, "", out);
        return out;
    }

    private void collect(List<FieldDef> fields, int base, String prefix, List<Placement> out) {
        for (FieldDef f : fields) {
            if (f.kind() == FieldDef.Kind.GROUP) {
                GroupDef g = ctx.model.group(f.groupRef()).orElseThrow();
                if (!g.checks().isEmpty()) {
                    out.add(new Placement(prefix + f.name(), base + f.at(), g));
                }
                collect(g.fields(), base + f.at(), prefix + f.name() + ".", out);
            }
        }
    }

    /** The value of a term's field or bit field, as a long expression. */
    private CodeBlock termValue(Placement p, GroupCheck.Term term) {
        String[] parts = term.path().split("\\.");
        FieldDef f = p.group().fields().stream().filter(x -> x.name().equals(parts[0])).findFirst().orElseThrow();
        CodeBlock raw = CodeBlock.of("(long) $L", Scalars.read(ctx.endian, f.scalar(), "b", Scalars.at("at", p.offset() + f.at())));
        if (parts.length == 1) {
            return raw;
        }
        BitDef bit = f.bits().stream().filter(x -> x.name().equals(parts[1])).findFirst().orElseThrow();
        long mask = bit.width() == 64 ? -1L : (1L << bit.width()) - 1;
        return CodeBlock.of("(($L >>> $L) & $LL)", raw, bit.lsb(), Scalars.hex(mask));
    }

    private CodeBlock termTest(Placement p, GroupCheck.Term term) {
        CodeBlock v = termValue(p, term);
        return switch (term.op()) {
            case EQUALS -> CodeBlock.of("$L == $LL", v, Scalars.hex(term.value()));
            case BELOW -> CodeBlock.of("$L < $LL", v, Scalars.hex(term.value()));
            case IN_APERTURE -> CodeBlock.of("arch.inAperture($L)", v);
        };
    }

    private void groupCheck(MethodSpec.Builder m, Placement p, GroupCheck c) {
        CodeBlock.Builder when = CodeBlock.builder();
        for (int i = 0; i < c.when().size(); i++) {
            when.add(i == 0 ? "$L" : " && $L", termTest(p, c.when().get(i)));
        }
        CodeBlock.Builder require = CodeBlock.builder();
        for (int i = 0; i < c.require().size(); i++) {
            require.add(i == 0 ? "$L" : " && $L", termTest(p, c.require().get(i)));
        }
        String field = p.path() + "." + c.require().get(0).path().split("\\.")[0];
        FieldDef f = p.group().fields().stream().filter(x -> x.name().equals(c.require().get(0).path().split("\\.")[0]))
                .findFirst().orElseThrow();
        if (!c.when().isEmpty()) {
            m.beginControlFlow("if ($L)", when.build());
        }
        m.beginControlFlow("if (!($L))", require.build())
                .addStatement("sink.report(index, $S, $L, $S, $S)", field, p.offset() + f.at(), c.name(), c.message())
                .addStatement("n++").endControlFlow();
        if (!c.when().isEmpty()) {
            m.endControlFlow();
        }
    }

    private MethodSpec armMethod(ArmDef a, List<Leaf> own, List<Placement> placements) {
        MethodSpec.Builder m = method("validate", Modifier.STATIC);
        for (Leaf l : own) {
            check(m, l);
        }
        for (Placement p : placements) {
            for (GroupCheck c : p.group().checks()) {
                if (!c.needsArch()) {
                    groupCheck(m, p, c);
                }
            }
        }
        List<Leaf> all = Layout.arm(ctx.model, a);
        for (int gi = 0; gi < a.guards().size(); gi++) {
            guard(m, all, a.guards().get(gi), "v" + gi);
        }
        return m.addStatement("return n").build();
    }

    /**
     * One guard: its term read into {@code v} (a long), then the rule tested and reported as rule
     * {@code guard} at the term's field, with the source's message.
     */
    private void guard(MethodSpec.Builder m, List<Leaf> all, Guard g, String v) {
        Leaf target = Layout.find(all, g.leafPath());
        if (target == null) {
            return;
        }
        CodeBlock.Builder cond = CodeBlock.builder();
        if (g.atMost() != null) {
            cond.add("$T.compareUnsigned($L, $L) > 0", Long.class, v, Scalars.hex(g.atMost()) + "L");
        } else if (g.sameAs() != null) {
            Leaf other = Layout.find(all, g.sameAsLeafPath());
            BitDef otherBit = g.sameAsBit() == null ? null
                    : other.def().bits().stream().filter(x -> x.name().equals(g.sameAsBit())).findFirst().orElseThrow();
            cond.add("$L != $L", v, term(other, g.sameAsProduct(), otherBit));
        }
        for (int i = 0; i < g.allowed().size(); i++) {
            cond.add(i == 0 ? "$L != $L" : " && $L != $L", v, Scalars.hex(g.allowed().get(i)) + "L");
        }
        if (!g.when().isEmpty()) {
            CodeBlock.Builder when = CodeBlock.builder();
            for (int i = 0; i < g.when().size(); i++) {
                Guard.Condition c = g.when().get(i);
                Leaf w = Layout.find(all, c.leafPath());
                BitDef wBit = c.bit() == null ? null
                        : w.def().bits().stream().filter(x -> x.name().equals(c.bit())).findFirst().orElseThrow();
                when.add(i == 0 ? "$L $L $LL" : " && $L $L $LL", term(w, false, wBit), c.not() ? "!=" : "==", Scalars.hex(c.equals()));
            }
            m.beginControlFlow("if ($L)", when.build());
        }
        BitDef bit = g.bit() == null ? null
                : target.def().bits().stream().filter(x -> x.name().equals(g.bit())).findFirst().orElseThrow();
        m.addStatement("long $L = $L", v, term(target, g.fieldProduct(), bit));
        m.beginControlFlow("if ($L)", cond.build())
                .addStatement("sink.report(index, $S, $L, $S, $S)", g.fieldText(), target.offset(), "guard", g.message())
                .addStatement("n++").endControlFlow();
        if (!g.when().isEmpty()) {
            m.endControlFlow();
        }
    }

    /**
     * A guard's term as a long expression: the field, its bit run {@code bit} (shifted down), or with
     * {@code product} the product of the array's elements (each read as its type, multiplied as longs).
     */
    private CodeBlock term(Leaf l, boolean product, BitDef bit) {
        FieldDef f = l.def();
        if (product) {
            CodeBlock.Builder p = CodeBlock.builder().add("(long) ");
            for (int i = 0; i < f.count(); i++) {
                p.add(i == 0 ? "$L" : " * $L", Scalars.read(ctx.endian, f.scalar(), "b", Scalars.at("at", l.offset() + i * f.size())));
            }
            return p.build();
        }
        CodeBlock read = Scalars.read(ctx.endian, f.scalar(), "b", Scalars.at("at", l.offset()));
        if (bit == null) {
            return read;
        }
        return CodeBlock.of("(($L >>> $L) & $L)", read, bit.lsb(), Scalars.hex((bit.mask() >>> bit.lsb())));
    }

    /** The per-leaf checks: constants, reserved bytes, enum and LUT values, NUL-terminated names. */
    private void check(MethodSpec.Builder m, Leaf l) {
        check(m, l, CodeBlock.of(""));
    }

    /** As {@link #check(MethodSpec.Builder, Leaf)}, a constant reported only when {@code alsoConst} (" && …") holds too. */
    private void check(MethodSpec.Builder m, Leaf l, CodeBlock alsoConst) {
        FieldDef f = l.def();
        CodeBlock at = Scalars.at("at", l.offset());
        String p = l.path();
        int off = l.offset();
        if (ctx.isOpcodeField(f)) {
            return;
        }
        if (f.isConst()) {
            CodeBlock read = Scalars.read(ctx.endian, f.scalar(), "b", at);
            m.beginControlFlow("if ($L != $L$L)", read, Scalars.literal(f.scalar(), f.constValue()), alsoConst)
                    .addStatement("sink.report(index, $S, $L, $S, $S + $L)", p, off, "const", "expected " + Names.hex(f.constValue()) + ", found ", read)
                    .addStatement("n++").endControlFlow();
        } else if (f.reserved()) {
            m.beginControlFlow("if ($L)", notZero(l.offset(), f.width()))
                    .addStatement("sink.report(index, $S, $L, $S, $S)", p, off, "reserved", "reserved bytes must be zero")
                    .addStatement("n++").endControlFlow();
        } else if (f.enumRef() != null) {
            CodeBlock read = Scalars.read(ctx.endian, f.scalar(), "b", at);
            m.beginControlFlow("if ($L)", notAValue(f.enumRef(), f.scalar(), read))
                    .addStatement("sink.report(index, $S, $L, $S, $L + $S)", p, off, "enum", read, " is not a value of " + f.enumRef())
                    .addStatement("n++").endControlFlow();
        } else if (f.lutRef() != null) {
            CodeBlock read = Scalars.read(ctx.endian, f.scalar(), "b", at);
            m.beginControlFlow("if (!$T.isWire($L))", ctx.type(f.lutRef()), read)
                    .addStatement("sink.report(index, $S, $L, $S, $S + $T.toHexString((int) $L) + $S)", p, off, "lut", "0x",
                            Long.class, read, " is not a wire value of " + f.lutRef())
                    .addStatement("n++").endControlFlow();
        } else if (f.kind() == FieldDef.Kind.CHAR) {
            m.beginControlFlow("if (!$T.wellFormed(b, $L, $L, $L))", Ctx.CHARS, at, f.size(), f.nulOptional())
                    .addStatement("sink.report(index, $S, $L, $S, $S)", p, off, "chars",
                            "not a " + (f.nulOptional() ? "NUL-terminated or full" : "NUL-terminated") + " printable ASCII name")
                    .addStatement("n++").endControlFlow();
        }
    }

    /**
     * Are any of the {@code width} bytes at {@code offset} set? The bytes ORed a word at a time,
     * eight where the run has them, then four, two and one: straight-line loads and no loop, since
     * the run's place and length are the spec's and known here.
     */
    private CodeBlock notZero(int offset, int width) {
        CodeBlock.Builder or = CodeBlock.builder().add("(");
        int at = offset;
        int end = offset + width;
        for (ScalarType t : new ScalarType[] {ScalarType.U64, ScalarType.I32, ScalarType.I16, ScalarType.I8}) {
            while (end - at >= t.width) {
                or.add(at == offset ? "$L" : " | $L", Scalars.read(ctx.endian, t, "b", Scalars.at("at", at)));
                at += t.width;
            }
        }
        return or.add(") != 0").build();
    }

    /**
     * Is {@code read} not a value of enum {@code name}? For an enum whose values all lie in 0..63, a
     * test of one bit of a mask of its values (no table load); otherwise its {@code fromValue}.
     */
    private CodeBlock notAValue(String name, ScalarType type, CodeBlock read) {
        EnumDef e = ctx.model.enumDef(name).orElseThrow();
        long mask = 0;
        for (EnumValue v : e.values()) {
            if (v.value() < 0 || v.value() >= Long.SIZE) {
                return CodeBlock.of("$T.fromValue($L) == null", ctx.type(name), read);
            }
            mask |= 1L << v.value();
        }
        // bit v of the mask is set when v is a value; a read outside 0..63 is none
        // in the read's own width: an int read needs no widening to test its high bits
        String high = Ctx.scalarJava(type).equals(TypeName.LONG) ? "~0x3FL" : "~0x3F";
        return CodeBlock.of("(($L) & $L) != 0 || ($LL >>> ($L) & 1) == 0", read, high, Scalars.hex(mask), read);
    }

    private MethodSpec unknown() {
        EnumDef op = ctx.model.opcodeEnum();
        MethodSpec.Builder m = method("unknown", Modifier.PRIVATE, Modifier.STATIC);
        m.addStatement("int op = (int) $L", DecoderWriter.readOpcode(ctx));
        m.beginControlFlow("if ($T.fromValue(op) == null)", ctx.type(op.name()))
                .addStatement("sink.report(index, $S, $L, $S, $S + $T.toHexString(op) + $S)", "opcode", ctx.model.record().opcodeAt(),
                        "opcode", "0x", Integer.class, " is not a value of " + op.name())
                .addStatement("return 1").endControlFlow();
        for (Map.Entry<Long, List<ArmDef>> e : ctx.model.armsByOpcode().entrySet()) {
            ArmDef first = e.getValue().get(0);
            if (first.select() == null) {
                continue;
            }
            m.beginControlFlow("if (op == $L)", Scalars.hex(e.getKey()))
                    .addStatement("sink.report(index, $S, $L, $S, $S + $L + $S)", "select", first.select().at(), "select", "sub-opcode ",
                            Scalars.read(ctx.endian, first.select().type(), "b", Scalars.at("at", first.select().at())),
                            " at +" + Scalars.hex(first.select().at()) + " selects no arm of " + first.opcodeName())
                    .addStatement("return 1").endControlFlow();
        }
        m.addStatement("sink.report(index, $S, $L, $S, $S)", "opcode", ctx.model.record().opcodeAt(), "opcode", "no arm");
        return m.addStatement("return 1").build();
    }
}
