package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.model.ArmDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.BitDef;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupCheck;
import tpb.spec.model.GroupDef;
import tpb.spec.model.Guard;
import tpb.spec.model.Layout;
import tpb.spec.model.Leaf;

/**
 * The types that tie the arms together: the {@code Arm} catalogue, the sealed {@code Instruction}
 * interface and its visitor, {@code RawRecord} for bytes no arm can hold, the {@code Decoder}
 * that dispatches on opcode and sub-opcode, and the {@code Validator}.
 */
final class DispatchWriter {
    private final Ctx ctx;
    private final ClassName arm;
    private final ClassName instruction;
    private final ClassName visitor;
    private final ClassName raw;

    DispatchWriter(Ctx ctx) {
        this.ctx = ctx;
        this.arm = ctx.cls("Arm");
        this.instruction = ctx.cls("Instruction");
        this.visitor = ctx.cls("InstructionVisitor");
        this.raw = ctx.cls("RawRecord");
    }

    TypeSpec armEnum() {
        TypeSpec.Builder t = TypeSpec.enumBuilder(arm).addModifiers(Modifier.PUBLIC).addAnnotation(ctx.generated())
                .addJavadoc("Every union arm of the $L record, plus UNKNOWN for bytes that select none.\n", ctx.model.name());
        for (ArmDef a : ctx.model.arms()) {
            String select = a.select() == null ? null
                    : String.format("+0x%02X=%s", a.select().at(), a.select().otherwise() ? "*" : a.select().equals());
            tpb.spec.Syntax syntax = a.syntax() == null ? tpb.spec.Syntax.defaultFor(a.name()) : tpb.spec.Syntax.parse(a.syntax());
            String syntaxLine = a.syntax() == null ? syntax.prefix() : a.syntax();
            t.addEnumConstant(ctx.armConstant(a), TypeSpec.anonymousClassBuilder("$S, $L, $S, $S, $S, $L, $S, $S, $S, $L, $L, $LL", a.name(),
                    Scalars.hex(a.opcode()), select, a.struct(), a.engine(), a.opaque(), a.source().confidence().name(), a.source().ref(),
                    syntaxLine, a.select() == null ? -1 : a.select().at(), a.select() == null ? 0 : a.select().type().width,
                    a.select() == null || a.select().otherwise() ? -1 : a.select().equals())
                    .addJavadoc("$L: opcode $L ($L)$L.\n", a.name(), Names.hex(a.opcode()), a.opcodeName(),
                            a.select() == null ? "" : a.select().otherwise() ? ", sub-opcode otherwise" : ", sub-opcode " + a.select().equals())
                    .build());
        }
        t.addEnumConstant("UNKNOWN", TypeSpec.anonymousClassBuilder("$S, -1, null, null, null, true, null, null, null, -1, 0, -1L", "UNKNOWN")
                .addJavadoc("Bytes whose opcode (or sub-opcode) selects no arm.\n").build());
        String[][] props = {{"specName", "String"}, {"opcode", "int"}, {"select", "String"}, {"struct", "String"}, {"engine", "String"},
                {"opaque", "boolean"}, {"confidence", "String"}, {"source", "String"}, {"syntax", "String"},
                {"selectOffset", "int"}, {"selectWidth", "int"}, {"selectEquals", "long"}};
        MethodSpec.Builder ctor = MethodSpec.constructorBuilder();
        for (String[] p : props) {
            TypeName pt = p[1].equals("String") ? ClassName.get(String.class) : p[1].equals("int") ? TypeName.INT
                    : p[1].equals("long") ? TypeName.LONG : TypeName.BOOLEAN;
            t.addField(pt, p[0], Modifier.PRIVATE, Modifier.FINAL);
            ctor.addParameter(pt, p[0]).addStatement("this.$L = $L", p[0], p[0]);
            t.addMethod(MethodSpec.methodBuilder(p[0]).addModifiers(Modifier.PUBLIC).returns(pt).addStatement("return $L", p[0]).build());
        }
        t.addMethod(ctor.build());
        MethodSpec.Builder fields = MethodSpec.methodBuilder("fields").addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassName.get(List.class), Ctx.FIELD_INFO))
                .addJavadoc("The arm's fields, flattened, with offsets, encodings and provenance.\n")
                .beginControlFlow("switch (this)");
        for (ArmDef a : ctx.model.arms()) {
            fields.addStatement("case $L: return $T.FIELDS", ctx.armConstant(a), ctx.flyweight(a));
        }
        fields.addStatement("default: return $T.of()", List.class).endControlFlow();
        t.addMethod(fields.build());
        return t.build();
    }

    TypeSpec instructionInterface() {
        TypeSpec.Builder t = TypeSpec.interfaceBuilder(instruction).addModifiers(Modifier.PUBLIC, Modifier.SEALED)
                .addAnnotation(ctx.generated()).addSuperinterface(Ctx.ENCODABLE)
                .addJavadoc("A decoded $L record: one of the arm records, or a {@link RawRecord}.\n", ctx.model.name());
        for (ArmDef a : ctx.model.arms()) {
            t.addPermittedSubclass(ctx.record(a));
        }
        t.addPermittedSubclass(raw);
        t.addMethod(MethodSpec.methodBuilder("arm").addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT).returns(arm).build());
        TypeVariableName r = TypeVariableName.get("R");
        t.addMethod(MethodSpec.methodBuilder("accept").addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT).addTypeVariable(r)
                .returns(r).addParameter(ParameterizedTypeName.get(visitor, r), "visitor").build());
        t.addMethod(MethodSpec.methodBuilder("toBytes").addModifiers(Modifier.PUBLIC, Modifier.DEFAULT).returns(byte[].class)
                .addStatement("byte[] out = new byte[$L]", ctx.model.record().size())
                .addStatement("encodeTo(out, 0)").addStatement("return out").build());
        return t.build();
    }

    TypeSpec visitorInterface() {
        TypeVariableName r = TypeVariableName.get("R");
        TypeSpec.Builder t = TypeSpec.interfaceBuilder(visitor).addModifiers(Modifier.PUBLIC).addTypeVariable(r)
                .addAnnotation(ctx.generated())
                .addJavadoc("One method per arm: a new arm in the spec breaks every visitor until it handles it.\n");
        for (ArmDef a : ctx.model.arms()) {
            t.addMethod(MethodSpec.methodBuilder("visit" + Names.pascal(a.name())).addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                    .returns(r).addParameter(ctx.record(a), "record").build());
        }
        t.addMethod(MethodSpec.methodBuilder("visitRaw").addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                .returns(r).addParameter(raw, "record").build());
        t.addType(visitorDefault(r));
        return t.build();
    }

    /**
     * {@code InstructionVisitor.Default}: every visit method falls back to {@code otherwise}, so a
     * visitor that cares about a few arms overrides those and keeps compiling when arms are added.
     */
    private TypeSpec visitorDefault(TypeVariableName r) {
        TypeSpec.Builder t = TypeSpec.interfaceBuilder("Default").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addTypeVariable(r).addSuperinterface(ParameterizedTypeName.get(visitor, r))
                .addJavadoc("A visitor for the arms it overrides; every other record goes to {@link #otherwise}. One\n"
                        + "abstract method, so {@code (InstructionVisitor.Default<R>) record -> ...} is a visitor too.\n");
        t.addMethod(MethodSpec.methodBuilder("otherwise").addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT).returns(r)
                .addParameter(instruction, "record").addJavadoc("What every visit method not overridden returns.\n").build());
        for (ArmDef a : ctx.model.arms()) {
            t.addMethod(MethodSpec.methodBuilder("visit" + Names.pascal(a.name())).addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC, Modifier.DEFAULT).returns(r).addParameter(ctx.record(a), "record")
                    .addStatement("return otherwise(record)").build());
        }
        t.addMethod(MethodSpec.methodBuilder("visitRaw").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC, Modifier.DEFAULT).returns(r).addParameter(raw, "record")
                .addStatement("return otherwise(record)").build());
        return t.build();
    }

    TypeSpec rawRecord() {
        int size = ctx.model.record().size();
        TypeVariableName r = TypeVariableName.get("R");
        return TypeSpec.recordBuilder(raw).addModifiers(Modifier.PUBLIC).addAnnotation(ctx.generated())
                .addSuperinterface(instruction)
                .addJavadoc("Bytes no typed arm can hold, kept verbatim with the arm they were meant for (or UNKNOWN) and why.\n")
                .recordConstructor(MethodSpec.compactConstructorBuilder().addModifiers(Modifier.PUBLIC)
                        .addParameter(byte[].class, "bytes").addParameter(arm, "arm").addParameter(String.class, "reason")
                        .addStatement("bytes = $T.bytes(bytes, $L, $S)", Ctx.CHECKS, size, "bytes")
                        .addStatement("$T.requireNonNull(arm, $S)", Objects.class, "arm").build())
                .addMethod(MethodSpec.methodBuilder("bytes").addModifiers(Modifier.PUBLIC).returns(byte[].class)
                        .addStatement("return bytes.clone()").build())
                .addMethod(MethodSpec.methodBuilder("encodeTo").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                        .addParameter(byte[].class, "b").addParameter(int.class, "at")
                        .addStatement("$T.room(b, at, $L)", Ctx.CHECKS, size)
                        .addStatement("$T.arraycopy(bytes, 0, b, at, $L)", System.class, size).build())
                .addMethod(MethodSpec.methodBuilder("accept").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                        .addTypeVariable(r).returns(r).addParameter(ParameterizedTypeName.get(visitor, r), "visitor")
                        .addStatement("return visitor.visitRaw(this)").build())
                .addMethod(MethodSpec.methodBuilder("equals").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                        .returns(boolean.class).addParameter(Object.class, "o")
                        .addStatement("return o instanceof $T other && $T.equals(bytes, other.bytes) && arm == other.arm", raw,
                                java.util.Arrays.class).build())
                .addMethod(MethodSpec.methodBuilder("hashCode").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                        .returns(int.class).addStatement("return $T.hashCode(bytes)", java.util.Arrays.class).build())
                .addMethod(MethodSpec.methodBuilder("toString").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                        .returns(String.class)
                        .addStatement("return $S + arm + $S + reason + $S + $T.hex(bytes) + $S", "RawRecord[arm=", ", reason=",
                                ", bytes=", Ctx.BYTES, "]").build())
                .build();
    }

    /** Arms grouped by opcode, in spec order: the decoder's switch. */
    private Map<Long, List<ArmDef>> byOpcode() {
        Map<Long, List<ArmDef>> out = new LinkedHashMap<>();
        for (ArmDef a : ctx.model.arms()) {
            out.computeIfAbsent(a.opcode(), k -> new ArrayList<>()).add(a);
        }
        return out;
    }

    private CodeBlock readOpcode() {
        EnumDef op = ctx.model.opcodeEnum();
        return Scalars.read(ctx.endian, op.type(), "b", Scalars.at("at", ctx.model.record().opcodeAt()));
    }

    TypeSpec decoder() {
        int size = ctx.model.record().size();
        MethodSpec.Builder identify = MethodSpec.methodBuilder("identify").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(arm).addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addJavadoc("The arm the record at {@code at} belongs to, by opcode and sub-opcode; no allocation.\n")
                .addStatement("$T.room(b, at, $L)", Ctx.CHECKS, size)
                .beginControlFlow("switch ($L)", readOpcode());
        for (Map.Entry<Long, List<ArmDef>> e : byOpcode().entrySet()) {
            List<ArmDef> arms = e.getValue();
            ArmDef first = arms.get(0);
            if (first.select() == null) {
                identify.addStatement("case $L: return $T.$L", Scalars.hex(e.getKey()), arm, ctx.armConstant(first));
                continue;
            }
            identify.beginControlFlow("case $L:", Scalars.hex(e.getKey()));
            identify.addStatement("long sub = $L", Scalars.read(ctx.endian, first.select().type(), "b", Scalars.at("at", first.select().at())));
            ArmDef otherwise = null;
            for (ArmDef a : arms) {
                if (a.select().otherwise()) {
                    otherwise = a;
                } else {
                    identify.addStatement("if (sub == $L) return $T.$L", Scalars.hex(a.select().equals()), arm, ctx.armConstant(a));
                }
            }
            identify.addStatement("return $T.$L", arm, otherwise == null ? "UNKNOWN" : ctx.armConstant(otherwise));
            identify.endControlFlow();
        }
        identify.addStatement("default: return $T.UNKNOWN", arm).endControlFlow();
        MethodSpec.Builder decode = MethodSpec.methodBuilder("decode").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(instruction).addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addJavadoc("Decodes any $L bytes: a typed record, or a {@link RawRecord} saying why not. Never throws on content.\n", size)
                .addStatement("$T.room(b, at, $L)", Ctx.CHECKS, size)
                .addStatement("$T arm = identify(b, at)", arm)
                .beginControlFlow("try")
                .beginControlFlow("switch (arm)");
        for (ArmDef a : ctx.model.arms()) {
            decode.addStatement("case $L: return $T.decode(b, at)", ctx.armConstant(a), ctx.record(a));
        }
        decode.addStatement("default: return new $T($T.copy(b, at, $L), arm, $S + $T.toHexString($L))", raw, Ctx.BYTES, size,
                "no arm for opcode 0x", Integer.class, readOpcode());
        decode.endControlFlow().nextControlFlow("catch ($T e)", Ctx.MALFORMED)
                .addStatement("return new $T($T.copy(b, at, $L), arm, e.getMessage())", raw, Ctx.BYTES, size)
                .endControlFlow();
        return TypeSpec.classBuilder(ctx.cls("Decoder")).addModifiers(Modifier.PUBLIC, Modifier.FINAL).addAnnotation(ctx.generated())
                .addJavadoc("Dispatches $L-byte records on the opcode at +$L and, where arms share an opcode, on the sub-opcode.\n",
                        size, ctx.model.record().opcodeAt())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(identify.build()).addMethod(decode.build()).build();
    }

    TypeSpec validator() {
        int size = ctx.model.record().size();
        TypeSpec.Builder t = TypeSpec.classBuilder(ctx.cls("Validator")).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addAnnotation(ctx.generated())
                .addJavadoc("Checks records against the spec and reports structured violations; never throws on bad bytes,\n"
                        + "and allocates nothing for a valid record.\n")
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        MethodSpec.Builder main = MethodSpec.methodBuilder("validate").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(int.class).addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addParameter(int.class, "index").addParameter(Ctx.SINK, "sink")
                .addJavadoc("Validates the record at {@code at} (record number {@code index}); returns the number of violations reported.\n")
                .addStatement("$T.room(b, at, $L)", Ctx.CHECKS, size)
                .addStatement("int n = preamble(b, at, index, sink)")
                .beginControlFlow("switch ($T.identify(b, at))", ctx.cls("Decoder"));
        MethodSpec.Builder archMain = MethodSpec.methodBuilder("archChecks").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(int.class).addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addParameter(int.class, "index").addParameter(ctx.cls("Arch"), "arch").addParameter(Ctx.SINK, "sink")
                .beginControlFlow("switch ($T.identify(b, at))", ctx.cls("Decoder"));
        for (ArmDef a : ctx.model.arms()) {
            List<Leaf> own = Layout.fields(ctx.model, a.fields(), a.source());
            List<Placement> placements = placements(a);
            boolean plain = placements.stream().anyMatch(p -> p.group().checks().stream().anyMatch(c -> !c.needsArch()));
            if (own.stream().anyMatch(this::checked) || !a.guards().isEmpty() || plain) {
                String m = Names.camel(a.name());
                main.addStatement("case $L: return n + $L(b, at, index, sink)", ctx.armConstant(a), m);
                t.addMethod(armMethod(m, a, own, placements));
            }
            if (placements.stream().anyMatch(p -> p.group().checks().stream().anyMatch(GroupCheck::needsArch))) {
                String m = Names.camel(a.name()) + "OnArch";
                archMain.addStatement("case $L: return $L(b, at, index, arch, sink)", ctx.armConstant(a), m);
                MethodSpec.Builder am = MethodSpec.methodBuilder(m).addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(int.class)
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
        }
        archMain.addStatement("default: return 0").endControlFlow();
        t.addMethod(archMain.build());
        main.addStatement("case UNKNOWN: return n + unknown(b, at, index, sink)");
        main.addStatement("default: return n").endControlFlow();
        t.addMethod(main.build());
        MethodSpec.Builder pre = method("preamble");
        for (Leaf l : Layout.fields(ctx.model, ctx.model.record().preamble(), ctx.model.record().source())) {
            check(pre, l);
        }
        t.addMethod(pre.addStatement("return n").build());
        t.addMethod(unknown());
        t.addMethod(MethodSpec.methodBuilder("validate").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(int.class).addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addParameter(int.class, "index").addParameter(ctx.cls("Arch"), "arch").addParameter(Ctx.SINK, "sink")
                .addJavadoc("As {@link #validate(byte[], int, int, $T)}, plus the opcode's legality on {@code arch} and the\n"
                        + "group checks that need the arch (apertures).\n", Ctx.SINK)
                .addStatement("int n = validate(b, at, index, sink)")
                .addStatement("int op = (int) $L", readOpcode())
                .beginControlFlow("if (!arch.isLegalOpcode(op))")
                .addStatement("$T name = $T.fromValue(op)", ctx.type(ctx.model.opcodeEnum().name()), ctx.type(ctx.model.opcodeEnum().name()))
                .addStatement("sink.report(index, $S, $L, $S, $S + $T.toHexString(op) + (name == null ? $S : $S + name.specName() + $S) + $S + arch.name())",
                        "opcode", ctx.model.record().opcodeAt(), "arch", "opcode 0x", Integer.class, "", " (", ")", " is not legal on ")
                .addStatement("n++").endControlFlow()
                .addStatement("return n + archChecks(b, at, index, arch, sink)").build());
        t.addMethod(MethodSpec.methodBuilder("validate").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(ParameterizedTypeName.get(ClassName.get(List.class), Ctx.VIOLATION))
                .addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addJavadoc("Convenience: the violations of one record as a list (record index 0).\n")
                .addStatement("$T<$T> out = new $T<>()", List.class, Ctx.VIOLATION, ArrayList.class)
                .addStatement("validate(b, at, 0, (r, f, o, rule, m) -> out.add(new $T(r, f, o, rule, m)))", Ctx.VIOLATION)
                .addStatement("return out").build());
        return t.build();
    }

    private MethodSpec.Builder method(String name) {
        return MethodSpec.methodBuilder(name).addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(int.class)
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
        List<FieldDef> all = new ArrayList<>(ctx.model.record().preamble());
        all.addAll(a.fields());
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

    private MethodSpec armMethod(String name, ArmDef a, List<Leaf> own, List<Placement> placements) {
        MethodSpec.Builder m = method(name);
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
            Guard g = a.guards().get(gi);
            String v = "v" + gi;
            Leaf target = Layout.find(all, g.field());
            if (target == null || target.def().kind() != FieldDef.Kind.SCALAR) {
                continue;
            }
            CodeBlock.Builder cond = CodeBlock.builder();
            for (int i = 0; i < g.allowed().size(); i++) {
                cond.add(i == 0 ? "$L != $L" : " && $L != $L", v, Scalars.hex(g.allowed().get(i)) + "L");
            }
            if (g.whenField() != null) {
                Leaf w = Layout.find(all, g.whenField());
                m.beginControlFlow("if ($L $L $LL)", Scalars.read(ctx.endian, w.def().scalar(), "b", Scalars.at("at", w.offset())),
                        g.whenNot() ? "!=" : "==", Scalars.hex(g.whenEquals()));
            }
            m.addStatement("long $L = $L", v, Scalars.read(ctx.endian, target.def().scalar(), "b", Scalars.at("at", target.offset())));
            m.beginControlFlow("if ($L)", cond.build())
                    .addStatement("sink.report(index, $S, $L, $S, $S)", g.field(), target.offset(), "guard", g.message())
                    .addStatement("n++").endControlFlow();
            if (g.whenField() != null) {
                m.endControlFlow();
            }
        }
        return m.addStatement("return n").build();
    }

    /** The per-leaf checks: constants, reserved bytes, enum and LUT values, NUL-terminated names. */
    private void check(MethodSpec.Builder m, Leaf l) {
        FieldDef f = l.def();
        CodeBlock at = Scalars.at("at", l.offset());
        String p = l.path();
        int off = l.offset();
        if (ctx.isOpcodeField(f)) {
            return;
        }
        if (f.isConst()) {
            CodeBlock read = Scalars.read(ctx.endian, f.scalar(), "b", at);
            m.beginControlFlow("if ($L != $L)", read, Scalars.literal(f.scalar(), f.constValue()))
                    .addStatement("sink.report(index, $S, $L, $S, $S + $L)", p, off, "const", "expected " + Names.hex(f.constValue()) + ", found ", read)
                    .addStatement("n++").endControlFlow();
        } else if (f.reserved()) {
            m.beginControlFlow("if (!$T.allZero(b, $L, $L))", Ctx.BYTES, at, f.width())
                    .addStatement("sink.report(index, $S, $L, $S, $S)", p, off, "reserved", "reserved bytes must be zero")
                    .addStatement("n++").endControlFlow();
        } else if (f.enumRef() != null) {
            CodeBlock read = Scalars.read(ctx.endian, f.scalar(), "b", at);
            m.beginControlFlow("if ($T.fromValue($L) == null)", ctx.type(f.enumRef()), read)
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

    private MethodSpec unknown() {
        EnumDef op = ctx.model.opcodeEnum();
        MethodSpec.Builder m = method("unknown");
        m.addStatement("int op = (int) $L", readOpcode());
        m.beginControlFlow("if ($T.fromValue(op) == null)", ctx.type(op.name()))
                .addStatement("sink.report(index, $S, $L, $S, $S + $T.toHexString(op) + $S)", "opcode", ctx.model.record().opcodeAt(),
                        "opcode", "0x", Integer.class, " is not a value of " + op.name())
                .addStatement("return 1").endControlFlow();
        for (Map.Entry<Long, List<ArmDef>> e : byOpcode().entrySet()) {
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

    static FieldSpec constant(String name, Object value) {
        return FieldSpec.builder(value instanceof String ? ClassName.get(String.class) : TypeName.INT, name,
                        Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .initializer(value instanceof String ? "$S" : "$L", value).build();
    }
}
