package tpb.codegen;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import tpb.abi.SpillArea;
import tpb.codec.Violation;
import tpb.codec.ViolationSink;
import tpb.isa.Arch;
import tpb.isa.BrTargetMode;
import tpb.isa.CompareAndBranchRecord;
import tpb.isa.DataSrc;
import tpb.isa.DtypeWire;
import tpb.isa.FunctionBeginRecord;
import tpb.isa.Instruction;
import tpb.isa.IsaInfo;
import tpb.isa.MoveWidth;
import tpb.isa.RegisterAluRecord;
import tpb.isa.RegisterMoveRecord;
import tpb.isa.TensorLoadPhysicalRecord;
import tpb.isa.TensorStorePhysicalRecord;
import tpb.isa.UnconditionalBranchRecord;
import tpb.isa.Validator;
import tpb.mir.EngineCode;
import tpb.mir.MBlock;
import tpb.mir.MFunction;
import tpb.mir.MInst;
import tpb.mir.VReg;

/**
 * Machine code to records through the generated builders, per engine. Each function opens with
 * a PSEUDO_FUNCTION_BEGIN (return address in the two registers past the allocatable range, from
 * the arch's max_reg_num_per_engine: 62/63, facts §6); a block's PC is the
 * index of its first record in this engine's stream (FunctionBegin records included: ASSUMED,
 * the sources say the runtime consumes them but not whether PCs count them). Branch targets are
 * absolute PCs with target mode REL_IMM, as the compiler writes them (conflict ctrl-br-target).
 */
public final class CodeGen {
    private final EngineCode code;
    private final Map<VReg, Integer> ids;
    /** The first of the two return-address registers: the one past the allocatable range, max_reg_num_per_engine (facts §6). */
    private final int returnAddrLo;
    private final Map<String, Integer> pc = new HashMap<>();
    private final TreeSet<Integer> opcodes = new TreeSet<>();

    public CodeGen(EngineCode code, Map<VReg, Integer> ids, Arch arch) {
        this.code = code;
        this.ids = ids;
        this.returnAddrLo = (int) arch.maxRegNumPerEngine();
    }

    /** {@link CodeGenMode#COLLECT_OPCODES}: the opcodes used and every block's PC. */
    public Map<String, Integer> collect() {
        pc.clear();
        opcodes.clear();
        int p = 0;
        for (MFunction f : code.functions) {
            opcodes.add(FunctionBeginRecord.OPCODE);
            p++;
            for (MBlock b : f.blocks) {
                pc.put(b.label, p);
                for (MInst m : b.insts) {
                    opcodes.add(record(m, CodeGenMode.COLLECT_OPCODES).arm().opcode());
                    p++;
                }
            }
        }
        return Map.copyOf(pc);
    }

    public SortedSet<Integer> opcodes() {
        return opcodes;
    }

    /** {@link CodeGenMode#GENERATE_ISACODE}: the engine's record stream. */
    public byte[] generate() {
        collect();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Instruction r : records(CodeGenMode.GENERATE_ISACODE)) {
            out.writeBytes(r.toBytes());
        }
        return out.toByteArray();
    }

    /** {@link CodeGenMode#RUN_ISA_CHECKS}: every record through the generated validators on {@code arch}; nothing is written. */
    public List<Violation> check(Arch arch) {
        collect();
        List<Violation> found = new ArrayList<>();
        byte[] scratch = new byte[IsaInfo.RECORD_SIZE];
        int i = 0;
        for (Instruction r : records(CodeGenMode.RUN_ISA_CHECKS)) {
            r.encodeTo(scratch, 0);
            Validator.validate(scratch, 0, i++, arch, ViolationSink.into(found));
        }
        return found;
    }

    private List<Instruction> records(CodeGenMode mode) {
        List<Instruction> out = new ArrayList<>();
        for (MFunction f : code.functions) {
            out.add(FunctionBeginRecord.builder().functionName(f.name).returnAddrRegLo(returnAddrLo)
                    .returnAddrRegHi(returnAddrLo + 1).build());
            for (MBlock b : f.blocks) {
                for (MInst m : b.insts) {
                    out.add(record(m, mode));
                }
            }
        }
        return out;
    }

    private int id(VReg v) {
        Integer i = ids.get(v);
        if (i == null) {
            throw new IllegalStateException("register " + v + " was not allocated");
        }
        return i;
    }

    private int hi(VReg v) {
        return v.width == 2 ? id(v) + 1 : 0;
    }

    /** One machine instruction's record; while collecting, branch targets may not be known yet. */
    private Instruction record(MInst m, CodeGenMode mode) {
        return m.accept(new Encoder(mode));
    }

    /** Each machine instruction kind to its record through the generated builders. */
    private final class Encoder implements MInst.Visitor<Instruction> {
        private final CodeGenMode mode;

        Encoder(CodeGenMode mode) {
            this.mode = mode;
        }

        @Override
        public Instruction alu(MInst.Alu a) {
            boolean imm = a.src1() == null;
            return RegisterAluRecord.builder().op(a.op()).dtype(a.dtype()).dstDtype(a.dtype())
                    .srcDatasrc(imm ? DataSrc.IMMEDIATE : DataSrc.REGISTER)
                    .src0Lo(id(a.src0())).src0Hi(hi(a.src0()))
                    .src1Lo(imm ? 0 : id(a.src1())).src1Hi(imm ? 0 : hi(a.src1()))
                    .dstLo(id(a.dst())).dstHi(hi(a.dst()))
                    .immediate(imm ? (a.is64() ? a.imm() : a.imm() & 0xFFFF_FFFFL) : 0).build();
        }

        @Override
        public Instruction move(MInst.Move mv) {
            boolean wide = mv.dst().width == 2;
            boolean imm = mv.src() == null;
            return RegisterMoveRecord.builder().validNum(wide ? MoveWidth.BITS64 : MoveWidth.BITS32).dtype(mv.dtype())
                    .srcMode(imm ? DataSrc.IMMEDIATE : DataSrc.REGISTER).src(imm ? 0 : id(mv.src()))
                    .dstLo(id(mv.dst())).dstHi(hi(mv.dst()))
                    .immediate(imm ? (wide ? mv.imm() : mv.imm() & 0xFFFF_FFFFL) : 0).build();
        }

        @Override
        public Instruction condBranch(MInst.CondBranch b) {
            throw new IllegalStateException("not lowered: " + b);
        }

        @Override
        public Instruction jump(MInst.Jump j) {
            throw new IllegalStateException("not lowered: " + j);
        }

        @Override
        public Instruction branch(MInst.Branch b) {
            long target = mode == CodeGenMode.COLLECT_OPCODES ? 0 : pc.get(b.target());
            if (b.op() == null) {
                return UnconditionalBranchRecord.builder().targetMode(BrTargetMode.REL_IMM).target(target).build();
            }
            return CompareAndBranchRecord.builder().cmpOp(b.op()).dtype(b.dtype()).targetMode(BrTargetMode.REL_IMM)
                    .cmpImmediate(b.rhs() == null ? b.imm() & 0xFFFF_FFFFL : 0).cmpReg0(id(b.lhs()))
                    .cmpReg1(b.rhs() == null ? 0 : id(b.rhs())).target(target).build();
        }

        @Override
        public Instruction fixed(MInst.Fixed f) {
            return f.record();
        }

        @Override
        public Instruction waitOnRegister(MInst.Wait w) {
            return w.encode(id(w.threshold()));
        }

        // facts §3.8 (CERTAIN): the int64 path passes BIR 15 (int32, wire 0x08) and doubles num_elem[0]
        @Override
        public Instruction store(MInst.Store s) {
            return TensorStorePhysicalRecord.builder().dtype(DtypeWire.INT32).numElem0(s.reg().width).numElem1(1).varId(SpillArea.VAR_ID)
                    .varOffset(SpillArea.offset(s.slot())).reg(id(s.reg())).regHi(hi(s.reg())).build();
        }

        @Override
        public Instruction reload(MInst.Reload r) {
            return TensorLoadPhysicalRecord.builder().dtype(DtypeWire.INT32).numElem0(r.reg().width).numElem1(1).varId(SpillArea.VAR_ID)
                    .varOffset(SpillArea.offset(r.slot())).reg(id(r.reg())).regHi(hi(r.reg())).build();
        }
    }
}
