package tpb.cost;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.neff.EngineStream;
import tpb.stream.RecordStream;

/**
 * Which measured instruction is which record. The runtime runs each engine's stream inside code
 * of its own (barriers, table loads, notifications before the kernel; semaphore clears after it),
 * so a record's {@code pc} in the profile is its index in the stream plus where the kernel starts,
 * less the branch labels before it (the runtime drops them: the profiles' pcs run on over them),
 * plus one for each DMATrigger before it where the runtime runs a DMATrigger as two WRITEs. The
 * runtime's program is not the NEFF's record for record: a DMATrigger runs as two WRITEs (the first
 * carries its wait; one on runtime 2.27, whichever puts more records on their pcs), a DMA_DIRECT2D as a
 * DMA_MEMCPY, and one extended by a PseudoExtension as a register MOVE (at the DMA's pc) and a
 * DMA_MEMCPY (at the extension's): so the programs the two Qwen3 NTFFs carry read, pc for pc,
 * against their NEFFs ({@link #RUNTIME_FORMS}); a DMATrigger's measured interval is its two
 * WRITEs', the first's start to the second's end.
 * The start is found per engine as the offset at which the most measured opcodes equal the
 * records' own ({@link #sameOp}); a measured instruction is then
 * <ul>
 * <li><b>mapped</b>: its pc is a record's and the opcodes agree;
 * <li><b>runtime-inserted</b>: its pc is before the kernel's first record or after its last (the
 * runtime's prologue and epilogue), or its subgraph or engine runs no record;
 * <li><b>unexplained</b>: its pc is a record's but the opcodes differ (the count a user should
 * look at: the mapping or the profile is not what this reading expects).
 * </ul>
 */
public final class ProfileMatch {
    /** A measured instruction with the record it is (engine stream index), or -1 and why not. */
    public record Match(Profile.Instruction measured, int record, String reason) {}

    /** Profiler opcode names that are no prefix of the arm's spec name (upper snake case). */
    private static final Map<String, String> ALIASES = Map.of("ACT_TABLE_LOAD", "ACTIVATION_TABLE_LOAD", "NOP", "NO_OP");

    /** What the runtime's program runs in a record's place, where it is another instruction (the NTFFs' programs against their NEFFs). */
    static final Map<Arm, List<Arm>> RUNTIME_FORMS = Map.of(Arm.DMA_TRIGGER, List.of(Arm.WRITE), Arm.DMA_DIRECT2D,
            List.of(Arm.DMA_MEMCPY, Arm.REGISTER_MOVE), Arm.PSEUDO_EXTENSION, List.of(Arm.DMA_MEMCPY));

    /** Each arm's spec name in upper snake case, once (sameOp runs per measured instruction and candidate offset). */
    private static final Map<Arm, String> SNAKE = new java.util.EnumMap<>(Arm.class);

    static {
        for (Arm a : Arm.values()) {
            SNAKE.put(a, a.specName().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT));
        }
    }

    private final List<Match> matches = new ArrayList<>();

    /**
     * Matches {@code measured} (one subgraph) against {@code arms}: per engine, that stream's
     * records' arms in order (an engine with no stream: empty).
     */
    public ProfileMatch(List<Profile.Instruction> measured, Map<String, List<Arm>> arms) {
        Map<String, List<Profile.Instruction>> byEngine = new LinkedHashMap<>();
        for (Profile.Instruction i : measured) {
            byEngine.computeIfAbsent(i.engine(), k -> new ArrayList<>()).add(i);
        }
        byEngine.forEach((engine, list) -> match(list, arms.getOrDefault(engine, List.of())));
    }

    /**
     * How many of the kernel's first records rank a candidate start before the whole stream is
     * compared: the runtime's prologue differs per engine, so the right start puts the kernel's
     * opening records on their pcs, and few other starts do. A bound, so that matching is linear
     * in the measured instructions and the records whatever the profile holds.
     */
    static final int PREFIX = 64;
    /** How many of the best-ranked starts are compared over the whole stream (ties by the smaller pc). */
    static final int FINALISTS = 8;

    private void match(List<Profile.Instruction> measured, List<Arm> arms) {
        Map<Long, Profile.Instruction> byPc = new HashMap<>();
        measured.forEach(i -> byPc.putIfAbsent(i.pc(), i));
        // a DMATrigger runs as two WRITEs on the runtime that loads the programs (2.28 on: the shared Qwen3 NTFFs) and as one
        // on runtime 2.27 (the public pairs' transposes: 64 triggers, 65 WRITEs on the Pool): the layout that puts more
        // records on their pcs is the runtime's
        List<Integer> kept = kept(arms, true);
        long best = start(byPc, kept, arms);
        if (arms.contains(Arm.DMA_TRIGGER)) {
            List<Integer> one = kept(arms, false);
            long bestOne = start(byPc, one, arms);
            if (bestOne >= 0 && (best < 0 || score(byPc, one, arms, bestOne, one.size()) > score(byPc, kept, arms, best, kept.size()))) {
                kept = one;
                best = bestOne;
            }
        }
        for (Profile.Instruction i : measured) {
            if (best < 0) {
                matches.add(new Match(i, -1, kept.isEmpty() ? "runtime-inserted: the engine runs no record of the NEFF"
                        : "runtime-inserted: no offset puts the kernel's records on this engine's pcs"));
                continue;
            }
            long k = i.pc() - best;
            if (k < 0) {
                matches.add(new Match(i, -1, "runtime-inserted: before the kernel (prologue)"));
            } else if (k >= kept.size()) {
                matches.add(new Match(i, -1, "runtime-inserted: after the kernel (epilogue)"));
            } else if (!sameOp(i.opcode(), arm(arms, kept.get((int) k)))) {
                int r = record(kept.get((int) k));
                matches.add(new Match(i, -1, "unexplained: pc " + i.pc() + " is record " + r + " (" + arms.get(r).specName() + "), measured " + i.opcode()));
            } else if (kept.get((int) k) < 0) {
                matches.add(new Match(i, -1, "runtime-inserted: a DMATrigger's second WRITE"));
            } else if (arms.get(kept.get((int) k)) == Arm.DMA_TRIGGER && k + 1 < kept.size() && kept.get((int) k + 1) < 0 && byPc.get(i.pc() + 1) != null
                    && sameOp(byPc.get(i.pc() + 1).opcode(), Arm.DMA_TRIGGER)) {
                Profile.Instruction second = byPc.get(i.pc() + 1);
                long end = Math.max(i.timestampNs() + i.durationNs(), second.timestampNs() + second.durationNs());
                matches.add(new Match(new Profile.Instruction(i.subgraph(), i.engine(), i.pc(), i.opcode(), i.operands(), i.timestampNs(),
                        end - i.timestampNs()), kept.get((int) k), null));
            } else {
                matches.add(new Match(i, kept.get((int) k), null));
            }
        }
    }

    /** Each record's arm, in stream order: what a match reads of a NEFF's stream. */
    public static List<Arm> armsOf(RecordStream s) {
        List<Arm> a = new ArrayList<>(s.count());
        byte[] b = s.bytes();
        for (int r = 0; r < s.count(); r++) {
            a.add(Decoder.identify(b, RecordStream.offsetOf(r)));
        }
        return a;
    }

    /** {@link #armsOf} of each engine's stream of a subgraph, by engine name, in the subgraph's order. */
    public static Map<String, List<Arm>> armsByEngine(List<EngineStream> streams) {
        Map<String, List<Arm>> arms = new LinkedHashMap<>();
        for (EngineStream s : streams) {
            arms.put(s.engine(), armsOf(s.stream()));
        }
        return arms;
    }

    /**
     * The runtime's pcs from the kernel's start: each the record it runs (branch labels dropped),
     * with {@code twoWrites} a {@code -1 - r} after each DMATrigger {@code r} for its second WRITE.
     */
    private static List<Integer> kept(List<Arm> arms, boolean twoWrites) {
        List<Integer> kept = new ArrayList<>();
        for (int r = 0; r < arms.size(); r++) {
            if (arms.get(r) != Arm.PSEUDO_BRANCH_LABEL) {
                kept.add(r);
            }
            if (twoWrites && arms.get(r) == Arm.DMA_TRIGGER) {
                kept.add(-1 - r);
            }
        }
        return kept;
    }

    /** The record a runtime pc runs (a DMATrigger's second WRITE: the trigger). */
    private static int record(int slot) {
        return slot < 0 ? -1 - slot : slot;
    }

    private static Arm arm(List<Arm> arms, int slot) {
        return arms.get(record(slot));
    }

    /**
     * The pc of the kernel's first record, or -1: among the distinct pcs whose opcode is the first
     * record's, the one that puts the most records on measured instructions of their opcode. Each
     * candidate is ranked on the first {@link #PREFIX} records, and only the {@link #FINALISTS}
     * best are scored on every record: at most {@code PREFIX x pcs + FINALISTS x records}
     * comparisons, where scoring every candidate on every record took {@code pcs x records}.
     */
    static long start(Map<Long, Profile.Instruction> byPc, List<Integer> kept, List<Arm> arms) {
        if (kept.isEmpty()) {
            return -1;
        }
        Arm first = arm(arms, kept.get(0));
        int prefix = Math.min(PREFIX, kept.size());
        // best first: a higher prefix score, then the smaller pc
        java.util.PriorityQueue<long[]> worst = new java.util.PriorityQueue<>((x, y) -> x[1] != y[1] ? Long.compare(x[1], y[1]) : Long.compare(y[0], x[0]));
        for (Profile.Instruction i : byPc.values()) {
            if (!sameOp(i.opcode(), first)) {
                continue;
            }
            worst.add(new long[] {i.pc(), score(byPc, kept, arms, i.pc(), prefix)});
            if (worst.size() > FINALISTS) {
                worst.poll();
            }
        }
        long best = -1;
        long bestScore = 0;
        for (long[] c : worst) {
            long s = score(byPc, kept, arms, c[0], kept.size());
            if (s > bestScore || s == bestScore && s > 0 && c[0] < best) {
                bestScore = s;
                best = c[0];
            }
        }
        return best;
    }

    /** How many of the first {@code n} kept records, placed from pc {@code start}, meet a measured instruction of their opcode. */
    private static long score(Map<Long, Profile.Instruction> byPc, List<Integer> kept, List<Arm> arms, long start, int n) {
        long score = 0;
        for (int k = 0; k < n; k++) {
            Profile.Instruction m = byPc.get(start + k);
            if (m != null && sameOp(m.opcode(), arm(arms, kept.get(k)))) {
                score++;
            }
        }
        return score;
    }

    /**
     * Whether the profiler's opcode name is the arm's: equal or a prefix of its spec name in upper
     * snake case (TENSOR_REDUCE of TensorReduceArith), or the name of what the runtime runs in its
     * place ({@link #RUNTIME_FORMS}).
     */
    static boolean sameOp(String opcode, Arm arm) {
        if (named(opcode, arm)) {
            return true;
        }
        for (Arm form : RUNTIME_FORMS.getOrDefault(arm, List.of())) {
            if (named(opcode, form)) {
                return true;
            }
        }
        return false;
    }

    private static boolean named(String opcode, Arm arm) {
        String snake = SNAKE.get(arm);
        String o = ALIASES.getOrDefault(opcode, opcode);
        return snake.equals(o) || snake.startsWith(o + "_") || snake.replace("_", "").equals(o.replace("_", ""));
    }

    public List<Match> matches() {
        return matches;
    }

    public long mapped() {
        return matches.stream().filter(m -> m.record() >= 0).count();
    }

    public long runtimeInserted() {
        return matches.stream().filter(m -> m.reason() != null && m.reason().startsWith("runtime-inserted")).count();
    }

    public List<Match> unexplained() {
        return matches.stream().filter(m -> m.reason() != null && m.reason().startsWith("unexplained")).toList();
    }
}
