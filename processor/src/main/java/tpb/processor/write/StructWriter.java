package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.model.ArmDef;
import tpb.spec.model.FieldDef;
import tpb.spec.model.Layout;
import tpb.spec.model.Leaf;
import tpb.spec.model.GroupDef;
import tpb.spec.model.Source;
import tpb.spec.model.ViewDef;

/**
 * Immutable value types: one record per laid-out arm, per view and per group, and one
 * {@code OpaqueRecord} shared by every opaque arm. Components are the fields that carry
 * information (constants, reserved bytes and the opcode are implied; the opaque record's first
 * component is its {@code Arm}); the compact constructor refuses values that do not fit or that a
 * LUT cannot encode, so a record always encodes. Decoding is {@link StructDecoding}'s, the
 * builder {@link StructBuilding}'s.
 */
final class StructWriter {
    private final Ctx ctx;
    private final StructDecoding decoding;
    private final StructBuilding building;

    StructWriter(Ctx ctx) {
        this.ctx = ctx;
        this.decoding = new StructDecoding(ctx);
        this.building = new StructBuilding(ctx);
    }

    /** What kind of struct is being written. */
    enum Shape { ARM, VIEW, GROUP, OPAQUE }

    /** One struct to write: its type, the arm it belongs to (null for a group), its fields in order. */
    record Struct(ClassName self, ArmDef arm, List<FieldDef> fields, Shape shape, String doc, Source source, int size) {}

    /** A record component: a member field, or (field null) the opaque record's {@code Arm}. */
    record Component(String name, TypeName type, FieldDef field) {
        boolean isArray() {
            return field != null && (field.kind() == FieldDef.Kind.BYTES || field.kind() == FieldDef.Kind.SCALAR && field.count() > 1);
        }
    }

    TypeSpec group(GroupDef g) {
        return write(new Struct(ctx.type(g.name()), null, g.fields(), Shape.GROUP, g.doc(), g.source(), g.size()));
    }

    TypeSpec arm(ArmDef arm) {
        return write(new Struct(ctx.record(arm), arm, withPreamble(arm.fields()), Shape.ARM, arm.doc(), arm.source(),
                ctx.model.record().size()));
    }

    TypeSpec view(ArmDef arm, ViewDef view) {
        return write(new Struct(ctx.viewRecord(arm, view), arm, withPreamble(view.fields()), Shape.VIEW, view.doc(),
                view.source(), ctx.model.record().size()));
    }

    /** The one record of every opaque arm (they share their fields: preamble and payload). */
    TypeSpec opaque() {
        ArmDef sample = ctx.opaqueSample();
        String doc = "A record of an opaque arm: an opcode the spec gives no layout, read as the preamble and an\n"
                + "opaque payload. {@link #arm()} says which opcode; one type serves all of them.";
        return write(new Struct(ctx.opaqueRecord(), sample, withPreamble(sample.fields()), Shape.OPAQUE, doc,
                sample.fields().get(0).source(), ctx.model.record().size()));
    }

    private List<FieldDef> withPreamble(List<FieldDef> fields) {
        List<FieldDef> all = new ArrayList<>(ctx.model.record().preamble());
        all.addAll(fields);
        return all;
    }

    private TypeSpec write(Struct s) {
        List<FieldDef> members = s.fields().stream().filter(ctx::isMember).toList();
        List<Component> components = components(s, members);
        TypeSpec.Builder t = TypeSpec.recordBuilder(s.self()).addModifiers(Modifier.PUBLIC).addAnnotation(ctx.generated());
        t.addJavadoc("$L\n\n<p>Source: $L ($L).\n", s.doc() == null ? s.self().simpleName() + "." : s.doc(), s.source().ref(),
                s.source().confidence());
        for (Component c : components) {
            t.addJavadoc("@param $L $L\n", c.name(), c.field() == null ? "the opaque arm these bytes belong to" : describe(c.field()));
        }
        t.recordConstructor(constructor(s, components));
        t.addField(FieldSpec.builder(int.class, "SIZE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .initializer("$L", s.size()).build());
        if (s.shape() == Shape.ARM || s.shape() == Shape.VIEW) {
            t.addField(FieldSpec.builder(int.class, "OPCODE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .initializer("$L", Scalars.hex(s.arm().opcode())).build());
        }
        instructionMethods(t, s);
        if (s.shape() == Shape.GROUP) {
            MethodSpec.Builder enc = MethodSpec.methodBuilder("encodeAt").addModifiers(Modifier.PUBLIC)
                    .addParameter(byte[].class, "b").addParameter(int.class, "at")
                    .addJavadoc("Writes this group's fields (and constants) at {@code at}; other bytes are left alone.\n");
            writeFields(enc, s.fields());
            t.addMethod(enc.build());
            if (members.stream().allMatch(f -> building.defaultValue(f) != null)) {
                t.addField(FieldSpec.builder(s.self(), "ZERO", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Every field zero (or its zero-valued constant).\n")
                        .initializer("new Builder().build()").build());
            }
        } else {
            t.addMethod(encodeTo(s));
            t.addMethod(MethodSpec.methodBuilder("toBytes").addModifiers(Modifier.PUBLIC).returns(byte[].class)
                    .addJavadoc("This record as $L fresh bytes.\n", s.size())
                    .addStatement("byte[] out = new byte[SIZE]").addStatement("encodeTo(out, 0)").addStatement("return out").build());
        }
        t.addMethod(decoding.decode(s, members, args(components)));
        if (s.shape() != Shape.GROUP) {
            t.addMethod(decoding.decodeBuffer(s));
        }
        if (s.shape() == Shape.GROUP && ctx.model.groups().stream()
                .anyMatch(g -> ctx.type(g.name()).equals(s.self()) && ctx.overriddenWithin(g.name()))) {
            t.addMethod(decoding.decodeFields(s, members));
        }
        decoding.helpers(members).forEach(t::addMethod);
        if (components.stream().anyMatch(Component::isArray)) {
            arrayMethods(t, s.self(), components);
        }
        building.addTo(t, s, components);
        return t.build();
    }

    private List<Component> components(Struct s, List<FieldDef> members) {
        List<Component> out = new ArrayList<>();
        if (s.shape() == Shape.OPAQUE) {
            out.add(new Component("arm", ctx.cls("Arm"), null));
        }
        for (FieldDef f : members) {
            out.add(new Component(Names.camel(f.name()), ctx.componentType(f), f));
        }
        return out;
    }

    /** Arm and opaque records are instructions: {@code arm()} and {@code accept}; views are encodable. */
    private void instructionMethods(TypeSpec.Builder t, Struct s) {
        if (s.shape() == Shape.VIEW) {
            t.addSuperinterface(Ctx.ENCODABLE);
        }
        if (s.shape() != Shape.ARM && s.shape() != Shape.OPAQUE) {
            return;
        }
        t.addSuperinterface(ctx.cls("Instruction"));
        if (s.shape() == Shape.ARM) {
            // the opaque record's arm() is its first component
            t.addMethod(MethodSpec.methodBuilder("arm").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                    .returns(ctx.cls("Arm")).addStatement("return $T.$L", ctx.cls("Arm"), ctx.armConstant(s.arm())).build());
        }
        TypeVariableName r = TypeVariableName.get("R");
        t.addMethod(MethodSpec.methodBuilder("accept").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .addTypeVariable(r).returns(r)
                .addParameter(ParameterizedTypeName.get(ctx.cls("InstructionVisitor"), r), "visitor")
                .addStatement("return visitor.$L(this)", VisitorWriter.visitName(s.shape() == Shape.OPAQUE ? null : s.arm()))
                .build());
    }

    private String describe(FieldDef f) {
        String where = f.kind() == FieldDef.Kind.GROUP ? "group " + f.groupRef() + " at +" + Scalars.hex(f.at())
                : "+" + Scalars.hex(f.at()) + ", " + f.width() + " byte" + (f.width() == 1 ? "" : "s");
        String enc = f.enumRef() != null ? ", enum " + f.enumRef() : f.namesRef() != null ? ", any number; enum " + f.namesRef() + " names some"
                : f.lutRef() != null ? ", through LUT " + f.lutRef() : "";
        return where + enc + (f.doc() == null ? "" : ": " + f.doc());
    }

    private MethodSpec constructor(Struct s, List<Component> components) {
        MethodSpec.Builder ctor = MethodSpec.compactConstructorBuilder().addModifiers(Modifier.PUBLIC);
        for (Component c : components) {
            ctor.addParameter(ParameterSpec.builder(c.type(), c.name()).build());
        }
        if (s.shape() == Shape.OPAQUE) {
            ClassName arm = ctx.cls("Arm");
            ctor.addStatement("$T.requireNonNull(arm, $S)", Objects.class, "arm")
                    .beginControlFlow("if (!arm.opaque() || arm == $T.UNKNOWN)", arm)
                    .addStatement("throw new $T(arm + $S)", IllegalArgumentException.class,
                            " is not an opaque arm")
                    .endControlFlow();
        }
        for (Component c : components) {
            if (c.field() != null) {
                checks(ctor, c.field());
            }
        }
        return ctor.build();
    }

    private void checks(MethodSpec.Builder ctor, FieldDef f) {
        String n = Names.camel(f.name());
        switch (f.kind()) {
            case GROUP -> ctor.addStatement("$T.requireNonNull($L, $S)", Objects.class, n, f.name());
            case CHAR -> ctor.addStatement("$T.chars($L, $L, $S)", Ctx.CHECKS, n, f.maxChars(), f.name());
            case BYTES -> ctor.addStatement("$L = $T.bytes($T.requireNonNull($L, $S), $L, $S)", n, Ctx.CHECKS, Objects.class, n,
                    f.name(), f.size(), f.name());
            case SCALAR -> scalarChecks(ctor, f, n);
        }
    }

    private void scalarChecks(MethodSpec.Builder ctor, FieldDef f, String n) {
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

    // ---- encode -----------------------------------------------------------------------------

    private MethodSpec encodeTo(Struct s) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("encodeTo").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addStatement("$T.room(b, at, SIZE)", Ctx.CHECKS)
                .addStatement("$T.zero(b, at, SIZE)", Ctx.BYTES);
        m.addStatement(Scalars.write(ctx.endian, ctx.model.opcodeEnum().type(), "b",
                Scalars.at("at", ctx.model.record().opcodeAt()),
                CodeBlock.of(s.shape() == Shape.OPAQUE ? "arm.opcode()" : "OPCODE")));
        ArmDef arm = s.arm();
        if (arm.select() != null && arm.select().equals() != null) {
            m.addStatement(Scalars.write(ctx.endian, arm.select().type(), "b", Scalars.at("at", arm.select().at()),
                    CodeBlock.of("$L", Scalars.hex(arm.select().equals()))));
        }
        writeFields(m, s.fields());
        // a preamble constant the arm holds at its own value: written over the preamble's
        for (Leaf l : s.shape() == Shape.ARM && !arm.overrides().isEmpty() ? Layout.arm(ctx.model, arm) : List.<Leaf>of()) {
            if (arm.override(l.path()) != null) {
                m.addStatement(Scalars.write(ctx.endian, l.def().scalar(), "b", Scalars.at("at", l.offset()),
                        CodeBlock.of("$L", Scalars.literal(l.def().scalar(), l.def().constValue()))));
            }
        }
        return m.build();
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

    static String args(List<Component> components) {
        return String.join(", ", components.stream().map(Component::name).toList());
    }

    // ---- arrays: defensive copies and content equality ---------------------------------------

    private void arrayMethods(TypeSpec.Builder t, ClassName self, List<Component> components) {
        CodeBlock.Builder eq = CodeBlock.builder().add("return ");
        CodeBlock.Builder hash = CodeBlock.builder().add("int h = 1;\n");
        CodeBlock.Builder str = CodeBlock.builder().add("return $S", self.simpleName() + "[");
        for (int i = 0; i < components.size(); i++) {
            Component c = components.get(i);
            String n = c.name();
            if (i > 0) {
                eq.add("\n    && ");
                str.add(" + $S", ", ");
            }
            Class<?> util = c.isArray() ? Arrays.class : Objects.class;
            eq.add("$T.equals(this.$L, o.$L)", util, n, n);
            hash.add("h = 31 * h + $T.hashCode(this.$L);\n", util, n);
            if (c.isArray()) {
                str.add(" + $S + $T.toString(this.$L)", n + "=", Arrays.class, n);
                t.addMethod(MethodSpec.methodBuilder(n).addModifiers(Modifier.PUBLIC).returns(c.type())
                        .addJavadoc("A copy: the record stays immutable.\n").addStatement("return this.$L.clone()", n).build());
            } else {
                str.add(" + $S + this.$L", n + "=", n);
            }
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
}
