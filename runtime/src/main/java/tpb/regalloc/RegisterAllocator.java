package tpb.regalloc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tpb.mir.CompileException;
import tpb.mir.EngineCode;
import tpb.mir.MBlock;
import tpb.mir.MFunction;
import tpb.mir.MInst;
import tpb.mir.VReg;

/**
 * The coloring_allocator_reg loop (facts §8.4): live ranges, interference, colour; while some
 * register finds no slot, spill it — a store after each write and a reload before each read,
 * through short-lived temporaries that cannot be spilled — and go again. Physical ids stay below
 * the file size (MaxRegNumPerEngine, 62: registers 62 and 63 carry the return address).
 */
public final class RegisterAllocator {
    /** Colourings before giving up: a bound of this project's allocator (each round but the last spills at least one value), not an ISA fact. */
    static final int MAX_ROUNDS = 64;

    /** Physical base id of every register, how many were spilled, how many spill slots, rounds. */
    public record Result(Map<VReg, Integer> ids, int spilled, int slots, int rounds, Map<VReg, Integer> spillSlots) {}

    private RegisterAllocator() {}

    /**
     * No allocation: every virtual register in a slot of its own (64-bit ones on an even slot), in
     * order of first appearance, nothing shared and nothing spilled. The differential tests run
     * this to tell a lowering bug from an allocation bug; a kernel needing more than
     * {@code fileSize} slots this way cannot be run so.
     */
    public static Result unallocated(EngineCode code, int fileSize) {
        LiveIntervals li = LiveIntervals.of(code);
        Map<VReg, Integer> ids = new IdentityHashMap<>();
        int next = 0;
        for (VReg v : li.regs) {
            next += v.width == 2 ? next & 1 : 0;
            ids.put(v, next);
            next += v.width;
        }
        if (next > fileSize) {
            throw new CompileException("without allocation the code needs " + next + " registers, more than " + fileSize);
        }
        return new Result(ids, 0, 0, 0, new IdentityHashMap<>());
    }

    public static Result allocate(EngineCode code, int fileSize) {
        return allocate(code, fileSize, MAX_ROUNDS);
    }

    /** {@link #allocate(EngineCode, int)} with at most {@code maxRounds} colourings; the last one must fit. */
    static Result allocate(EngineCode code, int fileSize, int maxRounds) {
        Map<VReg, Integer> spillSlot = new IdentityHashMap<>();
        int spilled = 0;
        for (int round = 1; ; round++) {
            LiveIntervals li = LiveIntervals.of(code);
            InterferenceGraph g = InterferenceGraph.of(li);
            ColoringAllocator.Coloring c = ColoringAllocator.color(g, fileSize);
            if (c.spilled().length == 0) {
                Map<VReg, Integer> ids = new IdentityHashMap<>();
                for (int i = 0; i < li.regs.size(); i++) {
                    ids.put(li.regs.get(i), c.slot()[i]);
                }
                return new Result(ids, spilled, spillSlot.size(), round, spillSlot);
            }
            if (round == maxRounds) {
                throw new CompileException("cannot allocate registers since spilling candidates are not enough (no progress after "
                        + maxRounds + " rounds)");
            }
            List<VReg> victims = victims(g, li, c.spilled(), spillSlot, fileSize);
            for (VReg v : victims) {
                spillSlot.put(v, spillSlot.size());
            }
            spilled += victims.size();
            rewrite(code, spillSlot, victims);
        }
    }

    /**
     * The registers to spill this round, for the nodes the colouring left without a slot. A spill
     * temporary (or a register spilled before) cannot go to memory again: its cheapest spillable
     * neighbour goes instead; when every spillable neighbour is already among this round's
     * victims, the temporary waits for the next round, which they may make room for.
     */
    static List<VReg> victims(InterferenceGraph g, LiveIntervals li, int[] uncoloured, Map<VReg, Integer> spillSlot, int fileSize) {
        List<VReg> victims = new ArrayList<>();
        for (int i : uncoloured) {
            VReg v = li.regs.get(i);
            if (v.unspillable || spillSlot.containsKey(v)) {
                v = cheapestSpillableNeighbour(g, li, i, spillSlot, victims);
                if (v == null && neighbourIn(g, li, i, victims)) {
                    continue;
                }
                if (v == null) {
                    throw new CompileException("cannot allocate registers since spilling candidates are not enough (" + fileSize
                            + " registers per engine)");
                }
            }
            if (!victims.contains(v)) {
                victims.add(v);
            }
        }
        return victims;
    }

    static boolean neighbourIn(InterferenceGraph g, LiveIntervals li, int node, List<VReg> victims) {
        for (int d = 0; d < g.degree[node]; d++) {
            if (victims.contains(li.regs.get(g.adj[node][d]))) {
                return true;
            }
        }
        return false;
    }

    static VReg cheapestSpillableNeighbour(InterferenceGraph g, LiveIntervals li, int node, Map<VReg, Integer> spilled,
            List<VReg> victims) {
        VReg best = null;
        double bestCost = Double.MAX_VALUE;
        for (int d = 0; d < g.degree[node]; d++) {
            int m = g.adj[node][d];
            VReg v = li.regs.get(m);
            if (!v.unspillable && !spilled.containsKey(v) && !victims.contains(v) && (best == null || g.cost[m] < bestCost)) {
                best = v;
                bestCost = g.cost[m];
            }
        }
        return best;
    }

    /** Replaces each spilled register by a fresh temporary per instruction, with its reload before and store after. */
    static void rewrite(EngineCode code, Map<VReg, Integer> slots, List<VReg> victims) {
        Set<VReg> spill = Collections.newSetFromMap(new IdentityHashMap<>());
        spill.addAll(victims);
        int counter = 0;
        for (MFunction f : code.functions) {
            for (MBlock b : f.blocks) {
                List<MInst> out = new ArrayList<>(b.insts.size());
                for (MInst m : b.insts) {
                    Map<VReg, VReg> temp = new IdentityHashMap<>();
                    // spill rewriting reloads the record's operands only: a spilled value stays observable in memory
                    for (VReg v : m.uses()) {
                        if (spill.contains(v) && !temp.containsKey(v)) {
                            VReg t = new VReg(v.name + ".reload" + counter++, v.width, true);
                            temp.put(v, t);
                            out.add(new MInst.Reload(t, slots.get(v)));
                        }
                    }
                    VReg d = m.def();
                    VReg dt = null;
                    if (d != null && spill.contains(d)) {
                        dt = temp.get(d);
                        if (dt == null) {
                            dt = new VReg(d.name + ".store" + counter++, d.width, true);
                            temp.put(d, dt);
                        }
                    }
                    out.add(temp.isEmpty() ? m : m.mapRegs(v -> temp.getOrDefault(v, v)));
                    if (dt != null) {
                        out.add(new MInst.Store(dt, slots.get(d)));
                    }
                }
                b.insts.clear();
                b.insts.addAll(out);
            }
        }
    }
}
