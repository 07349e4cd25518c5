package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.SemTest;
import tpb.isa.SemUpdate;

/**
 * The bank itself, every value derived by hand: its size is the count it was made with, a clear
 * zeroes every semaphore (the first and the last too), values read unsigned, and which tests a
 * rising counter releases for good. (PIT's no-coverage mutants of the sync-level run,
 * mutation-survivors.md.)
 */
class SemaphoreBankTest {
    /** A bank of 5 has 5 semaphores, all 0; one of 1 has 1. */
    @Test
    void aBankHasTheSizeItWasMadeWith() {
        assertEquals(5, new SemaphoreBank(5).size());
        assertEquals(1, new SemaphoreBank(1).size());
        SemaphoreBank b = new SemaphoreBank(5);
        for (int s = 0; s < 5; s++) {
            assertEquals(0L, b.value(s), "S" + s);
        }
    }

    /**
     * S0 := 7, S4 (the last) := 0xFFFFFFFF (read back unsigned, 4294967295), S2 += 3; after a clear
     * all five read 0.
     */
    @Test
    void aClearZeroesEverySemaphoreFirstToLast() {
        SemaphoreBank b = new SemaphoreBank(5);
        b.apply(0, SemUpdate.WRITE, 7);
        b.apply(4, SemUpdate.WRITE, 0xFFFF_FFFFL);
        b.apply(2, SemUpdate.ADD, 3);
        assertEquals(List.of(7L, 0L, 3L, 0L, 4_294_967_295L), values(b));
        b.clear();
        assertEquals(List.of(0L, 0L, 0L, 0L, 0L), values(b));
    }

    /**
     * Upward tests: once v >= t (or v > t) holds, v + 1 satisfies it too, so a rising counter
     * releases the wait for good — GE and GT. EQ fails again at t + 1, LT and LE fail once v
     * reaches t (resp. t + 1); ALWAYS is no wait at all, so not an upward one either.
     */
    @Test
    void onlyGreaterTestsAreUpward() {
        Map<SemTest, Boolean> want = Map.of(SemTest.ALWAYS, false, SemTest.GE, true, SemTest.EQ, false, SemTest.LT, false, SemTest.LE, false,
                SemTest.GT, true);
        assertEquals(SemTest.values().length, want.size(), "every SemTest is listed");
        want.forEach((t, up) -> assertEquals(up, SemaphoreBank.upward(t), t.toString()));
    }

    private static List<Long> values(SemaphoreBank b) {
        List<Long> v = new ArrayList<>();
        for (int s = 0; s < b.size(); s++) {
            v.add(b.value(s));
        }
        return v;
    }
}
