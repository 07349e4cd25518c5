package tpb.ir;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.isa.EngineType;
import tpb.spec.Diagnostics;
import tpb.spec.DidYouMean;
import tpb.spec.Message;
import tpb.spec.Pos;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YNode;
import tpb.spec.yaml.YSeq;
import tpb.spec.yaml.YamlReader;

/**
 * Reads a kernel file (YAML, or JSON, which is YAML) into a {@link Module}. Keys follow BIR JSON
 * ({@code op}, {@code is_64bit}, {@code comp_op}, {@code on_true}, {@code on_false}); see
 * docs/compiler.md ("Kernel files") for the grammar. Every problem is reported as {@code file:line:column: message}.
 *
 * <p>This is the entry: it reads the top-level mapping and hands each section to the class that
 * knows it — registers, blocks and callees to the {@link Resolver}, {@code memory}, {@code queues}
 * and {@code expect_memory} to the {@link DmaReader}, {@code functions} to the {@link
 * FunctionReader} (each instruction through its parser in {@link InstKinds}).
 */
public final class KernelReader {
    /** The engines a kernel may name, from the spec's EngineType datapath subset (seed000 §1). */
    static final List<String> DATAPATH_ENGINES = Arrays.stream(EngineType.values()).filter(EngineType::isDatapath)
            .map(EngineType::specName).toList();

    private final String file;
    private final Diagnostics diags = new Diagnostics();
    private final Resolver names = new Resolver(diags);

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
        YMap root = root(text);
        if (root == null) {
            return null;
        }
        MapView v = new MapView(root, "kernel", diags);
        String name = v.reqStr("kernel");
        List<EngineType> engines = engines(v);
        YSeq regs = v.seq("registers");
        if (regs != null) {
            regs.items().forEach(names::declareRegister);
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
        DmaReader dma = new DmaReader(diags);
        List<Dma.Region> memory = dma.regions(memMap);
        List<Dma.Queue> queues = dma.queues(queueMap, memory);
        List<Module.ExpectMemory> expectMemory = dma.expectMemory(expectMem, memory);
        List<Function> functions = new FunctionReader(diags, names).functions(fns);
        names.resolve();
        Map<String, Long> expect = expect(expectMap);
        if (functions.isEmpty() && !diags.hasErrors()) {
            error(root.pos(), "a kernel needs at least one function");
        }
        return name == null ? null : new Module(name, names.registers(), functions, engines, expect, memory, queues, expectMemory);
    }

    /** The file's first document, when it is a mapping (else the error is reported and the result is null). */
    private YMap root(String text) {
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
        return root;
    }

    /** The datapath engines the kernel runs on (SP when it names none). */
    private List<EngineType> engines(MapView v) {
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
        return engines;
    }

    /** The register values the kernel expects after the run. */
    private Map<String, Long> expect(YMap expectMap) {
        Map<String, Long> expect = new LinkedHashMap<>();
        if (expectMap == null) {
            return expect;
        }
        for (YMap.Entry e : expectMap.entries()) {
            if (!names.registerNames().contains(e.key())) {
                error(e.keyPos(), "expect: unknown register '" + e.key() + "'" + DidYouMean.suggest(e.key(), names.registerNames()));
                continue;
            }
            Long x = MapView.number(e.value(), e.key(), diags);
            if (x != null) {
                expect.put(e.key(), x);
            }
        }
        return expect;
    }
}
