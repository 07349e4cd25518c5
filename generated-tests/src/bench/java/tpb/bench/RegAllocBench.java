package tpb.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tpb.isa.AluOpType;
import tpb.isa.BranchCompareOp;
import tpb.isa.DtypeWire;
import tpb.isa.EngineType;
import tpb.isa.ExitRecord;
import tpb.mir.EngineCode;
import tpb.mir.MBlock;
import tpb.mir.MFunction;
import tpb.mir.MInst;
import tpb.mir.VReg;
import tpb.regalloc.RegisterAllocator;

/**
 * Register allocation of generated programs with 10k, 100k and 1M virtual registers: blocks of
 * 64 instructions, every fourth a loop around itself; each register is written once and read
 * a few times within the next 24 instructions (about 20 live at once, under the 62-register
 * file, so no spills). One allocation per operation.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = "-Xmx8g")
public class RegAllocBench {
    @Param({"10000", "100000", "1000000"})
    int vregs;

    EngineCode code;

    @Setup
    public void setup() {
        code = program(vregs, new Random(1));
    }

    static EngineCode program(int n, Random r) {
        EngineCode c = new EngineCode(EngineType.SP);
        MFunction f = new MFunction("main");
        c.functions.add(f);
        List<VReg> regs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            regs.add(new VReg("v" + i, 1, false));
        }
        VReg counter = new VReg("counter", 1, false);
        MBlock b = null;
        int blocks = 0;
        for (int i = 0; i < n; i++) {
            if (i % 64 == 0) {
                if (b != null && blocks % 4 == 0) {
                    b.insts.add(new MInst.Alu(AluOpType.ADD, false, counter, counter, null, 1, DtypeWire.INT32));
                    b.insts.add(new MInst.Branch(BranchCompareOp.IS_LTIMM, counter, null, 4, DtypeWire.INT32, b.label));
                }
                b = new MBlock("b" + blocks++);
                f.blocks.add(b);
            }
            VReg v = regs.get(i);
            int back = 1 + r.nextInt(Math.min(24, i + 1));
            VReg src = i == 0 ? counter : regs.get(i - Math.min(back, i));
            b.insts.add(new MInst.Alu(AluOpType.ADD, false, v, src, null, i, DtypeWire.INT32));
        }
        b.insts.add(new MInst.Fixed(ExitRecord.builder().build()));
        return c;
    }

    @Benchmark
    public int allocate() {
        RegisterAllocator.Result r = RegisterAllocator.allocate(code, 62);
        if (r.spilled() != 0) {
            throw new IllegalStateException("spilled " + r.spilled());
        }
        return r.ids().size();
    }
}
