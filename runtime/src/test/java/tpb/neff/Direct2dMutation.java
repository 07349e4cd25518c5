package tpb.neff;

import java.util.Random;
import java.util.function.Consumer;
import tpb.isa.Addr8Mode;
import tpb.isa.DmaDirect2dFlyweight;

/**
 * One edit of a DMA_DIRECT2D record of {@link NeffParts}' Pool stream (record 0: var {@code a} to
 * SBUF 0x100 of partitions 0-1; record 1: back to {@code out}), made from a family and a seed like
 * {@link DescriptorMutation}: a side's offset, step, count, run size, var entry, var_hi or ADDR8 mode
 * set to an edge ({@link DescriptorMutation#EDGES}, stored as the field's width keeps it, as a cast
 * would), or a step made 0 with an edge count on both sides (the walk that wrote one byte 2^32 times).
 */
public record Direct2dMutation(String description, Consumer<NeffParts> edit) {
    public enum Family { OFFSET, STEP, COUNT, RUN, ENTRY, VAR_HI, MODE, ZERO_STEP }

    @Override
    public String toString() {
        return description;
    }

    public static Direct2dMutation of(Family family, long seed) {
        Random r = new Random(seed);
        int rec = r.nextInt(2);
        boolean src = r.nextBoolean();
        int d = r.nextInt(2);
        long v = DescriptorMutation.EDGES.get(r.nextInt(DescriptorMutation.EDGES.size()));
        int mode = new int[] {Addr8Mode.STATIC_PHYSICAL.value(), Addr8Mode.DGE_IMMEDIATE.value(), Addr8Mode.DGE_OFFSET_REGISTER.value(), 0, 0xFF,
                Addr8Mode.DGE_OFFSET_REGISTER.value() | 0x04}[r.nextInt(6)];
        String side = "record " + rec + " " + (src ? "src" : "dst");
        return switch (family) {
            case OFFSET -> new Direct2dMutation(side + " value = " + v, p -> at(p, rec, f -> {
                if (src) { f.srcStartAddrValue(v); } else { f.dstStartAddrValue(v); }
            }));
            case STEP -> new Direct2dMutation(side + " step[" + d + "] = " + v, p -> at(p, rec, f -> {
                if (src) { f.srcStepElem(d, (int) v); } else { f.dstStepElem(d, (int) v); }
            }));
            case COUNT -> new Direct2dMutation(side + " num[" + d + "] = " + v, p -> at(p, rec, f -> {
                if (src) { f.srcNumElem(d, (int) v); } else { f.dstNumElem(d, (int) v); }
            }));
            case RUN -> new Direct2dMutation(side + " elem_size = " + v, p -> at(p, rec, f -> {
                if (src) { f.srcElemSize((int) v); } else { f.dstElemSize((int) v); }
            }));
            case ENTRY -> new Direct2dMutation(side + " entry = " + v, p -> at(p, rec, f -> {
                if (src) { f.srcStartAddrEntry((int) v); } else { f.dstStartAddrEntry((int) v); }
            }));
            case VAR_HI -> new Direct2dMutation(side + " var_hi = " + v, p -> at(p, rec, f -> {
                if (src) { f.srcStartAddrVarHi((int) v); } else { f.dstStartAddrVarHi((int) v); }
            }));
            case MODE -> new Direct2dMutation(side + " mode = 0x" + Integer.toHexString(mode), p -> at(p, rec, f -> {
                if (src) { f.srcStartAddrMode(mode); } else { f.dstStartAddrMode(mode); }
            }));
            case ZERO_STEP -> new Direct2dMutation("record " + rec + " step[" + d + "] = 0, num[" + d + "] = " + (v & 0xFFFF) + " both sides",
                    p -> at(p, rec, f -> f.srcStepElem(d, 0).dstStepElem(d, 0).srcNumElem(d, (int) v).dstNumElem(d, (int) v)));
        };
    }

    private static void at(NeffParts p, int rec, Consumer<DmaDirect2dFlyweight> e) {
        e.accept(new DmaDirect2dFlyweight().wrap(p.pool, rec * 64));
    }
}
