package tpb.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tpb.asm.Disassembler;
import tpb.codegen.Compiler;
import tpb.ir.Module;
import tpb.isa.Arch;
import tpb.isa.EngineType;
import tpb.stream.RecordStream;

/** {@code tpb compile KERNEL -o OUT.bin}: a kernel (YAML or JSON) to one record stream per engine. */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = "Compile a kernel: lower loops and branches, fence control transfers, allocate registers, and write one "
                + "record stream per engine (OUT.bin, or OUT.<ENGINE>.bin when the kernel runs on several).")
final class CompileCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "KERNEL", description = "The kernel file (.yaml or .json; '-' = stdin).")
    String kernel;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT.bin", description = "Where to write ('-' = stdout).")
    String output;

    @Option(names = "--engine", paramLabel = "E", completionCandidates = DatapathEngines.class,
            description = "Write only this engine's stream (${COMPLETION-CANDIDATES}).")
    String engine;

    @Option(names = "--max-regs", paramLabel = "N", description = "Registers per engine (default: the arch's MaxRegNumPerEngine).")
    Integer maxRegs;

    @Option(names = "--arch", paramLabel = "NAME", defaultValue = "sunda", description = "Arch profile (default sunda).")
    String arch;

    @Option(names = "--emit", paramLabel = "KIND", defaultValue = "bin", description = "bin (records) or asm (a listing).")
    String emit;

    @Option(names = "--json", description = "Report as JSON (with -o FILE): per engine its file, records, opcodes and spilled registers.")
    boolean json;

    @Option(names = "--no-fences", description = "Do not bracket control transfers with all-engine fences (lower_control).")
    boolean noFences;

    @Override
    public Integer call() {
        Arch a = Inputs.arch(arch);
        int regs = maxRegs == null ? (int) a.maxRegNumPerEngine() : maxRegs;
        long file = a.isaRegisterCount();
        if (regs < 2 || regs > file) {
            throw new CliException("--max-regs " + regs + " must be between 2 and " + file + " (the file has " + file + " registers)", Tpb.USAGE);
        }
        if (json && output.equals("-")) {
            throw new CliException("--json needs -o FILE: stdout holds the records with -o -", Tpb.USAGE);
        }
        if (!emit.equals("bin") && !emit.equals("asm")) {
            throw new CliException("--emit takes bin or asm, not '" + emit + "'", Tpb.USAGE);
        }
        EngineType only = null;
        if (engine != null) {
            only = EngineType.fromName(engine);
            if (only == null || !only.isDatapath()) {
                throw new CliException("--engine '" + engine + "' is not a datapath engine (" + String.join(", ", new DatapathEngines()) + ")", Tpb.USAGE);
            }
        }
        String source = kernel.equals("-") ? "<stdin>" : kernel;
        Module m = KernelInput.read(source, kernel, spec.commandLine().getErr());
        if (only != null && !m.engines().contains(only)) {
            throw new CliException("the kernel does not run on " + only.specName() + "; it runs on " + m.engines().stream().map(EngineType::specName).toList());
        }
        Map<EngineType, Compiler.EngineOutput> out = KernelInput.compile(m, new Compiler.Options(a, regs, !noFences), source);
        boolean many = only == null && out.size() > 1;
        java.util.List<OutputRule.Use> writes = new java.util.ArrayList<>();
        for (Compiler.EngineOutput eo : out.values()) {
            if (only == null || eo.engine() == only) {
                writes.add(new OutputRule.Use("-o", many ? withEngine(output, eo.engine()) : output));
            }
        }
        OutputRule.check(java.util.List.of(new OutputRule.Use("the kernel", kernel)), writes); // the one output rule, before any write
        PrintWriter report = output.equals("-") ? spec.commandLine().getErr() : spec.commandLine().getOut();
        // several engines' files: all or nothing (no half-written output), staged beside each other and renamed into place together
        Path parent = Path.of(output).toAbsolutePath().getParent();
        StagedOutputs staged = many && !output.equals("-") ? StagedOutputs.open(parent.toString(), false) : null;
        java.util.List<Map<String, Object>> engines = new java.util.ArrayList<>();
        try {
            for (Compiler.EngineOutput eo : out.values()) {
                if (only != null && eo.engine() != only) {
                    continue;
                }
                String target = many ? withEngine(output, eo.engine()) : output;
                byte[] data = eo.stream();
                if (emit.equals("asm")) {
                    data = (String.join("\n", Disassembler.listing(RecordStream.of(data), false)) + "\n").getBytes(StandardCharsets.UTF_8);
                }
                if (staged != null) {
                    try (OutputStream o = staged.stream(Path.of(target).getFileName().toString())) {
                        o.write(data);
                    } catch (IOException e) {
                        throw new CliException(target + ": cannot write: " + Output.reason(e));
                    }
                } else if (emit.equals("asm")) {
                    Output.write(target, data, spec.commandLine().getOut());
                } else {
                    Output.writeBinary(target, data, System.out);
                }
                if (json) {
                    Map<String, Object> one = new java.util.LinkedHashMap<>();
                    one.put("engine", eo.engine().specName());
                    one.put("file", target);
                    one.put("records", eo.records());
                    one.put("opcodes", opcodes(eo));
                    one.put("spilled", eo.allocation().spilled());
                    engines.add(one);
                } else {
                    report.printf("%s: %d records, %d opcodes, Number of registers spilled = %d%n", eo.engine().specName(), eo.records(),
                            opcodes(eo), eo.allocation().spilled());
                }
            }
            if (staged != null) {
                staged.commit();
            }
        } finally {
            if (staged != null) {
                staged.close();
            }
        }
        if (json) {
            Map<String, Object> all = new java.util.LinkedHashMap<>();
            all.put("kernel", source);
            all.put("arch", a.name());
            all.put("engines", engines);
            report.print(tpb.spec.json.Json.write(all));
        }
        report.flush();
        return Tpb.OK;
    }

    private static int opcodes(Compiler.EngineOutput eo) {
        Set<Integer> ops = new TreeSet<>();
        for (int i = 0; i < eo.stream().length; i += RecordStream.RECORD_SIZE) {
            ops.add(eo.stream()[i] & 0xFF);
        }
        return ops.size();
    }

    static String withEngine(String output, EngineType e) {
        if (output.equals("-")) {
            return output;
        }
        int dot = output.lastIndexOf('.');
        String tag = e.specName().toUpperCase(Locale.ROOT);
        return dot > output.lastIndexOf('/') ? output.substring(0, dot) + "." + tag + output.substring(dot) : output + "." + tag;
    }

    /** The engines a stream can be written for: the spec's EngineType datapath subset (seed000 §1), in its order. */
    static final class DatapathEngines implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(EngineType.values()).filter(EngineType::isDatapath).map(EngineType::specName).iterator();
        }
    }
}
