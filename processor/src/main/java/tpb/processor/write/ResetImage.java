package tpb.processor.write;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import tpb.spec.model.ScalarType;

/**
 * The bytes of a record as a flyweight's {@code reset()} leaves it (zero, then the opcode, the
 * constants and the sub-opcode the spec fixes), worked out at generation time and written as
 * whole words: eight bytes a store where the record has them, then the tail in four, two and one.
 * One store per word instead of a zeroing loop and a store per constant; the words are the
 * spec's values laid out in its byte order, not numbers of their own.
 */
final class ResetImage {
    private final byte[] bytes;
    private final boolean littleEndian;

    ResetImage(int size, boolean littleEndian) {
        this.bytes = new byte[size];
        this.littleEndian = littleEndian;
    }

    /** Lays {@code value}'s low {@code width} bytes at {@code at}, in the record's byte order. */
    void put(int at, int width, long value) {
        for (int i = 0; i < width; i++) {
            int shift = 8 * (littleEndian ? i : width - 1 - i);
            bytes[at + i] = (byte) (value >>> shift);
        }
    }

    /**
     * The statements that store the image: into the array ({@code buffer} at {@code offset}) when
     * the flyweight wraps one, else into the ByteBuffer's {@code memory} at {@code address}; whole words first.
     */
    void stores(Ctx ctx, MethodSpec.Builder m) {
        m.beginControlFlow("if (buffer != null)");
        words((t, at, literal) -> m.addStatement(Scalars.write(ctx.endian, t, "buffer", Scalars.at("offset", at), literal)));
        m.nextControlFlow("else");
        words((t, at, literal) -> m.addStatement(Scalars.writeMemory(ctx.memory, t, "memory", Scalars.at("address", at), literal)));
        m.endControlFlow();
    }

    private interface Store {
        void at(ScalarType t, int at, CodeBlock literal);
    }

    private void words(Store store) {
        int at = 0;
        for (int width : new int[] {8, 4, 2, 1}) {
            while (bytes.length - at >= width) {
                ScalarType t = switch (width) {
                    case 8 -> ScalarType.U64;
                    case 4 -> ScalarType.U32;
                    case 2 -> ScalarType.U16;
                    default -> ScalarType.U8;
                };
                long word = word(at, width);
                store.at(t, at, CodeBlock.of("$L", width == 8 ? Scalars.hex(word) + "L" : Scalars.hex(word)));
                at += width;
            }
        }
    }

    /** The {@code width} bytes at {@code at} read back as one number in the record's byte order. */
    private long word(int at, int width) {
        long v = 0;
        for (int i = 0; i < width; i++) {
            int shift = 8 * (littleEndian ? i : width - 1 - i);
            v |= (bytes[at + i] & 0xFFL) << shift;
        }
        return v;
    }
}
