package tpb.ir;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.BirUpdateMode;
import tpb.isa.BranchCompareOp;
import tpb.isa.BranchOutcomeHint;
import tpb.isa.CallFlyweight;
import tpb.isa.DMATriggerFlyweight;
import tpb.isa.DtypeWire;
import tpb.isa.ResetQueueInstanceFlyweight;
import tpb.isa.SwitchQueueInstanceFlyweight;
import tpb.spec.DidYouMean;
import tpb.spec.model.EnumValue;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;

/**
 * The kernel's instruction kinds (seed000 §1, facts §5.5 InstructionType, plus the structured
 * loops), one entry each: the name BIR JSON gives it, the {@link Inst} record it reads into, the
 * keys its mapping may hold beside {@code inst} and {@code engine}, and its parser. Every list of kinds a message shows is read
 * from this table.
 */
final class InstKinds {
    /** Reads one instruction's keys; null when an error was reported. */
    @FunctionalInterface
    interface Parser {
        Inst parse(InstContext c, MapView v);
    }

    /** One instruction kind: its name, the {@link Inst} it reads into, the keys its mapping may hold, and its parser. */
    record Kind(String name, Class<? extends Inst> type, List<String> keys, Parser parser) {
        /** Reads one instruction of this kind; fails when the parser breaks the table (an undeclared key, another Inst). */
        Inst parse(InstContext c, MapView v) {
            Inst out = parser.parse(c, v);
            checkKeys(v.asked());
            if (out != null && !type.isInstance(out)) {
                throw new IllegalStateException("the parser of " + name + " makes a " + out.getClass().getSimpleName() + ", not a "
                        + type.getSimpleName());
            }
            return out;
        }

        /** Fails when the parser read a key the table does not list for it: the table is the grammar, read before the parser runs. */
        private void checkKeys(Set<String> read) {
            for (String k : read) {
                if (!COMMON_KEYS.contains(k) && !keys.contains(k)) {
                    throw new IllegalStateException("the parser of " + name + " reads '" + k + "', which its entry does not list");
                }
            }
        }
    }

    /** The keys every instruction may hold: its kind and its engine. */
    static final List<String> COMMON_KEYS = List.of("inst", "engine");

    /** BranchOutcomeHint's values, from the spec. */
    private static final List<String> BRANCH_HINTS = Arrays.stream(BranchOutcomeHint.values()).map(BranchOutcomeHint::specName).toList();
    /** BranchCompareOp's comparisons: every value but the sentinel (Unsupported, seed000 §3.1). */
    private static final List<String> COMPARISONS = Arrays.stream(BranchCompareOp.values()).filter(o -> !o.hasTag(EnumValue.SENTINEL))
            .map(BranchCompareOp::specName).toList();
    /** The update modes that act on a semaphore, from the spec's BirUpdateMode semaphore subset (facts §1.5). */
    private static final List<String> SEMAPHORE_UPDATE_MODES = Arrays.stream(BirUpdateMode.values())
            .filter(BirUpdateMode::isSemaphore).map(BirUpdateMode::specName).toList();

    // in the order "did you mean" prefers among equally close names
    private static final Map<String, Kind> TABLE = table(
            kind("RegisterAlu", Inst.RegisterAlu.class, InstKinds::alu, "op", "is_64bit", "dst", "src0", "src1", "dtype"),
            kind("RegisterMove", Inst.RegisterMove.class, InstKinds::move, "dst", "src", "dtype"),
            kind("CompareAndBranch", Inst.CompareAndBranch.class, InstKinds::compare, "comp_op", "lhs", "rhs", "dtype", "on_true", "on_false"),
            kind("UnconditionalBranch", Inst.UnconditionalBranch.class, InstKinds::branch, "target"),
            kind("BranchHint", Inst.BranchHint.class, InstKinds::hint, "target", "hint"),
            kind("Call", Inst.Call.class, InstKinds::call, "callee", "args_table_var_id"),
            kind("Return", Inst.Return.class, (c, v) -> new Inst.Return(c.engine(), c.pos())),
            kind("Exit", Inst.Exit.class, (c, v) -> new Inst.Exit(c.engine(), c.pos())),
            kind("NoOp", Inst.NoOp.class, (c, v) -> new Inst.NoOp(c.engine(), c.pos())),
            kind("Break", Inst.Break.class, InstKinds::breakLoop),
            kind("AllEngineBarrier", Inst.AllEngineBarrier.class, (c, v) -> new Inst.AllEngineBarrier(c.engine(), c.pos())),
            kind("Drain", Inst.Drain.class, (c, v) -> new Inst.Drain(c.engine(), c.pos())),
            kind("DMATrigger", Inst.DmaTrigger.class, InstKinds::dmaTrigger, "queue", "block_id"),
            kind("SwitchQueueInstance", Inst.SwitchQueueInstance.class, InstKinds::switchQueue, "queue", "no_rearm"),
            kind("ResetQueueInstance", Inst.ResetQueueInstance.class, InstKinds::resetQueue, "queue"),
            kind("EventSemaphore", Inst.EventSemaphore.class, InstKinds::semaphore, "wait", "update"),
            kind("GroupResetSemaphores", Inst.GroupReset.class, InstKinds::groupReset, "semaphores"),
            kind("CoreBarrier", Inst.CoreBarrier.class, InstKinds::coreBarrier, "barrier_reg", "index"),
            kind("Loop", Inst.Loop.class, InstKinds::loop, "var", "lb", "ub", "stride", "body"),
            kind("DynamicForLoop", Inst.DynamicLoop.class, InstKinds::dynamicLoop, "var", "lb", "ub_const", "ub_coef", "ub_reg", "stride", "body"),
            kind("DoWhile", Inst.DoWhile.class, InstKinds::doWhile, "pred", "body"));

    private InstKinds() {}

    private static Kind kind(String name, Class<? extends Inst> type, Parser parser, String... keys) {
        return new Kind(name, type, List.of(keys), parser);
    }

    private static Map<String, Kind> table(Kind... kinds) {
        Map<String, Kind> t = new LinkedHashMap<>();
        for (Kind k : kinds) {
            if (t.put(k.name(), k) != null) {
                throw new IllegalStateException("instruction kind " + k.name() + " is listed twice");
            }
        }
        return t;
    }

    /** The kind named {@code name}, or null. */
    static Kind get(String name) {
        return TABLE.get(name);
    }

    /** Every kind's name, in table order. */
    static List<String> names() {
        return List.copyOf(TABLE.keySet());
    }

    private static Inst alu(InstContext c, MapView v) {
        String opName = v.reqStr("op");
        boolean is64 = v.bool("is_64bit");
        Register dst = c.reg(v, "dst", is64);
        Register src0 = c.reg(v, "src0", is64);
        Operand src1 = c.operand(v, "src1", is64);
        DtypeWire dtype = c.dtype(v, is64 ? DtypeWire.UINT64 : DtypeWire.INT32);
        AluOpType op = opName == null ? null : AluOpType.fromName(opName);
        if (opName != null && op == null) {
            c.error(v.pos("op"), "unknown ALU op '" + opName + "'" + DidYouMean.suggest(opName,
                    Arrays.stream(AluOpType.values()).map(AluOpType::specName).toList()));
        } else if (op != null && !AluOpWire.encodes(op)) {
            c.error(v.pos("op"), "ALU op '" + opName + "' has no encoding: " + AluOpWire.fatalMessage(op));
            op = null;
        }
        return op == null || dst == null || src0 == null || src1 == null || dtype == null ? null
                : new Inst.RegisterAlu(op, is64, dst, src0, src1, dtype, c.engine(), c.pos());
    }

    private static Inst move(InstContext c, MapView v) {
        Register dst = c.reg(v, "dst", null);
        Operand src = dst == null ? null : c.operand(v, "src", dst.is64());
        DtypeWire dtype = c.dtype(v, DtypeWire.INT32);
        if (dst != null && dst.is64() && src instanceof Operand.Reg) {
            c.error(v.pos("src"), "64bit REG MOVE instr must have ImmediateValue src");
            return null;
        }
        return dst == null || src == null || dtype == null ? null : new Inst.RegisterMove(dst, src, dtype, c.engine(), c.pos());
    }

    private static Inst compare(InstContext c, MapView v) {
        String opName = v.reqStr("comp_op");
        Register lhs = c.reg(v, "lhs", false);
        Operand rhs = c.operand(v, "rhs", false);
        DtypeWire dtype = c.dtype(v, DtypeWire.INT32);
        String onTrue = v.reqStr("on_true");
        String onFalse = v.reqStr("on_false");
        c.branch(v, "on_true", onTrue);
        c.branch(v, "on_false", onFalse);
        BranchCompareOp op = opName == null ? null : BranchCompareOp.fromName(opName);
        if (opName != null && (op == null || op.hasTag(EnumValue.SENTINEL))) {
            c.error(v.pos("comp_op"), "'" + opName + "' is not a comparison (" + COMPARISONS.get(0) + " ... "
                    + COMPARISONS.get(COMPARISONS.size() - 1) + ")");
            op = null;
        } else if (op != null && rhs != null && op.isRegisterRhs() != (rhs instanceof Operand.Reg)) {
            c.error(v.pos("rhs"), "comp_op " + op.specName() + " takes " + (op.isRegisterRhs() ? "a register" : "an immediate") + " rhs");
            op = null;
        }
        return op == null || lhs == null || rhs == null || dtype == null || onTrue == null || onFalse == null ? null
                : new Inst.CompareAndBranch(op, lhs, rhs, dtype, onTrue, onFalse, c.engine(), c.pos());
    }

    private static Inst branch(InstContext c, MapView v) {
        String t = v.reqStr("target");
        c.branch(v, "target", t);
        return t == null ? null : new Inst.UnconditionalBranch(t, c.engine(), c.pos());
    }

    private static Inst hint(InstContext c, MapView v) {
        String t = v.reqStr("target");
        String h = v.str("hint");
        BranchOutcomeHint hint = h == null ? BranchOutcomeHint.LIKELY_TAKEN : BranchOutcomeHint.fromName(h);
        if (hint == null) {
            c.error(v.pos("hint"), "hint '" + h + "' is not " + String.join(" or ", BRANCH_HINTS));
        }
        c.branch(v, "target", t);
        return t == null || hint == null ? null : new Inst.BranchHint(t, hint, c.engine(), c.pos());
    }

    private static Inst call(InstContext c, MapView v) {
        String callee = v.reqStr("callee");
        Long args = v.num("args_table_var_id");
        if (callee != null) {
            c.call(v, callee);
            c.name(v, "callee", callee, CallFlyweight.FUNCTION_NAME_MAX_LENGTH, CallFlyweight.FUNCTION_NAME_WIDTH);
        }
        return callee == null ? null : new Inst.Call(callee, args == null ? 0 : args, c.engine(), c.pos());
    }

    private static Inst breakLoop(InstContext c, MapView v) {
        if (!c.inLoop()) {
            c.error(c.pos(), "Break outside a loop");
        }
        return new Inst.Break(c.engine(), c.pos());
    }

    private static Inst dmaTrigger(InstContext c, MapView v) {
        String q = c.queue(v, DMATriggerFlyweight.QUEUE_NAME_MAX_LENGTH, DMATriggerFlyweight.QUEUE_NAME_WIDTH);
        Long block = v.num("block_id");
        return q == null ? null : new Inst.DmaTrigger(q, block == null ? 0 : block, c.engine(), c.pos());
    }

    private static Inst switchQueue(InstContext c, MapView v) {
        String q = c.queue(v, SwitchQueueInstanceFlyweight.QUEUE_NAME_MAX_LENGTH, SwitchQueueInstanceFlyweight.QUEUE_NAME_WIDTH);
        boolean noRearm = v.bool("no_rearm");
        return q == null ? null : new Inst.SwitchQueueInstance(q, noRearm, c.engine(), c.pos());
    }

    private static Inst resetQueue(InstContext c, MapView v) {
        String q = c.queue(v, ResetQueueInstanceFlyweight.QUEUE_NAME_MAX_LENGTH, ResetQueueInstanceFlyweight.QUEUE_NAME_WIDTH);
        return q == null ? null : new Inst.ResetQueueInstance(q, c.engine(), c.pos());
    }

    /** An EventSemaphore's wait: no semaphore (null), threshold 0 and no register when there is none. */
    private record Wait(String sem, long value, Register register) {}

    /** An EventSemaphore's update: mode null when there is none, or when its mode was reported. */
    private record Update(String sem, BirUpdateMode mode, long value) {}

    private static Inst semaphore(InstContext c, MapView v) {
        YMap wait = v.map("wait");
        YMap update = v.map("update");
        Wait w = wait == null ? new Wait(null, 0, null) : waitOf(c, wait);
        if (w == null) {
            return null;
        }
        Update u = update == null ? new Update(null, null, 0) : updateOf(c, update);
        if (wait == null && update == null) {
            c.error(c.pos(), "EventSemaphore needs a 'wait', an 'update' or both");
            return null;
        }
        return update != null && u.mode() == null ? null : new Inst.EventSemaphore(w.sem(), w.value(), w.register(), u.sem(), u.mode(),
                u.value(), c.engine(), c.pos());
    }

    /** The wait of an EventSemaphore, or null when an error was reported that leaves the instruction out. */
    private static Wait waitOf(InstContext c, YMap wait) {
        MapView w = c.view(wait, "wait");
        String sem = w.reqStr("sem");
        Register register = null;
        long value = 0;
        if (w.node("register") != null) {
            if (w.node("value") != null) {
                c.error(w.pos("register"), "a wait compares with a 'value' or a 'register', not both");
                return null;
            }
            register = c.reg(w, "register", false); // SEM_GE_REG: a 32-bit threshold
            if (register == null) {
                return null;
            }
        } else {
            Long x = w.num("value");
            value = x == null ? 0 : x;
        }
        w.finish();
        return new Wait(sem, value, register);
    }

    private static Update updateOf(InstContext c, YMap update) {
        MapView u = c.view(update, "update");
        String sem = u.reqStr("sem");
        String m = u.str("mode");
        BirUpdateMode mode = m == null ? BirUpdateMode.SEM_INC : BirUpdateMode.fromName(m);
        if (mode == null || !mode.isSemaphore()) {
            c.error(u.pos("mode"), "update mode '" + m + "' is not one of " + String.join(", ", SEMAPHORE_UPDATE_MODES));
            mode = null;
        }
        Long x = u.num("value");
        long value = x == null ? 1 : x;
        u.finish();
        return new Update(sem, mode, value);
    }

    private static Inst groupReset(InstContext c, MapView v) {
        List<String> sems = v.strList("semaphores");
        if (sems.isEmpty()) {
            c.error(c.pos(), "GroupResetSemaphores needs a non-empty 'semaphores' list");
        }
        return new Inst.GroupReset(sems, c.engine(), c.pos());
    }

    private static Inst coreBarrier(InstContext c, MapView v) {
        Long reg = v.reqNum("barrier_reg");
        Long idx = v.num("index");
        return reg == null ? null : new Inst.CoreBarrier(reg, idx == null ? 0 : idx, c.engine(), c.pos());
    }

    private static Inst loop(InstContext c, MapView v) {
        Register var = c.reg(v, "var", false);
        Long lb = v.reqNum("lb");
        Long ub = v.reqNum("ub");
        long s = c.stride(v);
        c.checkI32(lb, v.pos("lb"), "lb");
        c.checkI32(ub, v.pos("ub"), "ub");
        List<Inst> body = c.body(v);
        return var == null || lb == null || ub == null ? null : new Inst.Loop(var, lb, ub, s, body, c.engine(), c.pos());
    }

    private static Inst dynamicLoop(InstContext c, MapView v) {
        Register var = c.reg(v, "var", false);
        Long lb = v.reqNum("lb");
        Long ubConst = v.reqNum("ub_const");
        Long ubCoef = v.reqNum("ub_coef");
        Register ubReg = c.reg(v, "ub_reg", false);
        long s = c.stride(v);
        List<Inst> body = c.body(v);
        return var == null || lb == null || ubConst == null || ubCoef == null || ubReg == null ? null
                : new Inst.DynamicLoop(var, lb, ubConst, ubCoef, ubReg, s, body, c.engine(), c.pos());
    }

    private static Inst doWhile(InstContext c, MapView v) {
        Register pred = c.reg(v, "pred", false);
        List<Inst> body = c.body(v);
        return pred == null ? null : new Inst.DoWhile(pred, body, c.engine(), c.pos());
    }
}
