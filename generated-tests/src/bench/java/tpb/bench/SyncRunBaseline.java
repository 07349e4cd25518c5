package tpb.bench;

import java.util.Arrays;
import tpb.isa.Arm;
import tpb.isa.BirUpdateMode;
import tpb.isa.BirWaitMode;
import tpb.isa.Decoder;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.EventSemaphoreFlyweight;
import tpb.isa.UpdateMode;
import tpb.isa.UpdateModeWire;
import tpb.isa.WaitMode;
import tpb.isa.WaitModeWire;
import tpb.stream.RecordStream;

/**
 * NeffBench's baseline: the hot loop of {@code tpb.sim.SyncRun} as it was at ede8698 (eight
 * predecoded ints per record, updates through an enum switch as {@code Machine.update} has it),
 * copied here so the benchmark can compare it with the current one in the same run. Only what the
 * benchmark's streams need: the slow path (control, barriers, resets, exits) and the deadlock
 * report are left out and throw.
 */
final class SyncRunBaseline {
    private static final int STRIDE = 8;
    private static final int NONE = -1;
    private static final int SLOW = -2;
    private static final int SEM_GE_IMM = WaitModeWire.map(BirWaitMode.SEM_GE_IMM).value();
    private static final BirUpdateMode[] MODES = BirUpdateMode.values();

    private final int[][] ops;
    private int[] semaphores;
    private int[] pc;

    SyncRunBaseline(byte[][] streams) {
        ops = new int[streams.length][];
        for (int e = 0; e < streams.length; e++) {
            ops[e] = predecode(streams[e]);
        }
    }

    /** Runs every engine to its end; returns the records run. */
    int run() {
        int n = ops.length;
        semaphores = new int[256];
        pc = new int[n];
        while (true) {
            boolean moved = false;
            boolean left = false;
            for (int e = 0; e < n; e++) {
                int before = pc[e];
                pc[e] = turn(ops[e], pc[e]);
                moved |= pc[e] != before;
                left |= pc[e] < ops[e].length / STRIDE;
            }
            if (!left) {
                int total = 0;
                for (int p : pc) {
                    total += p;
                }
                return total;
            }
            if (!moved) {
                throw new IllegalStateException("deadlock");
            }
        }
    }

    private int turn(int[] o, int at) {
        int[] sem = semaphores;
        int end = o.length;
        int i = at * STRIDE;
        while (i < end) {
            int w = o[i];
            if (w >= 0) {
                if (Integer.compareUnsigned(sem[w], o[i + 1]) < 0) {
                    break;
                }
            } else if (w == SLOW) {
                throw new IllegalStateException("the baseline has no slow path");
            }
            w = o[i + 2];
            if (w >= 0 && Integer.compareUnsigned(sem[w], o[i + 3]) < 0) {
                break;
            }
            int u = o[i + 4];
            if (u != 0) {
                update(u & 0xFF, MODES[(u >>> 8) - 1], o[i + 5] & 0xFFFFFFFFL);
            }
            u = o[i + 6];
            if (u != 0) {
                update(u & 0xFF, MODES[(u >>> 8) - 1], o[i + 7] & 0xFFFFFFFFL);
            }
            i += STRIDE;
        }
        return i / STRIDE;
    }

    /** Machine.update at ede8698. */
    private void update(int sem, BirUpdateMode mode, long value) {
        switch (mode) {
            case SEM_WR_IMM -> semaphores[sem] = (int) value;
            case SEM_ADD_IMM -> semaphores[sem] += (int) value;
            case SEM_SUB_IMM -> semaphores[sem] -= (int) value;
            case SEM_INC -> semaphores[sem]++;
            case SEM_DEC -> semaphores[sem]--;
            default -> throw new IllegalStateException(mode.specName());
        }
    }

    private static int[] predecode(byte[] b) {
        int count = b.length / RecordStream.RECORD_SIZE;
        int[] o = new int[count * STRIDE];
        int[] one = new int[STRIDE];
        for (int i = 0; i < count; i++) {
            int off = RecordStream.offsetOf(i);
            Arm arm = Decoder.identify(b, off);
            if (!decode(b, off, arm, one)) {
                o[i * STRIDE] = SLOW;
                continue;
            }
            System.arraycopy(one, 0, o, i * STRIDE, STRIDE);
        }
        return o;
    }

    private static boolean decode(byte[] b, int off, Arm arm, int[] out) {
        int events = EventSemaphoreFlyweight.EVENTS_WAIT_MODE_OFFSET;
        Arrays.fill(out, 0);
        out[0] = NONE;
        out[2] = NONE;
        if (!waitOf(b[off + events] & 0xFF, b[off + events + 1] & 0xFF, EventSemaphoreFlyweight.eventsSemaphoreValue(b, off), out, 0)) {
            return false;
        }
        if (!updateOf(b[off + events + 2] & 0xFF, b[off + events + 3] & 0xFF, EventSemaphoreFlyweight.eventsSemaphoreValue(b, off), out,
                4)) {
            return false;
        }
        if (arm == Arm.DMA_DIRECT2D) {
            out[6] = (BirUpdateMode.SEM_ADD_IMM.ordinal() + 1) << 8 | DmaDirect2dFlyweight.semaphore(b, off);
            out[7] = DmaDirect2dFlyweight.semIncrement(b, off);
        }
        return arm != Arm.EVENT_SEMAPHORE && arm != Arm.EXIT && arm != Arm.GROUP_RESET_SEMAPHORES;
    }

    private static boolean waitOf(int mode, int sem, long value, int[] out, int at) {
        if (mode == WaitMode.NONE.value()) {
            return true;
        }
        if (mode == SEM_GE_IMM) {
            out[at] = sem;
            out[at + 1] = (int) value;
            return true;
        }
        return false;
    }

    private static boolean updateOf(int mode, int sem, long value, int[] out, int at) {
        if (mode == UpdateMode.NONE.value()) {
            return true;
        }
        BirUpdateMode bir = UpdateModeWire.decode(mode);
        if (bir != null && bir != BirUpdateMode.EVT_SET && bir != BirUpdateMode.INVALID) {
            out[at] = (bir.ordinal() + 1) << 8 | sem;
            out[at + 1] = (int) value;
            return true;
        }
        return false;
    }
}
