package tpb.ir;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.HashSet;
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
import tpb.isa.EngineType;
import tpb.isa.ModuleFeature;
import tpb.isa.ResetQueueInstanceFlyweight;
import tpb.isa.SwitchQueueInstanceFlyweight;
import tpb.spec.Diagnostics;
import tpb.spec.DidYouMean;
import tpb.spec.Message;
import tpb.spec.Pos;
import tpb.spec.model.EnumValue;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YNode;
import tpb.spec.yaml.YScalar;
import tpb.spec.yaml.YSeq;
import tpb.spec.yaml.YamlReader;

/**
 * Reads a kernel file (YAML, or JSON, which is YAML) into a {@link Module}. Keys follow BIR JSON
 * ({@code op}, {@code is_64bit}, {@code comp_op}, {@code on_true}, {@code on_false}); see the
 * README for the grammar. Every problem is reported as {@code file:line:column: message}.
 */
public final class KernelReader {
    /** The largest DMA region a kernel may declare: a bound of this project on simulator memory (ASSUMED, not an ISA fact). */
    static final int MAX_REGION_BYTES = 1 << 26;

    /** The engines a kernel may name, from the spec's EngineType datapath subset (seed000 §1). */
    private static final List<String> DATAPATH_ENGINES = Arrays.stream(EngineType.values()).filter(EngineType::isDatapath)
            .map(EngineType::specName).toList();
    /** The update modes that act on a semaphore, from the spec's BirUpdateMode semaphore subset (facts §1.5). */
    private static final List<String> BRANCH_HINTS = Arrays.stream(BranchOutcomeHint.values()).map(BranchOutcomeHint::specName).toList();
    /** BranchCompareOp's comparisons: every value but the sentinel (Unsupported, seed000 §3.1). */
    private static final List<String> COMPARISONS = Arrays.stream(BranchCompareOp.values()).filter(o -> !o.hasTag(EnumValue.SENTINEL))
            .map(BranchCompareOp::specName).toList();
    private static final List<String> SEMAPHORE_UPDATE_MODES = Arrays.stream(BirUpdateMode.values())
            .filter(BirUpdateMode::isSemaphore).map(BirUpdateMode::specName).toList();

    private final String file;
    private final Diagnostics diags = new Diagnostics();
    private final Map<String, Register> registers = new LinkedHashMap<>();
    private final Map<String, Set<String>> blocksByFunction = new HashMap<>();
    private final Map<String, String> functionOfBlock = new HashMap<>();
    private final List<PendingBranch> branches = new ArrayList<>();
    private final List<PendingCall> calls = new ArrayList<>();

    private record PendingBranch(String function, String target, Pos pos) {}

    private record PendingCall(String callee, Pos pos) {}

    /** The module features the kernel's instructions set, and the instructions that need one (the spec's `feature:` rules). */
    private final EnumSet<ModuleFeature> features = EnumSet.noneOf(ModuleFeature.class);
    /** Where each module feature was last cleared (for the message when a later instruction needs it). */
    private final Map<ModuleFeature, Pos> clearedAt = new EnumMap<>(ModuleFeature.class);

    private KernelReader(String file) {
        this.file = file;
    }

    public static Module read(String file, String text) {
        KernelReader r = new KernelReader(file);
        Module m = r.module(text);
        if (r.diags.hasErrors() || m == null) {
            throw new KernelException(r.diags.sorted());
        }
        return m;
    }

    private void error(Pos pos, String message) {
        diags.error(pos, Message.KERNEL, message);
    }

    private Module module(String text) {
        List<YNode> docs = YamlReader.read(file, text, diags);
        if (docs.isEmpty()) {
            if (!diags.hasErrors()) {
                error(new Pos(file, 1, 1), "the file holds no kernel");
            }
            return null;
        }
        if (!(docs.get(0) instanceof YMap root)) {
            error(docs.get(0).pos(), "a kernel is a mapping with 'kernel', 'registers' and 'functions'");
            return null;
        }
        MapView v = new MapView(root, "kernel", diags);
        String name = v.reqStr("kernel");
        List<EngineType> engines = new ArrayList<>();
        for (String e : v.strList("engines")) {
            EngineType t = EngineType.fromName(e);
            if (t == null || !t.isDatapath()) {
                error(v.pos("engines"), "'" + e + "' is not a datapath engine (" + String.join(", ", DATAPATH_ENGINES) + ")");
            } else {
                engines.add(t);
            }
        }
        if (engines.isEmpty()) {
            engines.add(EngineType.SP);
        }
        YSeq regs = v.seq("registers");
        if (regs != null) {
            for (YNode n : regs.items()) {
                register(n);
            }
        }
        YSeq fns = v.seq("functions");
        if (fns == null && !v.has("functions")) {
            error(root.pos(), "kernel is missing required key 'functions'");
        }
        YMap expectMap = v.map("expect");
        YMap memMap = v.map("memory");
        YMap queueMap = v.map("queues");
        YSeq expectMem = v.seq("expect_memory");
        v.finish();
        List<Dma.Region> memory = regions(memMap);
        List<Dma.Queue> queues = queues(queueMap, memory);
        List<Module.ExpectMemory> expectMemory = expectMemory(expectMem, memory);
        List<YMap> fnMaps = new ArrayList<>();
        if (fns != null) {
            for (YNode n : fns.items()) {
                if (n instanceof YMap m) {
                    fnMaps.add(m);
                    collectBlocks(m);
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
        Map<String, Long> expect = new LinkedHashMap<>();
        if (expectMap != null) {
            for (YMap.Entry e : expectMap.entries()) {
                if (!registers.containsKey(e.key())) {
                    error(e.keyPos(), "expect: unknown register '" + e.key() + "'" + DidYouMean.suggest(e.key(), registers.keySet()));
                    continue;
                }
                Long x = MapView.number(e.value(), e.key(), diags);
                if (x != null) {
                    expect.put(e.key(), x);
                }
            }
        }
        if (functions.isEmpty() && !diags.hasErrors()) {
            error(root.pos(), "a kernel needs at least one function");
        }
        return name == null ? null : new Module(name, List.copyOf(registers.values()), functions, engines, expect, memory, queues,
                expectMemory);
    }

    private List<Dma.Region> regions(YMap m) {
        List<Dma.Region> out = new ArrayList<>();
        if (m == null) {
            return out;
        }
        for (YMap.Entry e : m.entries()) {
            if (!(e.value() instanceof YMap rm)) {
                error(e.value().pos(), "a memory region is {size, init}");
                continue;
            }
            MapView v = new MapView(rm, "memory region", diags);
            Long size = v.reqNum("size");
            String init = v.str("init");
            v.finish();
            if (init != null && !init.equals("zero") && !init.equals("iota")) {
                error(v.pos("init"), "init is zero or iota, not '" + init + "'");
            }
            if (size != null && (size <= 0 || size > MAX_REGION_BYTES)) {
                error(v.pos("size"), "region size " + size + " must be between 1 and " + (MAX_REGION_BYTES >> 20) + " MiB");
            } else if (size != null) {
                out.add(new Dma.Region(e.key(), size.intValue(), "iota".equals(init)));
            }
        }
        return out;
    }

    private List<Dma.Queue> queues(YMap m, List<Dma.Region> memory) {
        List<Dma.Queue> out = new ArrayList<>();
        if (m == null) {
            return out;
        }
        for (YMap.Entry e : m.entries()) {
            if (!(e.value() instanceof YSeq blocks)) {
                error(e.value().pos(), "a queue is a list of DMA blocks");
                continue;
            }
            List<Dma.Block> bs = new ArrayList<>();
            for (YNode bn : blocks.items()) {
                if (!(bn instanceof YMap bm)) {
                    error(bn.pos(), "a DMA block is {src, dst, elem_size}");
                    continue;
                }
                MapView v = new MapView(bm, "DMA block", diags);
                Dma.Pattern src = pattern(v.map("src"), memory, bm);
                Dma.Pattern dst = pattern(v.map("dst"), memory, bm);
                Long elem = v.num("elem_size");
                v.finish();
                if (src != null && dst != null) {
                    bs.add(new Dma.Block(src, dst, elem == null ? 4 : elem.intValue()));
                }
            }
            out.add(new Dma.Queue(e.key(), bs));
        }
        return out;
    }

    private Dma.Pattern pattern(YMap m, List<Dma.Region> memory, YMap owner) {
        if (m == null) {
            error(owner.pos(), "a DMA block needs 'src' and 'dst' patterns");
            return null;
        }
        MapView v = new MapView(m, "DMA pattern", diags);
        String region = v.reqStr("region");
        Long offset = v.num("offset");
        List<Long> step = numbers(v, "step");
        List<Long> num = numbers(v, "num");
        v.finish();
        if (region != null && memory.stream().noneMatch(r -> r.name().equals(region))) {
            error(v.pos("region"), "unknown memory region '" + region + "'" + DidYouMean.suggest(region,
                    memory.stream().map(Dma.Region::name).toList()));
            return null;
        }
        if (region == null) {
            return null;
        }
        return new Dma.Pattern(region, offset == null ? 0 : offset, step.size() > 0 ? step.get(0) : 0, step.size() > 1 ? step.get(1) : 0,
                num.size() > 0 ? num.get(0).intValue() : 1, num.size() > 1 ? num.get(1).intValue() : 1);
    }

    private List<Long> numbers(MapView v, String key) {
        List<Long> out = new ArrayList<>();
        YSeq s = v.seq(key);
        if (s != null) {
            for (YNode n : s.items()) {
                Long x = MapView.number(n, key, diags);
                if (x != null) {
                    out.add(x);
                }
            }
        }
        return out;
    }

    private List<Module.ExpectMemory> expectMemory(YSeq seq, List<Dma.Region> memory) {
        List<Module.ExpectMemory> out = new ArrayList<>();
        if (seq == null) {
            return out;
        }
        for (YNode n : seq.items()) {
            if (!(n instanceof YMap m)) {
                error(n.pos(), "expect_memory items are {region, offset, hex}");
                continue;
            }
            MapView v = new MapView(m, "expect_memory", diags);
            String region = v.reqStr("region");
            Long offset = v.num("offset");
            String hex = v.reqStr("hex");
            v.finish();
            if (region != null && memory.stream().noneMatch(r -> r.name().equals(region))) {
                error(v.pos("region"), "unknown memory region '" + region + "'");
                continue;
            }
            if (hex == null || region == null) {
                continue;
            }
            String h = hex.replaceAll("\\s", "");
            if (!h.matches("([0-9a-fA-F]{2})+")) {
                error(v.pos("hex"), "hex takes byte pairs such as \"00 01 02\"");
                continue;
            }
            out.add(new Module.ExpectMemory(region, offset == null ? 0 : offset.intValue(), HexFormat.of().parseHex(h)));
        }
        return out;
    }

    private void register(YNode n) {
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

    private void collectBlocks(YMap fn) {
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
        if (!out.isEmpty()) {
            List<Inst> last = out.get(out.size() - 1).insts();
            boolean ends = !last.isEmpty() && (last.get(last.size() - 1) instanceof Inst.Exit || last.get(last.size() - 1) instanceof Inst.Return
                    || last.get(last.size() - 1) instanceof Inst.UnconditionalBranch);
            if (!ends) {
                error(m.pos(), "function '" + name + "' falls off its last block: end it with Exit, Return or UnconditionalBranch");
            }
        }
        return new Function(name, out);
    }

    private List<Inst> insts(YSeq seq, String function, int loopDepth) {
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
        String engineName = v.str("engine");
        EngineType engine = EngineType.ALL;
        if (engineName != null) {
            engine = EngineType.fromName(engineName);
            if (engine == null || !(engine.isDatapath() || engine == EngineType.ALL)) {
                error(v.pos("engine"), "'" + engineName + "' is not an engine for instructions ("
                        + String.join(", ", DATAPATH_ENGINES) + " or " + EngineType.ALL.specName() + ")");
                engine = EngineType.ALL;
            }
        }
        Pos pos = m.pos();
        if (kind == null) {
            v.finish();
            return null;
        }
        Inst out = switch (kind) {
            case "RegisterAlu" -> alu(v, engine, pos);
            case "RegisterMove" -> move(v, engine, pos);
            case "CompareAndBranch" -> compare(v, function, engine, pos);
            case "UnconditionalBranch" -> {
                String t = v.reqStr("target");
                if (t != null) {
                    branches.add(new PendingBranch(function, t, v.pos("target")));
                }
                yield t == null ? null : new Inst.UnconditionalBranch(t, engine, pos);
            }
            case "BranchHint" -> {
                String t = v.reqStr("target");
                String h = v.str("hint");
                BranchOutcomeHint hint = h == null ? BranchOutcomeHint.LIKELY_TAKEN : BranchOutcomeHint.fromName(h);
                if (hint == null) {
                    error(v.pos("hint"), "hint '" + h + "' is not " + String.join(" or ", BRANCH_HINTS));
                }
                if (t != null) {
                    branches.add(new PendingBranch(function, t, v.pos("target")));
                }
                yield t == null || hint == null ? null : new Inst.BranchHint(t, hint, engine, pos);
            }
            case "Call" -> {
                String callee = v.reqStr("callee");
                Long args = v.num("args_table_var_id");
                if (callee != null) {
                    calls.add(new PendingCall(callee, v.pos("callee")));
                    name(v, "callee", callee, CallFlyweight.FUNCTION_NAME_MAX_LENGTH, CallFlyweight.FUNCTION_NAME_WIDTH);
                }
                yield callee == null ? null : new Inst.Call(callee, args == null ? 0 : args, engine, pos);
            }
            case "Return" -> new Inst.Return(engine, pos);
            case "Exit" -> new Inst.Exit(engine, pos);
            case "NoOp" -> new Inst.NoOp(engine, pos);
            case "Break" -> {
                if (depth == 0) {
                    error(pos, "Break outside a loop");
                }
                yield new Inst.Break(engine, pos);
            }
            case "AllEngineBarrier" -> new Inst.AllEngineBarrier(engine, pos);
            case "Drain" -> new Inst.Drain(engine, pos);
            case "DMATrigger" -> {
                String q = queue(v, DMATriggerFlyweight.QUEUE_NAME_MAX_LENGTH, DMATriggerFlyweight.QUEUE_NAME_WIDTH);
                Long block = v.num("block_id");
                yield q == null ? null : new Inst.DmaTrigger(q, block == null ? 0 : block, engine, pos);
            }
            case "SwitchQueueInstance" -> {
                String q = queue(v, SwitchQueueInstanceFlyweight.QUEUE_NAME_MAX_LENGTH,
                        SwitchQueueInstanceFlyweight.QUEUE_NAME_WIDTH);
                boolean noRearm = v.bool("no_rearm");
                yield q == null ? null : new Inst.SwitchQueueInstance(q, noRearm, engine, pos);
            }
            case "ResetQueueInstance" -> {
                String q = queue(v, ResetQueueInstanceFlyweight.QUEUE_NAME_MAX_LENGTH,
                        ResetQueueInstanceFlyweight.QUEUE_NAME_WIDTH);
                yield q == null ? null : new Inst.ResetQueueInstance(q, engine, pos);
            }
            case "EventSemaphore" -> semaphore(v, engine, pos);
            case "GroupResetSemaphores" -> {
                List<String> sems = v.strList("semaphores");
                if (sems.isEmpty()) {
                    error(pos, "GroupResetSemaphores needs a non-empty 'semaphores' list");
                }
                yield new Inst.GroupReset(sems, engine, pos);
            }
            case "CoreBarrier" -> {
                Long reg = v.reqNum("barrier_reg");
                Long idx = v.num("index");
                yield reg == null ? null : new Inst.CoreBarrier(reg, idx == null ? 0 : idx, engine, pos);
            }
            case "Loop" -> {
                Register var = reg(v, "var", false);
                Long lb = v.reqNum("lb");
                Long ub = v.reqNum("ub");
                Long stride = v.num("stride");
                long s = stride == null ? 1 : stride;
                if (s <= 0) {
                    error(v.pos("stride"), "stride must be positive (the lowered back edge tests var < ub)");
                }
                checkI32(lb, v.pos("lb"), "lb");
                checkI32(ub, v.pos("ub"), "ub");
                List<Inst> body = insts(v.seq("body"), function, depth + 1);
                yield var == null || lb == null || ub == null ? null : new Inst.Loop(var, lb, ub, s, body, engine, pos);
            }
            case "DynamicForLoop" -> {
                Register var = reg(v, "var", false);
                Long lb = v.reqNum("lb");
                Long ubConst = v.reqNum("ub_const");
                Long ubCoef = v.reqNum("ub_coef");
                Register ubReg = reg(v, "ub_reg", false);
                Long stride = v.num("stride");
                long s = stride == null ? 1 : stride;
                if (s <= 0) {
                    error(v.pos("stride"), "stride must be positive (the lowered back edge tests var < ub)");
                }
                List<Inst> body = insts(v.seq("body"), function, depth + 1);
                yield var == null || lb == null || ubConst == null || ubCoef == null || ubReg == null ? null
                        : new Inst.DynamicLoop(var, lb, ubConst, ubCoef, ubReg, s, body, engine, pos);
            }
            case "DoWhile" -> {
                Register pred = reg(v, "pred", false);
                List<Inst> body = insts(v.seq("body"), function, depth + 1);
                yield pred == null ? null : new Inst.DoWhile(pred, body, engine, pos);
            }
            default -> {
                error(v.pos("inst"), "unknown instruction '" + kind + "'" + DidYouMean.suggest(kind, KINDS));
                yield null;
            }
        };
        if (out != null || KINDS.contains(kind)) {
            v.finish(); // an unknown instruction's keys are not known either: one error, not one a key
        }
        if (out != null) {
            // kernel instructions and their keys are named as the spec's arms and fields are
            // in the order the encoders meet them: a requirement first, then the record's own clear
            // (ResetQueueInstance asserts neff_feature_SQI_no_rearm, then clears it: seed000 §4.4), then its set
            for (ModuleFeature f : ModuleFeature.requiredBy(kind)) {
                if (!features.contains(f)) {
                    Pos cleared = clearedAt.get(f);
                    error(pos, kind + " needs the module feature " + f.specName() + " (else " + f.consequence(kind) + "): "
                            + (cleared == null ? "add a " + f.setByArm() + " with " + f.setByField() + " set before it"
                            : "the " + kind + " at " + cleared.line() + ":" + cleared.column() + " cleared it; add a " + f.setByArm()
                            + " with " + f.setByField() + " set between them"));
                }
            }
            for (ModuleFeature f : ModuleFeature.clearedBy(kind)) {
                if (features.remove(f)) {
                    clearedAt.put(f, pos);
                }
            }
            features.addAll(ModuleFeature.setBy(kind, field -> fieldValue(m, field)));
        }
        return out;
    }

    /** An instruction's value for a spec field: its number, 1 or 0 for true or false, 0 when absent. */
    private static long fieldValue(YMap m, String field) {
        if (m.get(field) instanceof YScalar s) {
            if (s.kind() == YScalar.Kind.BOOL) {
                return Boolean.parseBoolean(s.text()) ? 1 : 0;
            }
            try {
                return Long.decode(s.text());
            } catch (NumberFormatException notANumber) {
                return 0; // already reported where the key is read
            }
        }
        return 0;
    }

    static final List<String> KINDS = List.of("RegisterAlu", "RegisterMove", "CompareAndBranch", "UnconditionalBranch", "BranchHint",
            "Call", "Return", "Exit", "NoOp", "Break", "AllEngineBarrier", "Drain", "DMATrigger", "SwitchQueueInstance",
            "ResetQueueInstance", "EventSemaphore", "GroupResetSemaphores", "CoreBarrier", "Loop", "DynamicForLoop", "DoWhile");

    /** A queue name, as long as the arm's queue_name field holds (the spec's limit, from the generated flyweight). */
    private String queue(MapView v, int maxLength, int width) {
        String q = v.reqStr("queue");
        name(v, "queue", q, maxLength, width);
        return q;
    }

    /** Reports a name longer than its record field holds; the limits are the spec's (nul: optional lets a name fill the field). */
    private void name(MapView v, String key, String name, int maxLength, int width) {
        if (name != null && name.length() > maxLength) {
            error(v.pos(key), key + " name '" + name + "' is longer than " + maxLength + " characters (the record holds " + width + " bytes)");
        }
    }

    private Inst alu(MapView v, EngineType engine, Pos pos) {
        String opName = v.reqStr("op");
        boolean is64 = v.bool("is_64bit");
        Register dst = reg(v, "dst", is64);
        Register src0 = reg(v, "src0", is64);
        Operand src1 = operand(v, "src1", is64, true);
        DtypeWire dtype = dtype(v, is64 ? DtypeWire.UINT64 : DtypeWire.INT32);
        AluOpType op = opName == null ? null : AluOpType.fromName(opName);
        if (opName != null && op == null) {
            error(v.pos("op"), "unknown ALU op '" + opName + "'" + DidYouMean.suggest(opName,
                    Arrays.stream(AluOpType.values()).map(AluOpType::specName).toList()));
        } else if (op != null && !AluOpWire.encodes(op)) {
            error(v.pos("op"), "ALU op '" + opName + "' has no encoding: " + AluOpWire.fatalMessage(op));
            op = null;
        }
        return op == null || dst == null || src0 == null || src1 == null || dtype == null ? null
                : new Inst.RegisterAlu(op, is64, dst, src0, src1, dtype, engine, pos);
    }

    private Inst move(MapView v, EngineType engine, Pos pos) {
        Register dst = reg(v, "dst", null);
        Operand src = dst == null ? null : operand(v, "src", dst.is64(), true);
        DtypeWire dtype = dtype(v, DtypeWire.INT32);
        if (dst != null && dst.is64() && src instanceof Operand.Reg) {
            error(v.pos("src"), "64bit REG MOVE instr must have ImmediateValue src");
            return null;
        }
        return dst == null || src == null || dtype == null ? null : new Inst.RegisterMove(dst, src, dtype, engine, pos);
    }

    private Inst compare(MapView v, String function, EngineType engine, Pos pos) {
        String opName = v.reqStr("comp_op");
        Register lhs = reg(v, "lhs", false);
        Operand rhs = operand(v, "rhs", false, false);
        DtypeWire dtype = dtype(v, DtypeWire.INT32);
        String onTrue = v.reqStr("on_true");
        String onFalse = v.reqStr("on_false");
        for (String k : new String[] {"on_true", "on_false"}) {
            String t = v.str(k);
            if (t != null) {
                branches.add(new PendingBranch(function, t, v.pos(k)));
            }
        }
        BranchCompareOp op = opName == null ? null : BranchCompareOp.fromName(opName);
        if (opName != null && (op == null || op.hasTag(EnumValue.SENTINEL))) {
            error(v.pos("comp_op"), "'" + opName + "' is not a comparison (" + COMPARISONS.get(0) + " ... " + COMPARISONS.get(COMPARISONS.size() - 1) + ")");
            op = null;
        } else if (op != null && rhs != null && op.isRegisterRhs() != (rhs instanceof Operand.Reg)) {
            error(v.pos("rhs"), "comp_op " + op.specName() + " takes " + (op.isRegisterRhs() ? "a register" : "an immediate") + " rhs");
            op = null;
        }
        return op == null || lhs == null || rhs == null || dtype == null || onTrue == null || onFalse == null ? null
                : new Inst.CompareAndBranch(op, lhs, rhs, dtype, onTrue, onFalse, engine, pos);
    }

    private Inst semaphore(MapView v, EngineType engine, Pos pos) {
        YMap wait = v.map("wait");
        YMap update = v.map("update");
        String waitSem = null;
        long waitValue = 0;
        Register waitReg = null;
        String updateSem = null;
        BirUpdateMode mode = null;
        long updateValue = 0;
        if (wait != null) {
            MapView w = new MapView(wait, "wait", diags);
            waitSem = w.reqStr("sem");
            if (w.node("register") != null) {
                if (w.node("value") != null) {
                    error(w.pos("register"), "a wait compares with a 'value' or a 'register', not both");
                    return null;
                }
                waitReg = reg(w, "register", false); // SEM_GE_REG: a 32-bit threshold
                if (waitReg == null) {
                    return null;
                }
            } else {
                Long x = w.num("value");
                waitValue = x == null ? 0 : x;
            }
            w.finish();
        }
        if (update != null) {
            MapView u = new MapView(update, "update", diags);
            updateSem = u.reqStr("sem");
            String m = u.str("mode");
            mode = m == null ? BirUpdateMode.SEM_INC : BirUpdateMode.fromName(m);
            if (mode == null || !mode.isSemaphore()) {
                error(u.pos("mode"), "update mode '" + m + "' is not one of " + String.join(", ", SEMAPHORE_UPDATE_MODES));
                mode = null;
            }
            Long x = u.num("value");
            updateValue = x == null ? 1 : x;
            u.finish();
        }
        if (wait == null && update == null) {
            error(pos, "EventSemaphore needs a 'wait', an 'update' or both");
            return null;
        }
        return update != null && mode == null ? null : new Inst.EventSemaphore(waitSem, waitValue, waitReg, updateSem, mode,
                updateValue, engine, pos);
    }

    private DtypeWire dtype(MapView v, DtypeWire dflt) {
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

    /** A register operand; {@code is64} (when not null) is the width the instruction needs. */
    private Register reg(MapView v, String key, Boolean is64) {
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

    private Operand operand(MapView v, String key, boolean is64, boolean signedOk) {
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
        return reg(v, key, is64) == null ? null : Operand.of(registers.get(((YScalar) n).text()));
    }

    private void checkI32(Long x, Pos pos, String what) {
        if (x != null && (x < Integer.MIN_VALUE || x > Integer.MAX_VALUE)) {
            error(pos, what + " " + x + " does not fit a signed 32-bit loop counter");
        }
    }
}
