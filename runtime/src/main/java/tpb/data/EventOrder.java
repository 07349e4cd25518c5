package tpb.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.UpdateMode;
import tpb.isa.WaitMode;

/**
 * The order in which one core's engines run their records, by the EVENTS semaphore protocol:
 * one semaphore bank per core ({@code num_semaphores} from the arch profile); a record waits
 * until its EVENTS wait holds, then executes, then applies its EVENTS update; a DMA_DIRECT2D
 * completes at once and adds {@code sem_increment} to its {@code semaphore} (INFERRED from the
 * fixture: its DMAs carry 16 and their consumers wait for >= 16). Engines take turns, by default
 * in def.json order and each running until it blocks; a {@link Schedule} rotates who goes first
 * and caps a turn at one record, so a result that depends on the interleaving (a data race the
 * protocol allows) shows up as a difference between schedules. A round in which nobody moves
 * while records remain is a deadlock, reported with every engine's wait.
 *
 * <p>This is the data level's own small scheduler, standing in for the sync-level NEFF run of
 * issue 9 until that lands; the data level only needs the order it produces.
 */
public final class EventOrder {
    /** Receives each record as it executes: engine name, record index, record bytes and offset. */
    @FunctionalInterface
    public interface Step {
        void execute(String engine, int index, byte[] stream, int at);
    }

    /**
     * Which engine (in def.json order) takes the first turn of every round, whether a turn is one
     * record, and which engine, if any ({@code lazy} >= 0), runs only when no other can move.
     */
    public record Schedule(int first, boolean oneRecordATurn, int lazy) {
        public static final Schedule DEFAULT = new Schedule(0, false, -1);

        /** Every engine first with whole turns and with one record a turn, and every engine as late as it can go. */
        public static List<Schedule> all(int engines) {
            List<Schedule> s = new ArrayList<>();
            for (int e = 0; e < engines; e++) {
                s.add(new Schedule(e, false, -1));
                s.add(new Schedule(e, true, -1));
                s.add(new Schedule(0, false, e));
            }
            return s;
        }

        public String describe(List<String> engines) {
            return lazy >= 0 ? engines.get(lazy % engines.size()) + " as late as it can"
                    : engines.get(first % engines.size()) + " first, " + (oneRecordATurn ? "one record a turn" : "whole turns");
        }
    }

    private EventOrder() {
    }

    public static void run(Map<String, byte[]> streams, long semaphores, Step step) {
        run(streams, semaphores, step, Schedule.DEFAULT);
    }

    public static void run(Map<String, byte[]> streams, long semaphores, Step step, Schedule schedule) {
        List<String> names = new ArrayList<>(streams.keySet());
        List<byte[]> code = new ArrayList<>(streams.values());
        String lazy = schedule.lazy() >= 0 && schedule.lazy() < names.size() ? names.get(schedule.lazy()) : null;
        java.util.Collections.rotate(names, -schedule.first() % Math.max(1, names.size()));
        java.util.Collections.rotate(code, -schedule.first() % Math.max(1, code.size()));
        int[] pc = new int[names.size()];
        long[] sem = new long[(int) semaphores];
        DmaDirect2dFlyweight dma = new DmaDirect2dFlyweight();
        int size = DmaDirect2dFlyweight.SIZE;
        while (true) {
            boolean moved = false;
            boolean left = false;
            for (int turn = 0; turn <= names.size(); turn++) {
                // turns 0..n-1: every engine but the lazy one; turn n: the lazy one, if nobody moved
                int e = turn < names.size() ? turn : names.indexOf(lazy);
                if (turn < names.size() ? names.get(e).equals(lazy) : lazy == null || moved) {
                    left |= turn < names.size() && pc[e] * size < code.get(e).length;
                    continue;
                }
                byte[] b = code.get(e);
                while (pc[e] * size < b.length) {
                    int at = pc[e] * size;
                    if (!satisfied(b, at, sem, names.get(e), pc[e])) {
                        break;
                    }
                    step.execute(names.get(e), pc[e], b, at);
                    update(b, at, sem, names.get(e), pc[e]);
                    if (Decoder.identify(b, at) == Arm.DMA_DIRECT2D) {
                        dma.wrap(b, at);
                        sem[dma.semaphore()] += dma.semIncrement();
                    }
                    pc[e]++;
                    moved = true;
                    if (schedule.oneRecordATurn() || turn == names.size()) {
                        break;   // the lazy engine gives the others a chance after every record
                    }
                }
                left |= pc[e] * size < b.length;
            }
            if (!left) {
                return;
            }
            if (!moved) {
                StringBuilder why = new StringBuilder("deadlock:");
                for (int e = 0; e < names.size(); e++) {
                    int at = pc[e] * size;
                    if (at < code.get(e).length) {
                        int idx = DmaDirect2dFlyweight.eventsWaitIdx(code.get(e), at);
                        why.append(' ').append(names.get(e)).append(" record ").append(pc[e]).append(" waits on semaphore ")
                                .append(idx).append(" (").append(sem[idx]).append(")");
                    }
                }
                throw new DataFault(why.toString());
            }
        }
    }

    private static boolean satisfied(byte[] b, int at, long[] sem, String engine, int index) {
        WaitMode mode = WaitMode.fromValue(DmaDirect2dFlyweight.eventsWaitModeRaw(b, at));
        if (mode == WaitMode.NONE) {
            return true;
        }
        long s = sem[DmaDirect2dFlyweight.eventsWaitIdx(b, at)];
        long v = DmaDirect2dFlyweight.eventsSemaphoreValue(b, at);
        if (mode == null) {
            throw new DataFault(engine + " record " + index + ": wait mode 0x"
                    + Integer.toHexString(DmaDirect2dFlyweight.eventsWaitModeRaw(b, at)) + " is not a wait mode");
        }
        return switch (mode) {
            case SEM_EQ_IMM -> s == v;
            case SEM_LT_IMM -> s < v;
            case SEM_LE_IMM -> s <= v;
            case SEM_GT_IMM -> s > v;
            case SEM_GE_IMM -> s >= v;
            default -> throw new DataFault(engine + " record " + index + ": wait mode " + mode.specName()
                    + " is not modelled at the data level");
        };
    }

    private static void update(byte[] b, int at, long[] sem, String engine, int index) {
        UpdateMode mode = UpdateMode.fromValue(DmaDirect2dFlyweight.eventsUpdateModeRaw(b, at));
        if (mode == UpdateMode.NONE) {
            return;
        }
        int idx = DmaDirect2dFlyweight.eventsUpdateIdx(b, at);
        long v = DmaDirect2dFlyweight.eventsSemaphoreValue(b, at);
        if (mode == null) {
            throw new DataFault(engine + " record " + index + ": update mode 0x"
                    + Integer.toHexString(DmaDirect2dFlyweight.eventsUpdateModeRaw(b, at)) + " is not an update mode");
        }
        switch (mode) {
            case SEM_INC_READ, SEM_INC_COMPLETE -> sem[idx]++;
            case SEM_DEC_READ, SEM_DEC_COMPLETE -> sem[idx]--;
            case SEM_ADD_IMM_READ, SEM_ADD_IMM_COMPLETE -> sem[idx] += v;
            case SEM_SUB_IMM_READ, SEM_SUB_IMM_COMPLETE -> sem[idx] -= v;
            case SEM_WR_IMM_READ, SEM_WR_IMM_COMPLETE -> sem[idx] = v;
            default -> throw new DataFault(engine + " record " + index + ": update mode " + mode.specName()
                    + " is not modelled at the data level");
        }
    }
}
