package tpb.neff;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The NEFF's fixed 1024-byte header, little-endian. Layout (README "NEFF files"): +0x00
 * packaging_version (1 = tgz + SHA-256, 2 = tgz + MD5), +0x08 header_size (1024), +0x10 data_size
 * (payload bytes after the header), +0x18/+0x20 kelp_version major/minor, +0x28 kelp_version_build
 * (128 bytes), +0xA8 num_tpb (u32), +0xAC the payload hash — all from leanprover/KLR
 * {@code KLR/NEFF.lean} at a5f2a13 (STRONG, and every value checked against the fixture). After
 * +0xAC KLR's field sizes add up to 1224 bytes, not 1024, so the rest is read as the fixture shows
 * it (INFERRED): a 32-byte hash slot, a 16-byte uuid at +0xCC, the 256-byte name at +0xDC,
 * requested_tpb_count at +0x1DC.
 */
public record NeffHeader(long packagingVersion, long headerSize, long dataSize, long kelpMajor, long kelpMinor,
        long numTpb, byte[] hash, byte[] uuid, String name, long requestedTpbCount) {
    public static final int SIZE = 1024;
    static final int HASH_AT = 0xAC;
    static final int HASH_SLOT = 32;
    static final int UUID_AT = 0xCC;
    static final int NAME_AT = 0xDC;
    static final int NAME_SIZE = 256;
    static final int REQUESTED_TPB_AT = 0x1DC;

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
        long version = h.getLong(0);
        return (version == 1 || version == 2) && h.getLong(8) == SIZE;
    }

    /** Decodes and checks the fixed fields; {@code fileSize} is the whole file's length. */
    public static NeffHeader decode(byte[] b, long fileSize) {
        if (b.length < SIZE) {
            throw new NeffException("truncated: " + b.length + " bytes, shorter than the " + SIZE + "-byte NEFF header");
        }
        ByteBuffer h = ByteBuffer.wrap(b, 0, SIZE).order(ByteOrder.LITTLE_ENDIAN);
        long version = h.getLong(0);
        long headerSize = h.getLong(8);
        long dataSize = h.getLong(0x10);
        if (headerSize != SIZE) {
            throw new NeffException("header: header_size is " + Long.toUnsignedString(headerSize) + ", not " + SIZE + " (not a NEFF?)");
        }
        if (version != 1 && version != 2) {
            throw new NeffException("header: packaging_version " + Long.toUnsignedString(version)
                    + " is not one this reader knows (1 = tgz+SHA-256, 2 = tgz+MD5)");
        }
        long payload = fileSize - SIZE;
        if (dataSize < 0 || payload < dataSize) {
            throw new NeffException("truncated: the header promises " + Long.toUnsignedString(dataSize) + " payload bytes, the file has "
                    + payload);
        }
        if (payload > dataSize) {
            throw new NeffException("header: data_size is " + dataSize + " but " + payload + " bytes follow the header");
        }
        int nameEnd = NAME_AT;
        while (nameEnd < NAME_AT + NAME_SIZE && b[nameEnd] != 0) {
            nameEnd++;
        }
        return new NeffHeader(version, headerSize, dataSize, h.getLong(0x18), h.getLong(0x20), Integer.toUnsignedLong(h.getInt(0xA8)),
                Arrays.copyOfRange(b, HASH_AT, HASH_AT + HASH_SLOT), Arrays.copyOfRange(b, UUID_AT, NAME_AT),
                new String(b, NAME_AT, nameEnd - NAME_AT, StandardCharsets.UTF_8), Integer.toUnsignedLong(h.getInt(REQUESTED_TPB_AT)));
    }

    /** MD5 for packaging version 2, SHA-256 for 1 (KLR). */
    public String hashAlgorithm() {
        return packagingVersion == 2 ? "MD5" : "SHA-256";
    }

    public MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance(hashAlgorithm());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // both are required of every Java platform
        }
    }

    /** The stored digest bytes (16 for MD5, 32 for SHA-256). */
    public byte[] storedHash() {
        return Arrays.copyOf(hash, packagingVersion == 2 ? 16 : 32);
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
        h.putLong(0, 2).putLong(8, SIZE).putLong(0x10, dataSize).putLong(0x18, 2).putInt(0xA8, 1).putInt(REQUESTED_TPB_AT, 1);
        h.put(HASH_AT, wordReversed(md5));
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        h.put(NAME_AT, n, 0, Math.min(n.length, NAME_SIZE - 1));
        return h.array();
    }
}
