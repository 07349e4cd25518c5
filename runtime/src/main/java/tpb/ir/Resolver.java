package tpb.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tpb.spec.Diagnostics;
import tpb.spec.DidYouMean;
import tpb.spec.Message;
import tpb.spec.Pos;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YNode;
import tpb.spec.yaml.YScalar;
import tpb.spec.yaml.YSeq;

/**
 * The names a kernel declares and uses. Registers are declared before any instruction and
 * resolved where an instruction names one. Functions and their blocks are declared before any
 * instruction too, but a branch may name a later block and a call a later function, so those
 * references wait for {@link #resolve()}, once every function is read.
 */
final class Resolver {
    private final Diagnostics diags;
    private final Map<String, Register> registers = new LinkedHashMap<>();
    private final Map<String, Set<String>> blocksByFunction = new HashMap<>();
    private final Map<String, String> functionOfBlock = new HashMap<>();
    private final List<PendingBranch> branches = new ArrayList<>();
    private final List<PendingCall> calls = new ArrayList<>();

    private record PendingBranch(String function, String target, Pos pos) {}

    private record PendingCall(String callee, Pos pos) {}

    Resolver(Diagnostics diags) {
        this.diags = diags;
    }

    private void error(Pos pos, String message) {
        diags.error(pos, Message.KERNEL, message);
    }

    /** Declares a register: a name, or {name, is_64bit}. */
    void declareRegister(YNode n) {
        String name;
        boolean is64 = false;
        if (n instanceof YScalar s) {
            name = s.text();
        } else if (n instanceof YMap m) {
            MapView v = new MapView(m, "register", diags);
            name = v.reqStr("name");
            is64 = v.bool("is_64bit");
            v.finish();
        } else {
            error(n.pos(), "a register is a name or {name, is_64bit}");
            return;
        }
        if (name == null) {
            return;
        }
        if (registers.containsKey(name)) {
            error(n.pos(), "register '" + name + "' is declared twice");
            return;
        }
        registers.put(name, new Register(name, is64));
    }

    /** The declared registers, in declaration order. */
    List<Register> registers() {
        return List.copyOf(registers.values());
    }

    /** The declared register names, in declaration order (what "did you mean" chooses from). */
    Set<String> registerNames() {
        return Collections.unmodifiableSet(registers.keySet());
    }

    /** Declares a function and its blocks (a function without 'blocks' has the one block NAME.entry). */
    void declareFunction(YMap fn) {
        String name = fn.get("name") instanceof YScalar s ? s.text() : null;
        if (name == null) {
            return;
        }
        if (blocksByFunction.containsKey(name)) {
            error(fn.pos(), "function '" + name + "' is defined twice");
            return;
        }
        Set<String> blocks = new HashSet<>();
        blocksByFunction.put(name, blocks);
        if (fn.get("blocks") instanceof YSeq seq) {
            for (YNode b : seq.items()) {
                if (b instanceof YMap bm && bm.get("name") instanceof YScalar bn) {
                    if (functionOfBlock.containsKey(bn.text())) {
                        error(bn.pos(), "block '" + bn.text() + "' is defined twice (block names are unique in a kernel)");
                    }
                    blocks.add(bn.text());
                    functionOfBlock.put(bn.text(), name);
                }
            }
        } else {
            blocks.add(name + ".entry");
            functionOfBlock.put(name + ".entry", name);
        }
    }

    /** The register {@code key} names; {@code is64} (when not null) is the width the instruction needs. */
    Register register(MapView v, String key, Boolean is64) {
        String name = v.reqStr(key);
        if (name == null) {
            return null;
        }
        Register r = registers.get(name);
        if (r == null) {
            error(v.pos(key), "unknown register '" + name + "'" + DidYouMean.suggest(name, registers.keySet()));
            return null;
        }
        if (is64 != null && r.is64() != is64) {
            error(v.pos(key), (is64 ? "64-bit op on 32-bit register '" : "32-bit op on 64-bit register '") + name + "'");
            return null;
        }
        return r;
    }

    /** A branch of {@code function} to block {@code target}, checked by {@link #resolve()}. */
    void branch(String function, String target, Pos pos) {
        branches.add(new PendingBranch(function, target, pos));
    }

    /** A call of {@code callee}, checked by {@link #resolve()}. */
    void call(String callee, Pos pos) {
        calls.add(new PendingCall(callee, pos));
    }

    /** Checks every branch and call: the block exists in the branch's own function, the callee exists. */
    void resolve() {
        for (PendingBranch b : branches) {
            String owner = functionOfBlock.get(b.target());
            if (owner == null) {
                error(b.pos(), "unknown block '" + b.target() + "'" + DidYouMean.suggest(b.target(),
                        blocksByFunction.getOrDefault(b.function(), Set.of())));
            } else if (!owner.equals(b.function())) {
                error(b.pos(), "branch to block '" + b.target() + "' of function '" + owner + "': a branch stays in its function '"
                        + b.function() + "'");
            }
        }
        for (PendingCall c : calls) {
            if (!blocksByFunction.containsKey(c.callee())) {
                error(c.pos(), "unknown function '" + c.callee() + "'" + DidYouMean.suggest(c.callee(), blocksByFunction.keySet()));
            }
        }
    }
}
