package tpb.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import tpb.asm.Disassembler;
import tpb.codegen.Compiler;
import tpb.ir.KernelReader;
import tpb.ir.Module;
import tpb.isa.EngineType;
import tpb.sim.IrSimulator;
import tpb.sim.MachineConfig;
import tpb.sim.SimResult;
import tpb.sim.StreamSimulator;
import tpb.stream.RecordStream;
import tpb.stream.StreamValidator;

/** {@code tpb demo}: the bundled kernel end to end — compile, validate, disassemble, run the IR and stream simulators, check expect. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Compile the bundled demo kernel, validate and disassemble it, run it on the IR and stream simulators and check its expect block.")
final class DemoCommand implements Callable<Integer> {
    static final String KERNEL = "kernels/demo.yaml";

    @Spec
    CommandSpec spec;

    @picocli.CommandLine.Option(names = "--json", description = "Report as JSON: the compiled records, validation, both simulators' "
            + "status and steps, each expectation with both values, the checksums, ok.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        // with --json the text is not printed: the same figures go into the report instead
        java.io.StringWriter hidden = new java.io.StringWriter();
        PrintWriter out = json ? new PrintWriter(hidden) : spec.commandLine().getOut();
        java.util.Map<String, Object> report = new java.util.LinkedHashMap<>();
        List<java.util.Map<String, Object>> expectations = new java.util.ArrayList<>();
        String text;
        try (InputStream in = DemoCommand.class.getClassLoader().getResourceAsStream(KERNEL)) {
            if (in == null) {
                throw new CliException(KERNEL + " is missing from the build");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        out.println("# " + KERNEL);
        text.lines().filter(l -> l.startsWith("#")).forEach(out::println);
        Module m = KernelReader.read(KERNEL, text);
        Compiler.Options options = Compiler.Options.defaults();
        Compiler.EngineOutput o = Compiler.compile(m, options).get(EngineType.SP);
        StreamValidator.Report v = StreamValidator.validate(o.stream(), options.arch(), true);
        out.printf("%ncompiled: %d records, Number of registers spilled = %d, validate on %s: %s%n", o.records(), o.allocation().spilled(),
                options.arch(), v.valid() ? "ok" : v.violations());
        report.put("kernel", KERNEL);
        report.put("records", o.records());
        report.put("spilled", o.allocation().spilled());
        report.put("arch", options.arch().name());
        report.put("valid", v.valid());
        List<String> listing = Disassembler.listing(RecordStream.of(o.stream()), false);
        listing.stream().limit(12).forEach(out::println);
        out.printf("  ... %d more lines%n%n", Math.max(0, listing.size() - 12));
        SimResult ir = IrSimulator.run(m, EngineType.SP, 1_000_000);
        SimResult st = StreamSimulator.run(o.stream(), o.registers(), 10_000_000, null, MachineConfig.of(m, options.arch()));
        out.printf("IR simulator:     %s after %d steps%n", ir.status(), ir.steps());
        out.printf("stream simulator: %s after %d records%n", st.status(), st.steps());
        report.put("ir", ordered("status", String.valueOf(ir.status()), "steps", ir.steps()));
        report.put("stream", ordered("status", String.valueOf(st.status()), "steps", st.steps()));
        boolean ok = v.valid() && ir.ok() && st.ok();
        for (var e : m.expect().entrySet()) {
            Long a = ir.registers().get(e.getKey());
            Long b = st.registers().get(e.getKey());
            boolean good = e.getValue().equals(a) && e.getValue().equals(b);
            ok &= good;
            out.printf("  %-6s expect %-8d IR %-8d stream %-8d %s%n", e.getKey(), e.getValue(), a, b, good ? "ok" : "MISMATCH");
            java.util.Map<String, Object> x = new java.util.LinkedHashMap<>();
            x.put("register", e.getKey());
            x.put("expect", e.getValue());
            x.put("ir", a);
            x.put("stream", b);
            x.put("ok", good);
            expectations.add(x);
        }
        for (Module.ExpectMemory e : m.expectMemory()) {
            byte[] a = Arrays.copyOfRange(ir.memory().get(e.region()), e.offset(), e.offset() + e.bytes().length);
            byte[] b = Arrays.copyOfRange(st.memory().get(e.region()), e.offset(), e.offset() + e.bytes().length);
            boolean good = Arrays.equals(a, e.bytes()) && Arrays.equals(b, e.bytes());
            ok &= good;
            out.printf("  %s+%d: %s (%d bytes, IR and stream) %s%n", e.region(), e.offset(), HexFormat.of().formatHex(b, 0,
                    Math.min(8, b.length)) + (b.length > 8 ? "…" : ""), b.length, good ? "ok" : "MISMATCH");
        }
        out.printf("memory checksum: IR %08x, stream %08x%n", ir.memoryChecksum(), st.memoryChecksum());
        ok &= ir.memoryChecksum() == st.memoryChecksum();
        out.println(ok ? "demo: ok" : "demo: FAILED");
        out.flush();
        if (json) {
            report.put("expect", expectations);
            report.put("memory_checksum", ordered("ir", String.format("%08x", ir.memoryChecksum()), "stream",
                    String.format("%08x", st.memoryChecksum())));
            report.put("ok", ok);
            spec.commandLine().getOut().print(tpb.spec.json.Json.write(report));
            spec.commandLine().getOut().flush();
        }
        return ok ? Tpb.OK : Tpb.INVALID_INPUT;
    }

    /** Two keys in the order given (a JSON report reads the same every time). */
    private static java.util.Map<String, Object> ordered(String k1, Object v1, String k2, Object v2) {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put(k1, v1);
        m.put(k2, v2);
        return m;
    }
}
