package tpb.regalloc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tpb.isa.CallRecord;
import tpb.mir.EngineCode;
import tpb.mir.MBlock;
import tpb.mir.MFunction;
import tpb.mir.MInst;
import tpb.mir.VReg;

/**
 * REG_Allocator's live ranges (facts §8.4): every function linearized into one interference
 * scope; each virtual register's range runs from its first to its last occurrence, then
 * <ul>
 * <li>across a loop (a backward branch) when the value is live into the loop or is read in the
 *     loop before it is written there (carried around the back edge), to the whole loop;</li>
 * <li>to every call site of a function that uses it, so a callee's registers interfere with
 *     what is live across the call;</li>
 * <li>back to position 0 when some read may find it unwritten (its reset value, facts §7.1).</li>
 * </ul>
 * Positions are two per instruction: uses at 2p, the def at 2p+1, so an instruction may write the
 * register it reads last.
 *
 * <p>Where two ranges meet at one instruction (the convention, and why): a range is the closed
 * interval [first, last] of its positions, and two ranges interfere when they share a position
 * ({@link InterferenceGraph} sweeps with {@code end >= start}). A shared position is always a
 * 2p — registers read by the same instruction, which must hold their values at once, even when
 * one of them is read there for the first time (a never-written register holds its reset value,
 * facts §7.1). The def sits one position later, after the instruction's reads, because the
 * record reads its sources before it writes its destination (dst = src0 op src1, facts §7.1):
 * the destination may take the slot of a source read there for the last time. With every kernel
 * register observable at Exit, that reuse is what lets an ALU op on two reloaded spill
 * temporaries fit two registers. Kernel registers never meet at a single position (Exit reads
 * them all, so none ends early); temporaries do. {@code AllocatorEdgesTest} fails if either side
 * is flipped.
 */
public final class LiveIntervals {
    /** Registers in order of first appearance, with their ranges and spill weights. */
    public final List<VReg> regs = new ArrayList<>();
    public final Map<VReg, Integer> index = new IdentityHashMap<>();
    /** Registers the range arrays first make room for (a sizing choice, not an ISA fact). */
    private static final int MIN_CAPACITY = 64;
    // sized on first use and grown by doubling; an engine that names no register keeps them empty
    int[] start = new int[0];
    int[] end = new int[0];
    double[] cost = new double[0];
    /** Linear position of each instruction, for spill rewriting. */
    int instructions;

    private LiveIntervals() {}

    public int start(VReg v) {
        return start[index.get(v)];
    }

    public int end(VReg v) {
        return end[index.get(v)];
    }

    public static LiveIntervals of(EngineCode code) {
        LiveIntervals li = new LiveIntervals();
        li.build(code);
        return li;
    }

    private int id(VReg v, int pos) {
        Integer i = index.get(v);
        if (i == null) {
            i = regs.size();
            regs.add(v);
            index.put(v, i);
            grow(i + 1);
            start[i] = pos;
            end[i] = pos;
        }
        return i;
    }

    private void grow(int n) {
        if (n > start.length) {
            int cap = Math.max(Math.max(n, MIN_CAPACITY), start.length * 2);
            start = Arrays.copyOf(start, cap);
            end = Arrays.copyOf(end, cap);
            cost = Arrays.copyOf(cost, cap);
        }
    }

    private void touch(VReg v, int pos, double weight) {
        int i = id(v, pos);
        start[i] = Math.min(start[i], pos);
        end[i] = Math.max(end[i], pos);
        cost[i] += weight;
    }

    /** A branch to an earlier or the same instruction: a loop from {@code to} to {@code from}. */
    private record BackEdge(int from, int to) {}

    /** A call at linear position {@code at} to function {@code target}. */
    private record Call(int at, String target) {}

    /** The engine's code in one linear order, with its loops, calls and each function's [first, end). */
    private record Layout(List<MInst> linear, List<BackEdge> edges, List<Call> calls, Map<String, int[]> functionRange,
            Map<String, Set<String>> callees) {}

    private void build(EngineCode code) {
        Operands reads = Operands.of(code);
        Layout layout = scan(code, reads);
        BitSet reset = resetLive(code, reads, layout.linear());
        for (int i = reset.nextSetBit(0); i >= 0; i = reset.nextSetBit(i + 1)) {
            start[i] = 0; // its reset value may be read: the slot is its own from the engine's first record
        }
        weighLoops(reads, layout);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (BackEdge e : layout.edges()) {
                changed |= extendAroundLoop(reads, layout.linear(), 2 * e.to(), 2 * e.from() + 1, e.to(), e.from());
            }
            for (Call c : layout.calls()) {
                changed |= extendAcrossCall(reads, layout, c);
            }
        }
    }

    /** Numbers the instructions in order (a use at 2p, a def at 2p+1), touching every register, and finds loops and calls. */
    private Layout scan(EngineCode code, Operands reads) {
        Map<String, Integer> blockStart = new HashMap<>();
        int q0 = 0;
        for (MFunction f : code.functions) {
            for (MBlock b : f.blocks) {
                blockStart.put(b.label, q0);
                q0 += b.insts.size();
            }
        }
        List<BackEdge> edges = new ArrayList<>();
        List<MInst> linear = new ArrayList<>();
        Map<String, int[]> functionRange = new HashMap<>();
        Map<String, Set<String>> callees = new HashMap<>();
        List<Call> calls = new ArrayList<>();
        int p = 0;
        for (MFunction f : code.functions) {
            int fStart = p;
            for (MBlock b : f.blocks) {
                for (MInst m : b.insts) {
                    final int at = p;
                    reads.uses(m, v -> touch(v, 2 * at, 1));
                    VReg d = m.def();
                    if (d != null) {
                        touch(d, 2 * at + 1, 1);
                    }
                    if (m instanceof MInst.Branch br) {
                        Integer t = blockStart.get(br.target());
                        if (t != null && t <= at) {
                            edges.add(new BackEdge(at, t));
                        }
                    } else if (m instanceof MInst.Fixed fx && fx.record() instanceof CallRecord c) {
                        calls.add(new Call(at, c.functionName()));
                        callees.computeIfAbsent(f.name, k -> new HashSet<>()).add(c.functionName());
                    }
                    linear.add(m);
                    p++;
                }
            }
            functionRange.put(f.name, new int[] {fStart, p});
        }
        instructions = p;
        return new Layout(linear, edges, calls, functionRange, callees);
    }

    /** An occurrence inside loops is worth more: 4^depth, the depth capped so costs stay finite. */
    private void weighLoops(Operands reads, Layout layout) {
        int p = layout.linear().size();
        int[] depth = new int[p + 1];
        for (BackEdge e : layout.edges()) {
            depth[e.to()]++;
            depth[e.from() + 1]--;
        }
        for (int q = 1; q <= p; q++) {
            depth[q] += depth[q - 1];
        }
        for (int q = 0; q < p; q++) {
            if (depth[q] > 0) {
                double w = Math.pow(4, Math.min(depth[q], 8)) - 1;
                MInst m = layout.linear().get(q);
                reads.uses(m, v -> cost[index.get(v)] += w);
                VReg d = m.def();
                if (d != null) {
                    cost[index.get(d)] += w;
                }
            }
        }
    }

    /** A callee's registers (and its callees') meet everything live at its call site: each range is widened to cover the call. */
    private boolean extendAcrossCall(Operands reads, Layout layout, Call call) {
        boolean changed = false;
        int at = 2 * call.at();
        for (String g : reachable(call.target(), layout.callees())) {
            int[] r = layout.functionRange().get(g);
            if (r == null) {
                continue;
            }
            Set<Integer> inCallee = new HashSet<>();
            for (int q = r[0]; q < r[1]; q++) {
                MInst m = layout.linear().get(q);
                reads.uses(m, v -> inCallee.add(index.get(v)));
                VReg d = m.def();
                if (d != null) {
                    inCallee.add(index.get(d));
                }
            }
            for (int i : inCallee) {
                if (!regs.get(i).unspillable && (start[i] > at || end[i] < at)) {
                    start[i] = Math.min(start[i], at);
                    end[i] = Math.max(end[i], at);
                    changed = true;
                }
            }
        }
        return changed;
    }

    /**
     * The registers that occur in the loop [lo, hi] and are live into it or read before written
     * in it are live all around it. Only the loop's own instructions are scanned: a register
     * that does not occur in the loop either spans it already or does not meet it.
     */
    private boolean extendAroundLoop(Operands reads, List<MInst> linear, int lo, int hi, int first, int last) {
        boolean changed = false;
        Set<Integer> decided = new HashSet<>();
        for (int q = first; q <= last; q++) {
            MInst m = linear.get(q);
            List<Integer> used = new ArrayList<>(2);
            reads.uses(m, v -> used.add(index.get(v)));
            for (int i : used) {
                if (decided.add(i)) {
                    changed |= span(i, lo, hi); // read before any write in the loop: carried around the back edge
                }
            }
            VReg d = m.def();
            if (d != null) {
                int i = index.get(d);
                if (decided.add(i) && start[i] < lo) {
                    changed |= span(i, lo, hi); // live into the loop
                }
            }
        }
        return changed;
    }

    private boolean span(int i, int lo, int hi) {
        if (start[i] <= lo && end[i] >= hi || regs.get(i).unspillable) {
            // spill temporaries live from their reload to their one use (or their def to its store): never around a loop
            return false;
        }
        start[i] = Math.min(start[i], lo);
        end[i] = Math.max(end[i], hi);
        return true;
    }

    /**
     * The registers some read may find unwritten, holding their reset value (all ones, facts §7.1):
     * those live into the entry function's first block, by classic backward dataflow over the
     * blocks (taken edges, and fall-through within a function unless an unconditional branch, Exit
     * or Return ends the block), a call reading what is live into its callee's first block. Such a
     * register's range must start at position 0, or a value written and dead before its first read
     * could share its slot and be read in place of the reset value.
     */
    private BitSet resetLive(EngineCode code, Operands reads, List<MInst> linear) {
        Blocks cfg = Blocks.of(code, linear);
        int nb = cfg.spans().size();
        BitSet[] liveIn = new BitSet[nb];
        for (int k = 0; k < nb; k++) {
            liveIn[k] = new BitSet();
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int k = nb - 1; k >= 0; k--) {
                BitSet live = new BitSet();
                for (int t : cfg.succ().get(k)) {
                    live.or(liveIn[t]);
                }
                for (int at = cfg.spans().get(k)[1] - 1; at >= cfg.spans().get(k)[0]; at--) {
                    MInst m = linear.get(at);
                    if (m.def() != null) {
                        live.clear(index.get(m.def()));
                    }
                    reads.uses(m, v -> live.set(index.get(v)));
                    if (m instanceof MInst.Fixed fx && fx.record() instanceof CallRecord c && cfg.entryOf().containsKey(c.functionName())) {
                        live.or(liveIn[cfg.entryOf().get(c.functionName())]);
                    }
                }
                if (!live.equals(liveIn[k])) {
                    liveIn[k] = live;
                    changed = true;
                }
            }
        }
        Integer entry = code.functions.isEmpty() ? null : cfg.entryOf().get(code.functions.get(0).name);
        return entry == null ? new BitSet() : liveIn[entry];
    }

    /**
     * The blocks in linear order: each one's span {first, end, its function's last block + 1},
     * its successors (taken edges, and fall-through within a function unless an unconditional
     * branch, Exit or Return ends it), and each function's entry block.
     */
    private record Blocks(List<int[]> spans, List<List<Integer>> succ, Map<String, Integer> entryOf) {
        static Blocks of(EngineCode code, List<MInst> linear) {
            List<int[]> spans = new ArrayList<>();
            Map<String, Integer> blockOf = new HashMap<>();
            Map<String, Integer> entryOf = new HashMap<>();
            int q = 0;
            for (MFunction f : code.functions) {
                int last = spans.size() + f.blocks.size();
                if (!f.blocks.isEmpty()) {
                    entryOf.putIfAbsent(f.name, spans.size());
                }
                for (MBlock b : f.blocks) {
                    blockOf.put(b.label, spans.size());
                    spans.add(new int[] {q, q + b.insts.size(), last});
                    q += b.insts.size();
                }
            }
            List<List<Integer>> succ = new ArrayList<>();
            for (int k = 0; k < spans.size(); k++) {
                int[] b = spans.get(k);
                List<Integer> out = new ArrayList<>();
                boolean falls = true;
                for (int at = b[0]; at < b[1]; at++) {
                    MInst m = linear.get(at);
                    if (m instanceof MInst.Branch br) {
                        Integer t = blockOf.get(br.target());
                        if (t != null) {
                            out.add(t);
                        }
                        falls &= br.op() != null;
                    } else if (m.leavesFunction()) {
                        falls = false;
                    }
                }
                if (falls && k + 1 < b[2]) {
                    out.add(k + 1);
                }
                succ.add(out);
            }
            return new Blocks(spans, succ, entryOf);
        }
    }

    private static Set<String> reachable(String f, Map<String, Set<String>> callees) {
        Set<String> out = new HashSet<>();
        List<String> work = new ArrayList<>(List.of(f));
        while (!work.isEmpty()) {
            String g = work.remove(work.size() - 1);
            if (out.add(g)) {
                work.addAll(callees.getOrDefault(g, Set.of()));
            }
        }
        return out;
    }
}
