package tpb.neff;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The NEFF's fixed 1024-byte header, little-endian, read and written through one declared layout
 * ({@link Field}: each field's offset and width with its source), never by offsets spelled at the
 * point of use. The fields to +0xAC are leanprover/KLR {@code KLR/NEFF.lean} at a5f2a13 (STRONG,
 * every value checked against the fixture); after +0xAC KLR's field sizes add up to 1224 bytes,
 * not 1024, so the rest is laid out as the fixture shows it (INFERRED): a 32-byte hash slot, a
 * 16-byte uuid at +0xCC, the 256-byte name at +0xDC, requested_tpb_count at +0x1DC.
 */
public record NeffHeader(long packagingVersion, long headerSize, long dataSize, long kelpMajor, long kelpMinor,
        long numTpb, byte[] hash, byte[] uuid, String name, long requestedTpbCount) {
    public static final int SIZE = 1024;

    /** The packaging versions this reader knows, each with the digest its header stores (KLR, STRONG). */
    enum Packaging {
        TGZ_SHA256(1, "SHA-256"),
        TGZ_MD5(2, "MD5");

        final long version;
        final String algorithm;

        Packaging(long version, String algorithm) {
            this.version = version;
            this.algorithm = algorithm;
        }

        /** The packaging of {@code version}, or null for one this reader does not know. */
        static Packaging of(long version) {
            for (Packaging p : values()) {
                if (p.version == version) {
                    return p;
                }
            }
            return null;
        }

        /** {@code 1 = tgz+SHA-256, 2 = tgz+MD5}: every known version, for a refusal's line. */
        static String known() {
            StringBuilder b = new StringBuilder();
            for (Packaging p : values()) {
                b.append(b.length() == 0 ? "" : ", ").append(p.version).append(" = tgz+").append(p.algorithm);
            }
            return b.toString();
        }
    }

    /** The header's fields: offset and width in bytes. The declared order is the header's; none overlap ({@code NeffHeaderTest}). */
    public enum Field {
        /** u64; 1 = tgz + SHA-256, 2 = tgz + MD5 (KLR, STRONG). */
        PACKAGING_VERSION(0x00, 8),
        /** u64; 1024 (KLR, STRONG; the fixture). */
        HEADER_SIZE(0x08, 8),
        /** u64; payload bytes after the header (KLR, STRONG; the fixture: 61440). */
        DATA_SIZE(0x10, 8),
        /** u64 (KLR, STRONG). */
        KELP_MAJOR(0x18, 8),
        /** u64 (KLR, STRONG). */
        KELP_MINOR(0x20, 8),
        /** 128 bytes of text (KLR, STRONG). */
        KELP_BUILD(0x28, 128),
        /** u32 (KLR, STRONG). */
        NUM_TPB(0xA8, 4),
        /** The payload's digest: 16 bytes of MD5 or 32 of SHA-256 (KLR: at +0xAC; the 32-byte slot INFERRED from the fixture). */
        HASH(0xAC, 32),
        /** 16 bytes (INFERRED: the fixture; KLR says 32). */
        UUID(0xCC, 16),
        /** NUL-terminated UTF-8, 256 bytes (INFERRED: the fixture's {@code file.neff} at +0xDC). */
        NAME(0xDC, 256),
        /** u32 (INFERRED: the fixture's 1 at +0x1DC). */
        REQUESTED_TPB_COUNT(0x1DC, 4);

        public final int at;
        public final int width;

        Field(int at, int width) {
            this.at = at;
            this.width = width;
        }

        long u(ByteBuffer h) {
            return width == 8 ? h.getLong(at) : Integer.toUnsignedLong(h.getInt(at));
        }

        byte[] bytes(byte[] b) {
            return Arrays.copyOfRange(b, at, at + width);
        }

        void put(ByteBuffer h, long v) {
            if (width == 8) {
                h.putLong(at, v);
            } else {
                h.putInt(at, (int) v);
            }
        }
    }

    /** How the stored hash compared with the payload's digest. */
    public enum HashOrder {
        /** byte for byte as the digest prints */
        AS_STORED("as stored"),
        /** each 4-byte word of the digest byte-reversed (what neuronx-cc 2.23 writes) */
        WORD_REVERSED("4-byte words byte-reversed");

        private final String text;

        HashOrder(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** How many leading bytes {@link #starts} looks at. */
    public static final int MAGIC_BYTES = 16;

    /**
     * Whether {@code head} begins as a NEFF header does: packaging_version 1 or 2 and header_size
     * 1024 (u64 each, KLR's layout, STRONG). A record stream cannot: its byte 1 is an instruction
     * header byte (0x10), which would make the version at least 0x1000.
     */
    public static boolean starts(byte[] head) {
        if (head.length < MAGIC_BYTES) {
            return false;
        }
        ByteBuffer h = ByteBuffer.wrap(head, 0, MAGIC_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        long version = Field.PACKAGING_VERSION.u(h);
        return Packaging.of(version) != null && Field.HEADER_SIZE.u(h) == SIZE;
    }

    /** Decodes and checks the fixed fields; {@code fileSize} is the whole file's length. */
    public static NeffHeader decode(byte[] b, long fileSize) {
        if (b.length < SIZE) {
            throw new NeffException("truncated: " + b.length + " bytes, shorter than the " + SIZE + "-byte NEFF header");
        }
        ByteBuffer h = ByteBuffer.wrap(b, 0, SIZE).order(ByteOrder.LITTLE_ENDIAN);
        long version = Field.PACKAGING_VERSION.u(h);
        long headerSize = Field.HEADER_SIZE.u(h);
        long dataSize = Field.DATA_SIZE.u(h);
        if (headerSize != SIZE) {
            throw new NeffException("header: header_size is " + Long.toUnsignedString(headerSize) + ", not " + SIZE + " (not a NEFF?)");
        }
        if (Packaging.of(version) == null) {
            throw new NeffException("header: packaging_version " + Long.toUnsignedString(version)
                    + " is not one this reader knows (" + Packaging.known() + ")");
        }
        long payload = fileSize - SIZE;
        if (dataSize < 0 || payload < dataSize) { // past 2^63 (negative as a long) no file holds it
            throw new NeffException("truncated: the header promises " + Long.toUnsignedString(dataSize) + " payload bytes, the file has "
                    + payload);
        }
        if (payload > dataSize) {
            throw new NeffException("header: data_size is " + dataSize + " but " + payload + " bytes follow the header");
        }
        int nameEnd = Field.NAME.at;
        while (nameEnd < Field.NAME.at + Field.NAME.width && b[nameEnd] != 0) {
            nameEnd++;
        }
        return new NeffHeader(version, headerSize, dataSize, Field.KELP_MAJOR.u(h), Field.KELP_MINOR.u(h), Field.NUM_TPB.u(h),
                Field.HASH.bytes(b), Field.UUID.bytes(b), new String(b, Field.NAME.at, nameEnd - Field.NAME.at, StandardCharsets.UTF_8),
                Field.REQUESTED_TPB_COUNT.u(h));
    }

    /** MD5 for packaging version 2, SHA-256 for 1 (KLR). */
    public String hashAlgorithm() {
        return Packaging.of(packagingVersion).algorithm;
    }

    public MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance(hashAlgorithm());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // both are required of every Java platform
        }
    }

    /** The stored digest bytes, as many as the algorithm's digest (16 for MD5, 32 for SHA-256). */
    public byte[] storedHash() {
        return Arrays.copyOf(hash, newDigest().getDigestLength());
    }

    /** Which order the stored hash matches {@code digest} in; a mismatch is a NeffException. */
    public HashOrder check(byte[] digest) {
        byte[] stored = storedHash();
        if (Arrays.equals(stored, digest)) {
            return HashOrder.AS_STORED;
        }
        if (Arrays.equals(stored, wordReversed(digest))) {
            return HashOrder.WORD_REVERSED;
        }
        throw new NeffException("bad hash: the payload's " + hashAlgorithm() + " is " + HexFormat.of().formatHex(digest)
                + ", the header stores " + HexFormat.of().formatHex(stored) + " (neither as stored nor word-reversed)");
    }

    static byte[] wordReversed(byte[] d) {
        byte[] r = new byte[d.length];
        for (int i = 0; i < d.length; i += 4) {
            for (int k = 0; k < 4; k++) {
                r[i + k] = d[i + 3 - k];
            }
        }
        return r;
    }

    /** The header of a payload: version 2, MD5 stored word-reversed as neuronx-cc writes it. */
    static byte[] encode(long dataSize, byte[] md5, String name) {
        ByteBuffer h = ByteBuffer.allocate(SIZE).order(ByteOrder.LITTLE_ENDIAN);
        Field.PACKAGING_VERSION.put(h, Packaging.TGZ_MD5.version);
        Field.HEADER_SIZE.put(h, SIZE);
        Field.DATA_SIZE.put(h, dataSize);
        Field.KELP_MAJOR.put(h, 2);
        Field.NUM_TPB.put(h, 1);
        Field.REQUESTED_TPB_COUNT.put(h, 1);
        h.put(Field.HASH.at, wordReversed(md5));
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        h.put(Field.NAME.at, n, 0, Math.min(n.length, Field.NAME.width - 1));
        return h.array();
    }
}
