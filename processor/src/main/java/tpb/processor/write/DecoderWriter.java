package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javax.lang.model.element.Modifier;
import tpb.spec.model.ArmDef;

/** {@code Decoder}: which arm a record belongs to (opcode, then sub-opcode), and decoding to a typed record. */
final class DecoderWriter {
    private final Ctx ctx;
    private final ClassName arm;

    DecoderWriter(Ctx ctx) {
        this.ctx = ctx;
        this.arm = ctx.cls("Arm");
    }

    /** The record's opcode, read at the spec's opcode offset in the spec's byte order. */
    static CodeBlock readOpcode(Ctx ctx) {
        return Scalars.read(ctx.endian, ctx.model.opcodeEnum().type(), "b", Scalars.at("at", ctx.model.record().opcodeAt()));
    }

    TypeSpec write() {
        return TypeSpec.classBuilder(ctx.cls("Decoder")).addModifiers(Modifier.PUBLIC, Modifier.FINAL).addAnnotation(ctx.generated())
                .addJavadoc("Dispatches $L-byte records on the opcode at +$L and, where arms share an opcode, on the sub-opcode.\n",
                        ctx.model.record().size(), ctx.model.record().opcodeAt())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(opcode()).addMethod(identify()).addMethod(decode()).addMethod(decodeBuffer()).build();
    }

    private MethodSpec opcode() {
        return MethodSpec.methodBuilder("opcode").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(int.class)
                .addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addJavadoc("The opcode of the record at {@code at}: $L byte$L at +$L, $L-endian, whatever arm it is.\n",
                        ctx.model.opcodeWidth(), ctx.model.opcodeWidth() == 1 ? "" : "s", ctx.model.record().opcodeAt(),
                        ctx.model.record().littleEndian() ? "little" : "big")
                .addStatement("$T.room(b, at, $L)", Ctx.CHECKS, ctx.model.record().size())
                .addStatement("return $L", readOpcode(ctx)).build();
    }

    private MethodSpec identify() {
        MethodSpec.Builder m = MethodSpec.methodBuilder("identify").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(arm).addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addJavadoc("The arm the record at {@code at} belongs to, by opcode and sub-opcode; no allocation.\n")
                .addStatement("$T.room(b, at, $L)", Ctx.CHECKS, ctx.model.record().size())
                .beginControlFlow("switch ($L)", readOpcode(ctx));
        opcodeCases(ctx, m, a -> CodeBlock.of("$T.$L", arm, ctx.armConstant(a)), CodeBlock.of("$T.UNKNOWN", arm));
        return m.addStatement("default: return $T.UNKNOWN", arm).endControlFlow().build();
    }

    /**
     * The cases of a switch on the opcode, one per opcode of the spec: {@code return result(arm)};
     * where arms share an opcode, a test of the sub-opcode per arm, then the otherwise arm's result
     * or {@code none}. Identify and the validator's dispatch both decide an arm this way.
     */
    static void opcodeCases(Ctx ctx, MethodSpec.Builder m, Function<ArmDef, CodeBlock> result, CodeBlock none) {
        for (Map.Entry<Long, List<ArmDef>> e : ctx.model.armsByOpcode().entrySet()) {
            List<ArmDef> arms = e.getValue();
            ArmDef first = arms.get(0);
            if (first.select() == null) {
                m.addStatement("case $L: return $L", Scalars.hex(e.getKey()), result.apply(first));
                continue;
            }
            m.beginControlFlow("case $L:", Scalars.hex(e.getKey()));
            m.addStatement("long sub = $L", Scalars.read(ctx.endian, first.select().type(), "b", Scalars.at("at", first.select().at())));
            ArmDef otherwise = null;
            for (ArmDef a : arms) {
                if (a.select().otherwise()) {
                    otherwise = a;
                } else {
                    m.addStatement("if (sub == $L) return $L", Scalars.hex(a.select().equals()), result.apply(a));
                }
            }
            m.addStatement("return $L", otherwise == null ? none : result.apply(otherwise));
            m.endControlFlow();
        }
    }

    /** {@code decode(ByteBuffer, int)}: any buffer's record, through a copy of its bytes (not of the buffer). */
    private MethodSpec decodeBuffer() {
        int size = ctx.model.record().size();
        return MethodSpec.methodBuilder("decode").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(ctx.cls("Instruction")).addParameter(java.nio.ByteBuffer.class, "b").addParameter(int.class, "index")
                .addJavadoc("As {@link #decode(byte[], int)}, the record at {@code index} of any buffer (read-only, direct or a\n"
                        + "mapped file): its $L bytes are copied into an array, the buffer never; its position is not used.\n", size)
                .addStatement("return decode($T.record(b, index, $L), 0)", Ctx.MEMORY, size).build();
    }

    private MethodSpec decode() {
        int size = ctx.model.record().size();
        ClassName raw = ctx.cls("RawRecord");
        MethodSpec.Builder m = MethodSpec.methodBuilder("decode").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(ctx.cls("Instruction")).addParameter(byte[].class, "b").addParameter(int.class, "at")
                .addJavadoc("Decodes any $L bytes: a typed record, or a {@link RawRecord} saying why not. Never throws on content.\n", size)
                .addStatement("$T.room(b, at, $L)", Ctx.CHECKS, size)
                .addStatement("$T arm = identify(b, at)", arm)
                .beginControlFlow("try")
                .beginControlFlow("switch (arm)");
        for (ArmDef a : ctx.model.arms()) {
            if (!a.opaque()) {
                m.addStatement("case $L: return $T.decode(b, at)", ctx.armConstant(a), ctx.record(a));
            }
        }
        if (ctx.hasOpaqueArms()) {
            // the opaque arms share one record: their case labels fall through to one return
            for (ArmDef a : ctx.model.arms()) {
                if (a.opaque()) {
                    m.addCode("case $L:\n", ctx.armConstant(a));
                }
            }
            m.addStatement("$>return $T.decode(b, at)$<", ctx.opaqueRecord());
        }
        m.addStatement("default: return new $T($T.copy(b, at, $L), arm, $S + $T.toHexString($L))", raw, Ctx.BYTES, size,
                "no arm for opcode 0x", Integer.class, readOpcode(ctx));
        return m.endControlFlow().nextControlFlow("catch ($T e)", Ctx.MALFORMED)
                .addStatement("return new $T($T.copy(b, at, $L), arm, e.getMessage())", raw, Ctx.BYTES, size)
                .endControlFlow().build();
    }
}
