package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.codegen.Compiler;
import tpb.ir.KernelReader;
import tpb.ir.Module;
import tpb.isa.Arch;
import tpb.isa.EngineType;

/**
 * The DMATrigger fireCount cursor at every level. seed000 §4.3 keys the cursor map by the trigger
 * (a DenseMap keyed by pointer; §4.4 rewinds "every owning DMATrigger's cursor"; facts §7.5 "N =
 * per-trigger fireCount cursor", CONFIRMED) and calls it round-robin: a trigger past the queue's
 * last block starts again at block 0 (the wrap is INFERRED from that word).
 */
class DmaCursorTest {
    static final String KERNEL = """
            kernel: two_triggers
            registers: [i, j]
            memory:
              hbm: {size: 16, init: iota}
              sbuf: {size: 16}
            queues:
              q0:
                - {src: {region: hbm, offset: 0, step: [1, 1], num: [1, 1]}, dst: {region: sbuf, offset: 0, step: [1, 1], num: [1, 1]}, elem_size: 1}
                - {src: {region: hbm, offset: 1, step: [1, 1], num: [1, 1]}, dst: {region: sbuf, offset: 1, step: [1, 1], num: [1, 1]}, elem_size: 1}
                - {src: {region: hbm, offset: 2, step: [1, 1], num: [1, 1]}, dst: {region: sbuf, offset: 2, step: [1, 1], num: [1, 1]}, elem_size: 1}
            functions:
              - name: main
                insts:
                  - {inst: SwitchQueueInstance, queue: q0, no_rearm: true}
                  - inst: Loop
                    var: i
                    lb: 0
                    ub: 2
                    body:
                      - inst: Loop
                        var: j
                        lb: 0
                        ub: 4
                        body:
                          - {inst: DMATrigger, queue: q0, block_id: 0}
                          - {inst: DMATrigger, queue: q0, block_id: 0}
                      - {inst: ResetQueueInstance, queue: q0}
                  - {inst: Exit}
            """;

    @Test
    void twoTriggersOnOneQueueKeepTwoCursors() {
        // Each of the two triggers fires blocks 0, 1, 2, 0 of q0's three (its own cursor, wrapping),
        // interleaved: 0 0 1 1 2 2 0 0. A cursor per queue would fire 0..7 and run past block 2.
        // The reset rewinds both triggers, so the second outer trip repeats the first.
        List<String> trip = List.of("q0[0]", "q0[0]", "q0[1]", "q0[1]", "q0[2]", "q0[2]", "q0[0]", "q0[0]");
        List<String> expected = new ArrayList<>(trip);
        expected.addAll(trip);
        Module m = KernelReader.read("two_triggers.yaml", KERNEL);
        Compiler.Options o = new Compiler.Options(Arch.SUNDA, 62, true);
        SimResult ir = IrSimulator.run(m, EngineType.SP, 100_000);
        assertEquals(SimResult.Status.EXIT, ir.status(), ir.message());
        assertEquals(expected, ir.fired());
        Map<EngineType, Compiler.EngineOutput> out = Compiler.compile(m, o);
        Compiler.lower(m, o).forEach((engine, code) -> {
            SimResult lo = LoweredSimulator.run(code, 100_000, MachineConfig.of(m));
            assertEquals(SimResult.Status.EXIT, lo.status(), lo.message());
            assertEquals(expected, lo.fired(), engine + " lowered");
            Compiler.EngineOutput eo = out.get(engine);
            SimResult st = StreamSimulator.run(eo.stream(), eo.registers(), 100_000, null, MachineConfig.of(m));
            assertEquals(SimResult.Status.EXIT, st.status(), st.message());
            assertEquals(expected, st.fired(), engine + " stream");
            assertEquals(ir.memoryChecksum(), st.memoryChecksum());
            // blocks 0..2 copied hbm bytes 0, 1, 2 (iota) into sbuf
            assertEquals(List.of((byte) 0, (byte) 1, (byte) 2, (byte) 0),
                    List.of(st.memory().get("sbuf")[0], st.memory().get("sbuf")[1], st.memory().get("sbuf")[2], st.memory().get("sbuf")[3]));
        });
    }
}
