package tpb.bench;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tpb.asm.Disassembler;
import tpb.codec.LittleEndian;
import tpb.data.EventOrder;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.BirUpdateMode;
import tpb.isa.BirWaitMode;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.EventSemaphoreFlyweight;
import tpb.isa.UpdateModeWire;
import tpb.isa.WaitModeWire;
import tpb.neff.Neff;
import tpb.neff.NeffWriter;
import tpb.sim.SyncRun;

/**
 * The synchronisation-level run of a synthetic 1,048,576-record NEFF: one subgraph, four engines
 * of 262,144 records each, a pipeline in which engine e's record k waits for semaphore e-1 >= k+1
 * and then increments semaphore e (every 64th record of engine 0 a DMA_DIRECT2D adding 1 to
 * semaphore 8 instead). Baselines in the same run: {@link SyncRunBaseline}, SyncRun's loop as it
 * was at ede8698 (eight predecoded ints a record), and the data level's interim scheduler
 * ({@code tpb.data.EventOrder}; since it runs on SyncRun, SyncRun with a per-record hook) on the same streams.
 * Divide 1,048,576 by the time for records per second; -prof gc for bytes per record.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class NeffBench {
    static final int ENGINES = 4;
    static final int PER_ENGINE = 1 << 18;

    SyncRun sync;
    SyncRunBaseline baseline;
    Map<String, byte[]> streams;

    @Setup
    public void setup() {
        int waitGe = WaitModeWire.map(BirWaitMode.SEM_GE_IMM).value();
        int inc = UpdateModeWire.encode(BirUpdateMode.SEM_INC);
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("kelf-0.json", "{\"graphs\": [{\"definition\": \"sg00/def.json\", \"name\": \"sg00\"}], \"target\": \"cayman\"}"
                .getBytes(StandardCharsets.UTF_8));
        StringBuilder def = new StringBuilder("{\"var\": {}, "); // a subgraph names its vars, none here
        for (int e = 0; e < ENGINES; e++) {
            byte[] s = new byte[PER_ENGINE * 64];
            for (int k = 0; k < PER_ENGINE; k++) {
                int at = k * 64;
                s[at + 1] = 0x10;
                if (e == 0 && k % 64 == 63) {
                    s[at] = (byte) Arm.DMA_DIRECT2D.opcode();
                    s[at + DmaDirect2dFlyweight.SEMAPHORE_OFFSET] = 8;
                    s[at + DmaDirect2dFlyweight.SEM_INCREMENT_OFFSET] = 1;
                    continue;
                }
                s[at] = (byte) Arm.NO_OP.opcode();
                if (e > 0) {
                    s[at + EventSemaphoreFlyweight.EVENTS_WAIT_MODE_OFFSET] = (byte) waitGe;
                    s[at + EventSemaphoreFlyweight.EVENTS_WAIT_IDX_OFFSET] = (byte) (e - 1);
                    LittleEndian.put32(s, at + EventSemaphoreFlyweight.EVENTS_SEMAPHORE_VALUE_OFFSET,
                            e == 1 ? k - k / 64 + (k % 64 == 63 ? 0 : 1) : k + 1);
                }
                s[at + EventSemaphoreFlyweight.EVENTS_UPDATE_MODE_OFFSET] = (byte) inc;
                s[at + EventSemaphoreFlyweight.EVENTS_UPDATE_IDX_OFFSET] = (byte) e;
            }
            files.put("sg00/e" + e + ".bin", s);
            def.append(e == 0 ? "" : ", ").append("\"e").append(e).append("_instr\": \"e").append(e).append(".bin\"");
        }
        files.put("sg00/def.json", def.append('}').toString().getBytes(StandardCharsets.UTF_8));
        Neff neff = Neff.of(NeffWriter.write("bench.neff", files));
        List<SyncRun.Engine> engines = new ArrayList<>();
        streams = new LinkedHashMap<>();
        neff.forEachSubgraph(null, (sg, es) -> es.forEach(s -> {
            engines.add(new SyncRun.Engine(s.engine(), s.stream()));
            streams.put(s.engine(), s.stream().bytes());
        }));
        sync = new SyncRun(engines, Disassembler::text);
        baseline = new SyncRunBaseline(streams.values().toArray(new byte[0][]));
        if (baseline.run() != ENGINES * PER_ENGINE) {
            throw new IllegalStateException("the baseline did not run every record");
        }
        SyncRun.Result r = sync.run();
        if (r.status() != SyncRun.Status.COMPLETE) {
            throw new IllegalStateException(r.message() + " " + r.blocked());
        }
    }

    @Benchmark
    public int syncRun() {
        return sync.run().steps().size();
    }

    /** SyncRun's loop as it was at ede8698 (8 ints a record), on the same streams. */
    @Benchmark
    public int syncRunBaseline() {
        return baseline.run();
    }

    @Benchmark
    public int eventOrderBaseline() {
        int[] n = new int[1];
        EventOrder.run(streams, Arch.SUNDA, (engine, index, stream, at) -> n[0]++);
        return n[0];
    }
}
