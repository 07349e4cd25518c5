package tpb.codegen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.abi.Location;
import tpb.codec.Violation;
import tpb.ir.Module;
import tpb.isa.Arch;
import tpb.isa.EngineType;
import tpb.isa.IsaInfo;
import tpb.lower.BranchCanonicalizer;
import tpb.mir.CompileException;
import tpb.lower.ControlBracketing;
import tpb.lower.LoopLowering;
import tpb.lower.SemaphoreAllocation;
import tpb.mir.EngineCode;
import tpb.mir.LoweredCode;
import tpb.regalloc.AllocationChecker;
import tpb.regalloc.RegisterAllocator;

/**
 * The back end, seed000 §6's order: semaphores, then per engine lower_branch, branch
 * canonicalisation, lower_control with its per-engine fence clones, register allocation, and
 * codegen in RUN_ISA_CHECKS then GENERATE_ISACODE. One record stream per engine.
 */
public final class Compiler {
    /** Options: the arch profile, the register file size, whether to fence control transfers. */
    public record Options(Arch arch, int maxRegs, boolean controlFences) {
        public static Options defaults() {
            return new Options(Arch.SUNDA, (int) Arch.SUNDA.maxRegNumPerEngine(), true);
        }
    }

    /** One engine's output. */
    public record EngineOutput(EngineType engine, byte[] stream, EngineCode code, RegisterAllocator.Result allocation,
            Map<String, Integer> pcs, Map<String, Location> registers) {
        public int records() {
            return stream.length / IsaInfo.STRIDE;
        }
    }

    private Compiler() {}

    public static Map<EngineType, EngineOutput> compile(Module m, Options o) {
        return compile(m, o, true);
    }

    /** As {@link #compile}, without register allocation: each virtual register keeps a slot of its own. For differential testing. */
    public static Map<EngineType, EngineOutput> compileUnallocated(Module m, Options o) {
        return compile(m, o, false);
    }

    /**
     * The front half, per engine: lower_branch, branch canonicalisation and (when asked)
     * lower_control — the machine code the register allocator is handed, still on virtual registers.
     */
    public static Map<EngineType, LoweredCode> lower(Module m, Options o) {
        Map<String, Integer> sems = SemaphoreAllocation.allocate(m, (int) o.arch().numSemaphores());
        List<Integer> semIds = new ArrayList<>(sems.values());
        Map<EngineType, LoweredCode> out = new LinkedHashMap<>();
        for (EngineType e : m.engines()) {
            LoweredCode lowered = LoopLowering.lower(m, e, sems);
            BranchCanonicalizer.run(lowered.code());
            if (o.controlFences()) {
                ControlBracketing.run(lowered.code(), semIds);
            }
            out.put(e, lowered);
        }
        return out;
    }

    private static Map<EngineType, EngineOutput> compile(Module m, Options o, boolean allocate) {
        Map<EngineType, EngineOutput> out = new LinkedHashMap<>();
        for (Map.Entry<EngineType, LoweredCode> entry : lower(m, o).entrySet()) {
            EngineType e = entry.getKey();
            LoweredCode lowered = entry.getValue();
            EngineCode code = lowered.code();
            RegisterAllocator.Result alloc = allocate ? RegisterAllocator.allocate(code, o.maxRegs())
                    : RegisterAllocator.unallocated(code, o.maxRegs());
            String problem = AllocationChecker.check(code, alloc.ids(), o.maxRegs());
            if (problem != null) {
                throw new IllegalStateException("register allocation checker: " + problem);
            }
            CodeGen gen = new CodeGen(code, alloc.ids(), o.arch());
            List<Violation> violations = gen.check(o.arch());
            if (!violations.isEmpty()) {
                throw new CompileException(e.specName() + ": the generated records break the spec: " + violations.get(0));
            }
            byte[] stream = gen.generate();
            Map<String, Location> where = new LinkedHashMap<>();
            lowered.registers().forEach((reg, v) -> {
                Integer slot = alloc.ids().get(v);
                Integer spill = alloc.spillSlots().get(v);
                if (slot != null || spill != null) {
                    where.put(reg.name(), new Location(slot == null ? -1 : slot, spill == null ? -1 : spill, v.width));
                }
            });
            out.put(e, new EngineOutput(e, stream, code, alloc, gen.collect(), where));
        }
        return out;
    }
}
