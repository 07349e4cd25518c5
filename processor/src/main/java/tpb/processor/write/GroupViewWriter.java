package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.json.ModelJson;
import tpb.spec.model.BitDef;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupDef;
import tpb.spec.model.Source;

/**
 * Composite flyweights in the manner of SBE's: one {@code <Group>View} per operand group the
 * spec declares (TENSOR3D becomes {@code Tensor3dView}), so a reader writes
 * {@code fw.srcMemPattern().step(d)} and takes the count of dimensions from the spec through
 * {@code dims()}, not from a literal.
 *
 * <p>A view is allocation-free: each flyweight holds one final view per group operand it places,
 * made with the flyweight and never re-pointed, because a view reads through its owner's buffer and
 * offset at {@code owner.offset + groupAt + constant}; a nested group (TENSOR3D's {@code start}, an
 * ADDR4) is a final view of the view. Views read; the flat accessors of the flyweight write.
 *
 * <p>Naming rules (the generator's, not ISA facts): an array field is read by index
 * ({@code step(int)}) and the group gets {@code dims()} when its array fields share one count; a
 * group of one scalar field names its bits on their own ({@code ADDR4.word}'s {@code address()},
 * DTYPE_PAIR's {@code lo()}); a group of one plain 32-bit word (the immediate unions) has
 * {@code asFloat()} and {@code asInt()}. Groups whose fields agree in name and type, differing only
 * in their counts, with at least one array field (TENSOR1D/3D/4D), implement one generated
 * interface named from the stem of their names ({@code TensorPattern}), so hand code can be written
 * once over N dimensions.
 */
final class GroupViewWriter {
    private final Ctx ctx;
    /** Group name to the shared interface it implements, for the groups that share a shape. */
    private final Map<String, ClassName> shapes = new LinkedHashMap<>();
    /** Each shared interface and its member groups, in spec order. */
    private final Map<ClassName, List<GroupDef>> members = new LinkedHashMap<>();

    GroupViewWriter(Ctx ctx) {
        this.ctx = ctx;
        Map<String, List<GroupDef>> bySignature = new LinkedHashMap<>();
        for (GroupDef g : ctx.model.groups()) {
            bySignature.computeIfAbsent(signature(g), k -> new ArrayList<>()).add(g);
        }
        for (List<GroupDef> same : bySignature.values()) {
            String stem = stem(same);
            boolean arrays = same.stream().anyMatch(g -> g.fields().stream().anyMatch(f -> f.kind() == FieldDef.Kind.SCALAR && f.count() > 1));
            if (same.size() < 2 || stem.isEmpty() || !arrays) {
                continue;
            }
            ClassName name = ctx.cls(Names.pascal(stem) + "Pattern");
            members.put(name, List.copyOf(same));
            same.forEach(g -> shapes.put(g.name(), name));
        }
    }

    /** The view type of group {@code name}: {@code Tensor3dView} for TENSOR3D. */
    ClassName view(String group) {
        return ClassName.get(ctx.pkg, Names.pascal(group) + "View");
    }

    /** The shared interfaces (TensorPattern), one per shape two or more groups have. */
    List<TypeSpec> interfaces() {
        List<TypeSpec> out = new ArrayList<>();
        for (Map.Entry<ClassName, List<GroupDef>> e : members.entrySet()) {
            GroupDef first = e.getValue().get(0);
            TypeSpec.Builder t = TypeSpec.interfaceBuilder(e.getKey()).addModifiers(Modifier.PUBLIC)
                    .addAnnotation(ctx.generated())
                    .addJavadoc("What the groups $L share: the same fields, differing only in how many elements their arrays hold,\n"
                            + "so code over their views is written once for any {@link #dims()}.\n",
                            e.getValue().stream().map(GroupDef::name).toList());
            for (FieldDef f : first.fields()) {
                String n = Names.camel(f.name());
                switch (f.kind()) {
                    case GROUP -> t.addMethod(MethodSpec.methodBuilder(n).addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                            .returns(view(f.groupRef())).addJavadoc("The nested $L operand.\n", f.groupRef()).build());
                    case SCALAR -> t.addMethod(MethodSpec.methodBuilder(n).addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                            .returns(Ctx.scalarJava(f.scalar())).addParameter(int.class, "index")
                            .addJavadoc("Element {@code index} (below {@link #dims()}) of {@code $L}, raw.\n", f.name()).build());
                    default -> { }
                }
            }
            t.addMethod(MethodSpec.methodBuilder("dims").addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT).returns(int.class)
                    .addJavadoc("How many dimensions the group has: its array fields' count, from the spec.\n").build());
            out.add(t.build());
        }
        return out;
    }

    /** Whether no member of {@code g} has an accessor called {@code name}. */
    private static boolean free(GroupDef g, String name) {
        for (FieldDef f : g.fields()) {
            String n = Names.camel(f.name());
            if (n.equals(name) || (n + "Raw").equals(name)) {
                return false;
            }
            for (BitDef b : f.bits()) {
                if (Names.camel(b.name()).equals(name) || Names.camelPath(f.name() + "." + b.name()).equals(name)) {
                    return false;
                }
            }
        }
        return true;
    }

    TypeSpec write(GroupDef g) {
        ClassName self = view(g.name());
        ClassName shape = shapes.get(g.name());
        TypeName owner = ParameterizedTypeName.get(ctx.preambleFlyweight(), WildcardTypeName.subtypeOf(Object.class));
        TypeSpec.Builder t = TypeSpec.classBuilder(self).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addAnnotation(ctx.generated())
                .addJavadoc("View of one $L operand inside a record, read through the flyweight that holds it (no copy, no\n"
                        + "allocation per read).$L\n\n<p>Source: $L ($L).\n", g.name(), g.doc() == null ? "" : " " + g.doc(),
                        g.source().ref(), g.source().confidence());
        if (shape != null) {
            t.addSuperinterface(shape);
        }
        t.addField(Ctx.constant("SIZE", g.size()));
        t.addField(owner, "owner", Modifier.PRIVATE, Modifier.FINAL);
        t.addField(int.class, "groupAt", Modifier.PRIVATE, Modifier.FINAL);
        MethodSpec.Builder ctor = MethodSpec.constructorBuilder()
                .addParameter(owner, "owner").addParameter(int.class, "groupAt")
                .addJavadoc("The $L at {@code groupAt} bytes into the records {@code owner} is wrapped around.\n", g.name())
                .addStatement("this.owner = owner").addStatement("this.groupAt = groupAt");
        t.addMethod(MethodSpec.methodBuilder("groupOffset").addModifiers(Modifier.PUBLIC).returns(int.class)
                .addJavadoc("Where the $L starts in the owner's buffer: the record's offset plus the group's place in it.\n", g.name())
                .addStatement("return owner.offset + groupAt").build());
        Integer dims = dims(g, shape != null);
        if (dims != null) {
            t.addField(Ctx.constant("DIMS", dims));
            MethodSpec.Builder m = MethodSpec.methodBuilder("dims").addModifiers(Modifier.PUBLIC).returns(int.class)
                    .addJavadoc("How many elements each array field of the $L holds: $L, from the spec.\n", g.name(), dims)
                    .addStatement("return DIMS");
            t.addMethod((shape != null ? m.addAnnotation(Override.class) : m).build());
        }
        boolean single = g.fields().size() == 1;
        for (FieldDef f : g.fields()) {
            String n = Names.camel(f.name());
            String upper = Names.upperSnake(n);
            t.addField(Ctx.constant(upper + "_OFFSET", f.at()));
            Source src = f.source() != null ? f.source() : g.source();
            String doc = String.format("{@code %s.%s} at +%s in the group, %d byte%s, %s. %s%nSource: %s (%s).%n", g.name(), f.name(),
                    Scalars.hex(f.at()), f.width(), f.width() == 1 ? "" : "s",
                    f.kind() == FieldDef.Kind.GROUP ? "group " + f.groupRef() : ModelJson.encoding(f) + " " + ModelJson.type(f),
                    f.doc() == null ? "" : f.doc() + ".", src.ref(), src.confidence());
            CodeBlock at = CodeBlock.of("groupAt + $L", upper + "_OFFSET"); // from the record's start, as the flyweight's accessors
            switch (f.kind()) {
                case GROUP -> {
                    ClassName nested = view(f.groupRef());
                    t.addField(nested, n, Modifier.PRIVATE, Modifier.FINAL);
                    ctor.addStatement("this.$L = new $T(owner, groupAt + $L)", n, nested, upper + "_OFFSET");
                    MethodSpec.Builder m = MethodSpec.methodBuilder(n).addModifiers(Modifier.PUBLIC).returns(nested)
                            .addJavadoc("$L", doc).addStatement("return $L", n);
                    t.addMethod((shape != null ? m.addAnnotation(Override.class) : m).build());
                }
                case CHAR -> t.addMethod(MethodSpec.methodBuilder(n).addModifiers(Modifier.PUBLIC).returns(String.class)
                        .addJavadoc("$L", doc + "Allocates a String.\n")
                        .addStatement("return owner.buffer != null ? $T.read(owner.buffer, owner.offset + $L, $L) : $T.chars(owner.memory, owner.address + $L, $L)",
                                Ctx.CHARS, at, f.size(), Ctx.MEMORY, at, f.size()).build());
                case BYTES -> t.addMethod(MethodSpec.methodBuilder(n).addModifiers(Modifier.PUBLIC).returns(byte.class)
                        .addParameter(int.class, "index").addJavadoc("$L", doc)
                        .addStatement("int at = $L + $T.checkIndex(index, $L)", at, Objects.class, f.size())
                        .addStatement("return owner.buffer != null ? owner.buffer[owner.offset + at] : $T.i8(owner.memory, owner.address + at)", Ctx.MEMORY)
                        .build());
                case SCALAR -> scalar(t, self, g, f, n, at, doc, shape != null, single);
            }
        }
        t.addMethod(ctor.build());
        return t.build();
    }

    /**
     * A scalar member's accessors: a getter, and a setter that returns the view (so
     * {@code srcMemPattern().num(0, 128)} chains), an exact setter that refuses a value that
     * does not fit, and for an enum or LUT member a typed setter. Constants, reserved members and
     * the opcode get a getter only, as in the flyweights.
     */
    private void scalar(TypeSpec.Builder t, ClassName self, GroupDef g, FieldDef f, String n, CodeBlock at, String doc, boolean shaped,
            boolean single) {
        TypeName jt = Ctx.scalarJava(f.scalar());
        String upper = Names.upperSnake(n);
        boolean writable = !f.isConst() && !f.reserved() && !ctx.isOpcodeField(f); // as the flat setters: reset stamps those
        String check = Scalars.check(f.scalar());
        String path = g.name() + "." + f.name();
        if (f.count() > 1 || shaped) {
            t.addField(Ctx.constant(upper + "_COUNT", f.count()));
            CodeBlock el = CodeBlock.of("$L + $T.checkIndex(index, $L) * $L", at, Objects.class, upper + "_COUNT", f.size());
            MethodSpec.Builder m = MethodSpec.methodBuilder(n).addModifiers(Modifier.PUBLIC).returns(jt)
                    .addParameter(int.class, "index").addJavadoc("$L", doc + "@param index the element, below {@code " + upper + "_COUNT}\n")
                    .addStatement("int at = $L", el)
                    .addStatement("return $L", Scalars.readEither(ctx, f.scalar(), "owner.", CodeBlock.of("at")));
            t.addMethod((shaped ? m.addAnnotation(Override.class) : m).build());
            if (writable) {
                boolean exact = check != null && free(g, n + "Exact");
                t.addMethod(MethodSpec.methodBuilder(n).addModifiers(Modifier.PUBLIC).returns(self)
                        .addParameter(int.class, "index").addParameter(jt, "value")
                        .addJavadoc("$L", Setters.doc(path + "[index]", f.scalar(), exact ? n + "Exact(int, " + jt + ")" : null))
                        .addStatement("int at = $L", el)
                        .addCode(Scalars.writeEither(ctx, f.scalar(), "owner.", CodeBlock.of("at"), CodeBlock.of("value")))
                        .addStatement("return this").build());
                if (exact) {
                    t.addMethod(MethodSpec.methodBuilder(n + "Exact").addModifiers(Modifier.PUBLIC).returns(self)
                            .addParameter(int.class, "index").addParameter(jt, "value")
                            .addJavadoc("$L", Setters.exactDoc(path + "[index]", f.scalar()))
                            .addStatement("return $L(index, $T.$L(value, $S))", n, Ctx.CHECKS, check, path).build());
                }
            }
            return;
        }
        CodeBlock read = Scalars.readEither(ctx, f.scalar(), "owner.", at);
        boolean typed = f.enumRef() != null || f.lutRef() != null;
        String rawName = typed ? n + "Raw" : n;
        t.addMethod(MethodSpec.methodBuilder(rawName).addModifiers(Modifier.PUBLIC).returns(jt).addJavadoc("$L", doc)
                .addStatement("return $L", read).build());
        if (writable) {
            boolean exact = check != null && free(g, rawName + "Exact");
            t.addMethod(MethodSpec.methodBuilder(rawName).addModifiers(Modifier.PUBLIC).returns(self).addParameter(jt, "value")
                    .addJavadoc("$L", Setters.doc(path, f.scalar(), exact ? rawName + "Exact(" + jt + ")" : null))
                    .addCode(Scalars.writeEither(ctx, f.scalar(), "owner.", at, CodeBlock.of("value")))
                    .addStatement("return this").build());
            if (exact) {
                t.addMethod(MethodSpec.methodBuilder(rawName + "Exact").addModifiers(Modifier.PUBLIC).returns(self).addParameter(jt, "value")
                        .addJavadoc("$L", Setters.exactDoc(path, f.scalar()))
                        .addStatement("return $L($T.$L(value, $S))", rawName, Ctx.CHECKS, check, path).build());
            }
        }
        if (typed) {
            CodeBlock decode = f.enumRef() != null ? CodeBlock.of("$T.fromValue($L)", ctx.componentType(f), read)
                    : CodeBlock.of("$T.decode($L)", ctx.type(f.lutRef()), read);
            t.addMethod(MethodSpec.methodBuilder(n).addModifiers(Modifier.PUBLIC).returns(ctx.componentType(f))
                    .addJavadoc("$L", doc + "@return the decoded value, or null when the raw value means nothing\n")
                    .addStatement("return $L", decode).build());
            if (writable) {
                CodeBlock encode = f.enumRef() != null ? CodeBlock.of("value.value()") : CodeBlock.of("$T.encode(value)", ctx.type(f.lutRef()));
                t.addMethod(MethodSpec.methodBuilder(n).addModifiers(Modifier.PUBLIC).returns(self).addParameter(ctx.componentType(f), "value")
                        .addJavadoc("Stores {@code value} in {@code $L}, as its $L.\n", path,
                                f.enumRef() != null ? "spec value" : "wire value through {@link " + ctx.type(f.lutRef()).simpleName() + "}")
                        .addStatement("return $L($L)", rawName, encode).build());
            }
        }
        for (BitDef b : f.bits()) {
            String bn = single ? Names.camel(b.name()) : Names.camelPath(f.name() + "." + b.name());
            long mask = b.width() == 64 ? -1L : (1L << b.width()) - 1;
            t.addMethod(MethodSpec.methodBuilder(bn).addModifiers(Modifier.PUBLIC).returns(long.class)
                    .addJavadoc("Bits $L..$L of {@code $L}$L\n", b.lsb(), b.lsb() + b.width() - 1, f.name(),
                            b.doc() == null ? "." : ": " + b.doc() + ".")
                    .addStatement("return ($L >>> $L) & $LL", read, b.lsb(), Scalars.hex(mask)).build());
        }
        if (single && !typed && f.bits().isEmpty() && f.size() == Integer.BYTES) {
            // a union word (ACTIVATION_IMM, IMM_VAL_INST_FIELD): its IMM_SRC byte elsewhere says which reading holds
            t.addMethod(MethodSpec.methodBuilder("asFloat").addModifiers(Modifier.PUBLIC).returns(float.class)
                    .addJavadoc("The word read as an fp32 immediate.\n")
                    .addStatement("return $T.intBitsToFloat((int) $L)", Float.class, read).build());
            t.addMethod(MethodSpec.methodBuilder("asInt").addModifiers(Modifier.PUBLIC).returns(int.class)
                    .addJavadoc("The word read as a signed 32-bit integer.\n")
                    .addStatement("return (int) $L", read).build());
        }
    }

    /** The count the group's array fields share (its dimensions), or null when it has none or they differ. */
    private static Integer dims(GroupDef g, boolean shaped) {
        Integer dims = null;
        for (FieldDef f : g.fields()) {
            if (f.kind() == FieldDef.Kind.SCALAR && (f.count() > 1 || shaped)) {
                if (dims != null && dims != f.count()) {
                    return null;
                }
                dims = f.count();
            }
        }
        return dims;
    }

    /**
     * Adds to a flyweight one final view per group field in {@code fields} (the arm's own, or the
     * preamble's), made with the flyweight and returned by an accessor named as the field.
     */
    void place(TypeSpec.Builder t, List<FieldDef> fields) {
        for (FieldDef f : fields) {
            if (f.kind() != FieldDef.Kind.GROUP || ctx.model.group(f.groupRef()).isEmpty()) {
                continue;
            }
            String n = Names.camel(f.name());
            String upper = Names.upperSnake(n);
            ClassName v = view(f.groupRef());
            t.addField(FieldSpec.builder(int.class, upper + "_OFFSET", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("Where the $L operand {@code $L} starts in the record.\n", f.groupRef(), f.name())
                    .initializer("$L", Scalars.hex(f.at())).build());
            t.addField(FieldSpec.builder(v, n, Modifier.PRIVATE, Modifier.FINAL)
                    .initializer("new $T(this, $L)", v, upper + "_OFFSET").build());
            t.addMethod(MethodSpec.methodBuilder(n).addModifiers(Modifier.PUBLIC, Modifier.FINAL).returns(v)
                    .addJavadoc("The $L operand {@code $L} at +$L, as a view of the record this flyweight is wrapped around\n"
                            + "(the same object on every call; it follows {@code wrap}).$L\n", f.groupRef(), f.name(), Scalars.hex(f.at()),
                            f.doc() == null ? "" : " " + f.doc() + ".")
                    .addStatement("return $L", n).build());
        }
    }

    /** Fields alike but for their counts: names, kinds, scalar types, enums, LUTs, nested groups. */
    private static String signature(GroupDef g) {
        StringBuilder s = new StringBuilder();
        for (FieldDef f : g.fields()) {
            s.append(f.name()).append(':').append(f.kind()).append(':').append(f.scalar()).append(':').append(f.enumRef())
                    .append(':').append(f.namesRef()).append(':').append(f.lutRef()).append(':').append(f.groupRef()).append(':').append(f.bits().stream().map(BitDef::name).toList()).append(';');
        }
        return s.toString();
    }

    /** The common prefix of the groups' names less trailing digits, underscores and a dimension suffix: TENSOR for TENSOR1D/3D/4D. */
    private static String stem(List<GroupDef> groups) {
        String p = groups.get(0).name();
        for (GroupDef g : groups) {
            int i = 0;
            while (i < p.length() && i < g.name().length() && p.charAt(i) == g.name().charAt(i)) {
                i++;
            }
            p = p.substring(0, i);
        }
        return p.replaceAll("[0-9_]+$", "");
    }
}
