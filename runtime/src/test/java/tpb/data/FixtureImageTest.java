package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.neff.Neff;

/**
 * The fixture NEFF as the data level sees it (values read once with python from the extracted
 * archive and written here): both subgraphs declare x (id 1, 65,536 B), y (2), output0 (3,
 * 32,768 B), the identity file var (4) and DGETable0 (5) listing [1, 2, 3]; the identity .npy is a
 * 128 x 128 fp16 identity; the ACT table set names func 7 exp_400p and func 1 identity_1p.
 */
class FixtureImageTest {
    static final Path FIXTURE = Path.of("src/test/resources/neff/matmul_small.neff");
    static final NeffImage IMAGE = NeffImage.read(Neff.open(FIXTURE));

    @Test
    void varsDgeTableAndMetadata() {
        assertEquals(2, IMAGE.cores().size());
        for (NeffImage.Core c : IMAGE.cores()) {
            Map<String, NeffImage.Var> v = new HashMap<>();
            c.vars().forEach(x -> v.put(x.name(), x));
            assertEquals(1, v.get("x").id());
            assertEquals(65536, v.get("x").size());
            assertEquals("output", v.get("output0").type());
            assertEquals(32768, v.get("output0").size());
            assertArrayEquals(new int[] {1, 2, 3}, v.get("DGETable0").list());
            assertEquals(c.name() + "/value_sg0000_identity_82_CRSM.npy", v.get("identity_82_sg0000").fileName());
            assertEquals("float16", c.tensors().get("x").dtype());
            assertArrayEquals(new int[] {128, 256}, c.tensors().get("x").shape());
            assertEquals("exp_400p", c.activationNames().get(7));
            assertEquals("identity_1p", c.activationNames().get(1));
            assertEquals(List.of("act", "dve", "pe", "pool", "sp"), c.streams().keySet().stream().sorted().toList());
        }
        Npy.Array id = Npy.parse(IMAGE.file("sg00/value_sg0000_identity_82_CRSM.npy"));
        assertArrayEquals(new int[] {128, 128, 1, 1}, id.shape());
        for (int r = 0; r < 128; r++) {
            for (int c = 0; c < 128; c++) {
                int h = (id.data()[2 * (128 * r + c)] & 0xFF) | (id.data()[2 * (128 * r + c) + 1] & 0xFF) << 8;
                assertEquals(r == c ? 0x3C00 : 0, h);
            }
        }
    }

    /**
     * The EVENTS protocol orders sg00's 29 records: PE's first LDWEIGHTS waits for SP's identity
     * DMA (S8 >= 16), the K-tile LDWEIGHTS for ACT's copy of the transposes (S4 >= 1), the output
     * DMA for ACT's second copy (S4 >= 2), and Pool's closing NOP for the output DMA (S27 >= 16).
     */
    @Test
    void eventOrderRunsEveryRecordInProtocolOrder() {
        List<String> order = new ArrayList<>();
        NeffImage.Core c = IMAGE.cores().get(0);
        EventOrder.run(c.streams(), Arch.CAYMAN, (engine, index, b, at) -> order.add(engine + index));
        assertEquals(29, order.size());
        assertTrue(order.indexOf("sp2") < order.indexOf("pe3"));
        assertTrue(order.indexOf("pool2") < order.indexOf("pe2"));
        assertTrue(order.indexOf("pe6") < order.indexOf("act3"));
        assertTrue(order.indexOf("act3") < order.indexOf("pe8"));
        assertTrue(order.indexOf("pe11") < order.indexOf("act4"));
        assertTrue(order.indexOf("act4") < order.indexOf("pool5"));
        assertEquals("pool6", order.get(order.size() - 1));
    }

    /** Every schedule of the race check (each engine first, whole or one-record turns, each engine lazy) completes all 29 records. */
    @Test
    void everyScheduleRunsEveryRecord() {
        NeffImage.Core c = IMAGE.cores().get(0);
        Set<List<String>> orders = new HashSet<>();
        for (EventOrder.Schedule s : EventOrder.Schedule.all(c.streams().size())) {
            List<String> order = new ArrayList<>();
            EventOrder.run(c.streams(), Arch.CAYMAN, (engine, index, b, at) -> order.add(engine + index), s);
            assertEquals(29, order.size(), s.toString());
            assertTrue(order.indexOf("act4") > order.indexOf("pe11"), s.toString());
            orders.add(order);
        }
        assertTrue(orders.size() > 1, "the schedules interleave the engines differently");
    }

    @Test
    void inputsAreCheckedBeforeAnythingRuns() {
        Npy.Array x = new Npy.Array(NpyType.FLOAT16, new int[] {128, 256}, new byte[65536]);
        Npy.Array y = new Npy.Array(NpyType.FLOAT16, new int[] {256, 128}, new byte[65536]);
        assertEquals("input y is not given (--input y=FILE.npy)",
                assertThrows(DataFault.class, () -> new DataRun(IMAGE, Arch.CAYMAN, Map.of("x", x))).getMessage());
        // none given: both named at once, in the NEFF's order (sg00's def.json declares x, then y)
        assertEquals("inputs x, y are not given (--input x=FILE.npy --input y=FILE.npy)",
                assertThrows(DataFault.class, () -> new DataRun(IMAGE, Arch.CAYMAN, Map.of())).getMessage());
        assertEquals("input z: the NEFF has no input of that name (inputs: x, y)",
                assertThrows(DataFault.class, () -> new DataRun(IMAGE, Arch.CAYMAN, Map.of("x", x, "y", y, "z", y))).getMessage());
        Npy.Array yT = new Npy.Array(NpyType.FLOAT16, new int[] {128, 256}, new byte[65536]);
        assertEquals("input y is float16 (128, 256); the NEFF declares float16 (256, 128)",
                assertThrows(DataFault.class, () -> new DataRun(IMAGE, Arch.CAYMAN, Map.of("x", x, "y", yT))).getMessage());
        Npy.Array x32 = new Npy.Array(NpyType.FLOAT32, new int[] {128, 256}, new byte[131072]);
        assertEquals("input x is float32 (128, 256); the NEFF declares float16 (128, 256)",
                assertThrows(DataFault.class, () -> new DataRun(IMAGE, Arch.CAYMAN, Map.of("x", x32, "y", y))).getMessage());
    }
}
