package tpb.data;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * numpy's {@code .npy} format, versions 1.0 and 2.0 (numpy's {@code format.py}): magic
 * {@code \x93NUMPY}, version, header length (u16 / u32), a Python dict literal with
 * {@code descr}, {@code fortran_order} and {@code shape}, then the C-order data. Little-endian
 * and byte dtypes only; anything else is refused with one line.
 */
public final class Npy {
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    /** Version 1.0's prelude before the header text: the magic, two version bytes, a u16 header length (NEP 1, the .npy format). */
    private static final int PRELUDE_V1 = MAGIC.length + 2 + 2;
    /** The format pads the header with spaces so that prelude + header is a multiple of 64 bytes (NEP 1; numpy writes it so). */
    private static final int HEADER_ALIGNMENT = 64;
    /** The most dimensions an array may have: numpy's own limit (NPY_MAXDIMS, 64 since numpy 2.0). */
    public static final int MAX_DIMENSIONS = 64;
    /** The most data bytes an array may promise: 2^62, more than any file holds, so a count or a sum of two never wraps a long. */
    private static final long MAX_DATA_BYTES = 1L << 62;

    private Npy() {
    }

    /** An array: its numpy dtype descriptor, its shape and its raw little-endian C-order bytes. */
    public record Array(NpyType type, int[] shape, byte[] data) {
        public Array {
            shape = shape.clone();
            long need = bytes(shape, type);
            if (need != data.length) {
                throw new NpyException("shape " + shapeText(shape) + " of " + type.descr() + " needs "
                        + need + " bytes, got " + data.length);
            }
        }

        public long count() {
            return elements(shape);
        }

        @Override
        public int[] shape() {
            return shape.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Array a && a.type == type && Arrays.equals(a.shape, shape) && Arrays.equals(a.data, data);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(data) * 31 + Arrays.hashCode(shape);
        }

        @Override
        public String toString() {
            return type.descr() + shapeText(shape);
        }
    }

    public static Array read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new NpyException(file + ": cannot read (" + e.getMessage() + ")");
        }
        try {
            return parse(bytes);
        } catch (NpyException e) {
            throw new NpyException(file + ": " + e.getMessage());
        }
    }

    /** A .npy file's header: the dtype, the shape and where the C-order data starts. */
    public record Header(NpyType type, int[] shape, long dataOffset) {
        /** The data bytes the header promises. */
        public long dataBytes() {
            return bytes(shape, type);
        }
    }

    /** The largest header this reader accepts (numpy writes 64..a few hundred bytes; version 2 allows 4 GiB). */
    static final int MAX_HEADER = 1 << 20;

    /**
     * The header of the .npy {@code file} holds, read from its first bytes, and a check that the
     * file holds exactly the data bytes the header promises (a file cut short, or with bytes after
     * the data, is refused naming both counts).
     */
    public static Header header(java.nio.channels.FileChannel ch) throws IOException {
        long fileSize = ch.size();
        byte[] head = new byte[(int) Math.min(fileSize, 12)];
        ch.read(java.nio.ByteBuffer.wrap(head), 0);
        Prelude at = prelude(head);
        if (at.headerLength() > MAX_HEADER) {
            throw new NpyException("header length " + at.headerLength() + " is larger than any .npy header (" + MAX_HEADER + " bytes)");
        }
        if (at.start() + at.headerLength() > fileSize) {
            throw new NpyException("header length " + at.headerLength() + " runs past the end of the file");
        }
        byte[] text = new byte[(int) at.headerLength()];
        ch.read(java.nio.ByteBuffer.wrap(text), at.start());
        Header h = header(new String(text, StandardCharsets.ISO_8859_1), at.start() + at.headerLength());
        long have = fileSize - h.dataOffset();
        if (have != h.dataBytes()) {
            throw new NpyException("the header promises " + Npy.shapeText(h.shape()) + " " + h.type().numpyName() + " = "
                    + h.dataBytes() + " data bytes, the file holds " + have);
        }
        return h;
    }

    /** Where the header text starts and its length, from the prelude (magic, version, length). */
    private record Prelude(int start, long headerLength) {}

    /**
     * The prelude both readers share: version 1.0's length is a u16 at +8, version 2.0's a u32 at +8
     * (numpy's {@code format.py}: {@code '<H'} and {@code '<I'}, both unsigned — a hostile length of
     * 2^31 or more is a large number here, not a negative one).
     */
    private static Prelude prelude(byte[] b) {
        if (b.length < 10 || !Arrays.equals(Arrays.copyOf(b, 6), MAGIC)) {
            throw new NpyException("not a .npy file (no \\x93NUMPY magic)");
        }
        int major = b[6] & 0xFF;
        if (major == 1) {
            return new Prelude(10, (b[8] & 0xFF) | (b[9] & 0xFF) << 8);
        } else if (major == 2 && b.length >= 12) {
            return new Prelude(12, (b[8] & 0xFF) | (b[9] & 0xFF) << 8 | (b[10] & 0xFF) << 16 | (b[11] & 0xFFL) << 24);
        }
        throw new NpyException("npy format version " + major + "." + (b[7] & 0xFF) + " is not supported (1.0 and 2.0 are)");
    }

    private static Header header(String header, long dataOffset) {
        NpyHeader.Parsed h = NpyHeader.parse(header);
        if (h.fortranOrder()) {
            throw new NpyException("fortran_order True is not supported (write the array C-contiguous)");
        }
        return new Header(NpyType.ofDescr(h.descr()), h.shape(), dataOffset);
    }

    public static Array parse(byte[] b) {
        Prelude at = prelude(b);
        if (at.start() + at.headerLength() > b.length) {
            throw new NpyException("header length " + at.headerLength() + " runs past the end of the file");
        }
        int start = at.start();
        int headerLen = (int) at.headerLength();
        String header = new String(b, start, headerLen, StandardCharsets.ISO_8859_1);
        Header h = header(header, start + headerLen);
        String descr = h.type().descr();
        NpyType type = h.type();
        int[] shape = h.shape();
        int dataStart = start + headerLen;
        long need = bytes(shape, type);
        if (b.length - dataStart != need) {
            throw new NpyException("shape " + shapeText(shape) + " of " + descr + " needs " + need
                    + " data bytes, the file has " + (b.length - dataStart));
        }
        return new Array(type, shape, Arrays.copyOfRange(b, dataStart, b.length));
    }

    /**
     * The file bytes of {@code a}: version 1.0, byte for byte what numpy 2 writes (numpy's
     * {@code _wrap_header}: room for the first dimension to grow to 21 digits, then spaces to a
     * 64-byte boundary, then a newline).
     */
    public static byte[] format(Array a) {
        byte[] head = headerBytes(a.type(), a.shape());
        byte[] out = new byte[head.length + a.data().length];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(a.data(), 0, out, head.length, a.data().length);
        return out;
    }

    /** The prelude and header {@link #format} writes before the data of a {@code type} array of {@code shape}. */
    public static byte[] headerBytes(NpyType type, int[] shape) {
        StringBuilder h = new StringBuilder("{'descr': '").append(type.descr())
                .append("', 'fortran_order': False, 'shape': ").append(shapeText(shape)).append(", }");
        if (shape.length > 0) {
            h.append(" ".repeat(21 - Integer.toString(shape[0]).length()));
        }
        int total = PRELUDE_V1 + h.length() + 1;
        h.append(" ".repeat((HEADER_ALIGNMENT - total % HEADER_ALIGNMENT) % HEADER_ALIGNMENT)).append('\n');
        byte[] head = h.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] out = new byte[PRELUDE_V1 + head.length];
        System.arraycopy(MAGIC, 0, out, 0, MAGIC.length);
        out[6] = 1;
        out[8] = (byte) head.length;
        out[9] = (byte) (head.length >>> 8);
        System.arraycopy(head, 0, out, PRELUDE_V1, head.length);
        return out;
    }

    public static void write(Path file, Array a) throws IOException {
        Files.write(file, format(a));
    }

    /**
     * The data bytes of a {@code type} array of {@code shape}; past 2^62 (more than any file) refused, so that the
     * product cannot wrap: (1073741824, 1073741824, 4) of float32 is 2^64 bytes, which a long holds as 0.
     */
    public static long bytes(int[] shape, NpyType type) {
        long n = elements(shape);
        if (n > MAX_DATA_BYTES / type.bytes()) {
            throw new NpyException("shape " + shapeText(shape) + " of " + type.descr() + " has more bytes than any file can hold");
        }
        return n * type.bytes();
    }

    /**
     * Does a {@code type} array of {@code shape} take exactly {@code size} bytes? Compared by division, so a shape
     * from an untrusted file (a NEFF's tensor_map.json) whose byte count would wrap matches no size.
     */
    public static boolean takes(int[] shape, NpyType type, long size) {
        return size % type.bytes() == 0 && elements(shape) == size / type.bytes();
    }

    /** The element count of {@code shape}; a count past 2^62 (more bytes than any file) is refused. */
    public static long elements(int[] shape) {
        long n = 1;
        for (int d : shape) {
            n = d == 0 || n <= MAX_DATA_BYTES / d ? n * d : -1;
            if (n < 0) {
                throw new NpyException("shape " + shapeText(shape) + " has more elements than any file can hold");
            }
        }
        return n;
    }

    /** Python's tuple spelling: {@code (128, 256)}, {@code (5,)}, {@code ()}. */
    public static String shapeText(int[] shape) {
        if (shape.length == 1) {
            return "(" + shape[0] + ",)";
        }
        StringBuilder s = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            s.append(i == 0 ? "" : ", ").append(shape[i]);
        }
        return s.append(')').toString();
    }
}
