package tpb.asm;

import java.util.List;
import tpb.codec.FieldInfo;
import tpb.isa.Symbols;

/**
 * Fields a listing writes by their named bit runs: an integer whose runs the spec names, none
 * overlapping another (DTYPE_PAIR's byte of two dtype tags is {@code in0_in1_dtype.tags.lo=FP32
 * in0_in1_dtype.tags.hi=FP32}, not {@code in0_in1_dtype.tags=170}; mariana's LD_WEIGHT_FLAGS byte
 * is {@code flags.xpose_mode=1 flags.load_order=FIRST_COL_FIRST}), the names the spec's guards and
 * the validator's messages use for the same bits; a run's value by its enum's name where it has
 * one. A field whose runs overlap (ADDR4's readings of one word) is written whole, and so is a
 * value with a bit outside every run, as a number, so any byte assembles back.
 */
final class BitRuns {
    private BitRuns() {}

    /** Whether the listing writes {@code f} run by run: a single integer with named runs that do not overlap. */
    static boolean named(FieldInfo f) {
        List<FieldInfo.Bits> runs = f.bits();
        if (runs.isEmpty() || f.count() != 1 || f.isChars() || f.isBytes()) {
            return false;
        }
        long seen = 0;
        for (FieldInfo.Bits r : runs) {
            long mask = r.with(0, -1);
            if ((seen & mask) != 0) {
                return false;
            }
            seen |= mask;
        }
        return true;
    }

    /**
     * {@code v}, the value of field {@code f}, as its runs: {@code  name.run=NAME} for each run
     * that is not zero (a number where the run's enum has no name), or {@code  name=v} when a bit
     * lies outside every run.
     */
    static void append(FieldInfo f, long v, StringBuilder out) {
        long rest = v;
        for (FieldInfo.Bits r : f.bits()) {
            rest = r.with(rest, 0);
        }
        if (rest != 0) {
            out.append(' ').append(f.name()).append('=').append(v);
            return;
        }
        for (FieldInfo.Bits r : f.bits()) {
            long run = r.of(v);
            if (run != 0) {
                String name = r.table() == null ? null : Symbols.name(r.table(), run);
                out.append(' ').append(f.name()).append('.').append(r.name()).append('=');
                if (name != null) {
                    out.append(name);
                } else {
                    out.append(run);
                }
            }
        }
    }

    /** The names a run's enum gives the values the run can hold, in value order (for a hint); none for a run no enum names. */
    static List<String> values(FieldInfo.Bits r) {
        if (r.table() == null) {
            return List.of();
        }
        List<String> out = new java.util.ArrayList<>();
        for (long v = 0; v < 1L << Math.min(r.width(), 16); v++) {
            String name = Symbols.name(r.table(), v);
            if (name != null) {
                out.add(name);
            }
        }
        return out;
    }
}
