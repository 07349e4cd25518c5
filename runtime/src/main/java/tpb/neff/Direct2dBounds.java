package tpb.neff;

import java.util.HashMap;
import java.util.Map;
import tpb.isa.Addr8Mode;
import tpb.isa.Addr8View;
import tpb.isa.Arch;
import tpb.isa.DmaDirect2dFlyweight;

/**
 * A DMA_DIRECT2D record's walk (0xD4, an engine-stream instruction: facts §3.11) checked against
 * what its two sides name, the one check the synchronisation level, the data level and the cost
 * model all make before they read the record's geometry. A queue descriptor of an engine's JSON is
 * checked as it is read ({@link EngineDma}); a record is a stream's bytes, read only when it runs, so
 * it is checked here, against the subgraph's def.json vars and the target's SBUF.
 *
 * <p>A side's var is what its ADDR8 operand names (facts §4.2, as the data level reads it:
 * STATIC_PHYSICAL the var id {@code entry | var_hi << 16}, DGE_IMMEDIATE and DGE_OFFSET_REGISTER
 * entry {@code entry} of def.json's {@code dge-table} list); the state-buffer var is the SBUF. The
 * rules are {@link EngineDma}'s for a queue descriptor: the bytes a side touches lie in its var (or
 * the SBUF's addresses), the destination writes at most as many bytes as its memory holds (more
 * would write a byte twice: a zero step counting 65,535 x 65,535 runs into an 8-byte var), and the
 * source reads at most 8 bytes for each byte written (a cast from the widest element to the
 * narrowest; ASSUMED bound). A side whose offset is a register's (DGE_OFFSET_REGISTER) is checked,
 * where the register is not known, for its walk's width alone.
 */
public final class Direct2dBounds {
    /** The most bytes a source reads for each byte written (the widest element over the narrowest; ASSUMED bound, as {@link EngineDma}'s). */
    static final long SOURCE_BYTES_PER_WRITTEN = Long.BYTES;

    /** Def.json's vars by {@code var_id}: name and var. */
    private final Map<Integer, Map.Entry<String, Subgraph.Var>> byId = new HashMap<>();
    /** The dge-table's list: var ids by entry (empty when def.json has none). */
    private final int[] dge;

    private Direct2dBounds(Subgraph sg) {
        int[] table = new int[0];
        for (Map.Entry<String, Subgraph.Var> e : sg.vars().entrySet()) {
            Subgraph.Var v = e.getValue();
            if (v.id() >= 0) {
                byId.putIfAbsent(v.id(), e);
            }
            if ("dge-table".equals(v.type()) && v.list() != null) {
                table = v.list(); // the data level's reading: the table def.json lists last
            }
        }
        this.dge = table;
    }

    /** The bounds of subgraph {@code sg}'s records. */
    public static Direct2dBounds of(Subgraph sg) {
        return new Direct2dBounds(sg);
    }

    /** Why record {@code r} on {@code arch} walks outside what its sides name, or null when it does not. */
    public String problem(DmaDirect2dFlyweight r, Arch arch) {
        DmaDescriptor.Target src;
        DmaDescriptor.Target dst;
        try {
            src = target(r.srcStartAddr(), "source", arch);
            dst = target(r.dstStartAddr(), "destination", arch);
        } catch (NeffException unnamed) {
            return unnamed.getMessage();
        }
        return problem(DmaDescriptor.direct2d(r), src, !register(r.srcStartAddr()), dst, !register(r.dstStartAddr()));
    }

    /**
     * Why a DMA_DIRECT2D descriptor ({@link DmaDescriptor#direct2d}) does not fit {@code src} and
     * {@code dst}, or null: the rules above, in the order a reader meets them (destination first). A
     * side whose offset is not known ({@code srcKnown}, {@code dstKnown} false: a register holds it) is
     * checked for its width only. The data level, which resolves its sides itself and knows the
     * register's value, asks this with offsets known.
     */
    public static String problem(DmaDescriptor d, DmaDescriptor.Target src, boolean srcKnown, DmaDescriptor.Target dst, boolean dstKnown) {
        String outside = outside(d.to(), "destination", dst, dstKnown);
        if (outside != null) {
            return outside;
        }
        long written = d.to().bytes();
        if (written > dst.holds()) {
            return "DMA_DIRECT2D writes " + written + " bytes (" + runs(d.to()) + " runs of " + d.to().size(0) + ") into " + dst.what()
                    + ": a write touches each byte once";
        }
        outside = outside(d.from(), "source", src, srcKnown);
        if (outside != null) {
            return outside;
        }
        long read = d.from().bytes();
        if (read > written * SOURCE_BYTES_PER_WRITTEN) { // written is at most 2^32 x 2^16: x 8 is exact
            return "DMA_DIRECT2D reads " + read + " bytes (" + runs(d.from()) + " runs of " + d.from().size(0) + ") for the " + written
                    + " it writes: a source reads at most " + SOURCE_BYTES_PER_WRITTEN + " for each byte written";
        }
        return null;
    }

    /** The runs a side walks: {@code num[0] x num[1]}. */
    private static long runs(DmaDescriptor.Endpoint e) {
        return e.size(1) * e.size(2);
    }

    /** A side's bytes outside its target, or null. A record's walk cannot pass a long: its steps are i32, its counts u16. */
    private static String outside(DmaDescriptor.Endpoint e, String side, DmaDescriptor.Target t, boolean known) {
        DmaDescriptor.Extent x = e.extent();
        if (x == null) {
            return null; // a count of 0: no byte
        }
        if (known && !x.within(t.span())) {
            return "DMA_DIRECT2D " + side + " touches bytes " + x.first() + " to " + x.last() + ", outside " + t.what();
        }
        long width = x.last() - x.first() + 1;
        if (!known && width > t.span()) {
            return "DMA_DIRECT2D " + side + " spans " + width + " bytes from the offset its register holds, wider than " + t.what();
        }
        return null;
    }

    private static boolean register(Addr8View a) {
        return Addr8Mode.fromValue(a.mode()) == Addr8Mode.DGE_OFFSET_REGISTER;
    }

    /** The memory an ADDR8 operand names; a NeffException saying why it names none. */
    private DmaDescriptor.Target target(Addr8View a, String side, Arch arch) {
        Addr8Mode mode = Addr8Mode.fromValue(a.mode());
        int id;
        if (mode == Addr8Mode.STATIC_PHYSICAL) {
            id = a.entry() | a.varHi() << 16;
        } else if (mode == Addr8Mode.DGE_IMMEDIATE || mode == Addr8Mode.DGE_OFFSET_REGISTER) {
            if (a.entry() >= dge.length) {
                throw new NeffException("DMA_DIRECT2D " + side + " names DGE table entry " + a.entry() + ", which def.json's dge-table does not hold ("
                        + dge.length + " entries)");
            }
            id = dge[a.entry()];
        } else {
            throw new NeffException("DMA_DIRECT2D " + side + " ADDR8 mode 0x" + Integer.toHexString(a.mode()) + " names no var");
        }
        Map.Entry<String, Subgraph.Var> v = byId.get(id);
        if (v == null) {
            throw new NeffException("DMA_DIRECT2D " + side + " names var id " + id + ", which def.json does not declare");
        }
        return "state-buffer".equals(v.getValue().type()) ? DmaDescriptor.Target.sbuf(arch)
                : DmaDescriptor.Target.var(v.getKey(), v.getValue().size());
    }
}
