package tpb.data;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import tpb.isa.Arch;
import tpb.sim.SyncRun.RecordText;

/**
 * Runs a NEFF on real numbers: DRAM vars from the def.json tables (inputs from the caller's
 * arrays, file vars from the NEFF's own .npy, outputs zeroed), every subgraph a core with its own
 * SBUF, PSUM, PE array and semaphore bank, all sharing the DRAM vars by name; each core's records
 * in {@link EventOrder}, cores one after another (they share no semaphore). Returns every output
 * var as an array, in the NEFF's metadata dtype and shape when {@code tensor_map.json} has the
 * var, else flat {@code uint8} bytes.
 */
public final class DataRun {
    private final NeffImage image;
    private final Arch arch;
    private final Map<String, DramVar> shared = new LinkedHashMap<>();
    private final List<DataSemantics> cores = new ArrayList<>();
    private PeArray.LoadOrder loadOrder = PeArray.LoadOrder.LAST_COL_FIRST;
    private RecordText recordText = EventOrder.ARM_NAME;

    public DataRun(NeffImage image, Arch arch, Map<String, Npy.Array> inputs) {
        this.image = image;
        this.arch = arch;
        checkInputs(inputs);
        for (NeffImage.Core c : image.cores()) {
            Dram dram = new Dram();
            for (NeffImage.Var v : c.vars()) {
                switch (v.type()) {
                    case "state-buffer" -> dram.stateBuffer(v.id());
                    case "dge-table" -> dram.dgeTable(v.list() == null ? new int[0] : v.list());
                    default -> dram.add(shared.computeIfAbsent(v.name(), n -> newVar(c, v, inputs)));
                }
            }
            cores.add(new DataSemantics(new CoreState(arch), dram, c.activationNames()));
        }
    }

    /** The PE load order to run with (the alternative reading is kept testable, see {@link PeArray}). */
    /**
     * How a trace line and a deadlock report write a record: the caller hands in the disassembler
     * ({@code tpb.asm.Disassembler::text}); without one, the record's arm name.
     */
    public DataRun recordText(RecordText text) {
        this.recordText = text;
        return this;
    }

    public DataRun loadOrder(PeArray.LoadOrder order) {
        this.loadOrder = order;
        return this;
    }

    public Map<String, DramVar> vars() {
        return shared;
    }

    /** Runs every core; {@code trace}, when not null, gets a line per executed record. */
    public Map<String, Npy.Array> run(Consumer<String> trace) {
        return run(trace, EventOrder.Schedule.DEFAULT);
    }

    /**
     * The schedules under which the outputs differ from the default schedule's (each described),
     * or an empty list: a race check. Each schedule runs on a fresh machine with the same inputs.
     */
    public static List<String> races(NeffImage image, Arch arch, Map<String, Npy.Array> inputs) {
        Map<String, Npy.Array> base = new DataRun(image, arch, inputs).run(null);
        int engines = image.cores().stream().mapToInt(c -> c.streams().size()).max().orElse(0);
        List<String> differ = new ArrayList<>();
        for (EventOrder.Schedule s : EventOrder.Schedule.all(engines)) {
            Map<String, Npy.Array> other;
            try {
                other = new DataRun(image, arch, inputs).run(null, s);
            } catch (DataFault f) {
                differ.add(s.describe(List.copyOf(image.cores().get(0).streams().keySet())) + ": " + f.getMessage());
                continue;
            }
            for (String name : base.keySet()) {
                if (!base.get(name).equals(other.get(name))) {
                    differ.add(s.describe(List.copyOf(image.cores().get(0).streams().keySet())) + ": " + name + " differs");
                }
            }
        }
        return differ;
    }

    /** As {@link #run(Consumer)}, every core under {@code schedule}. */
    public Map<String, Npy.Array> run(Consumer<String> trace, EventOrder.Schedule schedule) {
        for (int i = 0; i < cores.size(); i++) {
            DataSemantics core = cores.get(i);
            core.core().pe().order(loadOrder);
            String name = image.cores().get(i).name();
            EventOrder.run(image.cores().get(i).streams(), arch, (engine, index, b, at) -> {
                String ranges;
                try {
                    ranges = core.execute(b, at);
                } catch (DataFault f) {
                    throw new DataFault(name + " " + engine + " record " + index + ": " + f.getMessage());
                }
                if (trace != null) {
                    trace.accept(String.format("%s %-4s %3d  %s%s", name, engine, index, recordText.text(b, at, 1).strip(),
                            ranges.isEmpty() ? "" : "  | " + ranges));
                }
            }, schedule, recordText);
        }
        Map<String, Npy.Array> out = new LinkedHashMap<>();
        for (NeffImage.Core c : image.cores()) {
            for (NeffImage.Var v : c.vars()) {
                if (v.type().equals("output") && !out.containsKey(v.name())) {
                    out.put(v.name(), array(c, v.name(), shared.get(v.name()).bytes()));
                }
            }
        }
        return out;
    }

    private static Npy.Array array(NeffImage.Core c, String name, byte[] bytes) {
        NeffImage.Tensor t = c.tensors().get(name);
        if (t != null && t.dtype() != null) {
            NpyType type = NpyType.ofNumpyName(t.dtype());
            if (Npy.elements(t.shape()) * type.bytes() == bytes.length) {
                return new Npy.Array(type, t.shape(), bytes.clone());
            }
        }
        return new Npy.Array(NpyType.UINT8, new int[] {bytes.length}, bytes.clone());
    }

    private DramVar newVar(NeffImage.Core c, NeffImage.Var v, Map<String, Npy.Array> inputs) {
        byte[] bytes;
        switch (v.type()) {
            case "input" -> bytes = inputs.get(v.name()).data().clone();
            case "file" -> {
                byte[] npy = v.fileName() == null ? null : image.file(v.fileName());
                if (npy == null) {
                    throw new DataFault("file var " + v.name() + ": " + v.fileName() + " is not in the NEFF");
                }
                bytes = Npy.parse(npy).data();
                if (bytes.length != v.size()) {
                    throw new DataFault("file var " + v.name() + ": " + v.fileName() + " holds " + bytes.length
                            + " bytes, def.json says " + v.size());
                }
            }
            default -> bytes = new byte[Math.toIntExact(v.size())];
        }
        return new DramVar(v.name(), v.id(), v.type(), bytes);
    }

    /** Every declared input given, nothing else given, each the declared size and (when the NEFF says) dtype and shape. */
    private void checkInputs(Map<String, Npy.Array> inputs) {
        Map<String, NeffImage.Var> declared = new LinkedHashMap<>();
        Map<String, NeffImage.Tensor> meta = new LinkedHashMap<>();
        for (NeffImage.Core c : image.cores()) {
            for (NeffImage.Var v : c.vars()) {
                if (v.type().equals("input")) {
                    declared.putIfAbsent(v.name(), v);
                    if (c.tensors().containsKey(v.name())) {
                        meta.putIfAbsent(v.name(), c.tensors().get(v.name()));
                    }
                }
            }
        }
        for (String given : inputs.keySet()) {
            if (!declared.containsKey(given)) {
                throw new DataFault("input " + given + ": the NEFF has no input of that name (inputs: "
                        + String.join(", ", new TreeSet<>(declared.keySet())) + ")");
            }
        }
        for (NeffImage.Var v : declared.values()) {
            Npy.Array a = inputs.get(v.name());
            if (a == null) {
                throw new DataFault("input " + v.name() + " is not given (--input " + v.name() + "=FILE.npy)");
            }
            NeffImage.Tensor t = meta.get(v.name());
            if (t != null && t.dtype() != null) {
                String want = t.dtype() + " " + Npy.shapeText(t.shape());
                String got = a.type().numpyName() + " " + Npy.shapeText(a.shape());
                if (!want.equals(got)) {
                    throw new DataFault("input " + v.name() + " is " + got + "; the NEFF declares " + want);
                }
            }
            if (a.data().length != v.size()) {
                throw new DataFault("input " + v.name() + " holds " + a.data().length + " bytes; the NEFF's var is " + v.size());
            }
        }
    }
}
