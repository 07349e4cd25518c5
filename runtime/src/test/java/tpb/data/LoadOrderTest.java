package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;
import tpb.isa.LdweightsMarianaFlyweight;
import tpb.isa.LdweightsMarianaRecord;
import tpb.isa.PeLwOrder;

/** Which order an LDWEIGHTS loads in comes from the spec: the record's bit on mariana, the profile's constant elsewhere. */
class LoadOrderTest {
    /** A mariana LDWEIGHTS built through the generated record, its flags byte's load_order bit set to {@code order}. */
    private static byte[] marianaLoad(PeLwOrder order) {
        int flags = (int) new LdweightsMarianaFlyweight().wrap(new byte[64], 0).flagsLoadOrder(order.value()).flags();
        return LdweightsMarianaRecord.builder().inDtype(DtypeWire.FP16).numActiveRows(128).numActiveCols(128).flags(flags).build().toBytes();
    }

    @Test
    void aMarianaLoadRunsInItsOwnOrder() {
        byte[] first = marianaLoad(PeLwOrder.FIRST_COL_FIRST);
        assertEquals(0x20, first[0x2F]); // «PEPATH» §3.1: load_order is bit 5 of LD_WEIGHT_FLAGS (+0x2F)
        assertEquals(true, LoadOrder.isLoad(first, 0));
        assertEquals(PeLwOrder.FIRST_COL_FIRST, new LoadOrder(Arch.MARIANA).of(first, 0));
        assertEquals(PeLwOrder.LAST_COL_FIRST, new LoadOrder(Arch.MARIANA).of(marianaLoad(PeLwOrder.LAST_COL_FIRST), 0));
    }

    @Test
    void generationsWithoutAFlagsByteTakeTheProfilesOrder() {
        // cayman has no LD_WEIGHT_FLAGS byte: the profile's pe_lw_load_order (LAST_COL_FIRST, INFERRED from the fixture)
        byte[] b = marianaLoad(PeLwOrder.FIRST_COL_FIRST);
        assertEquals(PeLwOrder.fromValue(Arch.CAYMAN.peLwLoadOrder()), new LoadOrder(Arch.CAYMAN).of(b, 0));
        assertEquals(PeLwOrder.LAST_COL_FIRST, new LoadOrder(Arch.CAYMAN).of(b, 0));
        assertEquals(PeLwOrder.LAST_COL_FIRST, new LoadOrder(Arch.SUNDA).of(b, 0));
    }

    @Test
    void onlyLdweightsPicksAnOrder() {
        byte[] b = marianaLoad(PeLwOrder.FIRST_COL_FIRST);
        b[0] = 0x02; // MATMUL
        assertEquals(false, LoadOrder.isLoad(b, 0));
    }
}
