package tpb.neff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The header's integrity checks: every byte of every field a check guards
 * (packaging_version, header_size, data_size, the stored hash) corrupted alone, each with the
 * exact one-line diagnosis. The expected values are computed here from the corrupted bytes as
 * KLR's layout reads them (u64 little-endian at +0x00, +0x08, +0x10; the MD5 at +0xAC, 16 bytes,
 * each 4-byte word byte-reversed as neuronx-cc writes it): {@link BigInteger} over the eight bytes,
 * {@link MessageDigest} over the payload, never the reader's own decoding. The offsets are written
 * out by hand (KLR {@code NEFF.lean} at a5f2a13 for the u64s, the fixture for the hash slot).
 */
class NeffHeaderIntegrityTest {
    private static final int VERSION_AT = 0x00;
    private static final int HEADER_SIZE_AT = 0x08;
    private static final int DATA_SIZE_AT = 0x10;
    private static final int HASH_AT = 0xAC;
    private static final HexFormat HEX = HexFormat.of();

    private static byte[] base() {
        return new NeffParts().bytes();
    }

    private static String error(byte[] b) {
        return assertThrows(NeffException.class, () -> Neff.of(b)).getMessage();
    }

    /** The unsigned little-endian u64 at {@code at}, as a decimal string: BigInteger over the bytes, most significant first. */
    private static String u64(byte[] b, int at) {
        byte[] be = new byte[9]; // a leading zero keeps it non-negative
        for (int i = 0; i < 8; i++) {
            be[8 - i] = b[at + i];
        }
        return new BigInteger(be).toString();
    }

    private static byte[] md5(byte[] b, int from) throws Exception {
        return MessageDigest.getInstance("MD5").digest(Arrays.copyOfRange(b, from, b.length));
    }

    private static byte[] sha256(byte[] b, int from) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(Arrays.copyOfRange(b, from, b.length));
    }

    /** Each 4-byte word byte-reversed: d0 d1 d2 d3 -> d3 d2 d1 d0 (what neuronx-cc stores; NeffTest.fixtureHeader shows it on the fixture). */
    private static byte[] words(byte[] d) {
        byte[] r = new byte[d.length];
        for (int w = 0; w < d.length; w += 4) {
            r[w] = d[w + 3];
            r[w + 1] = d[w + 2];
            r[w + 2] = d[w + 1];
            r[w + 3] = d[w];
        }
        return r;
    }

    @Test
    void theBaseOpensAndItsHashIsStoredWordReversed() throws Exception {
        byte[] b = base();
        assertArrayEquals(words(md5(b, 1024)), Arrays.copyOfRange(b, HASH_AT, HASH_AT + 16));
        assertEquals(NeffHeader.HashOrder.WORD_REVERSED, Neff.of(b).hashOrder());
        assertEquals("4-byte words byte-reversed", NeffHeader.HashOrder.WORD_REVERSED.text());
        assertEquals("as stored", NeffHeader.HashOrder.AS_STORED.text());
    }

    /** packaging_version: 2 in the base; byte 0 made 0, 3, 0xFF, every higher byte made non-zero. */
    @Test
    void everyByteOfPackagingVersion() {
        for (int k = 0; k < 8; k++) {
            for (int x : new int[] {0x01, 0x80, 0xFF}) {
                byte[] b = base();
                b[VERSION_AT + k] ^= (byte) x;
                String v = u64(b, VERSION_AT);
                if (v.equals("1")) {
                    continue; // byte 0 2^3 = 1: a known version, the SHA-256 case below
                }
                assertEquals("header: packaging_version " + v + " is not one this reader knows (1 = tgz+SHA-256, 2 = tgz+MD5)", error(b),
                        "byte " + k + " ^ " + x);
            }
        }
        byte[] b = base();
        b[VERSION_AT] = 0; // 0: below both known versions
        assertEquals("header: packaging_version 0 is not one this reader knows (1 = tgz+SHA-256, 2 = tgz+MD5)", error(b));
    }

    /** Version 1 reads the 32-byte slot as SHA-256: the MD5 the base stores is then no match, and the message shows all 32 bytes. */
    @Test
    void versionOneChecksSha256OverThe32ByteSlot() throws Exception {
        byte[] b = base();
        b[VERSION_AT] = 1;
        byte[] slot = Arrays.copyOfRange(b, HASH_AT, HASH_AT + 32); // the word-reversed MD5, then 16 zero bytes
        assertEquals("bad hash: the payload's SHA-256 is " + HEX.formatHex(sha256(b, 1024)) + ", the header stores " + HEX.formatHex(slot)
                + " (neither as stored nor word-reversed)", error(b));
        // the SHA-256 stored as the digest prints it: accepted as stored
        System.arraycopy(sha256(b, 1024), 0, b, HASH_AT, 32);
        Neff n = Neff.of(b);
        assertEquals(NeffHeader.HashOrder.AS_STORED, n.hashOrder());
        assertEquals("SHA-256", n.header().hashAlgorithm());
        assertArrayEquals(sha256(b, 1024), n.header().storedHash());
        // and word-reversed, all eight words
        System.arraycopy(words(sha256(b, 1024)), 0, b, HASH_AT, 32);
        assertEquals(NeffHeader.HashOrder.WORD_REVERSED, Neff.of(b).hashOrder());
    }

    @Test
    void anMd5StoredAsItPrintsIsAcceptedAsStored() throws Exception {
        byte[] b = base();
        byte[] md5 = md5(b, 1024);
        System.arraycopy(md5, 0, b, HASH_AT, 16);
        Neff n = Neff.of(b);
        assertEquals(NeffHeader.HashOrder.AS_STORED, n.hashOrder());
        assertEquals("MD5", n.header().hashAlgorithm());
        assertArrayEquals(md5, n.header().storedHash()); // 16 bytes, not the 32-byte slot
    }

    @Test
    void everyByteOfHeaderSize() {
        for (int k = 0; k < 8; k++) {
            for (int x : new int[] {0x01, 0x80, 0xFF}) {
                byte[] b = base();
                b[HEADER_SIZE_AT + k] ^= (byte) x;
                assertEquals("header: header_size is " + u64(b, HEADER_SIZE_AT) + ", not 1024 (not a NEFF?)", error(b), "byte " + k + " ^ " + x);
            }
        }
    }

    /** header_size is checked before the version: a file wrong in both is "not a NEFF?". */
    @Test
    void headerSizeIsCheckedFirst() {
        byte[] b = base();
        b[VERSION_AT] = 7;
        b[HEADER_SIZE_AT + 1] = 0; // 1024 = 0x0400: 0
        assertEquals("header: header_size is 0, not 1024 (not a NEFF?)", error(b));
    }

    /**
     * data_size: larger than what follows the header is "truncated" (the payload's real length
     * named), smaller is "data_size is N but P bytes follow"; its top bit set (past 2^63) is
     * truncated too, printed unsigned.
     */
    @Test
    void everyByteOfDataSize() {
        byte[] b0 = base();
        long payload = b0.length - 1024;
        for (int k = 0; k < 8; k++) {
            for (int x : new int[] {0x01, 0x80, 0xFF}) {
                byte[] b = base();
                b[DATA_SIZE_AT + k] ^= (byte) x;
                BigInteger promised = new BigInteger(u64(b, DATA_SIZE_AT));
                String expected = promised.compareTo(BigInteger.valueOf(payload)) > 0
                        ? "truncated: the header promises " + promised + " payload bytes, the file has " + payload
                        : "header: data_size is " + promised + " but " + payload + " bytes follow the header";
                assertEquals(expected, error(b), "byte " + k + " ^ " + x);
            }
        }
    }

    /** One byte more or fewer than the payload: the two edges of the equality the header promises. */
    @Test
    void dataSizeOneEitherSide() {
        byte[] b = base();
        long payload = b.length - 1024;
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(DATA_SIZE_AT, payload + 1);
        assertEquals("truncated: the header promises " + (payload + 1) + " payload bytes, the file has " + payload, error(b));
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(DATA_SIZE_AT, payload - 1);
        assertEquals("header: data_size is " + (payload - 1) + " but " + payload + " bytes follow the header", error(b));
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(DATA_SIZE_AT, Long.MIN_VALUE);
        assertEquals("truncated: the header promises 9223372036854775808 payload bytes, the file has " + payload, error(b));
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(DATA_SIZE_AT, -1);
        assertEquals("truncated: the header promises 18446744073709551615 payload bytes, the file has " + payload, error(b));
    }

    /** Each of the 16 MD5 bytes the header stores, flipped: the message names both digests in full. */
    @Test
    void everyByteOfTheStoredHash() throws Exception {
        for (int k = 0; k < 16; k++) {
            byte[] b = base();
            b[HASH_AT + k] ^= (byte) (1 << (k % 8));
            String stored = HEX.formatHex(Arrays.copyOfRange(b, HASH_AT, HASH_AT + 16));
            assertEquals("bad hash: the payload's MD5 is " + HEX.formatHex(md5(b, 1024)) + ", the header stores " + stored
                    + " (neither as stored nor word-reversed)", error(b), "hash byte " + k);
        }
        // bytes 16-31 of the slot are no part of an MD5: a flip there changes nothing
        byte[] b = base();
        b[HASH_AT + 16] ^= 1;
        b[HASH_AT + 31] ^= (byte) 0x80;
        assertEquals(NeffHeader.HashOrder.WORD_REVERSED, Neff.of(b).hashOrder());
    }

    /** Words stored in an order neither reading gives (word 0 and 1 swapped): not the digest, refused. */
    @Test
    void aHashWithItsWordsSwappedIsRefused() throws Exception {
        byte[] b = base();
        byte[] stored = Arrays.copyOfRange(b, HASH_AT, HASH_AT + 16);
        byte[] swapped = stored.clone();
        System.arraycopy(stored, 0, swapped, 4, 4);
        System.arraycopy(stored, 4, swapped, 0, 4);
        System.arraycopy(swapped, 0, b, HASH_AT, 16);
        assertEquals("bad hash: the payload's MD5 is " + HEX.formatHex(md5(b, 1024)) + ", the header stores " + HEX.formatHex(swapped)
                + " (neither as stored nor word-reversed)", error(b));
        // only the last word reversed, the others as stored: neither reading
        byte[] c = base();
        byte[] md5 = md5(c, 1024);
        byte[] mixed = md5.clone();
        System.arraycopy(words(md5), 12, mixed, 12, 4);
        System.arraycopy(mixed, 0, c, HASH_AT, 16);
        assertTrue(error(c).startsWith("bad hash: "));
    }

    /** Each payload byte after the gzip layer's header flipped is a bad hash or a payload error; the last byte (the gzip size) too. */
    @Test
    void theLastPayloadByte() throws Exception {
        byte[] b = base();
        b[b.length - 1] ^= 1; // ISIZE's top byte: gzip refuses the stream; the hash, checked then, names the cause
        assertEquals("bad hash: the payload's MD5 is " + HEX.formatHex(md5(b, 1024)) + ", the header stores "
                + HEX.formatHex(Arrays.copyOfRange(b, HASH_AT, HASH_AT + 16)) + " (neither as stored nor word-reversed)", error(b));
    }

    /** The fields no check guards are read as they stand, at their offsets, whatever their bytes. */
    @Test
    void theUnguardedFieldsAtTheirEdges() {
        byte[] b = base();
        ByteBuffer h = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        h.putLong(0x18, 0x0102030405060708L); // kelp_major
        h.putLong(0x20, -2); // kelp_minor
        h.putInt(0xA8, -1); // num_tpb: u32 0xFFFFFFFF
        h.putInt(0x1DC, 0x80000001); // requested_tpb_count: u32, its first byte non-zero (the byte after the name)
        for (int i = 0; i < 16; i++) {
            b[0xCC + i] = (byte) (0xA0 + i); // uuid
        }
        Arrays.fill(b, 0xDC, 0xDC + 256, (byte) 'n'); // a name filling all 256 bytes: no NUL
        NeffHeader r = Neff.of(b).header();
        assertEquals(0x0102030405060708L, r.kelpMajor());
        assertEquals(-2, r.kelpMinor());
        assertEquals(4294967295L, r.numTpb());
        assertEquals(2147483649L, r.requestedTpbCount());
        assertEquals("n".repeat(256), r.name()); // byte 0x1DC (requested_tpb_count's 0x01) is not part of it
        assertEquals(1024, r.headerSize());
        assertEquals(b.length - 1024, r.dataSize());
        byte[] uuid = new byte[16];
        for (int i = 0; i < 16; i++) {
            uuid[i] = (byte) (0xA0 + i);
        }
        assertArrayEquals(uuid, r.uuid());
        assertEquals(32, r.hash().length);
    }

    @Test
    void aNameOfOneCharacterAndAnEmptyName() {
        byte[] b = base();
        Arrays.fill(b, 0xDC, 0xDC + 256, (byte) 0);
        assertEquals("", Neff.of(b).header().name());
        b[0xDC] = 'x';
        b[0xDD + 1] = 'y'; // after the NUL: not read
        assertEquals("x", Neff.of(b).header().name());
    }

    @Test
    void theHeaderLengthEdges() {
        byte[] b = base();
        assertEquals("truncated: 1023 bytes, shorter than the 1024-byte NEFF header", error(Arrays.copyOf(b, 1023)));
        assertEquals("truncated: 0 bytes, shorter than the 1024-byte NEFF header", error(new byte[0]));
        // exactly the header, promising no payload: the empty gzip stream is the first problem, after the hash check of no bytes
        byte[] h = Arrays.copyOf(b, 1024);
        ByteBuffer.wrap(h).order(ByteOrder.LITTLE_ENDIAN).putLong(DATA_SIZE_AT, 0);
        assertTrue(error(h).startsWith("bad hash: the payload's MD5 is d41d8cd98f00b204e9800998ecf8427e, "), error(h));
    }

    /** {@code starts}: the first 16 bytes only, version 1 or 2 and header_size 1024. */
    @Test
    void theMagic() {
        byte[] b = Arrays.copyOf(base(), 16);
        assertTrue(NeffHeader.starts(b));
        assertFalse(NeffHeader.starts(Arrays.copyOf(b, 15)));
        b[VERSION_AT] = 1;
        assertTrue(NeffHeader.starts(b));
        b[VERSION_AT] = 3;
        assertFalse(NeffHeader.starts(b));
        b[VERSION_AT] = 0;
        assertFalse(NeffHeader.starts(b));
        b[VERSION_AT] = 2;
        b[HEADER_SIZE_AT + 7] = 1;
        assertFalse(NeffHeader.starts(b));
        byte[] record = new byte[64];
        record[1] = 0x10; // an instruction header byte: version >= 0x1000
        assertFalse(NeffHeader.starts(record));
    }

    /**
     * What the writer (NeffParts, NeffWriter) puts in a header, byte by byte as neuronx-cc's
     * fixture has it: version 2, 1024, the payload's length, kelp major 2, num_tpb 1,
     * requested_tpb_count 1, the MD5 word-reversed, the name NUL-terminated and cut to 255 bytes.
     */
    @Test
    void whatTheWriterWrites() throws Exception {
        byte[] payload = {1, 2, 3};
        byte[] h = NeffHeader.encode(3, md5(payload, 0), "n".repeat(300));
        assertEquals(1024, h.length);
        ByteBuffer b = ByteBuffer.wrap(h).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(2, b.getLong(0x00));
        assertEquals(1024, b.getLong(0x08));
        assertEquals(3, b.getLong(0x10));
        assertEquals(2, b.getLong(0x18));
        assertEquals(0, b.getLong(0x20));
        assertEquals(1, b.getInt(0xA8));
        assertEquals(1, b.getInt(0x1DC));
        assertArrayEquals(words(md5(payload, 0)), Arrays.copyOfRange(h, HASH_AT, HASH_AT + 16));
        assertEquals("n".repeat(255), new String(h, 0xDC, 255, java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(0, h[0xDC + 255]);
        byte[] rest = Arrays.copyOfRange(h, 0x1E0, 1024);
        assertArrayEquals(new byte[rest.length], rest);
        // a data_size past 2^32: all eight bytes written (a u64, not a u32)
        byte[] big = NeffHeader.encode((1L << 32) + 5, new byte[16], "x");
        assertEquals(4294967301L, ByteBuffer.wrap(big).order(ByteOrder.LITTLE_ENDIAN).getLong(0x10));
        byte[] shortName = NeffHeader.encode(0, new byte[16], "ab");
        assertEquals('a', shortName[0xDC]);
        assertEquals('b', shortName[0xDD]);
        assertEquals(0, shortName[0xDE]);
    }
}
