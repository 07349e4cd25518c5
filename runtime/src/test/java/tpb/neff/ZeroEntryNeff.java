package tpb.neff;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;

/**
 * Writes a NEFF of {@link NeffParts}' entries plus one entry of {@code n} zero bytes, without
 * deflating {@code n} bytes: deflate output after a full flush depends only on the input that
 * follows (zlib resets the compressor's history), so one 16 MiB block of zeros deflated once is
 * repeated {@code n / 16 MiB} times. A 1 GiB entry costs about 1 MB of file and a second to make,
 * a 20 GiB one 20 MB. The gzip trailer's CRC-32 and size are the true ones (CRC-32 of the zeros
 * computed at memory speed), the header's MD5 too: a genuine, valid NEFF.
 */
public final class ZeroEntryNeff {
    static final int BLOCK = 16 << 20;

    private ZeroEntryNeff() {}

    public static void write(Path file, List<NeffParts.Entry> entries, String name, long n) throws Exception {
        if (n % BLOCK != 0) {
            throw new IllegalArgumentException("a whole number of 16 MiB blocks");
        }
        TarArchiveEntry big = new TarArchiveEntry(name);
        big.setSize(n);
        big.setModTime(0);
        byte[] small = NeffParts.tar(entries);
        byte[] prefix = Arrays.copyOf(small, small.length - endBlocks(small)); // the entries without the end-of-archive zeros
        byte[] header = new byte[512];
        big.writeEntryHeader(header);
        byte[] head = new byte[prefix.length + 512];
        System.arraycopy(prefix, 0, head, 0, prefix.length);
        System.arraycopy(header, 0, head, prefix.length, 512);
        byte[] tail = new byte[1024]; // the end-of-archive blocks (n is a multiple of 512: no padding)

        MessageDigest md5 = MessageDigest.getInstance("MD5");
        CRC32 crc = new CRC32();
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        long[] payload = {0};
        try (OutputStream f = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            f.write(new byte[NeffHeader.SIZE]); // the header, written last
            OutputStream out = new DigestOutputStream(new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    f.write(b);
                    payload[0]++;
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    f.write(b, off, len);
                    payload[0] += len;
                }
            }, md5);
            out.write(new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff}); // gzip: deflate, no flags, no mtime, unknown OS
            out.write(deflate(d, head, false));
            crc.update(head);
            byte[] zeros = new byte[BLOCK];
            byte[] z = deflate(d, zeros, false);
            if (!Arrays.equals(z, deflate(d, zeros, false))) {
                throw new AssertionError("a flushed block of zeros deflates differently twice");
            }
            for (long k = 0; k < n / BLOCK; k++) {
                out.write(z);
                crc.update(zeros);
            }
            // the check's two blocks went nowhere: each ended in a full flush, so what follows does not depend on them
            out.write(deflate(d, tail, true));
            crc.update(tail);
            long size = head.length + n + tail.length;
            out.write(le((int) crc.getValue()));
            out.write(le((int) size));
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.write(NeffParts.header(payload[0], md5.digest()));
        }
    }

    /** How many trailing bytes of a tar are its end-of-archive blocks and record padding (all zero, after the last entry's data). */
    private static int endBlocks(byte[] tar) {
        int end = tar.length;
        while (end > 0 && tar[end - 1] == 0) {
            end--;
        }
        return tar.length - (end + 511) / 512 * 512;
    }

    /** {@code in} deflated and then fully flushed (byte-aligned, history reset), or with {@code finish} the stream's last block. */
    private static byte[] deflate(Deflater d, byte[] in, boolean finish) {
        d.setInput(in);
        if (finish) {
            d.finish();
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        while (true) {
            int k = d.deflate(buf, 0, buf.length, finish ? Deflater.NO_FLUSH : Deflater.FULL_FLUSH);
            out.write(buf, 0, k);
            if (finish ? d.finished() : k < buf.length && d.needsInput()) {
                break;
            }
        }
        return out.toByteArray();
    }

    private static byte[] le(int v) {
        return new byte[] {(byte) v, (byte) (v >>> 8), (byte) (v >>> 16), (byte) (v >>> 24)};
    }
}
