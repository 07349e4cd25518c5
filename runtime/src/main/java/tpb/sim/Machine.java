package tpb.sim;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToLongFunction;
import java.util.TreeMap;
import java.util.zip.CRC32;
import tpb.ir.Dma;
import tpb.isa.BirUpdateMode;
import tpb.isa.ClearMode;
import tpb.isa.GroupResetSemaphoresFlyweight;
import tpb.isa.GroupResetSemaphoresRecord;
import tpb.isa.SemOperand;
import tpb.isa.WaitMode;
import tpb.isa.SemTest;

/**
 * The state every sequencer level (IR, lowered code, record stream) shares the meaning of
 * (seed000 §4): the semaphore bank, the DMATrigger fireCount cursors, the log of DMA blocks
 * fired, the DMA memory, the step budget. The engines of a group share one; call depth is each
 * engine's own (its sequencer's stack), limited by {@link #MAX_CALL_DEPTH} at every level.
 */
final class Machine {
    /**
     * Calls in flight per engine, the entry function not counted (a stack of this many return
     * addresses): a simulator limit, not an ISA fact (the sources give no call depth): ASSUMED, in docs/sp-simulator.md.
     */
    static final int MAX_CALL_DEPTH = 64;
    /** Bits per element of GroupResetSemaphores' mask: semaphore s is bit s % bits of word s / bits (facts §3.6). */
    private static final int MASK_WORD_BITS = GroupResetSemaphoresFlyweight.MASK_ELEMENT_BITS;

    /** The semaphore bank: the run's arch profile's num_semaphores (facts §6, CONFIRMED), under the one synchronisation model. */
    private final SemaphoreBank bank;
    /** The bank's values, for the hot paths below. */
    private final int[] semaphores;
    /** A stream engine's register file: the arch profile's isa_register_count (facts §6, STRONG). */
    private final int registers;
    /**
     * The fireCount cursors, keyed by the trigger (seed000 §4.3: a DenseMap at InstVisitor+0xE60 keyed
     * by pointer; §4.4 and facts §7.5, CONFIRMED: "every owning DMATrigger's cursor"), not by the queue.
     */
    private final Map<Trigger, Integer> fireCount = new HashMap<>();
    /** The triggers each queue owns, so a rearm can rewind all of them. */
    private final Map<String, List<Trigger>> owners = new HashMap<>();
    private final List<FiredBlock> fired = new ArrayList<>();
    private final long maxSteps;
    private final Map<String, byte[]> memory = new TreeMap<>();
    private final Map<String, Dma.Queue> queues = new HashMap<>();
    private long steps;

    Machine(long maxSteps) {
        this(maxSteps, MachineConfig.NONE);
    }

    Machine(long maxSteps, MachineConfig config) {
        this.maxSteps = maxSteps;
        bank = new SemaphoreBank((int) config.arch().numSemaphores());
        semaphores = bank.values();
        registers = (int) config.arch().isaRegisterCount();
        for (Dma.Region r : config.memory()) {
            byte[] b = new byte[r.size()];
            if (r.iota()) {
                for (int i = 0; i < b.length; i++) {
                    b[i] = (byte) i;
                }
            }
            memory.put(r.name(), b);
        }
        config.queues().forEach(q -> queues.put(q.name(), q));
    }

    long steps() {
        return steps;
    }

    /** Sets the step count (a sequencer keeps it in a local while it runs and stores it back). */
    void steps(long n) {
        steps = n;
    }

    long maxSteps() {
        return maxSteps;
    }

    /** The semaphore bank's size. */
    int semaphoreCount() {
        return semaphores.length;
    }

    /** The register file's size of a stream engine on this machine. */
    int registers() {
        return registers;
    }

    /** The semaphore bank itself, for a sequencer's hot loop to read (counters are unsigned: read with {@link Integer#toUnsignedLong}). */
    int[] bank() {
        return semaphores;
    }

    int semaphore(int s) {
        return semaphores[s];
    }

    void resetSemaphore(int s) {
        bank.reset(s);
    }

    List<FiredBlock> fired() {
        return fired;
    }

    Map<String, byte[]> memory() {
        return memory;
    }

    /** CRC32 of every region, in name order, and of the DMA fire log. */
    long memoryChecksum() {
        CRC32 crc = new CRC32();
        memory.forEach((name, bytes) -> {
            crc.update(name.getBytes(StandardCharsets.UTF_8));
            crc.update(bytes);
        });
        for (FiredBlock f : fired) {
            crc.update(f.toString().getBytes(StandardCharsets.UTF_8));
        }
        return crc.getValue();
    }

    /** A DMA_DIRECT2D-style copy: num1 rows of num0 elements, steps in bytes (facts §3.11). */
    private void copy(Dma.Block b) {
        byte[] src = memory.get(b.src().region());
        byte[] dst = memory.get(b.dst().region());
        int rows = b.src().num1();
        int cols = b.src().num0();
        if (rows * cols != b.dst().num1() * b.dst().num0()) {
            throw new SimFault("DMA block copies " + rows * cols + " elements from " + b.src().region() + " into "
                    + b.dst().num1() * b.dst().num0() + " in " + b.dst().region());
        }
        for (int k = 0; k < rows * cols; k++) {
            long s = b.src().offset() + (k / cols) * b.src().step1() + (k % cols) * b.src().step0();
            int dc = b.dst().num0();
            long d = b.dst().offset() + (k / dc) * b.dst().step1() + (k % dc) * b.dst().step0();
            if (s < 0 || s + b.elemSize() > src.length || d < 0 || d + b.elemSize() > dst.length) {
                throw new SimFault("DMA copy out of bounds: " + b.src().region() + "+" + s + " -> " + b.dst().region() + "+" + d
                        + " (" + b.elemSize() + " bytes)");
            }
            System.arraycopy(src, (int) s, dst, (int) d, b.elemSize());
        }
    }

    /** Counts a step; the one past the budget faults uncounted, so a report's steps are the steps taken. */
    void step() {
        if (steps >= maxSteps) {
            throw new SimFault("step budget of " + maxSteps + " exhausted");
        }
        steps++;
    }

    /**
     * One DMATrigger instruction of one engine: the key of a fireCount cursor. Identity is what
     * counts (no equals): two triggers of the same queue keep two cursors. A simulator makes one per
     * trigger instruction (the stream simulator per record, at predecode).
     */
    static final class Trigger {
        final String queue;

        Trigger(String queue) {
            this.queue = queue;
        }
    }

    /**
     * DMATrigger: fire block N of the trigger's queue, N = this trigger's cursor, then advance it
     * (seed000 §4.3; facts §7.5, CONFIRMED). The cursor wraps over the queue's blocks: seed000 calls
     * it the queue's "round-robin" cursor, and no source says what follows the last block, so the
     * wrap is INFERRED from that word. The record's block_id names the queue's block 0 to the
     * runtime (facts §3.10) and picks no block here: the simulators' queues list their own blocks.
     * A queue with no description is only logged, unwrapped (its block count is unknown).
     */
    void trigger(Trigger t) {
        int n = fireCount.getOrDefault(t, 0);
        if (n == 0) {
            List<Trigger> own = owners.computeIfAbsent(t.queue, k -> new ArrayList<>());
            if (!own.contains(t)) {
                own.add(t);
            }
        }
        Dma.Queue q = queues.get(t.queue);
        if (q != null && q.blocks().isEmpty()) {
            throw new SimFault("queue " + t.queue + " has no blocks to fire");
        }
        int block = q == null ? n : n % q.blocks().size();
        fired.add(new FiredBlock(t.queue, block));
        fireCount.put(t, q == null ? n + 1 : (block + 1) % q.blocks().size());
        if (q != null) {
            copy(q.blocks().get(block));
        }
    }

    /**
     * Rewinds every cursor of the queue's triggers to block 0: SwitchQueueInstance unless no_rearm,
     * ResetQueueInstance always (seed000 §4.4; facts §7.5).
     */
    void rearm(String queue) {
        List<Trigger> own = owners.get(queue);
        if (own != null) {
            own.forEach(fireCount::remove);
        }
    }

    /** The synchronisation model's bank this machine runs on. */
    SemaphoreBank semaphoreBank() {
        return bank;
    }

    /** Whether a wait {@code test} against {@code threshold} on semaphore {@code sem} holds now. */
    boolean satisfied(int sem, SemTest test, long threshold) {
        return bank.holds(sem, test, threshold);
    }

    /** A wait that must hold now (an engine alone): otherwise no engine can ever update the semaphore, a deadlock. */
    void mustHold(int sem, SemTest test, long threshold) {
        if (!satisfied(sem, test, threshold)) {
            throw new SimFault("deadlock: waiting for semaphore " + sem + " " + SemaphoreBank.relation(test) + " " + threshold
                    + " (it is " + bank.value(sem) + ") and no engine can update it");
        }
    }

    /** A kernel's update: its compiler-side mode read through the spec's BirUpdateOp (facts §1.5, §7.6). */
    void update(int sem, BirUpdateMode mode, long value) {
        bank.apply(sem, SemaphoreBank.op(mode), value);
    }

    /**
     * Which of a record's units does not hold now: the index of the first whose wait fails, or -1
     * when every wait holds and the record may run. A unit's test is the spec's WaitTest of its wire
     * mode (an event wait faults with the table's message); its threshold is its value, or for a
     * register form (WaitOperand REGISTER) the register {@code register} gives for the id in it.
     */
    int blocking(SyncUnits.Values[] units, IntToLongFunction register) {
        for (int k = 0; k < units.length; k++) {
            SyncUnits.Values u = units[k];
            if (!satisfied(u.waitIdx(), test(u), threshold(u, register))) {
                return k;
            }
        }
        return -1;
    }

    /** The test a unit's wait makes (the spec's WaitTest of its wire mode). */
    static SemTest test(SyncUnits.Values u) {
        return SemaphoreBank.test(u.waitMode());
    }

    /** Whether a unit's wait takes its threshold from a register (the spec's WaitOperand; the id in the value field is INFERRED). */
    static boolean registerThreshold(SyncUnits.Values u) {
        return SemaphoreBank.operand(WaitMode.fromValue(u.waitMode())) == SemOperand.REGISTER;
    }

    /** A unit's threshold: its value, or the register whose id it holds. */
    static long threshold(SyncUnits.Values u, IntToLongFunction register) {
        return registerThreshold(u) ? register.applyAsLong((int) u.waitValue()) : u.waitValue();
    }

    /**
     * The rest of a record once its waits hold: each unit's update in order, its wire mode read
     * through the spec's UpdateOp (facts §1.5, §7.6): every SEM_* mode in its *_READ or *_COMPLETE
     * form; an event update faults with the table's message.
     */
    void signal(SyncUnits.Values[] units) {
        for (SyncUnits.Values u : units) {
            update(u.updateIdx(), u.updateMode(), u.updateValue());
        }
    }

    /** A wire update (semaphore {@code sem}, UpdateMode wire byte, value) read through the spec's UpdateOp: a record's EVENTS update. */
    void update(int sem, int updateMode, long value) {
        bank.apply(sem, SemaphoreBank.op(updateMode), value);
    }

    /** GroupResetSemaphores: zero a range, or the semaphores its bit mask names (facts §3.6). */
    void groupReset(GroupResetSemaphoresRecord g) {
        if (g.clearMode() == ClearMode.RANGE) {
            for (int s = g.rangeFirst(); s <= g.rangeLast(); s++) {
                bank.reset(s);
            }
        } else {
            long[] mask = g.mask();
            for (int s = 0; s < semaphores.length; s++) {
                if ((mask[s / MASK_WORD_BITS] >>> (s % MASK_WORD_BITS) & 1) != 0) {
                    bank.reset(s);
                }
            }
        }
    }

    void clearSemaphores() {
        bank.clear();
    }

    /** How a one-engine run ended, with this machine's state: steps, DMA log, semaphores, memory. */
    SimResult result(SimResult.Status status, String message, Map<String, Long> registers) {
        return new SimResult(status, message, steps, registers, List.copyOf(fired), semaphoreList(), memoryChecksum(), memory);
    }

    List<Integer> semaphoreList() {
        List<Integer> out = new ArrayList<>(semaphores.length);
        for (int s : semaphores) {
            out.add(s);
        }
        return out;
    }
}
