package tpb.lower;

import java.util.List;
import tpb.isa.AllEngineBarrierRecord;
import tpb.mir.EngineCode;
import tpb.mir.MBlock;
import tpb.mir.MFunction;
import tpb.mir.MInst;

/**
 * lower_control (seed000 §6; facts §8.2): before a block's control transfer, fence every engine —
 * AllEngineBarrier, GroupResetSemaphores, AllEngineBarrier, Drain(1). The fence is an ALL
 * instruction, so it is cloned onto every datapath engine of the kernel
 * (ExpandAllEngineFinalPreCodegen): each engine's code gets its own copy. Return, Exit and Break
 * are not bracketed; the GroupReset is left out when the kernel names no semaphores (a group must
 * not be empty). lnc_size is 1, so no CoreBarrier.
 */
public final class ControlBracketing {
    private ControlBracketing() {}

    public static void run(EngineCode code, List<Integer> semaphores) {
        for (MFunction f : code.functions) {
            for (MBlock b : f.blocks) {
                int first = -1;
                for (int i = 0; i < b.insts.size(); i++) {
                    if (b.insts.get(i) instanceof MInst.Branch) {
                        first = i;
                        break;
                    }
                }
                if (first < 0) {
                    continue;
                }
                b.insts.add(first, new MInst.Fixed(Records.drain()));
                b.insts.add(first, new MInst.Fixed(AllEngineBarrierRecord.builder().build()));
                if (!semaphores.isEmpty()) {
                    b.insts.add(first, new MInst.Fixed(Records.groupReset(semaphores)));
                }
                b.insts.add(first, new MInst.Fixed(AllEngineBarrierRecord.builder().build()));
            }
        }
    }
}
