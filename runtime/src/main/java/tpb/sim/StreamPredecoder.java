package tpb.sim;

import static tpb.sim.PackedCode.IMM;
import static tpb.sim.PackedCode.kind;
import static tpb.sim.PackedCode.target;
import static tpb.sim.RecordKind.ADD32;
import static tpb.sim.RecordKind.ADD_BR;
import static tpb.sim.RecordKind.ALU;
import static tpb.sim.RecordKind.AND32;
import static tpb.sim.RecordKind.BR32;
import static tpb.sim.RecordKind.BRANCH;
import static tpb.sim.RecordKind.JUMP;
import static tpb.sim.RecordKind.LOAD;
import static tpb.sim.RecordKind.MOVE;
import static tpb.sim.RecordKind.MUL32;
import static tpb.sim.RecordKind.OR32;
import static tpb.sim.RecordKind.OUTSIDE;
import static tpb.sim.RecordKind.SHL32;
import static tpb.sim.RecordKind.STORE;
import static tpb.sim.RecordKind.SUB32;
import static tpb.sim.RecordKind.XOR32;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tpb.isa.AluOpType;
import tpb.isa.BrTargetMode;
import tpb.isa.BranchCompareOp;
import tpb.isa.CallRecord;
import tpb.isa.CompareAndBranchRecord;
import tpb.isa.DataSrc;
import tpb.isa.Decoder;
import tpb.isa.DtypeWire;
import tpb.isa.FunctionBeginRecord;
import tpb.isa.GroupResetSemaphoresRecord;
import tpb.isa.Instruction;
import tpb.isa.IsaInfo;
import tpb.isa.MoveWidth;
import tpb.isa.RawRecord;
import tpb.isa.RegisterAluRecord;
import tpb.isa.RegisterMoveRecord;
import tpb.isa.TensorLoadPhysicalRecord;
import tpb.isa.TensorStorePhysicalRecord;
import tpb.isa.UnconditionalBranchRecord;
import tpb.sim.PackedCode.AluOperation;
import tpb.sim.PackedCode.Compare;
import tpb.sim.PackedCode.Fault;
import tpb.sim.PackedCode.Operands;

/**
 * A record stream to {@link PackedCode}, once, before the run: every record decoded through the
 * generated codecs into its word; register ids checked against the arch profile's register file
 * (a record naming one outside it faults when it runs, not before); 32-bit immediates of the fast
 * kinds given constant slots; Call targets found by their callee's PSEUDO_FUNCTION_BEGIN; an ADD32
 * followed by a BR32 fused; sentinels past the records for falling off or branching outside.
 */
final class StreamPredecoder {
    private final int n;
    private final int registers;
    private final long[] imm;
    private final Operands[] operands;
    private final Map<Integer, Integer> constants = new HashMap<>();
    private final boolean[] destinations;
    private final PackedCode.Synced[] synced;

    private StreamPredecoder(int records, int registers) {
        if (registers >= IMM) {
            throw new IllegalArgumentException("a " + registers + "-register file does not fit the packed word's register byte");
        }
        n = records;
        this.registers = registers;
        imm = new long[n];
        operands = new Operands[n];
        destinations = new boolean[registers];
        synced = new PackedCode.Synced[n];
    }

    /** {@code stream}'s records, for a register file of {@code registers} 32-bit slots. */
    static PackedCode predecode(byte[] stream, int registers) {
        StreamPredecoder p = new StreamPredecoder(stream.length / IsaInfo.STRIDE, registers);
        return p.code(stream);
    }

    private PackedCode code(byte[] stream) {
        Instruction[] records = new Instruction[n];
        Map<String, Integer> functions = new HashMap<>();
        for (int pc = 0; pc < n; pc++) {
            records[pc] = Decoder.decode(stream, pc * IsaInfo.STRIDE);
            if (records[pc] instanceof FunctionBeginRecord f) {
                functions.put(f.functionName(), pc + 1);
            }
        }
        long[] code = new long[n];
        for (int pc = 0; pc < n; pc++) {
            try {
                code[pc] = record(pc, records[pc], functions);
            } catch (SimFault f) {
                code[pc] = RecordKind.FAULT; // a register id out of range faults when the record runs, not before
                operands[pc] = new Fault(f.getMessage());
            }
        }
        for (int pc = 0; pc < n; pc++) {
            code[pc] = synced(pc, records[pc], stream, code[pc]); // before fusing: a synced BR32 is no fused loop's back edge
        }
        for (int pc = 0; pc + 1 < n; pc++) {
            if (kind(code[pc]) == ADD32 && kind(code[pc + 1]) == BR32) {
                code[pc] = code[pc] & ~0xFFL | ADD_BR; // record pc + 1 keeps its own word for branches that land on it
            }
        }
        int[] values = new int[constants.size()];
        constants.forEach((value, slot) -> values[slot - registers] = value);
        return new PackedCode(n, registers, withSentinels(code), imm, operands, values, destinations, synced);
    }

    /**
     * Record {@code pc}'s word as {@link RecordKind#SYNCED} when one of its units waits or updates
     * (its EVENTS tuple, and an EventSemaphore's extended block: {@link SyncUnits#read}, the spec's
     * terms), keeping {@code word} to run once they are done (an EventSemaphore's own word is a
     * NOP); else {@code word}. A raw record faults before any of it.
     */
    private long synced(int pc, Instruction r, byte[] stream, long word) {
        if (kind(word) == RecordKind.FAULT || r instanceof RawRecord) {
            return word;
        }
        long own = kind(word) == RecordKind.SEMAPHORE ? RecordKind.NOP : word;
        SyncUnits.Values[] units = SyncUnits.read(stream, pc * IsaInfo.STRIDE, r.arm());
        if (units.length == 0) {
            return own;
        }
        synced[pc] = new PackedCode.Synced(units, own);
        return RecordKind.SYNCED;
    }

    /** Record n is the fall-off sentinel; each branch or jump outside [0, n) is pointed at a sentinel of its own. */
    private long[] withSentinels(long[] code) {
        List<Long> outside = new ArrayList<>();
        outside.add(PackedCode.word(OUTSIDE, 0, 0, 0, n));
        for (int pc = 0; pc < n; pc++) {
            boolean wrapped = kind(code[pc]) == RecordKind.SYNCED;
            long w = wrapped ? synced[pc].inner() : code[pc];
            int k = kind(w);
            int target = target(w);
            if ((k == BR32 || k == BRANCH || k == JUMP) && (target < 0 || target >= n)) {
                w = PackedCode.retarget(w, n + outside.size());
                outside.add(PackedCode.word(OUTSIDE, 0, 0, 0, target));
                if (wrapped) {
                    synced[pc] = synced[pc].retarget(w);
                } else {
                    code[pc] = w;
                }
            }
        }
        long[] out = Arrays.copyOf(code, n + outside.size());
        for (int i = 0; i < outside.size(); i++) {
            out[n + i] = outside.get(i);
        }
        return out;
    }

    /** Record {@code pc}'s word; its immediate and operands go beside it. */
    private long record(int pc, Instruction r, Map<String, Integer> functions) {
        if (r instanceof RegisterAluRecord x) {
            return alu(pc, x);
        } else if (r instanceof RegisterMoveRecord x) {
            int w = x.validNum() == MoveWidth.BITS64 ? 2 : 1;
            int dst = destination(x.dstLo(), w);
            imm[pc] = x.immediate();
            return PackedCode.word(MOVE, dst, x.srcMode() == DataSrc.IMMEDIATE ? IMM : check(x.src(), 1), w, 0);
        } else if (r instanceof CompareAndBranchRecord x) {
            return x.targetMode() == BrTargetMode.REL_IMM ? compare(pc, x) : registerTarget(pc, x.targetMode());
        } else if (r instanceof UnconditionalBranchRecord x) {
            return x.targetMode() == BrTargetMode.REL_IMM ? PackedCode.word(JUMP, 0, 0, 0, (int) x.target())
                    : registerTarget(pc, x.targetMode());
        } else if (r instanceof TensorStorePhysicalRecord x) {
            int w = x.numElem0() == 2 ? 2 : 1;
            imm[pc] = SpillMemory.key(x.varId(), x.varOffset());
            return PackedCode.word(STORE, 0, 0, w, check(x.reg(), w));
        } else if (r instanceof TensorLoadPhysicalRecord x) {
            int w = x.numElem0() == 2 ? 2 : 1;
            imm[pc] = SpillMemory.key(x.varId(), x.varOffset());
            return PackedCode.word(LOAD, 0, 0, w, destination(x.reg(), w));
        }
        return registerFree(pc, r, functions);
    }

    private long alu(int pc, RegisterAluRecord x) {
        boolean wide = x.dtype() == DtypeWire.UINT64 || x.dtype() == DtypeWire.INT64;
        int w = wide ? 2 : 1;
        int src0 = check(x.src0Lo(), w);
        int src1 = x.srcDatasrc() == DataSrc.IMMEDIATE ? IMM : check(x.src1Lo(), w);
        int dst = destination(x.dstLo(), w);
        imm[pc] = x.immediate();
        operands[pc] = new AluOperation(x.op(), x.dtype());
        int kind = wide ? ALU : alu32(x.op());
        if (kind != ALU && src1 == IMM) {
            src1 = constant((int) x.immediate());
            kind = src1 == IMM ? ALU : kind; // no constant slot left: the general path reads the immediate
        }
        return PackedCode.word(kind, dst, src0, src1, w);
    }

    private long compare(int pc, CompareAndBranchRecord x) {
        int rhs = x.cmpOp().isRegisterRhs() ? check(x.cmpReg1(), 1) : IMM;
        int lhs = check(x.cmpReg0(), 1);
        imm[pc] = x.cmpImmediate();
        operands[pc] = new Compare(x.cmpOp(), x.dtype());
        int rel = relation(x.cmpOp(), x.dtype());
        if (rel >= 0 && rhs == IMM) {
            rhs = constant((int) x.cmpImmediate());
            rel = rhs == IMM ? -1 : rel;
        }
        return PackedCode.word(rel < 0 ? BRANCH : BR32, lhs, rhs, rel, (int) x.target());
    }

    /**
     * A branch whose target is a register's (target_mode REGISTER or REL_REGISTER: the runtime's
     * register-indirect form, facts §3.3): a fault where it runs, since no source says whether the
     * register holds a PC, a byte offset or a record offset. The compiler's branches are all REL_IMM.
     */
    private long registerTarget(int pc, BrTargetMode mode) {
        operands[pc] = new Fault("record " + pc + ": a branch with target_mode " + mode.specName()
                + " (a register-held target) has no semantics in the simulator: no source says what the register holds");
        return RecordKind.FAULT;
    }

    /** A record with no register operands: its {@link RecordKind}, and a call's target. */
    private long registerFree(int pc, Instruction r, Map<String, Integer> functions) {
        int kind = RecordKind.of(r);
        switch (kind) {
            case RecordKind.CALL -> {
                String callee = ((CallRecord) r).functionName();
                Integer target = functions.get(callee);
                if (target == null) {
                    throw new SimFault("call to " + callee + ", which has no PSEUDO_FUNCTION_BEGIN in the stream");
                }
                return PackedCode.word(kind, 0, 0, 0, target);
            }
            case RecordKind.TRIGGER -> operands[pc] = new PackedCode.Trigger(new Machine.Trigger(RecordKind.queue(r))); // the cursor's key: this record
            case RecordKind.REARM -> operands[pc] = new PackedCode.Rearm(RecordKind.queue(r));
            case RecordKind.GROUP_RESET -> operands[pc] = new PackedCode.GroupReset((GroupResetSemaphoresRecord) r);
            case RecordKind.FAULT -> operands[pc] = new Fault("record " + pc + " cannot be executed: " + ((RawRecord) r).reason());
            case RecordKind.UNMODELLED -> operands[pc] = new PackedCode.Unmodelled(r.arm(),
                    RecordKind.unmodelled("record " + pc, r) + "; --skip-unmodelled counts such records as skips");
            default -> { }
        }
        return kind;
    }

    private int check(int reg, int width) {
        return PackedCode.check(registers, reg, width);
    }

    /** A destination register, checked, and marked as written by the stream. */
    private int destination(int reg, int width) {
        check(reg, width);
        for (int i = 0; i < width; i++) {
            destinations[reg + i] = true;
        }
        return reg;
    }

    /** The slot holding {@code value} as a read-only register, or IMM when every constant slot is taken. */
    private int constant(int value) {
        Integer slot = constants.get(value);
        if (slot == null) {
            if (registers + constants.size() >= IMM) {
                return IMM;
            }
            slot = registers + constants.size();
            constants.put(value, slot);
        }
        return slot;
    }

    /** The fast kind of a 32-bit ALU op, or the general one. */
    private static int alu32(AluOpType op) {
        return switch (op) {
            case ADD -> ADD32;
            case SUBTRACT -> SUB32;
            case MULT -> MUL32;
            case BITWISE_AND -> AND32;
            case BITWISE_OR -> OR32;
            case BITWISE_XOR -> XOR32;
            case ARITH_SHIFT_LEFT, LOGICAL_SHIFT_LEFT -> SHL32;
            default -> ALU;
        };
    }

    /**
     * A 32-bit integer compare as a mask over its three outcomes, read off {@link Semantics#compare}
     * itself so the fast path cannot disagree with it; -1 for any other compare (8/16-bit, FP32).
     * Every op a decoded record carries can be evaluated: the one that cannot, the Unsupported
     * sentinel, has no wire value (BranchCompareWire), so such bytes decode to a RawRecord.
     */
    private static int relation(BranchCompareOp op, DtypeWire dtype) {
        if (dtype != DtypeWire.INT32 && dtype != DtypeWire.UINT32) {
            return -1;
        }
        return (Semantics.compare(op, dtype, 0, 1) ? 1 : 0) | (Semantics.compare(op, dtype, 0, 0) ? 2 : 0)
                | (Semantics.compare(op, dtype, 1, 0) ? 4 : 0) | (dtype == DtypeWire.UINT32 ? 8 : 0);
    }
}
