package tpb.ir;

import java.util.List;

/** A basic block: instructions, the last of which may transfer control; otherwise it falls through. */
public record Block(String name, List<Inst> insts) {
    public Block {
        insts = List.copyOf(insts);
    }
}
