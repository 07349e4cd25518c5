package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.model.ArmDef;
import tpb.spec.model.FieldDef;
import tpb.processor.write.StructWriter.Shape;
import tpb.processor.write.StructWriter.Struct;

/**
 * A struct's strict {@code decode} (records) or {@code decodeAt} (groups): it throws
 * MalformedRecordException on bytes the type cannot hold, so that decode then encode gives back the
 * same bytes; anything else is left to RawRecord. Members that need a check or a loop are read by
 * a private helper each ({@link #helpers}), named after the member.
 */
final class StructDecoding {
    private final Ctx ctx;

    StructDecoding(Ctx ctx) {
        this.ctx = ctx;
    }

    /** A record's {@code decode(ByteBuffer, int)}: any buffer's record, through a copy of its bytes (not of the buffer). */
    MethodSpec decodeBuffer(Struct s) {
        return MethodSpec.methodBuilder("decode").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(s.self())
                .addParameter(java.nio.ByteBuffer.class, "b").addParameter(int.class, "index")
                .addJavadoc("As {@link #decode(byte[], int)}, the record at {@code index} of any buffer (read-only, direct or a\n"
                        + "mapped file): its bytes are copied into an array, the buffer never; its position is not used.\n")
                .addStatement("return decode($T.record(b, index, SIZE), 0)", Ctx.MEMORY).build();
    }

    MethodSpec decode(Struct s, List<FieldDef> members, String components) {
        boolean record = s.shape() != Shape.GROUP;
        MethodSpec.Builder m = MethodSpec.methodBuilder(record ? "decode" : "decodeAt")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(s.self())
                .addParameter(byte[].class, "b").addParameter(int.class, "at");
        if (record) {
            m.addJavadoc("Reads the record at {@code at}.\n\n@throws $T when the bytes are not this arm or a field holds a value this type cannot represent\n", Ctx.MALFORMED);
            m.addStatement("$T.room(b, at, SIZE)", Ctx.CHECKS);
            if (s.shape() == Shape.OPAQUE) {
                opaqueArm(m);
            } else {
                opcodeAndSelect(m, s.arm());
            }
        } else {
            m.addJavadoc("Reads the group at {@code at}.\n\n@throws $T when a field holds a value this type cannot represent\n", Ctx.MALFORMED);
        }
        ArmDef overriding = s.shape() == Shape.ARM && !s.arm().overrides().isEmpty() ? s.arm() : null;
        fixedBytes(m, s.fields(), true, overriding);
        if (overriding != null) {
            overriddenGroupConstants(m, overriding, s.fields());
        }
        if (record) {
            gaps(m, s.fields());
        }
        return construct(m, s, members, overriding);
    }

    /**
     * A group's {@code decodeFieldsAt}: {@code decodeAt} without the group's constants, for an arm
     * that holds one of them at a value of its own (its {@code decode} checks every constant of the
     * group, its own value where it has one). Generated only for a group some arm overrides.
     */
    MethodSpec decodeFields(Struct s, List<FieldDef> members) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("decodeFieldsAt").addModifiers(Modifier.STATIC).returns(s.self())
                .addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addJavadoc("Reads the group at {@code at} as {@link #decodeAt} does, but leaves its constants to the caller: an\n"
                        + "arm that overrides one of them checks them all.\n\n@throws $T when a field holds a value this type cannot represent\n",
                        Ctx.MALFORMED);
        fixedBytes(m, s.fields(), false, null);
        return construct(m, s, members, null);
    }

    /** {@code return new Self(...)} of the members read, a group the arm overrides within read without its constants. */
    private MethodSpec construct(MethodSpec.Builder m, Struct s, List<FieldDef> members, ArmDef overriding) {
        CodeBlock.Builder call = CodeBlock.builder();
        int i = 0;
        if (s.shape() == Shape.OPAQUE) {
            call.add("arm");
            i++;
        }
        for (FieldDef f : members) {
            CodeBlock at = Scalars.at("at", f.at());
            CodeBlock read = Ctx.overridesWithin(overriding, f)
                    ? CodeBlock.of("$T.decodeFieldsAt(b, $L)", ctx.componentType(f), at)
                    : readExpression(f, at);
            call.add(i++ == 0 ? "$L" : ", $L", read);
        }
        m.addStatement("return new $T($L)", s.self(), call.build());
        return m.build();
    }

    /**
     * The constants of each preamble group {@code arm} overrides within, which that group's
     * {@code decodeFieldsAt} does not check: the arm's value where it has one, else the group's.
     */
    private void overriddenGroupConstants(MethodSpec.Builder m, ArmDef arm, List<FieldDef> fields) {
        for (FieldDef g : fields) {
            if (!Ctx.overridesWithin(arm, g)) {
                continue;
            }
            for (FieldDef f : ctx.model.group(g.groupRef()).orElseThrow().fields()) {
                ArmDef.ConstOverride o = arm.override(g.name() + "." + f.name());
                Long value = o != null ? Long.valueOf(o.value()) : f.constValue();
                if (value != null) {
                    constant(m, f.name(), g.at() + f.at(), f, value);
                }
            }
        }
    }

    /** The opaque record takes whichever opaque arm the decoder identifies. */
    private void opaqueArm(MethodSpec.Builder m) {
        ClassName arm = ctx.cls("Arm");
        int opAt = ctx.model.record().opcodeAt();
        m.addStatement("$T arm = $T.identify(b, at)", arm, ctx.cls("Decoder"));
        m.beginControlFlow("if (!arm.opaque() || arm == $T.UNKNOWN)", arm);
        m.addStatement("throw new $T($S, $L, $S)", Ctx.MALFORMED, "opcode", opAt, "not an opaque arm's record");
        m.endControlFlow();
    }

    private void opcodeAndSelect(MethodSpec.Builder m, ArmDef arm) {
        int opAt = ctx.model.record().opcodeAt();
        m.beginControlFlow("if ($L != OPCODE)", Scalars.read(ctx.endian, ctx.model.opcodeEnum().type(), "b", Scalars.at("at", opAt)));
        m.addStatement("throw new $T($S, $L, $S)", Ctx.MALFORMED, "opcode", opAt, "not a " + arm.name() + " record");
        m.endControlFlow();
        if (arm.select() == null) {
            return;
        }
        CodeBlock sub = Scalars.read(ctx.endian, arm.select().type(), "b", Scalars.at("at", arm.select().at()));
        if (arm.select().equals() != null) {
            m.beginControlFlow("if ($L != $L)", sub, Scalars.hex(arm.select().equals()));
            m.addStatement("throw new $T($S, $L, $S)", Ctx.MALFORMED, "select", arm.select().at(),
                    "sub-opcode does not select " + arm.name());
            m.endControlFlow();
            return;
        }
        for (ArmDef other : ctx.model.arms()) {
            if (other != arm && other.opcode() == arm.opcode() && other.select() != null && other.select().equals() != null) {
                m.beginControlFlow("if ($L == $L)", sub, Scalars.hex(other.select().equals()));
                m.addStatement("throw new $T($S, $L, $S)", Ctx.MALFORMED, "select", arm.select().at(),
                        "sub-opcode selects " + other.name());
                m.endControlFlow();
            }
        }
    }

    /**
     * Constants (except the opcode, checked above; with {@code constants} false, none), each at the
     * value {@code overriding} gives it where that arm overrides it, and reserved bytes.
     */
    private void fixedBytes(MethodSpec.Builder m, List<FieldDef> fields, boolean constants, ArmDef overriding) {
        for (FieldDef f : fields) {
            CodeBlock at = Scalars.at("at", f.at());
            if (f.isConst() && !ctx.isOpcodeField(f)) {
                ArmDef.ConstOverride o = overriding == null ? null : overriding.override(f.name());
                if (constants) {
                    constant(m, f.name(), f.at(), f, o != null ? o.value() : f.constValue());
                }
            } else if (f.reserved()) {
                m.beginControlFlow("if (!$T.allZero(b, $L, $L))", Ctx.BYTES, at, f.width());
                m.addStatement("throw new $T($S, $L, $S)", Ctx.MALFORMED, f.name(), f.at(), f.name() + " is reserved and must be zero");
                m.endControlFlow();
            }
        }
    }

    /** Throws unless the {@code f}-typed field {@code name} at {@code offset} holds {@code value}. */
    private void constant(MethodSpec.Builder m, String name, int offset, FieldDef f, long value) {
        m.beginControlFlow("if ($L != $L)", Scalars.read(ctx.endian, f.scalar(), "b", Scalars.at("at", offset)), Scalars.literal(f.scalar(), value));
        m.addStatement("throw new $T($S, $L, $S)", Ctx.MALFORMED, name, offset, name + " must be " + Scalars.hex(value));
        m.endControlFlow();
    }

    /**
     * Bytes no field describes are zero in compiler output (the record is zeroed first, facts
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

    /** Whether a member is read through a helper (a check or a loop) rather than inline. */
    private static boolean needsHelper(FieldDef f) {
        return f.kind() == FieldDef.Kind.CHAR
                || f.kind() == FieldDef.Kind.SCALAR && (f.count() > 1 || f.enumRef() != null || f.lutRef() != null);
    }

    private static String helperName(FieldDef f) {
        return "read" + Names.pascal(f.name());
    }

    /** An expression reading one member relative to the struct base {@code at}. */
    private CodeBlock readExpression(FieldDef f, CodeBlock at) {
        if (needsHelper(f)) {
            // the helper reads relative to the struct base: callers pass the base, not the field offset
            return CodeBlock.of("$L(b, at)", helperName(f));
        }
        return switch (f.kind()) {
            case GROUP -> CodeBlock.of("$T.decodeAt(b, $L)", ctx.componentType(f), at);
            case BYTES -> CodeBlock.of("$T.copy(b, $L, $L)", Ctx.BYTES, at, f.size());
            default -> Scalars.read(ctx.endian, f.scalar(), "b", at);
        };
    }

    /** The private readers {@link #readExpression} calls, one per member that needs one. */
    List<MethodSpec> helpers(List<FieldDef> members) {
        List<MethodSpec> out = new ArrayList<>();
        for (FieldDef f : members) {
            if (needsHelper(f)) {
                out.add(helper(f));
            }
        }
        return out;
    }

    private MethodSpec helper(FieldDef f) {
        TypeName type = ctx.componentType(f);
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
        return h.build();
    }
}
