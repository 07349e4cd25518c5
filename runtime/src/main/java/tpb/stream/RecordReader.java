package tpb.stream;

import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a record stream from an {@link InputStream} a window at a time, so a tool's memory does not
 * grow with its input: records are fixed-size (the spec's record stride: TPB's 0x40, seed002 §1), so a
 * window of whole records is all any per-record check needs. Nothing here is TPB's but the default
 * stride: a reader of another ISA's stream takes that ISA's {@code IsaInfo.STRIDE}. Each {@link #next()} fills the window completely
 * unless the input ends, so window {@code k} always holds records {@code [k*capacity, (k+1)*capacity)}
 * whatever the source (a file, a pipe that delivers a few bytes at a time). Trailing bytes that are
 * not a whole record are reported once the whole records before them are read, as
 * {@link RecordStream#of} reports them.
 */
public final class RecordReader {
    /** The window tools use unless they need another: 16,384 records, 1 MiB. */
    public static final int DEFAULT_WINDOW = 1 << 14;

    private final InputStream in;
    private final byte[] window;
    private final int capacity;
    private final int stride;
    private long base;
    private int records;
    private long total;
    private boolean ended;
    private StreamException trailing;

    /** A reader over {@code in} with room for {@code capacity} records of {@code stride} bytes each. */
    public RecordReader(InputStream in, int capacity, int stride) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a window holds at least one record, not " + capacity);
        }
        this.in = in;
        this.capacity = capacity;
        this.stride = stride;
        this.window = new byte[Math.multiplyExact(capacity, stride)];
    }

    /** A reader of TPB records over {@code in} with room for {@code capacity} records. */
    public RecordReader(InputStream in, int capacity) {
        this(in, capacity, RecordStream.STRIDE);
    }

    public RecordReader(InputStream in) {
        this(in, DEFAULT_WINDOW);
    }

    /**
     * Reads the next window of records; returns how many it holds, 0 once the input has ended.
     *
     * @throws StreamException at the end of an input whose length is not a whole number of records:
     *                         the call after the one that returned the last whole records
     * @throws IOException     when the input cannot be read
     */
    public int next() throws IOException {
        base += records;
        records = 0;
        if (ended) {
            if (trailing != null) {
                StreamException t = trailing;
                trailing = null;
                throw t;
            }
            return 0;
        }
        int n = in.readNBytes(window, 0, window.length);
        total += n;
        records = n / stride;
        if (n < window.length) {
            ended = true;
            trailing = RecordStream.trailingBytes(total, stride);
            if (records == 0) {
                return next();
            }
        }
        return records;
    }

    /** The window's bytes: record {@code i} of the window starts at {@code i * stride}. */
    public byte[] window() {
        return window;
    }

    /** How many records the current window holds. */
    public int records() {
        return records;
    }

    /** The stream index of the window's first record. */
    public long base() {
        return base;
    }

    /** Records read so far, the current window's included. */
    public long count() {
        return base + records;
    }

    /** True once the input has ended (the current window is the last, possibly empty). */
    public boolean ended() {
        return ended;
    }

    /** How many records a window holds. */
    public int capacity() {
        return capacity;
    }
}
