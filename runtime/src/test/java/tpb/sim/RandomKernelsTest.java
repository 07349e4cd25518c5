package tpb.sim;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import tpb.codegen.Compiler;
import tpb.ir.KernelReader;
import tpb.ir.Module;
import tpb.isa.Arch;

/**
 * Differential testing on random kernels: straight code, static, dynamic and do-while loops
 * nested up to two deep, calls, two-way branches and every compare in both forms, semaphore
 * waits against a register, over a few
 * 32- and 64-bit registers; compiled on the full file and on 4 registers (spill code runs),
 * with and without fences. Both simulators must end alike.
 */
class RandomKernelsTest {
    static final String[] OPS = {"add", "subtract", "mult", "bitwise_and", "bitwise_or", "bitwise_xor", "max", "min",
            "logical_shift_left", "logical_shift_right", "arith_shift_right", "is_equal", "not_equal", "is_gt", "is_le", "bypass",
            "bitwise_not", "logical_and", "logical_or", "abs", "pow"};
    static final String[] CMP = {"LT", "LE", "EQ", "NE", "GE", "GT"};

    @Property(tries = 1000)
    void irAndStreamAgree(@ForAll long seed) {
        Random r = new Random(seed);
        String text = kernel(r);
        Module m = KernelReader.read("random.yaml", text);
        int regs = r.nextBoolean() ? 62 : 4;
        DifferentialTest.agree(m, new Compiler.Options(Arch.SUNDA, regs, r.nextBoolean()));
    }

    static String kernel(Random r) {
        StringBuilder k = new StringBuilder("kernel: random\nregisters: [a, b, c, d, e, i, j, n, {name: w, is_64bit: true}, "
                + "{name: z, is_64bit: true}]\nfunctions:\n  - name: main\n    blocks:\n      - name: start\n        insts:\n");
        String ind = "          ";
        for (String reg : new String[] {"a", "b", "c", "d", "e", "n"}) {
            k.append(ind).append("- {inst: RegisterMove, dst: ").append(reg).append(", src: ").append(r.nextInt(200) - 50).append("}\n");
        }
        k.append(ind).append("- {inst: RegisterMove, dst: w, src: ").append(r.nextLong() & 0xFFFFFFFFFFL).append("}\n");
        k.append(ind).append("- {inst: RegisterMove, dst: z, src: ").append(r.nextInt(1000)).append("}\n");
        body(k, r, ind, 0, 6 + r.nextInt(8));
        String cmp = CMP[r.nextInt(6)];
        boolean reg = r.nextBoolean();
        k.append(ind).append("- {inst: CompareAndBranch, comp_op: IS_").append(cmp).append(reg ? "REG" : "IMM").append(", lhs: a, rhs: ")
                .append(reg ? "b" : Integer.toString(r.nextInt(100))).append(", dtype: ").append(r.nextBoolean() ? "INT32" : "UINT32")
                .append(", on_true: ").append(r.nextBoolean() ? "yes" : "no").append(", on_false: ").append(r.nextBoolean() ? "no" : "yes")
                .append("}\n");
        k.append("      - name: yes\n        insts:\n");
        body(k, r, ind, 1, 3);
        k.append(ind).append("- {inst: Call, callee: helper}\n").append(ind).append("- {inst: Exit}\n");
        k.append("      - name: no\n        insts:\n");
        body(k, r, ind, 1, 3);
        k.append(ind).append("- {inst: Exit}\n");
        k.append("  - name: helper\n    insts:\n");
        body(k, r, "      ", 2, 3);
        k.append("      - {inst: Return}\n");
        return k.toString();
    }

    static void body(StringBuilder k, Random r, String ind, int depth, int count) {
        String[] small = {"a", "b", "c", "d", "e"};
        for (int s = 0; s < count; s++) {
            int what = r.nextInt(depth >= 2 ? 3 : 8);
            if (what <= 1) {
                String op = OPS[r.nextInt(OPS.length)];
                k.append(ind).append("- {inst: RegisterAlu, op: ").append(op).append(", dst: ").append(small[r.nextInt(5)])
                        .append(", src0: ").append(small[r.nextInt(5)]).append(", src1: ")
                        .append(r.nextBoolean() ? small[r.nextInt(5)] : Integer.toString(op.equals("pow") ? r.nextInt(4) : r.nextInt(64)))
                        .append(", dtype: ").append(r.nextBoolean() ? "INT32" : "UINT32").append("}\n");
            } else if (what == 2) {
                String op = r.nextBoolean() ? "add" : "mult";
                k.append(ind).append("- {inst: RegisterAlu, op: ").append(op).append(", is_64bit: true, dst: w, src0: w, src1: ")
                        .append(r.nextBoolean() ? "z" : Integer.toString(r.nextInt(9))).append("}\n");
            } else if (what == 3) {
                String var = depth == 0 ? "i" : "j";
                k.append(ind).append("- inst: Loop\n").append(ind).append("  var: ").append(var).append("\n").append(ind).append("  lb: ")
                        .append(r.nextInt(3)).append("\n").append(ind).append("  ub: ").append(r.nextInt(6)).append("\n").append(ind)
                        .append("  stride: ").append(1 + r.nextInt(2)).append("\n").append(ind).append("  body:\n");
                body(k, r, ind + "    ", depth + 1, 1 + r.nextInt(3));
            } else if (what == 4) {
                String var = depth == 0 ? "i" : "j";
                k.append(ind).append("- inst: DynamicForLoop\n").append(ind).append("  var: ").append(var).append("\n").append(ind)
                        .append("  lb: 0\n").append(ind).append("  ub_const: ").append(r.nextInt(3)).append("\n").append(ind)
                        .append("  ub_coef: 1\n").append(ind).append("  ub_reg: n\n").append(ind).append("  body:\n");
                k.append(ind).append("    - {inst: RegisterAlu, op: bitwise_and, dst: n, src0: n, src1: 7}\n");
                body(k, r, ind + "    ", depth + 1, 1 + r.nextInt(2));
            } else if (what == 5) {
                k.append(ind).append("- {inst: RegisterMove, dst: e, src: ").append(1 + r.nextInt(4)).append("}\n");
                k.append(ind).append("- inst: DoWhile\n").append(ind).append("  pred: e\n").append(ind).append("  body:\n");
                k.append(ind).append("    - {inst: RegisterAlu, op: subtract, dst: e, src0: e, src1: 1, dtype: UINT32}\n");
                body(k, r, ind + "    ", depth + 1, 1 + r.nextInt(2));
                k.append(ind).append("    - {inst: RegisterAlu, op: bitwise_and, dst: e, src0: e, src1: 7}\n");
            } else if (what == 7) {
                // a wait against a register (SEM_GE_REG) that holds: e = x & 7, the semaphore is set to 7 or more
                k.append(ind).append("- {inst: RegisterAlu, op: bitwise_and, dst: e, src0: ").append(small[r.nextInt(5)]).append(", src1: 7}\n");
                k.append(ind).append("- {inst: EventSemaphore, update: {sem: s0, mode: sem_wr_imm, value: ").append(7 + r.nextInt(3))
                        .append("}}\n");
                k.append(ind).append("- {inst: EventSemaphore, wait: {sem: s0, register: e}}\n");
            } else {
                k.append(ind).append("- {inst: DMATrigger, queue: q").append(r.nextInt(2)).append(", block_id: ").append(r.nextInt(3))
                        .append("}\n");
            }
        }
    }
}
