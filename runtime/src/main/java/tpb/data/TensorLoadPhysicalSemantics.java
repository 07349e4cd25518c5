package tpb.data;

import tpb.isa.Decoder;
import tpb.isa.Instruction;
import tpb.isa.RawRecord;
import tpb.isa.TensorLoadPhysicalRecord;

/**
 * TensorLoadPhysical (facts §3.8): a register of the executing engine loaded from a physical var at
 * {@code var_offset}, one 32-bit element, or a pair into {@code reg, reg + 1} when {@code num_elem0}
 * is 2, as the SP simulators read it. The state-buffer var is the SBUF, its offset an SBUF address
 * (as DMA_DIRECT2D reads that var); any other var is a DRAM var of the NEFF. The Qwen3 MoE kernels
 * load each chosen expert's index this way (var 0, the state buffer, at the SBUF row their DMA filled).
 */
final class TensorLoadPhysicalSemantics implements ArmSemantics {
    private final CoreState core;
    private final Dram dram;

    TensorLoadPhysicalSemantics(CoreState core, Dram dram) {
        this.core = core;
        this.dram = dram;
    }

    @Override
    public String execute(byte[] b, int at) {
        Instruction decoded = Decoder.decode(b, at);
        if (!(decoded instanceof TensorLoadPhysicalRecord r)) {
            throw new DataFault("TensorLoadPhysical record does not decode: " + ((RawRecord) decoded).reason());
        }
        int width = r.numElem0() == 2 ? 2 : 1;
        byte[] bytes = new byte[4 * width];
        int varId = (int) r.varId();
        String where;
        if (dram.isStateBuffer(varId)) {
            core.readSbuf(r.varOffset(), bytes, bytes.length);
            Location l = core.sbufAt(r.varOffset());
            where = "SBUF p" + l.partition() + " [0x" + Long.toHexString(l.offset()) + ",0x" + Long.toHexString(l.offset() + bytes.length) + ")";
        } else {
            DramVar v = dram.byId(varId);
            if (r.varOffset() > v.size() - bytes.length) {
                throw new DataFault("TensorLoadPhysical bytes 0x" + Long.toHexString(r.varOffset()) + "+" + bytes.length
                        + " run outside var " + v.name() + " (" + v.size() + " bytes)");
            }
            v.region().get(r.varOffset(), bytes, 0, bytes.length);
            dram.log().read(v, r.varOffset(), bytes.length);
            where = v.name() + " [0x" + Long.toHexString(r.varOffset()) + ",0x" + Long.toHexString(r.varOffset() + bytes.length) + ")";
        }
        long value = 0;
        for (int i = bytes.length - 1; i >= 0; i--) {
            value = value << 8 | (bytes[i] & 0xFF);
        }
        core.registers().put(r.reg(), width == 2, value);
        return "read " + where;
    }
}
