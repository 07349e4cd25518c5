package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.model.ArmDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupDef;
import tpb.spec.model.LutDef;
import tpb.spec.model.Source;

/**
 * Immutable value types: one record per arm, per view and per group. Components are the fields
 * that carry information (constants, reserved bytes and the opcode are implied); the compact
 * constructor refuses values that do not fit or that a LUT cannot encode, so a record always
 * encodes. decode is strict and throws MalformedRecordException on bytes a record cannot hold.
 */
final class StructWriter {
    private final Ctx ctx;

    StructWriter(Ctx ctx) {
        this.ctx = ctx;
    }

    /** What kind of struct is being written. */
    private enum Shape { ARM, VIEW, GROUP }

    TypeSpec group(GroupDef g) {
        return write(ctx.type(g.name()), null, g.fields(), Shape.GROUP, g.doc(), g.source(), g.size());
    }

    TypeSpec arm(ArmDef arm) {
        List<FieldDef> all = new ArrayList<>(ctx.model.record().preamble());
        all.addAll(arm.fields());
        return write(ctx.record(arm), arm, all, Shape.ARM, arm.doc(), arm.source(), ctx.model.record().size());
    }

    TypeSpec view(ArmDef arm, tpb.spec.model.ViewDef view) {
        List<FieldDef> all = new ArrayList<>(ctx.model.record().preamble());
        all.addAll(view.fields());
        return write(ctx.viewRecord(arm, view), arm, all, Shape.VIEW, view.doc(), view.source(), ctx.model.record().size());
    }

    private TypeSpec write(ClassName self, ArmDef arm, List<FieldDef> fields, Shape shape, String doc, Source source,
            int size) {
        List<FieldDef> members = fields.stream().filter(ctx::isMember).toList();
        TypeSpec.Builder t = TypeSpec.recordBuilder(self).addModifiers(Modifier.PUBLIC).addAnnotation(ctx.generated());
        t.addJavadoc("$L\n\n<p>Source: $L ($L).\n", doc == null ? self.simpleName() + "." : doc, source.ref(), source.confidence());
        for (FieldDef f : members) {
            t.addJavadoc("@param $L $L\n", Names.camel(f.name()), describe(f));
        }
        MethodSpec.Builder ctor = MethodSpec.compactConstructorBuilder().addModifiers(Modifier.PUBLIC);
        for (FieldDef f : members) {
            ctor.addParameter(ParameterSpec.builder(ctx.componentType(f), Names.camel(f.name())).build());
            checks(ctor, f);
        }
        t.recordConstructor(ctor.build());
        t.addField(FieldSpec.builder(int.class, "SIZE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .initializer("$L", size).build());
        if (shape != Shape.GROUP) {
            t.addField(FieldSpec.builder(int.class, "OPCODE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .initializer("$L", Scalars.hex(arm.opcode())).build());
        }
        if (shape == Shape.ARM) {
            t.addSuperinterface(ctx.cls("Instruction"));
            t.addMethod(MethodSpec.methodBuilder("arm").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                    .returns(ctx.cls("Arm")).addStatement("return $T.$L", ctx.cls("Arm"), ctx.armConstant(arm)).build());
            t.addMethod(MethodSpec.methodBuilder("accept").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                    .addTypeVariable(com.palantir.javapoet.TypeVariableName.get("R"))
                    .returns(com.palantir.javapoet.TypeVariableName.get("R"))
                    .addParameter(ParameterizedTypeName.get(ctx.cls("InstructionVisitor"), com.palantir.javapoet.TypeVariableName.get("R")), "visitor")
                    .addStatement("return visitor.visit$L(this)", Names.pascal(arm.name())).build());
        } else if (shape == Shape.VIEW) {
            t.addSuperinterface(Ctx.ENCODABLE);
        }
        if (shape == Shape.GROUP) {
            MethodSpec.Builder enc = encodeAt();
            writeFields(enc, fields);
            t.addMethod(enc.build());
            t.addMethod(decodeAt(self, fields, members, false, null).build());
            if (members.stream().allMatch(f -> defaultValue(f) != null)) {
                t.addField(FieldSpec.builder(self, "ZERO", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Every field zero (or its zero-valued constant).\n")
                        .initializer("new Builder().build()").build());
            }
        } else {
            t.addMethod(encodeTo(arm, fields, members, size).build());
            t.addMethod(decodeAt(self, fields, members, true, arm).build());
            t.addMethod(MethodSpec.methodBuilder("toBytes").addModifiers(Modifier.PUBLIC).returns(byte[].class)
                    .addJavadoc("This record as $L fresh bytes.\n", size)
                    .addStatement("byte[] out = new byte[SIZE]").addStatement("encodeTo(out, 0)").addStatement("return out").build());
        }
        helpers.forEach(t::addMethod);
        helpers.clear();
        if (members.stream().anyMatch(StructWriter::isArray)) {
            arrayMethods(t, self, members);
        }
        t.addMethod(MethodSpec.methodBuilder("builder").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self.nestedClass("Builder")).addStatement("return new Builder()").build());
        t.addType(builder(self, members));
        return t.build();
    }

    private String describe(FieldDef f) {
        String where = f.kind() == FieldDef.Kind.GROUP ? "group " + f.groupRef() + " at +" + Scalars.hex(f.at())
                : "+" + Scalars.hex(f.at()) + ", " + f.width() + " byte" + (f.width() == 1 ? "" : "s");
        String enc = f.enumRef() != null ? ", enum " + f.enumRef() : f.lutRef() != null ? ", through LUT " + f.lutRef() : "";
        return where + enc + (f.doc() == null ? "" : ": " + f.doc());
    }

    private static boolean isArray(FieldDef f) {
        return f.kind() == FieldDef.Kind.BYTES || f.kind() == FieldDef.Kind.SCALAR && f.count() > 1;
    }

    private void checks(MethodSpec.Builder ctor, FieldDef f) {
        String n = Names.camel(f.name());
        switch (f.kind()) {
            case GROUP -> ctor.addStatement("$T.requireNonNull($L, $S)", Objects.class, n, f.name());
            case CHAR -> ctor.addStatement("$T.chars($L, $L, $S)", Ctx.CHECKS, n, f.maxChars(), f.name());
            case BYTES -> ctor.addStatement("$L = $T.bytes($T.requireNonNull($L, $S), $L, $S)", n, Ctx.CHECKS, Objects.class, n,
                    f.name(), f.size(), f.name());
            case SCALAR -> {
                String check = Scalars.check(f.scalar());
                if (f.count() > 1) {
                    boolean isLong = Ctx.scalarJava(f.scalar()).equals(TypeName.LONG);
                    ctor.addStatement("$L = $T.$L($T.requireNonNull($L, $S), $L, $S)", n, Ctx.CHECKS, isLong ? "longs" : "ints",
                            Objects.class, n, f.name(), f.count(), f.name());
                    if (check != null) {
                        ctor.beginControlFlow("for ($T v : $L)", Ctx.scalarJava(f.scalar()), n)
                                .addStatement("$T.$L(v, $S)", Ctx.CHECKS, check, f.name()).endControlFlow();
                    }
                } else if (f.enumRef() != null) {
                    ctor.addStatement("$T.requireNonNull($L, $S)", Objects.class, n, f.name());
                } else if (f.lutRef() != null) {
                    ctor.addStatement("$T.requireNonNull($L, $S)", Objects.class, n, f.name());
                    ctor.addStatement("$T.encode($L)", ctx.type(f.lutRef()), n);
                } else if (check != null) {
                    ctor.addStatement("$T.$L($L, $S)", Ctx.CHECKS, check, n, f.name());
                }
            }
        }
    }

    // ---- encode -----------------------------------------------------------------------------

    private MethodSpec.Builder encodeAt() {
        return MethodSpec.methodBuilder("encodeAt").addModifiers(Modifier.PUBLIC)
                .addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addJavadoc("Writes this group's fields (and constants) at {@code at}; other bytes are left alone.\n");
    }

    private MethodSpec.Builder encodeTo(ArmDef arm, List<FieldDef> fields, List<FieldDef> members, int size) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("encodeTo").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addStatement("$T.room(b, at, SIZE)", Ctx.CHECKS)
                .addStatement("$T.zero(b, at, SIZE)", Ctx.BYTES);
        m.addStatement(Scalars.write(ctx.endian, ctx.model.opcodeEnum().type(), "b",
                Scalars.at("at", ctx.model.record().opcodeAt()), CodeBlock.of("OPCODE")));
        if (arm.select() != null && arm.select().equals() != null) {
            m.addStatement(Scalars.write(ctx.endian, arm.select().type(), "b", Scalars.at("at", arm.select().at()),
                    CodeBlock.of("$L", Scalars.hex(arm.select().equals()))));
        }
        writeFields(m, fields);
        return m;
    }

    /** Constants, then members, of the given fields, relative to local {@code at}. */
    private void writeFields(MethodSpec.Builder m, List<FieldDef> fields) {
        for (FieldDef f : fields) {
            if (f.isConst()) {
                m.addStatement(Scalars.write(ctx.endian, f.scalar(), "b", Scalars.at("at", f.at()),
                        CodeBlock.of("$L", Scalars.literal(f.scalar(), f.constValue()))));
            } else if (ctx.isMember(f)) {
                writeMember(m, f, CodeBlock.of("this.$L", Names.camel(f.name())));
            }
        }
    }

    private void writeMember(MethodSpec.Builder m, FieldDef f, CodeBlock v) {
        CodeBlock at = Scalars.at("at", f.at());
        switch (f.kind()) {
            case GROUP -> m.addStatement("$L.encodeAt(b, $L)", v, at);
            case CHAR -> m.addStatement("$T.write(b, $L, $L, $L)", Ctx.CHARS, at, f.size(), v);
            case BYTES -> m.addStatement("$T.arraycopy($L, 0, b, $L, $L)", System.class, v, at, f.size());
            case SCALAR -> {
                if (f.count() > 1) {
                    m.beginControlFlow("for (int i = 0; i < $L; i++)", f.count());
                    m.addStatement(Scalars.write(ctx.endian, f.scalar(), "b", CodeBlock.of("$L + i * $L", at, f.size()),
                            CodeBlock.of("$L[i]", v)));
                    m.endControlFlow();
                } else if (f.enumRef() != null) {
                    m.addStatement(Scalars.write(ctx.endian, f.scalar(), "b", at, CodeBlock.of("$L.value()", v)));
                } else if (f.lutRef() != null) {
                    m.addStatement(Scalars.write(ctx.endian, f.scalar(), "b", at,
                            CodeBlock.of("$T.encode($L)", ctx.type(f.lutRef()), v)));
                } else {
                    m.addStatement(Scalars.write(ctx.endian, f.scalar(), "b", at, v));
                }
            }
        }
    }

    // ---- decode -----------------------------------------------------------------------------

    private MethodSpec.Builder decodeAt(ClassName self, List<FieldDef> fields, List<FieldDef> members, boolean record,
            ArmDef arm) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(record ? "decode" : "decodeAt")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(self)
                .addParameter(byte[].class, "b").addParameter(int.class, "at");
        if (record) {
            m.addJavadoc("Reads the record at {@code at}.\n\n@throws $T when the bytes are not this arm or a field holds a value this type cannot represent\n", Ctx.MALFORMED);
            m.addStatement("$T.room(b, at, SIZE)", Ctx.CHECKS);
            int opAt = ctx.model.record().opcodeAt();
            m.beginControlFlow("if ($L != OPCODE)", Scalars.read(ctx.endian, ctx.model.opcodeEnum().type(), "b", Scalars.at("at", opAt)));
            m.addStatement("throw new $T($S, $L, $S)", Ctx.MALFORMED, "opcode", opAt, "not a " + arm.name() + " record");
            m.endControlFlow();
            if (arm.select() != null && arm.select().equals() != null) {
                m.beginControlFlow("if ($L != $L)", Scalars.read(ctx.endian, arm.select().type(), "b", Scalars.at("at", arm.select().at())),
                        Scalars.hex(arm.select().equals()));
                m.addStatement("throw new $T($S, $L, $S)", Ctx.MALFORMED, "select", arm.select().at(),
                        "sub-opcode does not select " + arm.name());
                m.endControlFlow();
            } else if (arm.select() != null) {
                for (ArmDef other : ctx.model.arms()) {
                    if (other != arm && other.opcode() == arm.opcode() && other.select() != null && other.select().equals() != null) {
                        m.beginControlFlow("if ($L == $L)", Scalars.read(ctx.endian, arm.select().type(), "b", Scalars.at("at", arm.select().at())),
                                Scalars.hex(other.select().equals()));
                        m.addStatement("throw new $T($S, $L, $S)", Ctx.MALFORMED, "select", arm.select().at(),
                                "sub-opcode selects " + other.name());
                        m.endControlFlow();
                    }
                }
            }
        } else {
            m.addJavadoc("Reads the group at {@code at}.\n\n@throws $T when a field holds a value this type cannot represent\n", Ctx.MALFORMED);
        }
        for (FieldDef f : fields) {
            CodeBlock at = Scalars.at("at", f.at());
            if (f.isConst() && !ctx.isOpcodeField(f)) {
                m.beginControlFlow("if ($L != $L)", Scalars.read(ctx.endian, f.scalar(), "b", at), Scalars.literal(f.scalar(), f.constValue()));
                m.addStatement("throw new $T($S, $L, $S)", Ctx.MALFORMED, f.name(), f.at(), f.name() + " must be " + Scalars.hex(f.constValue()));
                m.endControlFlow();
            } else if (f.reserved()) {
                m.beginControlFlow("if (!$T.allZero(b, $L, $L))", Ctx.BYTES, at, f.width());
                m.addStatement("throw new $T($S, $L, $S)", Ctx.MALFORMED, f.name(), f.at(), f.name() + " is reserved and must be zero");
                m.endControlFlow();
            }
        }
        if (record) {
            gaps(m, fields);
        }
        CodeBlock.Builder call = CodeBlock.builder();
        for (int i = 0; i < members.size(); i++) {
            FieldDef f = members.get(i);
            call.add(i == 0 ? "$L" : ", $L", readExpression(f, Scalars.at("at", f.at())));
        }
        m.addStatement("return new $T($L)", self, call.build());
        return m;
    }

    /**
     * Bytes no field describes are zero in compiler output (the 64 bytes are zeroed first, facts
     * §1.1); decode insists on it so that decode then encode gives back the same bytes, and leaves
     * anything else to RawRecord. The validator does not flag them: no source calls them reserved.
     */
    private void gaps(MethodSpec.Builder m, List<FieldDef> fields) {
        int size = ctx.model.record().size();
        boolean[] covered = new boolean[size];
        for (FieldDef f : fields) {
            for (int i = Math.max(0, f.at()); i < Math.min(size, f.end()); i++) {
                covered[i] = true;
            }
        }
        for (int i = 0; i < size; ) {
            if (covered[i]) {
                i++;
                continue;
            }
            int start = i;
            while (i < size && !covered[i]) {
                i++;
            }
            m.beginControlFlow("if (!$T.allZero(b, $L, $L))", Ctx.BYTES, Scalars.at("at", start), i - start);
            m.addStatement("throw new $T($S, $L, $S)", Ctx.MALFORMED, "gap", start,
                    String.format("bytes +0x%02X..+0x%02X are described by no field and must be zero to decode", start, i - 1));
            m.endControlFlow();
        }
    }

    /** Helper readers for members that need a check or a loop; one per member, named after it. */
    private final List<MethodSpec> helpers = new ArrayList<>();

    private static String helperName(FieldDef f) {
        return "read" + Names.pascal(f.name());
    }

    /** An expression reading one member; complex reads go through a private static helper. */
    private CodeBlock readExpression(FieldDef f, CodeBlock at) {
        TypeName type = ctx.componentType(f);
        switch (f.kind()) {
            case GROUP:
                return CodeBlock.of("$T.decodeAt(b, $L)", type, at);
            case BYTES:
                return CodeBlock.of("$T.copy(b, $L, $L)", Ctx.BYTES, at, f.size());
            default:
                break;
        }
        if (f.kind() == FieldDef.Kind.SCALAR && f.count() == 1 && f.enumRef() == null && f.lutRef() == null) {
            return Scalars.read(ctx.endian, f.scalar(), "b", at);
        }
        MethodSpec.Builder h = MethodSpec.methodBuilder(helperName(f)).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(type).addParameter(byte[].class, "b").addParameter(int.class, "at");
        CodeBlock local = Scalars.at("at", f.at());
        if (f.kind() == FieldDef.Kind.CHAR) {
            h.beginControlFlow("if (!$T.wellFormed(b, $L, $L, $L))", Ctx.CHARS, local, f.size(), f.nulOptional());
            h.addStatement("throw new $T($S, $L, $S)", Ctx.MALFORMED, f.name(), f.at(),
                    f.name() + " is not " + (f.nulOptional() ? "NUL-terminated or full" : "NUL-terminated") + " printable ASCII");
            h.endControlFlow();
            h.addStatement("return $T.read(b, $L, $L)", Ctx.CHARS, local, f.size());
        } else if (f.count() > 1) {
            h.addStatement("$T out = new $T[$L]", type, Ctx.scalarJava(f.scalar()), f.count());
            h.beginControlFlow("for (int i = 0; i < $L; i++)", f.count());
            h.addStatement("out[i] = $L", Scalars.read(ctx.endian, f.scalar(), "b", CodeBlock.of("$L + i * $L", local, f.size())));
            h.endControlFlow();
            h.addStatement("return out");
        } else {
            CodeBlock raw = Scalars.read(ctx.endian, f.scalar(), "b", local);
            CodeBlock typed = f.enumRef() != null ? CodeBlock.of("$T.fromValue($L)", type, raw)
                    : CodeBlock.of("$T.decode($L)", ctx.type(f.lutRef()), raw);
            h.addStatement("$T v = $L", type, typed);
            h.beginControlFlow("if (v == null)");
            h.addStatement("throw new $T($S, $L, $S + $L + $S)", Ctx.MALFORMED, f.name(), f.at(), f.name() + ": ", raw,
                    f.enumRef() != null ? " is not a value of " + f.enumRef() : " is not a wire value of " + f.lutRef());
            h.endControlFlow();
            h.addStatement("return v");
        }
        helpers.add(h.build());
        // the helper reads relative to the struct base: callers pass the base, not the field offset
        return CodeBlock.of("$L(b, at)", helperName(f));
    }

    private static String args(List<FieldDef> members) {
        return String.join(", ", members.stream().map(f -> Names.camel(f.name())).toList());
    }

    // ---- arrays: defensive copies and content equality ---------------------------------------

    private void arrayMethods(TypeSpec.Builder t, ClassName self, List<FieldDef> members) {
        CodeBlock.Builder eq = CodeBlock.builder().add("return ");
        CodeBlock.Builder hash = CodeBlock.builder().add("int h = 1;\n");
        CodeBlock.Builder str = CodeBlock.builder().add("return $S", self.simpleName() + "[");
        for (int i = 0; i < members.size(); i++) {
            FieldDef f = members.get(i);
            String n = Names.camel(f.name());
            if (i > 0) {
                eq.add("\n    && ");
                str.add(" + $S", ", ");
            }
            if (isArray(f)) {
                eq.add("$T.equals(this.$L, o.$L)", Arrays.class, n, n);
                hash.add("h = 31 * h + $T.hashCode(this.$L);\n", Arrays.class, n);
                str.add(" + $S + $T.toString(this.$L)", n + "=", Arrays.class, n);
                t.addMethod(MethodSpec.methodBuilder(n).addModifiers(Modifier.PUBLIC).returns(ctx.componentType(f))
                        .addJavadoc("A copy: the record stays immutable.\n").addStatement("return this.$L.clone()", n).build());
            } else {
                eq.add("$T.equals(this.$L, o.$L)", Objects.class, n, n);
                hash.add("h = 31 * h + $T.hashCode(this.$L);\n", Objects.class, n);
                str.add(" + $S + this.$L", n + "=", n);
            }
        }
        if (members.isEmpty()) {
            eq.add("true");
        }
        t.addMethod(MethodSpec.methodBuilder("equals").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(boolean.class).addParameter(Object.class, "other")
                .beginControlFlow("if (!(other instanceof $T o))", self).addStatement("return false").endControlFlow()
                .addStatement(eq.build()).build());
        t.addMethod(MethodSpec.methodBuilder("hashCode").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(int.class).addCode(hash.build()).addStatement("return h").build());
        t.addMethod(MethodSpec.methodBuilder("toString").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(String.class).addStatement(str.add(" + $S", "]").build()).build());
    }

    // ---- builder ----------------------------------------------------------------------------

    private TypeSpec builder(ClassName self, List<FieldDef> members) {
        ClassName b = self.nestedClass("Builder");
        TypeSpec.Builder t = TypeSpec.classBuilder(b).addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Starts from zero for numbers, the zero-valued constant of enums that have one, and empty names.\n");
        for (FieldDef f : members) {
            String n = Names.camel(f.name());
            CodeBlock d = defaultValue(f);
            FieldSpec.Builder fs = FieldSpec.builder(ctx.componentType(f), n, Modifier.PRIVATE);
            if (d != null) {
                fs.initializer(d);
            }
            t.addField(fs.build());
            t.addMethod(MethodSpec.methodBuilder(n).addModifiers(Modifier.PUBLIC).returns(b)
                    .addParameter(ctx.componentType(f), n).addStatement("this.$L = $L", n, n).addStatement("return this").build());
        }
        t.addMethod(MethodSpec.methodBuilder("build").addModifiers(Modifier.PUBLIC).returns(self)
                .addStatement("return new $T($L)", self, args(members)).build());
        return t.build();
    }

    /** The builder's starting value of a member, or null when it has no natural zero (an enum without 0). */
    private CodeBlock defaultValue(FieldDef f) {
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
