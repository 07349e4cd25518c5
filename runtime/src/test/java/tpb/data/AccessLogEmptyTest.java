package tpb.data;

import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * An access of zero bytes (a DMA run of no elements) touches no byte, so it is no race with
 * anything: its merged list overlaps nothing, alone or next to a real run. (PIT survivor of the
 * element-level run, mutation-survivors.md: a sweep that takes an end before a start at the same
 * byte runs off its ends here.)
 */
class AccessLogEmptyTest {
    private final DramVar v = new DramVar("v", 1, "output", new byte[64]);

    @Test
    void anEmptyAccessOverlapsNothing() {
        AccessLog log = new AccessLog();
        log.write(v, 5, 0);
        assertNull(AccessLog.overlap(log.ranges(v, true), new long[] {0, 64}));
        log.write(v, 40, 0);
        log.write(v, 20, 4);                 // [20, 24): the only bytes written
        assertNull(AccessLog.overlap(log.ranges(v, true), new long[] {0, 20, 24, 64}));
    }
}
