package tpb.mir;

import java.util.ArrayList;
import java.util.List;

/** One function's machine code on one engine, blocks in layout order. */
public final class MFunction {
    public final String name;
    public final List<MBlock> blocks = new ArrayList<>();

    public MFunction(String name) {
        this.name = name;
    }
}
