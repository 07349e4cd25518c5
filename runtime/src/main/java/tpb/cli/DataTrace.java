package tpb.cli;

import java.util.HashMap;
import java.util.Map;
import tpb.asm.Disassembler;
import tpb.data.NeffImage;
import tpb.data.RecordListener;
import tpb.isa.Arch;
import tpb.isa.IsaInfo;
import tpb.timeline.TraceEvents;

/**
 * A data-level run as trace events ({@link TraceEvents}, helper trace's writer): a process per
 * core, a thread per engine, a slice per record on the wall clock (nanoseconds from the run's
 * start) named by its disassembly, with its record index, the bytes a DMA moved and the MACs a
 * MATMUL did. The data level runs each core's engines in one thread in protocol order, so a
 * slice is the time the simulator spent on the record, not the hardware's; no flow arrows here
 * (the sync level draws the semaphore edges).
 */
final class DataTrace implements RecordListener {
    private final TraceEvents out;
    private final NeffImage image;
    private final Arch arch;
    private final Map<String, TraceEvents.Track> tracks = new HashMap<>();
    private final long origin = System.nanoTime();

    DataTrace(TraceEvents out, NeffImage image, Arch arch) {
        this.out = out;
        this.image = image;
        this.arch = arch;
        for (NeffImage.Core c : image.cores()) {
            int pid = out.core(c.name());
            for (String engine : c.streams().keySet()) {
                tracks.put(c.name() + "/" + engine, out.engine(pid, engine));
            }
        }
    }

    @Override
    public void record(String core, String engine, int index, long startNanos, long endNanos, long bytesMoved, long macs) {
        byte[] stream = image.cores().stream().filter(c -> c.name().equals(core)).findFirst().orElseThrow().streams().get(engine);
        String text = Disassembler.text(arch, stream, index * IsaInfo.RECORD_SIZE, 1).strip();
        long start = startNanos - origin;
        Map<String, Object> args = new HashMap<>();
        args.put(TraceEvents.RECORD, index);
        if (bytesMoved != 0) {
            args.put(TraceEvents.BYTES, bytesMoved);
        }
        if (macs != 0) {
            args.put(TraceEvents.MACS, macs);
        }
        String mnemonic = text.isEmpty() ? "?" : text.split(" ", 2)[0];
        out.slice(new TraceEvents.Slice(tracks.get(core + "/" + engine), start, Math.max(endNanos - origin, start + 1)), text,
                mnemonic, args);
    }
}
