package tpb.neff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.BirUpdateMode;
import tpb.isa.BirWaitMode;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.EventSemaphoreFlyweight;
import tpb.isa.UpdateModeWire;
import tpb.isa.WaitModeWire;
import tpb.sim.SyncRun;

/**
 * Random NEFFs built here: engines whose records wait only on semaphores that records earlier in
 * one global order signal (acyclic by construction) always complete, with every signalled
 * semaphore at exactly its signal; add a two-engine cycle and the run always deadlocks, naming
 * both records.
 */
class RandomNeffTest {
    /** One step of the global order: its engine, whether it signals (by SEM_INC or a DMA's completion), and which earlier step it waits for (-1: none). */
    record Step(int engine, int signal, int dmaIncrement, int waitFor) {}

    /** {@code top}: the steps' semaphores count down from the bank's last instead of up from 0. */
    record Program(int engines, List<Step> steps, boolean top) {}

    /** The bank of the target the NEFFs name (cayman), from the spec. */
    static final int SEMAPHORES = (int) Arch.CAYMAN.numSemaphores();

    static final int WAIT_SEM_GE = WaitModeWire.map(BirWaitMode.SEM_GE_IMM).value();
    static final int SEM_INC = UpdateModeWire.encode(BirUpdateMode.SEM_INC);

    @Provide
    Arbitrary<Program> programs() {
        // jqwik mixes in the integer ranges' ends (one engine and five, one step and 200, increments 1 and 255);
        // half the programs put their semaphores at the top of the bank, so its last index is reached too
        return Arbitraries.integers().between(1, 5).flatMap(engines -> Arbitraries.integers().between(1, 200).flatMap(n -> Arbitraries.of(false, true)
                .flatMap(top -> {
            Arbitrary<int[]> raw = Combinators.combine(Arbitraries.integers().between(0, engines - 1), Arbitraries.integers().between(0, 2),
                    Arbitraries.integers().between(1, 255), Arbitraries.integers().between(0, 1_000_000))
                    .as((e, kind, inc, w) -> new int[] {e, kind, inc, w});
            return raw.list().ofSize(n).map(list -> {
                List<Step> steps = new ArrayList<>();
                for (int k = 0; k < list.size(); k++) {
                    int[] r = list.get(k);
                    // waits only on an earlier step (acyclic by construction), a third of the time
                    int waitFor = k > 0 && r[3] % 3 == 0 ? r[3] % k : -1;
                    steps.add(new Step(r[0], r[1], r[2], waitFor));
                }
                return new Program(engines, steps, top);
            });
        })));
    }

    /** Semaphore of step k: steps signal distinct semaphores, up to 200 of the bank's, from 0 up or from the last down. */
    static int sem(Program p, int k) {
        return p.top() ? SEMAPHORES - 1 - k : k;
    }

    static Map<String, byte[]> streams(Program p) {
        Map<String, ByteArrayOutputStream> out = new LinkedHashMap<>();
        for (int e = 0; e < p.engines(); e++) {
            out.put("e" + e, new ByteArrayOutputStream());
        }
        for (int k = 0; k < p.steps().size(); k++) {
            Step s = p.steps().get(k);
            byte[] r = new byte[64];
            r[1] = 0x10;
            if (s.signal() == 2) {
                r[0] = (byte) Arm.DMA_DIRECT2D.opcode();
                r[DmaDirect2dFlyweight.SEMAPHORE_OFFSET] = (byte) sem(p, k);
                r[DmaDirect2dFlyweight.SEM_INCREMENT_OFFSET] = (byte) s.dmaIncrement();
            } else {
                r[0] = (byte) Arm.NO_OP.opcode();
                if (s.signal() == 1) {
                    r[EventSemaphoreFlyweight.EVENTS_UPDATE_MODE_OFFSET] = (byte) SEM_INC;
                    r[EventSemaphoreFlyweight.EVENTS_UPDATE_IDX_OFFSET] = (byte) sem(p, k);
                }
            }
            if (s.waitFor() >= 0 && p.steps().get(s.waitFor()).signal() != 0) {
                Step w = p.steps().get(s.waitFor());
                r[EventSemaphoreFlyweight.EVENTS_WAIT_MODE_OFFSET] = (byte) WAIT_SEM_GE;
                r[EventSemaphoreFlyweight.EVENTS_WAIT_IDX_OFFSET] = (byte) sem(p, s.waitFor());
                if (s.signal() != 1) { // semaphore_value is shared with the update's value; SEM_INC ignores it
                    r[EventSemaphoreFlyweight.EVENTS_SEMAPHORE_VALUE_OFFSET] = (byte) (w.signal() == 2 ? w.dmaIncrement() : 1);
                } else {
                    r[EventSemaphoreFlyweight.EVENTS_SEMAPHORE_VALUE_OFFSET] = (byte) (w.signal() == 2 ? w.dmaIncrement() : 1);
                }
            }
            out.get("e" + s.engine()).writeBytes(r);
        }
        Map<String, byte[]> m = new LinkedHashMap<>();
        out.forEach((k, v) -> m.put(k, v.toByteArray()));
        return m;
    }

    static byte[] neff(Map<String, byte[]> streams) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("kelf-0.json", "{\"graphs\": [{\"definition\": \"sg00/def.json\", \"name\": \"sg00\"}], \"target\": \"cayman\"}"
                .getBytes(StandardCharsets.UTF_8));
        StringBuilder def = new StringBuilder("{\"var\": {}");
        streams.forEach((e, b) -> {
            def.append(def.length() > 1 ? ", " : "").append('"').append(e).append("_instr\": \"").append(e).append(".bin\"");
            files.put("sg00/" + e + ".bin", b);
        });
        files.put("sg00/def.json", def.append('}').toString().getBytes(StandardCharsets.UTF_8));
        return NeffWriter.write("random.neff", files);
    }

    @Property(tries = 200)
    void acyclicSyncCompletes(@ForAll("programs") Program p) {
        SyncRun.Result r = SyncFixtureTest.runAll(neff(streams(p))).get("sg00");
        assertEquals(SyncRun.Status.COMPLETE, r.status(), r.message());
        Map<Integer, Long> expected = new HashMap<>();
        Map<String, Integer> steps = new LinkedHashMap<>();
        for (int e = 0; e < p.engines(); e++) {
            steps.put("e" + e, 0);
        }
        for (int k = 0; k < p.steps().size(); k++) {
            Step s = p.steps().get(k);
            steps.merge("e" + s.engine(), 1, Integer::sum);
            if (s.signal() != 0) {
                expected.put(sem(p, k), s.signal() == 2 ? (long) s.dmaIncrement() : 1L);
            }
        }
        assertEquals(expected, r.semaphores());
        assertEquals(steps, r.steps());
    }

    /** Engine A waits on X then signals Y; engine B waits on Y then signals X: neither can start. */
    @Property(tries = 200)
    void aCycleDeadlocks(@ForAll("programs") Program p) {
        Map<String, byte[]> s = streams(p);
        List<String> names = new ArrayList<>(s.keySet());
        if (names.size() < 2) {
            names.add("e1");
            s.put("e1", new byte[0]);
        }
        // two semaphores no step uses: the bank's last two, or its first two when the steps count down from the top
        int x = p.top() ? 0 : SEMAPHORES - 2;
        int y = x + 1;
        String a = names.get(0);
        String b = names.get(names.size() - 1);
        s.put(a, append(s.get(a), x, y));
        s.put(b, append(s.get(b), y, x));
        SyncRun.Result r = SyncFixtureTest.runAll(neff(s)).get("sg00");
        assertEquals(SyncRun.Status.DEADLOCK, r.status());
        List<String> blocked = r.blocked().stream().map(k -> k.engine() + "@" + k.pc() + " S" + k.semaphore() + ">=" + k.threshold()).toList();
        assertTrue(blocked.contains(a + "@" + (s.get(a).length / 64 - 1) + " S" + x + ">=1"), blocked.toString());
        assertTrue(blocked.contains(b + "@" + (s.get(b).length / 64 - 1) + " S" + y + ">=1"), blocked.toString());
        assertEquals(2, blocked.size(), blocked.toString());
    }

    static byte[] append(byte[] stream, int waitOn, int signal) {
        byte[] r = new byte[64];
        r[0] = (byte) Arm.NO_OP.opcode();
        r[1] = 0x10;
        r[EventSemaphoreFlyweight.EVENTS_WAIT_MODE_OFFSET] = (byte) WAIT_SEM_GE;
        r[EventSemaphoreFlyweight.EVENTS_WAIT_IDX_OFFSET] = (byte) waitOn;
        r[EventSemaphoreFlyweight.EVENTS_UPDATE_MODE_OFFSET] = (byte) SEM_INC;
        r[EventSemaphoreFlyweight.EVENTS_UPDATE_IDX_OFFSET] = (byte) signal;
        r[EventSemaphoreFlyweight.EVENTS_SEMAPHORE_VALUE_OFFSET] = 1;
        byte[] out = Arrays.copyOf(stream, stream.length + 64);
        System.arraycopy(r, 0, out, stream.length, 64);
        return out;
    }
}
