package tpb.ir;

import java.util.List;
import tpb.isa.DtypeWire;
import tpb.isa.EngineType;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.Pos;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YNode;
import tpb.spec.yaml.YScalar;

/**
 * Where one instruction sits — its function, loop depth, engine and position — and the reads its
 * parser in {@link InstKinds} shares with the others: registers and operands (through the
 * {@link Resolver}), dtypes, branch targets and callees, names as long as their record field
 * holds, loop bodies.
 */
final class InstContext {
    private final FunctionReader functions;
    private final Resolver names;
    private final Diagnostics diags;
    private final String function;
    private final int depth;
    private final EngineType engine;
    private final Pos pos;

    InstContext(FunctionReader functions, Resolver names, Diagnostics diags, String function, int depth, EngineType engine, Pos pos) {
        this.functions = functions;
        this.names = names;
        this.diags = diags;
        this.function = function;
        this.depth = depth;
        this.engine = engine;
        this.pos = pos;
    }

    /** The engine the instruction runs on (ALL unless it names one). */
    EngineType engine() {
        return engine;
    }

    /** Where the instruction's mapping starts. */
    Pos pos() {
        return pos;
    }

    /** Whether the instruction sits inside a loop body. */
    boolean inLoop() {
        return depth > 0;
    }

    void error(Pos at, String message) {
        diags.error(at, Message.KERNEL, message);
    }

    /** A nested mapping of the instruction ({@code wait}, {@code update}), read as {@code what}. */
    MapView view(YMap m, String what) {
        return new MapView(m, what, diags);
    }

    /** A register operand; {@code is64} (when not null) is the width the instruction needs. */
    Register reg(MapView v, String key, Boolean is64) {
        return names.register(v, key, is64);
    }

    /** A register or an immediate; an immediate of a 32-bit instruction fits 32 bits, signed or not. */
    Operand operand(MapView v, String key, boolean is64) {
        YNode n = v.node(key);
        if (n == null) {
            error(v.pos(), "instruction is missing required key '" + key + "'");
            return null;
        }
        if (n instanceof YScalar s && s.kind() == YScalar.Kind.INT) {
            Long x = MapView.number(n, key, diags);
            if (x == null) {
                return null;
            }
            if (!is64 && (x < Integer.MIN_VALUE || x > 0xFFFF_FFFFL)) {
                error(n.pos(), "immediate " + x + " does not fit 32 bits");
                return null;
            }
            return Operand.of(x);
        }
        Register r = reg(v, key, is64);
        return r == null ? null : Operand.of(r);
    }

    DtypeWire dtype(MapView v, DtypeWire dflt) {
        String d = v.str("dtype");
        if (d == null) {
            return dflt;
        }
        DtypeWire t = DtypeWire.fromName(d);
        if (t == null) {
            error(v.pos("dtype"), "unknown dtype '" + d + "'");
        }
        return t;
    }

    /** A branch to the block {@code target} (read from {@code key}), resolved once every function is read. */
    void branch(MapView v, String key, String target) {
        if (target != null) {
            names.branch(function, target, v.pos(key));
        }
    }

    /** A call of {@code callee}, resolved once every function is read. */
    void call(MapView v, String callee) {
        names.call(callee, v.pos("callee"));
    }

    /** A queue name, as long as the arm's queue_name field holds (the spec's limit, from the generated flyweight). */
    String queue(MapView v, int maxLength, int width) {
        String q = v.reqStr("queue");
        name(v, "queue", q, maxLength, width);
        return q;
    }

    /** Reports a name longer than its record field holds; the limits are the spec's (nul: optional lets a name fill the field). */
    void name(MapView v, String key, String name, int maxLength, int width) {
        if (name != null && name.length() > maxLength) {
            error(v.pos(key), key + " name '" + name + "' is longer than " + maxLength + " characters (the record holds " + width + " bytes)");
        }
    }

    /** A loop's stride: 1 unless given, and positive. */
    long stride(MapView v) {
        Long stride = v.num("stride");
        long s = stride == null ? 1 : stride;
        if (s <= 0) {
            error(v.pos("stride"), "stride must be positive (the lowered back edge tests var < ub)");
        }
        return s;
    }

    /** A static loop bound: it fits the signed 32-bit loop counter. */
    void checkI32(Long x, Pos at, String what) {
        if (x != null && (x < Integer.MIN_VALUE || x > Integer.MAX_VALUE)) {
            error(at, what + " " + x + " does not fit a signed 32-bit loop counter");
        }
    }

    /** A loop's body, one level deeper. */
    List<Inst> body(MapView v) {
        return functions.insts(v.seq("body"), function, depth + 1);
    }
}
