package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import java.util.Arrays;
import java.util.Objects;
import javax.lang.model.element.Modifier;

/** {@code RawRecord}: bytes no typed arm can hold, kept verbatim with the arm they were meant for and why. */
final class RawRecordWriter {
    private final Ctx ctx;

    RawRecordWriter(Ctx ctx) {
        this.ctx = ctx;
    }

    TypeSpec write() {
        int size = ctx.model.record().size();
        ClassName raw = ctx.cls("RawRecord");
        TypeVariableName r = TypeVariableName.get("R");
        return TypeSpec.recordBuilder(raw).addModifiers(Modifier.PUBLIC).addAnnotation(ctx.generated())
                .addSuperinterface(ctx.cls("Instruction"))
                .addJavadoc("Bytes no typed arm can hold, kept verbatim with the arm they were meant for (or UNKNOWN) and why.\n")
                .recordConstructor(MethodSpec.compactConstructorBuilder().addModifiers(Modifier.PUBLIC)
                        .addParameter(byte[].class, "bytes").addParameter(ctx.cls("Arm"), "arm").addParameter(String.class, "reason")
                        .addStatement("bytes = $T.bytes(bytes, $L, $S)", Ctx.CHECKS, size, "bytes")
                        .addStatement("$T.requireNonNull(arm, $S)", Objects.class, "arm").build())
                .addMethod(MethodSpec.methodBuilder("bytes").addModifiers(Modifier.PUBLIC).returns(byte[].class)
                        .addStatement("return bytes.clone()").build())
                .addMethod(MethodSpec.methodBuilder("encodeTo").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                        .addParameter(byte[].class, "b").addParameter(int.class, "at")
                        .addStatement("$T.room(b, at, $L)", Ctx.CHECKS, size)
                        .addStatement("$T.arraycopy(bytes, 0, b, at, $L)", System.class, size).build())
                .addMethod(MethodSpec.methodBuilder("accept").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                        .addTypeVariable(r).returns(r).addParameter(ParameterizedTypeName.get(ctx.cls("InstructionVisitor"), r), "visitor")
                        .addStatement("return visitor.visitRaw(this)").build())
                .addMethod(MethodSpec.methodBuilder("equals").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                        .returns(boolean.class).addParameter(Object.class, "o")
                        .addStatement("return o instanceof $T other && $T.equals(bytes, other.bytes) && arm == other.arm", raw,
                                Arrays.class).build())
                .addMethod(MethodSpec.methodBuilder("hashCode").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                        .returns(int.class).addStatement("return $T.hashCode(bytes)", Arrays.class).build())
                .addMethod(MethodSpec.methodBuilder("toString").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                        .returns(String.class)
                        .addStatement("return $S + arm + $S + reason + $S + $T.hex(bytes) + $S", "RawRecord[arm=", ", reason=",
                                ", bytes=", Ctx.BYTES, "]").build())
                .build();
    }
}
