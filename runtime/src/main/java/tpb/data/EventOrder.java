package tpb.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tpb.isa.Arch;
import tpb.isa.Decoder;
import tpb.sim.DmaQueues;
import tpb.sim.SyncRun;
import tpb.stream.RecordStream;

/**
 * The order in which one core's engines run their records, by the EVENTS semaphore protocol: the
 * synchronisation level's scheduler ({@link SyncRun}, the one semaphore scheduler) with the data
 * level's record executor as its per-record hook. A record waits until its EVENTS waits hold, then
 * executes and applies its updates; a DMA_DIRECT2D completes at once and adds {@code sem_increment}
 * to its {@code semaphore} (INFERRED from the fixture: its DMAs carry 16 and their consumers wait
 * for >= 16). Engines take turns in def.json order, each running until it blocks; a
 * {@link Schedule} rotates who goes first, caps a turn at one record, or holds one engine back, so
 * a result that depends on the interleaving shows up as a difference between schedules. A
 * deadlock or a mode the sync level does not simulate is a {@link DataFault} with SyncRun's words.
 */
public final class EventOrder {
    /** Receives each record as it executes: engine name, record index, record bytes and offset. */
    @FunctionalInterface
    public interface Step {
        void execute(String engine, int index, byte[] stream, int at);
    }

    /** {@link SyncRun.Schedule} under the data level's name: first engine, one record a turn, the lazy engine. */
    public record Schedule(int first, boolean oneRecordATurn, int lazy) {
        public static final Schedule DEFAULT = new Schedule(0, false, -1);

        /** Every engine first with whole turns and with one record a turn, and every engine as late as it can go. */
        public static List<Schedule> all(int engines) {
            List<Schedule> out = new ArrayList<>();
            for (SyncRun.Schedule s : SyncRun.Schedule.all(engines)) {
                out.add(new Schedule(s.first(), s.oneRecordATurn(), s.lazy()));
            }
            return out;
        }

        public String describe(List<String> engines) {
            return sync().describe(engines);
        }

        SyncRun.Schedule sync() {
            return new SyncRun.Schedule(first, oneRecordATurn, lazy);
        }
    }

    /** A record written as its arm's name: what a run prints when its caller hands in no disassembler. */
    static final SyncRun.RecordText ARM_NAME = (code, offset, records) -> Decoder.identify(code, offset).specName();

    private EventOrder() {
    }

    public static void run(Map<String, byte[]> streams, Arch arch, Step step) {
        run(streams, arch, step, Schedule.DEFAULT);
    }

    /** Runs every record of {@code streams} (def.json order) under {@code schedule}, on {@code arch}'s semaphore bank (its num_semaphores). */
    public static void run(Map<String, byte[]> streams, Arch arch, Step step, Schedule schedule) {
        run(streams, arch, step, schedule, ARM_NAME);
    }

    /** As above, a deadlock report writing each blocked record with {@code text}. */
    public static void run(Map<String, byte[]> streams, Arch arch, Step step, Schedule schedule, SyncRun.RecordText text) {
        run(streams, DmaQueues.NONE, arch, step, schedule, text);
    }

    /** As above, a DMATrigger's block completing as {@code queues} says (the same moment its data effect runs). */
    public static void run(Map<String, byte[]> streams, DmaQueues queues, Arch arch, Step step, Schedule schedule, SyncRun.RecordText text) {
        List<String> names = new ArrayList<>(streams.keySet());
        List<byte[]> code = new ArrayList<>(streams.values());
        List<SyncRun.Engine> engines = new ArrayList<>();
        for (int e = 0; e < names.size(); e++) {
            engines.add(new SyncRun.Engine(names.get(e), RecordStream.of(code.get(e))));
        }
        SyncRun.Result r = new SyncRun(engines, text, arch, queues).run((e, index) -> step.execute(names.get(e), index, code.get(e), RecordStream.offsetOf(index)),
                schedule.sync());
        switch (r.status()) {
            case COMPLETE -> { }
            case DEADLOCK -> throw new DataFault("deadlock: " + String.join("; ", r.blocked().stream().map(SyncRun.Blocked::toString).toList()));
            default -> throw new DataFault(r.message());
        }
    }
}
