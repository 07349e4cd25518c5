package tpb.mir;

import java.util.ArrayList;
import java.util.List;
import tpb.isa.EngineType;

/** Everything one engine's sequencer runs: its functions in module order (the entry first). */
public final class EngineCode {
    public final EngineType engine;
    public final List<MFunction> functions = new ArrayList<>();

    public EngineCode(EngineType engine) {
        this.engine = engine;
    }
}
