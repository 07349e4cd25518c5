package tpb.neff;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

/**
 * Writes a NEFF the way neuronx-cc 2.23 lays one out: the 1024-byte header (packaging version 2,
 * MD5 of the payload with its 4-byte words byte-reversed), then a gzip'd tar of the given files in
 * the given order. For tests and benchmarks that need NEFFs no compiler wrote (test sources only;
 * tpb.data.SyntheticMatmulNeff builds matmul NEFFs of the fixture's family on it).
 */
public final class NeffWriter {
    private NeffWriter() {}

    public static byte[] write(String name, Map<String, byte[]> files) {
        try {
            ByteArrayOutputStream payload = new ByteArrayOutputStream();
            try (GzipCompressorOutputStream gz = new GzipCompressorOutputStream(payload);
                    TarArchiveOutputStream tar = new TarArchiveOutputStream(gz)) {
                tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
                for (Map.Entry<String, byte[]> f : files.entrySet()) {
                    TarArchiveEntry e = new TarArchiveEntry(f.getKey());
                    e.setSize(f.getValue().length);
                    tar.putArchiveEntry(e);
                    tar.write(f.getValue());
                    tar.closeArchiveEntry();
                }
            }
            byte[] p = payload.toByteArray();
            byte[] md5 = MessageDigest.getInstance("MD5").digest(p);
            byte[] out = new byte[NeffHeader.SIZE + p.length];
            System.arraycopy(NeffHeader.encode(p.length, md5, name), 0, out, 0, NeffHeader.SIZE);
            System.arraycopy(p, 0, out, NeffHeader.SIZE, p.length);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: not reached
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
