package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SwitchQueueInstance after a trigger has fired, with and without no_rearm, at every level. Facts
 * §7.5: a DMATrigger fires block N of its queue, N its own fireCount cursor, then advances it;
 * SwitchQueueInstance erases the cursors unless no_rearm; ResetQueueInstance always does. The
 * same trigger fires on every trip of a loop, so the expected fire logs hold whether the cursor is
 * kept per queue or per trigger (it is per trigger: seed000 §4.3). Written out literally, not
 * computed.
 */
class QueueSwitchTest {
    static String kernel(String afterFire) {
        return """
                kernel: switch_after_fire
                registers: [i]
                functions:
                  - name: main
                    insts:
                      - inst: Loop
                        var: i
                        lb: 0
                        ub: 4
                        body:
                          - {inst: DMATrigger, queue: q0, block_id: 0}
                          - %s
                      - {inst: Exit}
                """.formatted(afterFire);
    }

    static void fires(String afterFire, List<String> expected) {
        for (SimResult r : TruthTables.runAll("queue", kernel(afterFire), SimResult.Status.EXIT, null)) {
            assertEquals(expected, r.fired(), afterFire);
        }
    }

    @Test
    void noRearmKeepsTheCursor() {
        fires("{inst: SwitchQueueInstance, queue: q0, no_rearm: true}", List.of("q0[0]", "q0[1]", "q0[2]", "q0[3]"));
    }

    @Test
    void aSwitchWithoutNoRearmRewindsTheCursor() {
        fires("{inst: SwitchQueueInstance, queue: q0}", List.of("q0[0]", "q0[0]", "q0[0]", "q0[0]"));
    }

    @Test
    void aResetRewindsTheCursor() {
        // ResetQueueInstance needs the module feature a no_rearm switch sets, and clears it (facts §3.10):
        // a no_rearm switch (which keeps the cursor) comes right before each reset
        fires("{inst: SwitchQueueInstance, queue: q0, no_rearm: true}\n          - {inst: ResetQueueInstance, queue: q0}",
                List.of("q0[0]", "q0[0]", "q0[0]", "q0[0]"));
    }
}
