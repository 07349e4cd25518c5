package tpb.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The summary Neuron Profiler shows, derived from a {@link Trace} as the export's
 * {@code terminology} block defines each metric ({@code docs/ntff.md}, "The summary", with how
 * close each comes to the export's own figure on the public pairs):
 * <ul>
 * <li><b>total time</b>: the run's length, from its start to its end (exact);
 * <li><b>engine instruction count</b>: the engine's instructions in the run (exact);
 * <li><b>engine instruction time</b>: the sum of their durations, EVENT_SEMAPHORE aside (exact on
 *     all 30 engine figures of the six pairs);
 * <li><b>engine active time</b> ("time when the engine is processing at least one instruction,
 *     excluding semaphore waits"): the union of the intervals of its instructions on every core
 *     (the subgraphs run at once, on two cores: an overlap counts once), EVENT_SEMAPHORE aside
 *     (exact on all 30 engine figures);
 * <li><b>DMA active time</b> ("time when at least one DMA packet is transferring"): the union of
 *     every packet's interval (exact on the six pairs); DMA packet time: the sum of their
 *     durations (exact); DMA bytes and packets: their sum and count. When the trace cannot place
 *     its DMA packets in the run ({@link Trace#dmaUnplaced}: NTFF version 4), DMA active and
 *     packet time are unknown ({@code NaN}) and bytes and packets are every packet of the file's.
 * </ul>
 */
public record Summary(double totalNs, Map<String, Engine> engines, double dmaActiveNs, double dmaPacketNs, long dmaBytes, long dmaPackets) {
    /** One engine's figures. */
    public record Engine(double activeNs, double instructionNs, long instructions) {}

    /** What the export counts as waiting rather than working: these opcodes' time is in neither active nor instruction time. */
    public static final Set<String> SEMAPHORE_OPCODES = Set.of("EVENT_SEMAPHORE");

    public static Summary of(Trace t) {
        double perNs = t.ticksPerNs();
        Map<String, Engine> engines = new LinkedHashMap<>();
        for (String e : Trace.ENGINES) {
            long count = 0;
            long busy = 0;
            List<long[]> working = new ArrayList<>();
            for (Trace.Instruction i : t.instructions()) {
                if (!i.engine().equals(e)) {
                    continue;
                }
                count++;
                if (SEMAPHORE_OPCODES.contains(i.opcode())) {
                    continue;
                }
                busy += i.endTick() - i.startTick();
                working.add(new long[] {i.startTick(), i.endTick()});
            }
            engines.put(e, new Engine(union(working) / perNs, busy / perNs, count));
        }
        List<long[]> dma = new ArrayList<>(t.dma().size());
        long bytes = 0, packetTicks = 0;
        for (Trace.DmaPacket p : t.dma()) {
            dma.add(new long[] {p.startTick(), p.endTick()});
            bytes += p.bytes();
            packetTicks += p.endTick() - p.startTick();
        }
        boolean placed = t.dmaUnplaced() == null;
        return new Summary(t.totalTicks() / perNs, engines, placed ? union(dma) / perNs : Double.NaN, placed ? packetTicks / perNs : Double.NaN, bytes,
                t.dma().size());
    }

    /** The length of the union of intervals {@code [start, end)}. */
    public static long union(List<long[]> iv) {
        iv.sort(Comparator.comparingLong(a -> a[0]));
        long total = 0, s = Long.MIN_VALUE, end = Long.MIN_VALUE;
        for (long[] a : iv) {
            if (a[0] > end) {
                if (end > s) {
                    total += end - s;
                }
                s = a[0];
                end = a[1];
            } else {
                end = Math.max(end, a[1]);
            }
        }
        if (end > s) {
            total += end - s;
        }
        return total;
    }
}
