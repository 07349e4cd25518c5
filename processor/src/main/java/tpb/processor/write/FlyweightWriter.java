package tpb.processor.write;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.json.ModelJson;
import tpb.spec.model.ArmDef;
import tpb.spec.model.BitDef;
import tpb.spec.model.FieldDef;
import tpb.spec.model.Layout;
import tpb.spec.model.Leaf;
import tpb.spec.model.ScalarType;
import tpb.spec.model.Source;

/**
 * Zero-allocation views over a byte array in the manner of SBE's decoders: {@code wrap} returns
 * this, offsets are literal constants, and every accessor is a load or a store at
 * {@code offset + constant}. Enum and LUT fields have a raw accessor and a typed one.
 *
 * <p>The record preamble's accessors (the same fields at the same offsets in every record) are
 * written once, as final methods of {@code PreambleFlyweight<F>}, which every flyweight extends
 * with itself as {@code F}: a consumer sees the same names and types on each flyweight, the
 * setters still return the subclass, and the loop's javac compiles the preamble once instead of
 * once per flyweight (about 340 lines each).
 *
 * <p>Every flyweight is also a {@code tpb.codec.Flyweight}: {@code get}/{@code set} by field index
 * are switches over its own accessors, so the assembler and disassembler, which serve every arm,
 * encode and decode through this code instead of a byte writer of their own.
 */
final class FlyweightWriter {
    private final Ctx ctx;
    private final GroupViewWriter views;

    FlyweightWriter(Ctx ctx, GroupViewWriter views) {
        this.ctx = ctx;
        this.views = views;
    }

    /** {@code top}: the arm's (or view's) own fields as the spec writes them, whose groups get a view each. */
    TypeSpec write(ClassName self, ArmDef arm, List<Leaf> leaves, List<FieldDef> top, String doc, Source source) {
        TypeSpec.Builder t = TypeSpec.classBuilder(self).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .superclass(ParameterizedTypeName.get(ctx.preambleFlyweight(), self))
                .addAnnotation(ctx.generated())
                .addJavadoc("Flyweight over one $L record ($L, opcode $L$L).\n\n<p>$L\n\n<p>Source: $L ($L).\n",
                        arm.name(), arm.struct() == null ? "opaque" : arm.struct(), Names.hex(arm.opcode()),
                        arm.select() == null ? "" : arm.select().otherwise() ? ", select otherwise"
                                : ", select +" + Scalars.hex(arm.select().at()) + " = " + arm.select().equals(),
                        doc == null ? "" : doc, source.ref(), source.confidence());
        t.addField(FieldSpec.builder(int.class, "SIZE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .initializer("$L", ctx.model.record().size()).build());
        t.addField(FieldSpec.builder(int.class, "OPCODE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .initializer("$L", Scalars.hex(arm.opcode())).build());
        t.addMethod(matches(arm));
        views.place(t, top);
        return body(t, self, leaves, null, arm);
    }

    /**
     * {@code matches(buffer, offset)}: is the record this arm's? The opcode and, where arms share
     * it, the sub-opcode compared with this arm's literals at the spec's offsets, widths and byte
     * order, as {@code Decoder.identify} decides but without its switch over every opcode: a scan
     * for one arm (the EXIT sentinel) reads one byte per record, and the sub-opcode only on a hit.
     */
    private MethodSpec matches(ArmDef arm) {
        CodeBlock opcode = Scalars.read(ctx.endian, ctx.model.opcodeEnum().type(), "buffer",
                Scalars.at("offset", ctx.model.record().opcodeAt()));
        CodeBlock.Builder test = CodeBlock.builder().add("$L == OPCODE", opcode);
        if (arm.select() != null) {
            CodeBlock sub = Scalars.read(ctx.endian, arm.select().type(), "buffer", Scalars.at("offset", arm.select().at()));
            if (!arm.select().otherwise()) {
                test.add(" && $L == $L", sub, Scalars.hex(arm.select().equals()));
            } else {
                for (ArmDef sibling : ctx.model.armsByOpcode().get(arm.opcode())) {
                    if (!sibling.select().otherwise()) {
                        test.add(" && $L != $L", sub, Scalars.hex(sibling.select().equals()));
                    }
                }
            }
        }
        return MethodSpec.methodBuilder("matches").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(boolean.class)
                .addParameter(byte[].class, "buffer").addParameter(int.class, "offset")
                .addJavadoc("Is the record at {@code offset} a $L record (what {@code Decoder.identify} calls {@code Arm.$L})? Reads\n"
                        + "the opcode, and the sub-opcode only when the opcode matches; no room check, as the static accessors.\n",
                        arm.name(), ctx.armConstant(arm))
                .addStatement("return $L", test.build()).build();
    }

    /**
     * {@code OpaqueFlyweight}: the one flyweight of every opaque arm (they share their fields),
     * made for the arm whose opcode {@code reset()} stamps.
     */
    TypeSpec opaque() {
        ClassName self = ctx.opaqueFlyweight();
        ClassName arm = ctx.cls("Arm");
        TypeSpec.Builder t = TypeSpec.classBuilder(self).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .superclass(ParameterizedTypeName.get(ctx.preambleFlyweight(), self))
                .addAnnotation(ctx.generated())
                .addJavadoc("Flyweight over a record of an opaque arm (an opcode the spec gives no layout: the preamble and\n"
                        + "an opaque payload). One type serves every opaque arm; an instance is made for one, whose opcode\n"
                        + "{@link #reset()} stamps.\n");
        t.addField(FieldSpec.builder(int.class, "SIZE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .initializer("$L", ctx.model.record().size()).build());
        t.addField(arm, "arm", Modifier.PRIVATE, Modifier.FINAL);
        t.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC).addParameter(arm, "arm")
                .addJavadoc("A flyweight for {@code arm}'s records.\n\n@throws IllegalArgumentException when {@code arm} is not opaque\n")
                .addStatement("$T.requireNonNull(arm, $S)", Objects.class, "arm")
                .beginControlFlow("if (!arm.opaque() || arm == $T.UNKNOWN)", arm)
                .addStatement("throw new $T(arm + $S)", IllegalArgumentException.class,
                        " is not an opaque arm")
                .endControlFlow()
                .addStatement("this.arm = arm").build());
        t.addMethod(MethodSpec.methodBuilder("arm").addModifiers(Modifier.PUBLIC).returns(arm)
                .addJavadoc("The opaque arm this flyweight was made for.\n").addStatement("return arm").build());
        ArmDef sample = ctx.opaqueSample();
        return body(t, self, Layout.arm(ctx.model, sample), CodeBlock.of("arm.opcode()"), sample);
    }

    /**
     * {@code PreambleFlyweight<F>}: what every flyweight shares — the buffer and offset, wrap, and
     * the accessors of the record preamble's leaves — as final methods (no virtual dispatch on the
     * hot path). Setters return {@code F}, the subclass, so chained calls keep their type.
     */
    TypeSpec preamble() {
        ClassName self = ctx.preambleFlyweight();
        TypeVariableName f = TypeVariableName.get("F", ParameterizedTypeName.get(self, TypeVariableName.get("F")));
        TypeSpec.Builder t = TypeSpec.classBuilder(self).addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                .addTypeVariable(f)
                .addSuperinterface(Ctx.FLYWEIGHT)
                .addAnnotation(ctx.generated())
                .addJavadoc("The record preamble's accessors and the buffer every flyweight views, written once; each\n"
                        + "flyweight extends this with itself as {@code F}. Only the generated flyweights extend it.\n\n"
                        + "<p>A flyweight views nothing until its first {@code wrap}: until then every accessor, {@code get},\n"
                        + "{@code set} and {@code reset} throw {@link $T} (it views an empty array).\n", IndexOutOfBoundsException.class);
        // before any wrap a flyweight views an empty array, so that every accessor throws the array's
        // IndexOutOfBoundsException: no null test on the hot path, and nothing reads memory it does not own
        t.addField(FieldSpec.builder(byte[].class, "UNWRAPPED", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("new byte[0]").build());
        t.addField(FieldSpec.builder(byte[].class, "buffer", Modifier.PROTECTED).initializer("UNWRAPPED")
                .addJavadoc("The array wrapped; null when a ByteBuffer without an array is; empty before the first wrap.\n").build());
        t.addField(FieldSpec.builder(int.class, "offset", Modifier.PROTECTED)
                .addJavadoc("The record's offset in the array, or its index in the ByteBuffer.\n").build());
        t.addField(FieldSpec.builder(long.class, "address", Modifier.PROTECTED)
                .addJavadoc("Where the record starts in {@link #memory}: its base plus the index (an absolute address where\n"
                        + "{@code Unsafe} serves it, so that an access loads this one field); not read over an array.\n").build());
        t.addField(FieldSpec.builder(Ctx.MEMORY, "memory", Modifier.PROTECTED)
                .addJavadoc("The bytes of the ByteBuffer wrapped when it has no array to view (direct, mapped or read-only);\n"
                        + "else null.\n").build());
        t.addMethod(MethodSpec.constructorBuilder().build());
        t.addMethod(MethodSpec.methodBuilder("wrap").addModifiers(Modifier.PUBLIC, Modifier.FINAL).returns(f)
                .addParameter(byte[].class, "buffer").addParameter(int.class, "offset")
                .addJavadoc("Points this flyweight at the record at {@code offset}; checks the bounds once.\n")
                .addStatement("$T.room(buffer, offset, $L)", Ctx.CHECKS, ctx.model.record().size())
                // a reference store runs the collector's write barrier; once the flyweight and a large
                // buffer are both in the old generation that is a StoreLoad fence per wrap, which
                // stalls the loop's loads (SBE's wrap skips the store the same way)
                .beginControlFlow("if (this.buffer != buffer)")
                .addStatement("this.buffer = buffer").addStatement("this.memory = null")
                .endControlFlow()
                .addStatement("this.offset = offset")
                .addStatement("return self()").build());
        t.addMethod(MethodSpec.methodBuilder("wrap").addModifiers(Modifier.PUBLIC, Modifier.FINAL).returns(f)
                .addParameter(ByteBuffer.class, "buffer").addParameter(int.class, "index")
                .addJavadoc("Points this flyweight at the record at {@code index} of {@code buffer}, whatever holds it: a heap\n"
                        + "buffer's array, a direct buffer's or a mapped file's memory, with the same accessors and no\n"
                        + "allocation past the first wrap of a buffer (its position, limit and order are not used but to check the bounds once).\n"
                        + "A read-only buffer (a file mapped {@code READ_ONLY}) is viewed without a copy: every getter\n"
                        + "works, and a setter or {@code reset()} throws {@link $T}.\n\n"
                        + "@throws $T when the record does not lie below the buffer's limit\n"
                        + "@throws IllegalArgumentException on Java 17-21 for a read-only heap buffer (Java 22+ views it)\n",
                        java.nio.ReadOnlyBufferException.class, ClassName.get(Ctx.CODEC, "ShortBufferException"))
                .addStatement("$T.room(buffer, index, $L)", Ctx.MEMORY, ctx.model.record().size())
                .beginControlFlow("if (buffer.hasArray())")
                .addStatement("return wrap(buffer.array(), buffer.arrayOffset() + index)")
                .endControlFlow()
                // as wrap(byte[]): the references stored only when they change (a barrier, a fence once both
                // are old), and the view made once a buffer, not once a record
                .beginControlFlow("if (this.memory == null || !this.memory.views(buffer))")
                .addStatement("this.memory = $T.of(buffer)", Ctx.MEMORY)
                .endControlFlow()
                .beginControlFlow("if (this.buffer != null)")
                .addStatement("this.buffer = null")
                .endControlFlow()
                .addStatement("this.offset = index").addStatement("this.address = memory.base() + index")
                .addStatement("return self()").build());
        t.addMethod(MethodSpec.methodBuilder("buffer").addModifiers(Modifier.PUBLIC, Modifier.FINAL).returns(byte[].class)
                .addJavadoc("The array this flyweight views: null when it views a ByteBuffer without one, empty before the first wrap.\n")
                .addStatement("return buffer").build());
        t.addMethod(MethodSpec.methodBuilder("offset").addModifiers(Modifier.PUBLIC, Modifier.FINAL).returns(int.class)
                .addStatement("return offset").build());
        t.addMethod(MethodSpec.methodBuilder("self").addModifiers(Modifier.PRIVATE).returns(f)
                .addAnnotation(AnnotationSpec.builder(SuppressWarnings.class).addMember("value", "$S", "unchecked").build())
                .addJavadoc("This flyweight as its own type: only {@code F} extends {@code PreambleFlyweight<F>}.\n")
                .addStatement("return ($T) this", f).build());
        Out o = new Out(t, f, "self()", true, names(preambleLeaves()));
        for (Leaf l : preambleLeaves()) {
            accessors(o, l);
        }
        views.place(t, ctx.model.record().preamble());
        return t.build();
    }

    private List<Leaf> preambleLeaves() {
        return Layout.fields(ctx.model, ctx.model.record().preamble(), ctx.model.record().source());
    }

    /** Where accessors go: the class, the type setters return, how they return it, whether instance methods are final. */
    private record Out(TypeSpec.Builder t, TypeName self, String me, boolean base, Set<String> taken) {
        MethodSpec.Builder method(String name) {
            return base ? MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                    : MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC);
        }

        /** Whether no field's accessor is called {@code name} (an {@code xExact} setter is made only then). */
        boolean free(String name) {
            return !taken.contains(name);
        }
    }

    /** The accessor names of {@code leaves}: each field's, its raw form's and its bits'. */
    private static Set<String> names(List<Leaf> leaves) {
        Set<String> out = new HashSet<>();
        for (Leaf l : leaves) {
            String n = Names.camelPath(l.path());
            out.add(n);
            out.add(n + "Raw");
            for (BitDef b : l.def().bits()) {
                out.add(Names.camelPath(l.path() + "." + b.name()));
            }
        }
        return out;
    }

    /**
     * What every flyweight has beyond its base: reset, accessors per leaf past the preamble, FIELDS.
     * {@code runtimeOpcode} is the opcode reset stamps when it is known only at run time (the opaque
     * flyweight's); null when it is {@code arm}'s, which goes into the reset image.
     */
    private TypeSpec body(TypeSpec.Builder t, ClassName self, List<Leaf> leaves, CodeBlock runtimeOpcode, ArmDef arm) {
        List<Leaf> preamble = preambleLeaves();
        int shared = preamble.size();
        // Layout puts the preamble first (an arm's overridden constant differs only in value and
        // source); the base class has its accessors
        if (!leaves.subList(0, shared).stream().map(l -> l.path() + "@" + l.offset()).toList()
                .equals(preamble.stream().map(l -> l.path() + "@" + l.offset()).toList())) {
            throw new IllegalStateException(self + " does not start with the record preamble");
        }
        Out o = new Out(t, self, "this", false, names(leaves));
        MethodSpec.Builder reset = MethodSpec.methodBuilder("reset").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addJavadoc("Zeroes the record and stamps the opcode, constants and sub-opcode of this arm: the record as\n"
                        + "reset leaves it, worked out from the spec when this class was generated, stored a word at a time.\n");
        ResetImage image = new ResetImage(ctx.model.record().size(), ctx.model.record().littleEndian());
        CodeBlock.Builder infos = CodeBlock.builder();
        Leaf opcodeLeaf = null;
        for (int i = 0; i < leaves.size(); i++) {
            Leaf l = leaves.get(i);
            FieldDef f = l.def();
            if (isOpcode(l)) {
                opcodeLeaf = l;
            } else if (f.isConst()) {
                image.put(l.offset(), f.scalar().width, f.constValue());
            }
            if (i >= shared) {
                accessors(o, l);
            }
            infos.add("$L\n$L", i == 0 ? "" : ",", FieldInfoCode.of(l, ctx.model.record().littleEndian()));
        }
        if (arm.select() != null && arm.select().equals() != null) {
            image.put(arm.select().at(), arm.select().type().width, arm.select().equals());
        }
        if (opcodeLeaf != null && runtimeOpcode == null) {
            image.put(opcodeLeaf.offset(), opcodeLeaf.def().scalar().width, arm.opcode());
        }
        image.stores(ctx, reset);
        if (opcodeLeaf != null && runtimeOpcode != null) {
            reset.addCode(Scalars.writeEither(ctx, opcodeLeaf.def().scalar(), "", CodeBlock.of("$L", Scalars.hex(opcodeLeaf.offset())),
                    runtimeOpcode));
        }
        t.addMethod(reset.addStatement("return this").build());
        t.addField(FieldSpec.builder(ParameterizedTypeName.get(ClassName.get(List.class), Ctx.FIELD_INFO), "FIELDS",
                        Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Every field, flattened, in declaration order.\n")
                .initializer("$T.of($>$L$<)", List.class, infos.build()).build());
        t.addMethod(MethodSpec.methodBuilder("fields").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassName.get(List.class), Ctx.FIELD_INFO)).addStatement("return FIELDS").build());
        byIndex(t, self, leaves);
        return t.build();
    }

    /**
     * {@code get(field, element)} and {@code set(field, element, value)}: one case per leaf, in
     * FIELDS order, each calling the leaf's own accessor (the raw one for an enum or LUT field);
     * {@code set} has no case for what the spec fixes. Char fields have no per-byte accessor, so
     * their cases index the bytes as the bytes accessors do.
     */
    private void byIndex(TypeSpec.Builder t, ClassName self, List<Leaf> leaves) {
        MethodSpec.Builder get = MethodSpec.methodBuilder("get").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(long.class).addParameter(int.class, "field").addParameter(int.class, "element")
                .beginControlFlow("switch (field)");
        MethodSpec.Builder set = MethodSpec.methodBuilder("set").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(self).addParameter(int.class, "field").addParameter(int.class, "element").addParameter(long.class, "value")
                .beginControlFlow("switch (field)");
        for (int i = 0; i < leaves.size(); i++) {
            Leaf l = leaves.get(i);
            FieldDef f = l.def();
            String n = Names.camelPath(l.path());
            boolean writable = !f.isConst() && !f.reserved() && !isOpcode(l);
            switch (f.kind()) {
                case CHAR -> {
                    CodeBlock at = CodeBlock.of("$L + $T.checkIndex(element, $L)", Names.upperSnake(n) + "_OFFSET", Objects.class, f.size());
                    get.addStatement("case $L: return $L", i, Scalars.readEither(ctx, ScalarType.U8, "", at));
                    if (writable) {
                        set.addCode("case $L:\n", i).addCode(Scalars.writeEither(ctx, ScalarType.U8, "", at, CodeBlock.of("(int) value")))
                                .addStatement("$>return this$<");
                    }
                }
                case BYTES -> {
                    get.addStatement("case $L: return $L(element) & 0xFF", i, n);
                    if (writable) {
                        set.addStatement("case $L: return $L(element, (byte) value)", i, n);
                    }
                }
                case SCALAR -> {
                    TypeName jt = Ctx.scalarJava(f.scalar());
                    CodeBlock value = jt.equals(TypeName.LONG) ? CodeBlock.of("value") : CodeBlock.of("($T) value", jt);
                    if (f.count() > 1) {
                        get.addStatement("case $L: return $L(element)", i, n);
                        set.addStatement("case $L: return $L(element, $L)", i, n, value);
                    } else {
                        String raw = f.enumRef() != null || f.lutRef() != null ? n + "Raw" : n;
                        get.addStatement("case $L: return $L()", i, raw);
                        if (writable) {
                            set.addStatement("case $L: return $L($L)", i, raw, value);
                        }
                    }
                }
                default -> throw new IllegalStateException("groups are flattened");
            }
        }
        t.addMethod(get.addStatement("default: throw new $T($S + field + $S)", IndexOutOfBoundsException.class, "field ",
                " of " + leaves.size() + " fields").endControlFlow().build());
        t.addMethod(set.addCode("default:\n$>").addStatement("$T.checkIndex(field, $L)", Objects.class, leaves.size())
                .addStatement("throw new $T(FIELDS.get(field).name() + $S)", IllegalArgumentException.class, " is fixed by the spec")
                .addCode("$<").endControlFlow().build());
    }

    private boolean isOpcode(Leaf l) {
        return l.offset() == ctx.model.record().opcodeAt() && ctx.isOpcodeField(l.def());
    }

    private void accessors(Out o, Leaf l) {
        TypeSpec.Builder t = o.t();
        TypeName self = o.self();
        FieldDef f = l.def();
        String n = Names.camelPath(l.path());
        String upper = Names.upperSnake(n);
        t.addField(FieldSpec.builder(int.class, upper + "_OFFSET", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .initializer("$L", Scalars.hex(l.offset())).build());
        t.addField(FieldSpec.builder(int.class, upper + "_WIDTH", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .initializer("$L", f.width()).build());
        if (f.kind() == FieldDef.Kind.SCALAR && f.count() > 1) {
            t.addField(FieldSpec.builder(int.class, upper + "_COUNT", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("How many $L elements {@code $L} holds.\n", f.scalar().specName(), l.path())
                    .initializer("$L", f.count()).build());
            t.addField(FieldSpec.builder(int.class, upper + "_ELEMENT_BITS", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("Bits in one $L element of {@code $L}.\n", f.scalar().specName(), l.path())
                    .initializer("$L", f.width() / f.count() * Byte.SIZE).build());
        }
        CodeBlock at = CodeBlock.of("$L", upper + "_OFFSET"); // from the record's start: offset + at in the array or the ByteBuffer
        String javadoc = String.format("{@code %s} at +%s, %d byte%s, %s. %s%nSource: %s (%s).%n", l.path(), Scalars.hex(l.offset()),
                f.width(), f.width() == 1 ? "" : "s", ModelJson.encoding(f) + " " + ModelJson.type(f),
                f.doc() == null ? "" : f.doc() + ".", l.source().ref(), l.source().confidence());
        boolean writable = !f.isConst() && !f.reserved() && !isOpcode(l);
        switch (f.kind()) {
            case CHAR -> {
                t.addField(FieldSpec.builder(int.class, upper + "_MAX_LENGTH", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("The longest name {@code $L} holds: $L.\n", l.path(), f.nulOptional()
                                ? "its whole size (NUL-terminated or full, as strncpy leaves it)" : "its size less one for the NUL")
                        .initializer("$L", f.maxChars()).build());
                t.addMethod(o.method(n).returns(String.class)
                        .addJavadoc("$L", javadoc + "Allocates a String.\n")
                        .addStatement("return buffer != null ? $T.read(buffer, offset + $L, $L) : $T.chars(memory, address + $L, $L)", Ctx.CHARS, at,
                                f.size(), Ctx.MEMORY, at, f.size()).build());
                if (writable) {
                    t.addMethod(o.method(n).returns(self)
                            .addParameter(String.class, "value")
                            .addStatement("String s = $T.chars(value, $L, $S)", Ctx.CHECKS, upper + "_MAX_LENGTH", l.path())
                            .beginControlFlow("if (buffer != null)")
                            .addStatement("$T.write(buffer, offset + $L, $L, s)", Ctx.CHARS, at, f.size())
                            .nextControlFlow("else")
                            .addStatement("$T.writeChars(memory, address + $L, $L, s)", Ctx.MEMORY, at, f.size())
                            .endControlFlow()
                            .addStatement("return $L", o.me()).build());
                }
            }
            case BYTES -> {
                t.addMethod(o.method(n).returns(byte.class)
                        .addParameter(int.class, "index").addJavadoc("$L", javadoc)
                        .addStatement("int at = $L + $T.checkIndex(index, $L)", at, Objects.class, f.size())
                        .addStatement("return buffer != null ? buffer[offset + at] : $T.i8(memory, address + at)", Ctx.MEMORY).build());
                t.addMethod(o.method(n + "CopyTo")
                        .addParameter(byte[].class, "dst").addParameter(int.class, "dstOffset")
                        .beginControlFlow("if (buffer != null)")
                        .addStatement("$T.arraycopy(buffer, offset + $L, dst, dstOffset, $L)", System.class, at, f.size())
                        .nextControlFlow("else")
                        .addStatement("$T.copy(memory, address + $L, dst, dstOffset, $L)", Ctx.MEMORY, at, f.size())
                        .endControlFlow().build());
                if (writable) {
                    t.addMethod(o.method(n).returns(self)
                            .addParameter(int.class, "index").addParameter(byte.class, "value")
                            .addStatement("int at = $L + $T.checkIndex(index, $L)", at, Objects.class, f.size())
                            .beginControlFlow("if (buffer != null)").addStatement("buffer[offset + at] = value")
                            .nextControlFlow("else").addStatement("$T.put8(memory, address + at, value)", Ctx.MEMORY).endControlFlow()
                            .addStatement("return $L", o.me()).build());
                }
            }
            case SCALAR -> scalar(o, l, n, at, javadoc, writable);
            default -> throw new IllegalStateException("groups are flattened");
        }
    }

    private void scalar(Out o, Leaf l, String n, CodeBlock at, String javadoc, boolean writable) {
        TypeSpec.Builder t = o.t();
        TypeName self = o.self();
        FieldDef f = l.def();
        TypeName jt = Ctx.scalarJava(f.scalar());
        String check = Scalars.check(f.scalar());
        boolean exact = check != null && o.free(n + "Exact");
        if (f.count() > 1) {
            CodeBlock el = CodeBlock.of("$L + $T.checkIndex(index, $L) * $L", at, Objects.class, f.count(), f.size());
            t.addMethod(o.method(n).returns(jt)
                    .addParameter(int.class, "index").addJavadoc("$L", javadoc)
                    .addStatement("int at = $L", el)
                    .addStatement("return $L", Scalars.readEither(ctx, f.scalar(), "", CodeBlock.of("at"))).build());
            if (writable) {
                t.addMethod(o.method(n).returns(self)
                        .addParameter(int.class, "index").addParameter(jt, "value")
                        .addJavadoc("$L", Setters.doc(l.path() + "[index]", f.scalar(), exact ? n + "Exact(int, " + jt + ")" : null))
                        .addStatement("int at = $L", el)
                        .addCode(Scalars.writeEither(ctx, f.scalar(), "", CodeBlock.of("at"), CodeBlock.of("value")))
                        .addStatement("return $L", o.me()).build());
                if (exact) {
                    t.addMethod(o.method(n + "Exact").returns(self)
                            .addParameter(int.class, "index").addParameter(jt, "value")
                            .addJavadoc("$L", Setters.exactDoc(l.path() + "[index]", f.scalar()))
                            .addStatement("return $L(index, $T.$L(value, $S))", n, Ctx.CHECKS, check, l.path()).build());
                }
            }
            return;
        }
        boolean typed = f.enumRef() != null || f.lutRef() != null;
        String rawName = typed ? n + "Raw" : n;
        String upper = Names.upperSnake(n);
        // the static form reads straight from an array: what a hand-written decoder would do
        t.addMethod(MethodSpec.methodBuilder(rawName).addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(jt)
                .addParameter(byte[].class, "buffer").addParameter(int.class, "offset")
                .addJavadoc("$L", javadoc + "Reads the record at {@code offset} without a flyweight.\n")
                .addStatement("return $L", Scalars.read(ctx.endian, f.scalar(), "buffer", CodeBlock.of("offset + $L", upper + "_OFFSET")))
                .build());
        t.addMethod(o.method(rawName).returns(jt).addJavadoc("$L", javadoc)
                .addStatement("return buffer != null ? $L(buffer, offset) : $L", rawName,
                        Scalars.readMemory(ctx.memory, f.scalar(), "memory", CodeBlock.of("address + $L", at))).build());
        boolean rawExact = check != null && o.free(rawName + "Exact");
        if (writable) {
            t.addMethod(o.method(rawName).returns(self).addParameter(jt, "value")
                    .addJavadoc("$L", Setters.doc(l.path(), f.scalar(), rawExact ? rawName + "Exact(" + jt + ")" : null))
                    .addCode(Scalars.writeEither(ctx, f.scalar(), "", at, CodeBlock.of("value")))
                    .addStatement("return $L", o.me()).build());
            if (rawExact) {
                t.addMethod(o.method(rawName + "Exact").returns(self).addParameter(jt, "value")
                        .addJavadoc("$L", Setters.exactDoc(l.path(), f.scalar()))
                        .addStatement("return $L($T.$L(value, $S))", rawName, Ctx.CHECKS, check, l.path()).build());
            }
        }
        if (typed) {
            TypeName et = ctx.componentType(f);
            CodeBlock decode = f.enumRef() != null ? CodeBlock.of("$T.fromValue($L())", et, rawName)
                    : CodeBlock.of("$T.decode($L())", ctx.type(f.lutRef()), rawName);
            t.addMethod(o.method(n).returns(et)
                    .addJavadoc("$L", javadoc + "@return the decoded value, or null when the raw value means nothing\n")
                    .addStatement("return $L", decode).build());
            if (writable) {
                CodeBlock encode = f.enumRef() != null ? CodeBlock.of("value.value()")
                        : CodeBlock.of("$T.encode(value)", ctx.type(f.lutRef()));
                t.addMethod(o.method(n).returns(self).addParameter(et, "value")
                        .addJavadoc("Stores {@code value} in {@code $L}, as its $L.\n", l.path(),
                                f.enumRef() != null ? "spec value" : "wire value through {@link " + ctx.type(f.lutRef()).simpleName() + "}")
                        .addStatement("return $L($L)", rawName, encode).build());
            }
        }
        for (BitDef b : f.bits()) {
            String bn = Names.camelPath(l.path() + "." + b.name());
            long mask = b.width() == 64 ? -1L : (1L << b.width()) - 1;
            t.addMethod(o.method(bn).returns(long.class)
                    .addJavadoc("Bits $L..$L of {@code $L}$L\n", b.lsb(), b.lsb() + b.width() - 1, l.path(),
                            b.doc() == null ? "." : ": " + b.doc() + ".")
                    .addStatement("return ($L() >>> $L) & $LL", rawName, b.lsb(), Scalars.hex(mask)).build());
            if (writable) {
                t.addMethod(o.method(bn).returns(self).addParameter(long.class, "value")
                        .addJavadoc("Stores the low $L bit$L of {@code value} in bits $L..$L of {@code $L}; the other bits keep theirs.\n",
                                b.width(), b.width() == 1 ? "" : "s", b.lsb(), b.lsb() + b.width() - 1, l.path())
                        .addStatement("long word = ($L() & ~($LL << $L)) | ((value & $LL) << $L)", rawName, Scalars.hex(mask), b.lsb(),
                                Scalars.hex(mask), b.lsb())
                        .addStatement("return $L(($T) word)", rawName, jt).build());
            }
        }
    }
}
