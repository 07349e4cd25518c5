package tpb.ir;

/** A source operand: a register or an immediate. */
public sealed interface Operand {
    record Reg(Register register) implements Operand {}

    record Imm(long value) implements Operand {}

    static Operand of(Register r) {
        return new Reg(r);
    }

    static Operand of(long v) {
        return new Imm(v);
    }
}
