package tpb.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import tpb.isa.EngineType;
import tpb.spec.Diagnostics;
import tpb.spec.DidYouMean;
import tpb.spec.Message;
import tpb.spec.Pos;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YNode;
import tpb.spec.yaml.YSeq;

/**
 * Reads a kernel's {@code functions}: every function's blocks are declared to the {@link Resolver}
 * first (a branch may name a later block), then each block's instructions are read, each through
 * the parser its {@code inst} names in {@link InstKinds}, in kernel order for the module-feature
 * rules ({@link FeatureOrder}).
 */
final class FunctionReader {
    /** The kinds a function's last block may end with (control leaves the function or stays in it), as the message names them. */
    private static final List<InstKinds.Kind> FUNCTION_ENDS = Stream.of("Exit", "Return", "UnconditionalBranch").map(InstKinds::get)
            .map(Objects::requireNonNull).toList();

    private final Diagnostics diags;
    private final Resolver names;
    private final FeatureOrder features;

    FunctionReader(Diagnostics diags, Resolver names) {
        this.diags = diags;
        this.names = names;
        this.features = new FeatureOrder(diags);
    }

    private void error(Pos pos, String message) {
        diags.error(pos, Message.KERNEL, message);
    }

    /** The functions of {@code fns} (null: none) that read without an error that leaves them out. */
    List<Function> functions(YSeq fns) {
        List<YMap> fnMaps = new ArrayList<>();
        if (fns != null) {
            for (YNode n : fns.items()) {
                if (n instanceof YMap m) {
                    fnMaps.add(m);
                    names.declareFunction(m);
                } else {
                    error(n.pos(), "a function is a mapping with 'name' and 'blocks'");
                }
            }
        }
        List<Function> functions = new ArrayList<>();
        for (YMap m : fnMaps) {
            Function f = function(m);
            if (f != null) {
                functions.add(f);
            }
        }
        return functions;
    }

    private Function function(YMap m) {
        MapView v = new MapView(m, "function", diags);
        String name = v.reqStr("name");
        YSeq blocks = v.seq("blocks");
        YSeq insts = v.seq("insts");
        v.finish();
        if (name == null) {
            return null;
        }
        List<Block> out = new ArrayList<>();
        if (blocks != null) {
            for (YNode n : blocks.items()) {
                if (!(n instanceof YMap bm)) {
                    error(n.pos(), "a block is a mapping with 'name' and 'insts'");
                    continue;
                }
                MapView bv = new MapView(bm, "block", diags);
                String bn = bv.reqStr("name");
                YSeq bi = bv.seq("insts");
                bv.finish();
                out.add(new Block(bn, insts(bi, name, 0)));
            }
        } else if (insts != null) {
            out.add(new Block(name + ".entry", insts(insts, name, 0)));
        } else {
            error(m.pos(), "function '" + name + "' needs 'blocks' or 'insts'");
            return null;
        }
        if (!out.isEmpty() && !endsItsFunction(out.get(out.size() - 1).insts())) {
            error(m.pos(), "function '" + name + "' falls off its last block: end it with " + String.join(", ",
                    FUNCTION_ENDS.subList(0, FUNCTION_ENDS.size() - 1).stream().map(InstKinds.Kind::name).toList()) + " or "
                    + FUNCTION_ENDS.get(FUNCTION_ENDS.size() - 1).name());
        }
        return new Function(name, out);
    }

    private static boolean endsItsFunction(List<Inst> last) {
        return !last.isEmpty() && FUNCTION_ENDS.stream().anyMatch(k -> k.type().isInstance(last.get(last.size() - 1)));
    }

    /** The instructions of {@code seq} (null: none) in {@code function}, {@code loopDepth} loops deep. */
    List<Inst> insts(YSeq seq, String function, int loopDepth) {
        List<Inst> out = new ArrayList<>();
        if (seq == null) {
            return out;
        }
        for (YNode n : seq.items()) {
            if (!(n instanceof YMap m)) {
                error(n.pos(), "an instruction is a mapping with 'inst'");
                continue;
            }
            Inst i = inst(m, function, loopDepth);
            if (i != null) {
                out.add(i);
            }
        }
        return out;
    }

    private Inst inst(YMap m, String function, int depth) {
        MapView v = new MapView(m, "instruction", diags);
        String kind = v.reqStr("inst");
        EngineType engine = engine(v);
        if (kind == null) {
            v.finish();
            return null;
        }
        InstKinds.Kind k = InstKinds.get(kind);
        if (k == null) {
            // an unknown instruction's keys are not known either: one error, not one a key
            error(v.pos("inst"), "unknown instruction '" + kind + "'" + DidYouMean.suggest(kind, InstKinds.names()));
            return null;
        }
        // the entry's keys are the grammar: a key the parser skips after an earlier error is not unknown
        k.keys().forEach(v::has);
        Inst out = k.parse(new InstContext(this, names, diags, function, depth, engine, m.pos()), v);
        v.finish();
        if (out != null) {
            features.apply(kind, m, m.pos());
        }
        return out;
    }

    /** The engine an instruction names: a datapath engine or ALL (the default, and what an error leaves). */
    private EngineType engine(MapView v) {
        String engineName = v.str("engine");
        if (engineName == null) {
            return EngineType.ALL;
        }
        EngineType engine = EngineType.fromName(engineName);
        if (engine == null || !(engine.isDatapath() || engine == EngineType.ALL)) {
            error(v.pos("engine"), "'" + engineName + "' is not an engine for instructions ("
                    + String.join(", ", KernelReader.DATAPATH_ENGINES) + " or " + EngineType.ALL.specName() + ")");
            return EngineType.ALL;
        }
        return engine;
    }
}
