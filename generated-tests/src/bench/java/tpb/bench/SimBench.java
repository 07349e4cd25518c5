package tpb.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tpb.codegen.Compiler;
import tpb.ir.KernelReader;
import tpb.ir.Module;
import tpb.isa.Arch;
import tpb.isa.EngineType;
import tpb.mir.LoweredCode;
import tpb.sim.IrSimulator;
import tpb.sim.LoweredSimulator;
import tpb.sim.MachineConfig;
import tpb.sim.StreamSimulator;

/**
 * A counted loop of 1,000,000 trips (two ALU ops, the counter step and the back edge: 4 records a
 * trip, no fences) on the record-stream simulator and, on the same kernel, the IR simulator
 * (structured loop) and the lowered-code simulator (the loop as the stream has it, on virtual registers).
 * The result is the number of steps; divide by the time for instructions per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
// one invocation is a 4M-record loop, compiled first by OSR: ten warmup seconds let every fork
// reach the method's own C2 code (with three, forks still switched modes while measured)
@Warmup(iterations = 10, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class SimBench {
    static final String KERNEL = """
            kernel: counted
            registers: [i, a, b]
            functions:
              - name: main
                insts:
                  - {inst: RegisterMove, dst: a, src: 0}
                  - {inst: RegisterMove, dst: b, src: 3}
                  - inst: Loop
                    var: i
                    lb: 0
                    ub: 1000000
                    body:
                      - {inst: RegisterAlu, op: add, dst: a, src0: a, src1: b}
                      - {inst: RegisterAlu, op: bitwise_xor, dst: b, src0: b, src1: a}
                  - {inst: Exit}
            """;

    Module module;
    Compiler.EngineOutput out;
    Compiler.EngineOutput spilling;
    LoweredCode lowered;

    @Setup
    public void setup() {
        module = KernelReader.read("counted.yaml", KERNEL);
        Compiler.Options o = new Compiler.Options(Arch.SUNDA, 62, false);
        out = Compiler.compile(module, o).get(EngineType.SP);
        spilling = Compiler.compile(module, new Compiler.Options(Arch.SUNDA, 2, false)).get(EngineType.SP);
        lowered = Compiler.lower(module, o).get(EngineType.SP);
    }

    @Benchmark
    public long streamSimulator() {
        return StreamSimulator.run(out.stream(), out.registers(), 100_000_000).steps();
    }

    /** The same loop on a 2-register file: spill stores and reloads in the loop (allocation per record must stay 0). */
    @Benchmark
    public long streamSimulatorSpilling() {
        return StreamSimulator.run(spilling.stream(), spilling.registers(), 100_000_000).steps();
    }

    /** The same loop after lowering: explicit counter and back edge, one instruction per record, virtual registers. */
    @Benchmark
    public long loweredSimulator() {
        return LoweredSimulator.run(lowered, 100_000_000, MachineConfig.NONE).steps();
    }

    @Benchmark
    public long irSimulator() {
        return IrSimulator.run(module, EngineType.SP, 100_000_000).steps();
    }
}
