package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.neff.Neff;

/**
 * matmul_large.neff's vars as the data level lays them out, without running it (LargeFixtureTest,
 * tagged big, runs it): y is 4 GiB (a sparse zeroed region here), the virtual RematSpillSave vars
 * are slices of each core's own backing space at def.json's backing_variable_off, the inputs and
 * output are shared by name, and each subgraph reads its own file var (sg00/ and sg01/ each ship
 * value_sg0000_identity_133_CRSM.npy, the same bytes).
 */
class LargeLayoutTest {
    static final NeffImage IMAGE = NeffImage.read(Neff.open(Path.of("src/test/resources/neff/matmul_large.neff")));

    @Test
    void virtualVarsArePerCoreSlicesAndTheRestIsShared() {
        Map<String, DataRun.Input> in = Map.of(
                "x", new DataRun.Input(NpyType.FLOAT16, new int[] {128, 32768}, Region.zeroed(128L * 32768 * 2)),
                "y", new DataRun.Input(NpyType.FLOAT16, new int[] {32768, 65536}, Region.zeroed(32768L * 65536 * 2)));
        DataRun run = new DataRun(IMAGE, Arch.CAYMAN, in, (name, type, shape) -> Region.zeroed(Npy.elements(shape) * type.bytes()));
        Dram sg00 = run.dram(0);
        Dram sg01 = run.dram(1);
        assertEquals(4L << 30, sg00.byName("y").size());
        assertSame(sg00.byName("y"), sg01.byName("y"));
        assertSame(sg00.byName("output0"), sg01.byName("output0"));
        // each subgraph's own file (sgNN/value_...npy), equal bytes: one core's writes to its constant never reach the other's
        assertNotSame(sg00.byName("identity_133_sg0000"), sg01.byName("identity_133_sg0000"));
        org.junit.jupiter.api.Assertions.assertArrayEquals(sg00.byName("identity_133_sg0000").region().toBytes(),
                sg01.byName("identity_133_sg0000").region().toBytes());
        // def.json: i2 (var 7) at backing offset 524288, i1 (var 6) at 0, both 524288 bytes; sg01 names them i258, i257
        DramVar i2 = sg00.byId(7);
        assertEquals("-t125_i2_RematSpillSave2_sg0000", i2.name());
        assertEquals("-t125_i258_RematSpillSave2_sg0000", sg01.byId(7).name());
        assertNotSame(i2, sg01.byId(7));
        assertEquals(524288, i2.size());
        i2.region().put(0, new byte[] {42}, 0, 1);
        byte[] b = new byte[1];
        sg01.byId(7).region().get(0, b, 0, 1);
        assertEquals(0, b[0], "sg01's spill space is its own");
        sg00.byId(6).region().get(524288 - 1, b, 0, 1);
        assertEquals(0, b[0], "i1 ends where i2 begins");
        sg00.byId(6).region().put(524288 - 1, new byte[] {7}, 0, 1);
        i2.region().get(0, b, 0, 1);
        assertEquals(42, b[0]);
    }
}
