package tpb.mir;

import java.util.ArrayList;
import java.util.List;

/** A machine basic block: a label and its instructions (mutable while passes run). */
public final class MBlock {
    public final String label;
    public final List<MInst> insts = new ArrayList<>();

    public MBlock(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label + ": " + insts;
    }
}
