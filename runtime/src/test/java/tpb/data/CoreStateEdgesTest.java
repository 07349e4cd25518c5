package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;

/**
 * A core's address decoding (facts §4.1, the arch profile's constants) at the top of each
 * aperture: the last SBUF address below {@code psum_base}, {@code psum_base} itself (PSUM
 * partition 0 byte 0), the first byte of each partition and the last; the memories' and the DRAM
 * table's refusals with their exact lines. Every constant comes from the profile, per arch.
 */
class CoreStateEdgesTest {
    @Test
    void theTopOfEachApertureOnEveryArch() {
        for (Arch arch : Arch.values()) {
            CoreState core = new CoreState(arch);
            long sbStride = arch.sbufPartitionStride();
            long psBase = arch.psumBase();
            long psStride = arch.psumPartitionStride();
            assertEquals(new Location(core.sbuf(), 0, 0), core.addr4(0, 0, 0, 0), arch.name());
            // partition p's first byte and the byte before it (the previous partition's last stride byte)
            assertEquals(new Location(core.sbuf(), 3, 0), core.addr4(3 * sbStride, 0, 0, 0), arch.name());
            assertEquals(new Location(core.sbuf(), 2, sbStride - 1), core.addr4(3 * sbStride - 1, 0, 0, 0), arch.name());
            // the PSUM aperture starts at psum_base exactly
            assertEquals(new Location(core.sbuf(), (int) ((psBase - 1) / sbStride), (psBase - 1) % sbStride),
                    core.addr4(psBase - 1, 0, 0, 0), arch.name());
            assertEquals(new Location(core.psum(), 0, 0), core.addr4(psBase, 0, 0, 0), arch.name());
            assertEquals(new Location(core.psum(), 1, 4), core.addr4(psBase + psStride + 4, 0, 0, 0), arch.name());
            assertEquals(new Location(core.psum(), 0, psStride - 1), core.addr4(psBase + psStride - 1, 0, 0, 0), arch.name());
            // the DMA's SBUF view has no PSUM aperture: it is partition / stride all the way, and a
            // partition past the SBUF's is a fault, not an alias (where psum_base lies past the last one)
            long p = psBase / sbStride;
            if (p < arch.sbufPartitions()) {
                assertEquals(new Location(core.sbuf(), (int) p, psBase % sbStride), core.sbufAt(psBase), arch.name());
            } else {
                assertEquals("SBUF partition " + p + " does not exist (" + arch.sbufPartitions() + " partitions)",
                        assertThrows(DataFault.class, () -> core.sbufAt(psBase)).getMessage(), arch.name());
            }
            // memory sizes from the profile
            assertEquals(arch.sbufPartitions(), core.sbuf().partitions());
            assertEquals(arch.sbufBytesPerPartition(), core.sbuf().bytesPerPartition());
            assertEquals(arch.psumPartitions(), core.psum().partitions());
            assertEquals(arch.psumBanks() * arch.psumBankBytes(), core.psum().bytesPerPartition());
            assertEquals("SBUF", core.sbuf().name());
            assertEquals("PSUM", core.psum().name());
            assertEquals(arch, core.arch());
        }
    }

    @Test
    void onlyImmediateAddressesHaveSemantics() {
        CoreState core = new CoreState(Arch.CAYMAN);
        assertEquals("ADDR4 register mode has no data-level semantics (the register holds the address)",
                assertThrows(DataFault.class, () -> core.addr4(0, 1, 1, 1)).getMessage());
        assertEquals("ADDR4 indirect-gather mode has no data-level semantics",
                assertThrows(DataFault.class, () -> core.addr4(0, 1, 1, 0)).getMessage());
        assertEquals("ADDR4 dynamic mode has no data-level semantics", assertThrows(DataFault.class, () -> core.addr4(0, 0, 1, 0)).getMessage());
        assertEquals("SBUF[p3]+0x1f", new Location(core.sbuf(), 3, 0x1f).toString());
    }

    @Test
    void aMemoryRowAtItsEdges() {
        Memory m = new Memory("M", 4, 16);
        assertEquals(16, m.row(3, 0, 16).length);
        assertEquals(16, m.row(0, 16, 0).length);
        assertEquals("M partition 4 does not exist (4 partitions)", assertThrows(DataFault.class, () -> m.row(4, 0, 1)).getMessage());
        assertEquals("M partition -1 does not exist (4 partitions)", assertThrows(DataFault.class, () -> m.row(-1, 0, 1)).getMessage());
        assertEquals("M partition 0 bytes 0x10+1 run outside 0x0..0x10", assertThrows(DataFault.class, () -> m.row(0, 16, 1)).getMessage());
        assertEquals("M partition 0 bytes 0x1+16 run outside 0x0..0x10", assertThrows(DataFault.class, () -> m.row(0, 1, 16)).getMessage());
        assertEquals("M partition 0 bytes 0x0+-1 run outside 0x0..0x10", assertThrows(DataFault.class, () -> m.row(0, 0, -1)).getMessage());
        assertEquals("M partition 0 bytes 0xffffffffffffffff+1 run outside 0x0..0x10",
                assertThrows(DataFault.class, () -> m.row(0, -1, 1)).getMessage());
        // rows are separate and zeroed
        m.row(1, 0, 1)[0] = 5;
        assertEquals(0, m.row(2, 0, 1)[0]);
        assertEquals(5, m.row(1, 0, 1)[0]);
    }

    @Test
    void theDramTable() {
        DramVar a = new DramVar("a", 1, "input", new byte[4]);
        DramVar b = new DramVar("b", 2, "output", new byte[4]);
        Dram d = new Dram().add(a).add(b).dgeTable(2, 1).stateBuffer(7);
        assertEquals(a, d.byId(1));
        assertEquals(b, d.byName("b"));
        assertNull(d.byName("c"));
        assertEquals(List.of(a, b), List.copyOf(d.vars()));
        assertEquals(2, d.dgeEntry(0));
        assertEquals(1, d.dgeEntry(1));
        assertTrue(d.isStateBuffer(7));
        assertEquals(false, d.isStateBuffer(1));
        assertEquals(false, new Dram().isStateBuffer(0), "no state-buffer var: no id is it");
        assertEquals("DGE table entry 2 does not exist (2 entries)", assertThrows(DataFault.class, () -> d.dgeEntry(2)).getMessage());
        assertEquals("DGE table entry -1 does not exist (2 entries)", assertThrows(DataFault.class, () -> d.dgeEntry(-1)).getMessage());
        assertEquals("no DRAM var with id 3", assertThrows(DataFault.class, () -> d.byId(3)).getMessage());
        assertEquals("var a (id 9) is declared twice", assertThrows(DataFault.class, () -> d.add(new DramVar("a", 9, "input", new byte[0]))).getMessage());
        assertEquals("var z has id 2, which var b of the same def.json has too", assertThrows(DataFault.class, () -> d.add(new DramVar("z", 2, "input", new byte[0]))).getMessage());
        int[] table = {5};
        Dram e = new Dram().dgeTable(table);
        table[0] = 6;
        assertEquals(5, e.dgeEntry(0), "the table is copied");
        assertEquals(4, a.size());
    }
}
