package tpb.ir;

import java.util.List;

public record Function(String name, List<Block> blocks) {
    public Function {
        blocks = List.copyOf(blocks);
    }

    public Block block(String n) {
        for (Block b : blocks) {
            if (b.name().equals(n)) {
                return b;
            }
        }
        return null;
    }
}
