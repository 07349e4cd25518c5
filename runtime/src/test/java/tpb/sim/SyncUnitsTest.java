package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import tpb.isa.Arm;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.EventSemaphoreFlyweight;
import tpb.isa.SyncKind;

/** The sync units come from the spec's terms: the offsets the generated flyweights give, and no arm's layout named in SyncRun. */
class SyncUnitsTest {
    private static String unit(SyncUnits.Unit u) {
        return u.fixed() ? "fixed update " + at(u.updateIdx()) + "/" + at(u.updateValue())
                : "wait " + at(u.waitMode()) + "/" + at(u.waitIdx()) + "/" + at(u.waitValue()) + " update " + at(u.updateMode()) + "/"
                        + at(u.updateIdx()) + "/" + at(u.updateValue());
    }

    private static String at(SyncUnits.Field f) {
        return f == null ? "-" : "+0x" + Integer.toHexString(f.offset()) + ":" + f.width();
    }

    @Test
    void everyArmHasTheEventsPairFirst() {
        for (Arm arm : Arm.values()) {
            SyncUnits.Unit[] u = SyncUnits.of(arm);
            assertEquals("wait +0x4:1/+0x5:1/+0x8:4 update +0x6:1/+0x7:1/+0x8:4", unit(u[0]), arm.name());
            boolean more = SemaphoreBank.syncKind(arm) == SyncKind.EXTENDED_UNIT || SemaphoreBank.syncKind(arm) == SyncKind.COMPLETION;
            assertEquals(more ? 2 : 1, u.length, arm.name());
        }
    }

    @Test
    void theExtendedPairAndTheCompletionAreTheSpecsFields() {
        assertEquals("wait +0x" + Integer.toHexString(EventSemaphoreFlyweight.EXT_WAIT_MODE_OFFSET) + ":1/+0x"
                + Integer.toHexString(EventSemaphoreFlyweight.EXT_WAIT_IDX_OFFSET) + ":1/+0x"
                + Integer.toHexString(EventSemaphoreFlyweight.EXT_SEM_WAIT_VALUE_OFFSET) + ":4 update +0x"
                + Integer.toHexString(EventSemaphoreFlyweight.EXT_UPDATE_MODE_OFFSET) + ":1/+0x"
                + Integer.toHexString(EventSemaphoreFlyweight.EXT_UPDATE_IDX_OFFSET) + ":1/+0x"
                + Integer.toHexString(EventSemaphoreFlyweight.EXT_SEM_UPDATE_VALUE_OFFSET) + ":4", unit(SyncUnits.of(Arm.EVENT_SEMAPHORE)[1]));
        assertEquals("fixed update +0x" + Integer.toHexString(DmaDirect2dFlyweight.SEMAPHORE_OFFSET) + ":1/+0x"
                + Integer.toHexString(DmaDirect2dFlyweight.SEM_INCREMENT_OFFSET) + ":1", unit(SyncUnits.of(Arm.DMA_DIRECT2D)[1]));
    }

    @Test
    void syncRunNamesNoArmsSyncLayout() throws Exception {
        String src = Files.readString(Path.of("src/main/java/tpb/sim/SyncRun.java"));
        assertFalse(src.contains("EventSemaphoreFlyweight") || src.contains("DmaDirect2dFlyweight"), "SyncRun reads units through SyncUnits");
    }
}
