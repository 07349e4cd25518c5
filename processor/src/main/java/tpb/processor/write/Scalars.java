package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import java.util.Locale;
import tpb.spec.model.ScalarType;

/** Read and write expressions for scalars at {@code buffer[base + offset]}, in the record's byte order. */
final class Scalars {
    private Scalars() {}

    /** An expression of the scalar's Java type (int or long, see {@link Ctx#scalarJava}). */
    static CodeBlock read(ClassName endian, ScalarType t, String buf, CodeBlock at) {
        return switch (t) {
            case U8 -> CodeBlock.of("($L[$L] & 0xFF)", buf, at);
            case I8 -> CodeBlock.of("$L[$L]", buf, at);
            case U16 -> CodeBlock.of("$T.u16($L, $L)", endian, buf, at);
            case I16 -> CodeBlock.of("$T.i16($L, $L)", endian, buf, at);
            case U32 -> CodeBlock.of("$T.u32($L, $L)", endian, buf, at);
            case I32 -> CodeBlock.of("$T.i32($L, $L)", endian, buf, at);
            case U64, I64 -> CodeBlock.of("$T.i64($L, $L)", endian, buf, at);
        };
    }

    static CodeBlock write(ClassName endian, ScalarType t, String buf, CodeBlock at, CodeBlock value) {
        return switch (t.width) {
            case 1 -> CodeBlock.of("$L[$L] = (byte) ($L)", buf, at, value);
            case 2 -> CodeBlock.of("$T.put16($L, $L, $L)", endian, buf, at, value);
            case 4 -> CodeBlock.of("$T.put32($L, $L, $L)", endian, buf, at, value);
            default -> CodeBlock.of("$T.put64($L, $L, $L)", endian, buf, at, value);
        };
    }

    /** A read at {@code at} (a flyweight's {@code address} plus the field's offset) of the ByteBuffer {@code buf} ({@link Ctx#MEMORY}: a direct, mapped or read-only buffer). */
    static CodeBlock readMemory(ClassName memory, ScalarType t, String buf, CodeBlock at) {
        return switch (t) {
            case U8 -> CodeBlock.of("$T.u8($L, $L)", Ctx.MEMORY, buf, at);
            case I8 -> CodeBlock.of("$T.i8($L, $L)", Ctx.MEMORY, buf, at);
            case U16 -> CodeBlock.of("$T.u16($L, $L)", memory, buf, at);
            case I16 -> CodeBlock.of("$T.i16($L, $L)", memory, buf, at);
            case U32 -> CodeBlock.of("$T.u32($L, $L)", memory, buf, at);
            case I32 -> CodeBlock.of("$T.i32($L, $L)", memory, buf, at);
            case U64, I64 -> CodeBlock.of("$T.i64($L, $L)", memory, buf, at);
        };
    }

    static CodeBlock writeMemory(ClassName memory, ScalarType t, String buf, CodeBlock at, CodeBlock value) {
        return switch (t.width) {
            case 1 -> CodeBlock.of("$T.put8($L, $L, $L)", Ctx.MEMORY, buf, at, value);
            case 2 -> CodeBlock.of("$T.put16($L, $L, $L)", memory, buf, at, value);
            case 4 -> CodeBlock.of("$T.put32($L, $L, $L)", memory, buf, at, value);
            default -> CodeBlock.of("$T.put64($L, $L, $L)", memory, buf, at, value);
        };
    }

    /**
     * A flyweight's instance read of the scalar {@code rel} bytes into the record: from the array
     * ({@code buffer}, {@code offset}) when it wraps one, else from the ByteBuffer it wraps
     * ({@code memory} at {@code address}); {@code owner} prefixes the fields ("" in a flyweight,
     * "owner." in a group view). One test of a field the JIT profiles: the array path is the array path.
     */
    static CodeBlock readEither(Ctx ctx, ScalarType t, String owner, CodeBlock rel) {
        return CodeBlock.of("($Lbuffer != null ? $L : $L)", owner,
                read(ctx.endian, t, owner + "buffer", CodeBlock.of("$Loffset + $L", owner, rel)),
                readMemory(ctx.memory, t, owner + "memory", CodeBlock.of("$Laddress + $L", owner, rel)));
    }

    /** The store {@link #readEither} reads back, as a statement. */
    static CodeBlock writeEither(Ctx ctx, ScalarType t, String owner, CodeBlock rel, CodeBlock value) {
        return CodeBlock.builder().beginControlFlow("if ($Lbuffer != null)", owner)
                .addStatement(write(ctx.endian, t, owner + "buffer", CodeBlock.of("$Loffset + $L", owner, rel), value))
                .nextControlFlow("else")
                .addStatement(writeMemory(ctx.memory, t, owner + "memory", CodeBlock.of("$Laddress + $L", owner, rel), value))
                .endControlFlow().build();
    }

    /** {@code base + offset} as code, folding a zero offset. */
    static CodeBlock at(String base, int offset) {
        return offset == 0 ? CodeBlock.of("$L", base) : CodeBlock.of("$L + $L", base, hex(offset));
    }

    static String hex(long v) {
        return v >= 0 && v < 10 ? Long.toString(v) : "0x" + Long.toHexString(v).toUpperCase(Locale.ROOT);
    }

    /** A literal of the scalar's Java type. */
    static String literal(ScalarType t, long v) {
        boolean isLong = Ctx.scalarJava(t).equals(TypeName.LONG);
        return isLong ? hex(v) + "L" : (v < 0 ? Long.toString(v) : hex(v));
    }

    /** The Checks method that range-checks a component of this type, or null when every value fits. */
    static String check(ScalarType t) {
        return switch (t) {
            case U8 -> "u8";
            case I8 -> "i8";
            case U16 -> "u16";
            case I16 -> "i16";
            case U32 -> "u32";
            default -> null;
        };
    }
}
