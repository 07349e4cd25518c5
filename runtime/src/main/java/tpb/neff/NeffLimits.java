package tpb.neff;

import java.io.IOException;
import java.io.InputStream;

/**
 * The bounds a NEFF is read within, so memory and time are bounded by design, not by the file.
 *
 * <ul>
 * <li>{@code maxEntrySize}: the largest archive entry tpb reads whole into memory: a JSON
 * description ({@code kelf-*.json}, {@code info.json}, a referenced {@code def.json},
 * {@code tensor_map.json}) or an engine stream a command holds whole ({@code run}). Default
 * {@value #DEFAULT_MAX_ENTRY_SIZE} bytes (64 MiB: the fixture's largest JSON is 28 KB; a
 * Jackson tree costs about ten times its text). Streams that are only read through
 * ({@code validate}, {@code disasm}, {@code neff info}, {@code neff extract}) are not held and
 * have no entry bound. Flag {@code --max-entry-size}.</li>
 * <li>{@code maxInflatedSize}: how many bytes the gzip layer may inflate to in one pass, or
 * {@link #AUTO} for {@value #AUTO_BASE} bytes (1 GiB) plus {@value #AUTO_RATIO} times the
 * compressed payload: gzip's best ratio is about 1,032 to 1, a compiler's archive of JSON,
 * streams and weights stays far below 64 to 1 (the fixture is 6.6 to 1), and a 20 MB file that
 * inflates to 20 GiB is refused after 2.3 GiB, in seconds. Flag {@code --max-inflated-size}.</li>
 * </ul>
 */
public record NeffLimits(long maxEntrySize, long maxInflatedSize) {
    public static final long DEFAULT_MAX_ENTRY_SIZE = 64L << 20;
    public static final long AUTO = 0;
    public static final long AUTO_BASE = 1L << 30;
    public static final long AUTO_RATIO = 64;
    public static final NeffLimits DEFAULT = new NeffLimits(DEFAULT_MAX_ENTRY_SIZE, AUTO);

    public NeffLimits {
        if (maxEntrySize <= 0 || maxInflatedSize < 0) {
            throw new IllegalArgumentException("bounds must be positive: " + maxEntrySize + ", " + maxInflatedSize);
        }
    }

    /** The one-line refusal of an entry of {@code size} bytes that is larger than {@link #maxEntrySize()}. */
    public NeffException tooLarge(String path, long size) {
        return new NeffException(path + ": a " + size + "-byte entry, larger than the " + maxEntrySize + " bytes tpb reads whole (--max-entry-size)");
    }

    /** Reads an archive entry of {@code size} bytes whole, within {@link #maxEntrySize()}: a larger one is refused before a byte is read. */
    public byte[] readWhole(String path, long size, InputStream data) throws IOException {
        if (size > maxEntrySize) {
            throw tooLarge(path, size);
        }
        byte[] b = data.readNBytes((int) size);
        if (b.length != size) {
            throw new NeffException(path + ": truncated in the archive: " + b.length + " of its " + size + " bytes");
        }
        return b;
    }

    /** The inflated-size bound for a payload of {@code payloadBytes} compressed bytes. */
    public long inflatedBound(long payloadBytes) {
        if (maxInflatedSize != AUTO) {
            return maxInflatedSize;
        }
        return payloadBytes > (Long.MAX_VALUE - AUTO_BASE) / AUTO_RATIO ? Long.MAX_VALUE : AUTO_BASE + AUTO_RATIO * payloadBytes;
    }
}
