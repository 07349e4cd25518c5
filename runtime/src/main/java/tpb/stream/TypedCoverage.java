package tpb.stream;

import java.io.IOException;
import java.util.Locale;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.Layouts;
import tpb.isa.RawRecord;

/**
 * How much of a stream the spec can read: records that decode to an arm with a layout ("typed"),
 * records of an opaque arm (an opcode the sources give no layout: preamble plus payload bytes),
 * and records no arm holds ({@link RawRecord}: bytes a typed decode refuses). What
 * {@code tpb disasm --stats} prints. With an arch, an arm that has a layout of its own on that
 * generation ({@link Layouts}: LDWEIGHTS and MATMUL on SUNDA and MARIANA) counts as typed when that
 * layout holds the record, as the listing reads it; with none (null), through the arms' own layouts.
 */
public record TypedCoverage(long records, long typed, long opaqueArm, long raw) {
    public static TypedCoverage of(RecordStream stream) {
        return of(stream, null);
    }

    /** As {@link #of(RecordStream)}, each record read through its arm's layout on {@code arch} (null: the arms' own). */
    public static TypedCoverage of(RecordStream stream, Arch arch) {
        long[] counts = new long[3];
        count(stream.bytes(), stream.count(), arch, counts);
        return new TypedCoverage(stream.count(), counts[0], counts[1], counts[2]);
    }

    /**
     * The figures of a stream read a window at a time (memory does not grow with it); a stream
     * that is not whole records ends in the reader's {@link StreamException}.
     */
    public static TypedCoverage of(RecordReader reader) throws IOException {
        return of(reader, null);
    }

    /** As {@link #of(RecordReader)}, each record read through its arm's layout on {@code arch} (null: the arms' own). */
    public static TypedCoverage of(RecordReader reader, Arch arch) throws IOException {
        long[] counts = new long[3];
        for (int n; (n = reader.next()) > 0;) {
            count(reader.window(), n, arch, counts);
        }
        return new TypedCoverage(reader.count(), counts[0], counts[1], counts[2]);
    }

    /** Adds the first {@code n} records of {@code b} to {@code counts}: typed, opaque arm, raw. */
    private static void count(byte[] b, int n, Arch arch, long[] counts) {
        for (int i = 0; i < n; i++) {
            int off = RecordStream.offsetOf(i);
            Arm arm = Decoder.identify(b, off);
            boolean ownLayout = arch != null && Layouts.view(arm, arch) != null;
            if (ownLayout ? !Layouts.decodes(arm, arch, b, off) : Decoder.decode(b, off) instanceof RawRecord) {
                counts[2]++;
            } else if (arm.opaque()) {
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
