package tpb.stream;

import java.io.IOException;
import java.util.Locale;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.RawRecord;

/**
 * How much of a stream the spec can read: records that decode to an arm with a layout ("typed"),
 * records of an opaque arm (an opcode the sources give no layout: preamble plus payload bytes),
 * and records no arm holds ({@link RawRecord}: bytes a typed decode refuses). What
 * {@code tpb disasm --stats} prints.
 */
public record TypedCoverage(long records, long typed, long opaqueArm, long raw) {
    public static TypedCoverage of(RecordStream stream) {
        long[] counts = new long[3];
        count(stream.bytes(), stream.count(), counts);
        return new TypedCoverage(stream.count(), counts[0], counts[1], counts[2]);
    }

    /**
     * The figures of a stream read a window at a time (memory does not grow with it); a stream
     * that is not whole records ends in the reader's {@link StreamException}.
     */
    public static TypedCoverage of(RecordReader reader) throws IOException {
        long[] counts = new long[3];
        for (int n; (n = reader.next()) > 0;) {
            count(reader.window(), n, counts);
        }
        return new TypedCoverage(reader.count(), counts[0], counts[1], counts[2]);
    }

    /** Adds the first {@code n} records of {@code b} to {@code counts}: typed, opaque arm, raw. */
    private static void count(byte[] b, int n, long[] counts) {
        for (int i = 0; i < n; i++) {
            int off = RecordStream.offsetOf(i);
            if (Decoder.decode(b, off) instanceof RawRecord) {
                counts[2]++;
            } else if (Decoder.identify(b, off).opaque()) {
                counts[1]++;
            } else {
                counts[0]++;
            }
        }
    }

    /** "12 records: 12 typed (100.0 %), 0 opaque arm, 0 raw". */
    @Override
    public String toString() {
        double share = records == 0 ? 100.0 : 100.0 * typed / records;
        return String.format(Locale.ROOT, "%d records: %d typed (%.1f %%), %d opaque arm, %d raw", records, typed, share, opaqueArm, raw);
    }
}
