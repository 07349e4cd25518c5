package tpb.data;

import tpb.isa.DataSrc;
import tpb.isa.Decoder;
import tpb.isa.DtypeWire;
import tpb.isa.Instruction;
import tpb.isa.MoveWidth;
import tpb.isa.RawRecord;
import tpb.isa.RegisterAluRecord;
import tpb.isa.RegisterMoveRecord;
import tpb.sim.SimFault;

/**
 * RegisterMove and RegisterAlu on a datapath engine's own register file ({@link EngineRegisters}),
 * with the meaning the SP simulators give them: a move writes its immediate (src_mode IMMEDIATE) or
 * the source slot's value, 64 bits into a pair when valid_num is BITS64; an ALU operation is
 * {@code tpb.sim.Semantics.alu}, the one meaning of every ALU op, its second operand the immediate
 * or a register, 64-bit for the 64-bit dtypes. They move no memory.
 */
final class RegisterSemantics implements ArmSemantics {
    private final CoreState core;

    RegisterSemantics(CoreState core) {
        this.core = core;
    }

    @Override
    public String execute(byte[] b, int at) {
        Instruction r = Decoder.decode(b, at);
        EngineRegisters f = core.registers();
        if (r instanceof RegisterMoveRecord m) {
            boolean wide = m.validNum() == MoveWidth.BITS64;
            // the SP simulators' MOVE: the source slot's 32-bit value, or the immediate (StreamSimulator.rhs)
            f.put(m.dstLo(), wide, m.srcMode() == DataSrc.IMMEDIATE ? m.immediate() : f.slot(m.src()));
        } else if (r instanceof RegisterAluRecord a) {
            boolean wide = a.dtype() == DtypeWire.UINT64 || a.dtype() == DtypeWire.INT64;
            long s0 = wide ? f.pair(a.src0Lo()) : f.slot(a.src0Lo());
            long s1 = a.srcDatasrc() == DataSrc.IMMEDIATE ? a.immediate() : wide ? f.pair(a.src1Lo()) : f.slot(a.src1Lo());
            try {
                f.put(a.dstLo(), wide, tpb.sim.Semantics.alu(a.op(), wide, a.dtype(), s0, s1));
            } catch (SimFault e) {
                throw new DataFault(e.getMessage());
            }
        } else if (r instanceof RawRecord raw) {
            throw new DataFault(raw.arm().specName() + " record does not decode: " + raw.reason());
        } else {
            throw new DataFault(r.arm().specName() + " is no register record");
        }
        return "";
    }
}
