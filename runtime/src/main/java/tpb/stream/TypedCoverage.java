package tpb.stream;

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
public record TypedCoverage(int records, int typed, int opaqueArm, int raw) {
    public static TypedCoverage of(RecordStream stream) {
        int typed = 0;
        int opaque = 0;
        int raw = 0;
        for (int i = 0; i < stream.count(); i++) {
            int off = RecordStream.offsetOf(i);
            if (Decoder.decode(stream.bytes(), off) instanceof RawRecord) {
                raw++;
            } else if (Decoder.identify(stream.bytes(), off).opaque()) {
                opaque++;
            } else {
                typed++;
            }
        }
        return new TypedCoverage(stream.count(), typed, opaque, raw);
    }

    /** "12 records: 12 typed (100.0 %), 0 opaque arm, 0 raw". */
    @Override
    public String toString() {
        double share = records == 0 ? 100.0 : 100.0 * typed / records;
        return String.format(Locale.ROOT, "%d records: %d typed (%.1f %%), %d opaque arm, %d raw", records, typed, share, opaqueArm, raw);
    }
}
