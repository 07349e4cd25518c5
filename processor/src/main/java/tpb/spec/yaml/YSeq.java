package tpb.spec.yaml;

import java.util.List;
import tpb.spec.Pos;

public record YSeq(Pos pos, List<YNode> items) implements YNode {
    public YSeq {
        items = List.copyOf(items);
    }

    @Override
    public String kindName() {
        return "a list";
    }
}
