package tpb.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Assertions;
import tpb.codegen.Compiler;
import tpb.ir.KernelReader;
import tpb.ir.Module;
import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.Arch;

/**
 * Differential testing on random kernels: straight code, static, dynamic and do-while loops
 * nested up to two deep, calls, two-way branches (every compare in both forms, at every LHS dtype,
 * often on equal or one-off operands), every ALU op the wire table encodes with edge and negative
 * immediates, semaphore waits against a register, over a few 32- and 64-bit registers; compiled on
 * the full file and on 4 registers (spill code runs), with and without fences. The IR, the
 * lowered code and the stream must end alike.
 */
class RandomKernelsTest {
    /** Every ALU op the spec's wire table encodes. */
    static final String[] OPS = Arrays.stream(AluOpType.values()).filter(AluOpWire::encodes).map(AluOpType::specName)
            .toArray(String[]::new);
    static final String[] CMP = {"LT", "LE", "EQ", "NE", "GE", "GT"};

    /** Every LHS dtype compareScalarArgs has a comparator for (seed000 §3.1). */
    static final String[] CMP_DTYPES = {"UINT8", "INT8", "UINT16", "INT16", "UINT32", "INT32", "FP32"};

    /** 32-bit values at the edges: zero, one, all ones, the sign boundaries of 8, 16 and 32 bits, negatives. */
    static final long[] EDGES = {0, 1, 2, -1, -2, 0x7F, 0x80, 0xFF, -128, 0x7FFF, 0x8000, 0xFFFF, -32768, 0x7FFF_FFFFL,
            -0x8000_0000L, 0xFFFF_FFFFL, 31, 32, 33};

    /** A value the kernel compares or computes with: an edge, or a small number either side of zero. */
    static long value(Random r) {
        return r.nextBoolean() ? EDGES[r.nextInt(EDGES.length)] : r.nextInt(200) - 100;
    }

    /** An immediate equal to {@code v} or one off it (the inputs where LT and LE, GT and GE differ), kept to 32 bits. */
    static long near(Random r, long v) {
        long x = v + r.nextInt(3) - 1;
        return x < Integer.MIN_VALUE || x > 0xFFFF_FFFFL ? v : x;
    }

    @Property(tries = 1000)
    void irAndStreamAgree(@ForAll long seed) {
        Random r = new Random(seed);
        String text = kernel(r);
        Module m = KernelReader.read("random.yaml", text);
        int regs = r.nextBoolean() ? 62 : 4;
        DifferentialTest.agree(m, new Compiler.Options(Arch.SUNDA, regs, r.nextBoolean()));
    }

    /**
     * Random queue kernels against a model written here from facts §7.5: a DMATrigger fires block N
     * of its queue, N its own fireCount cursor, then advances the cursor (block_id names the queue's
     * block 0 to the runtime, facts §3.10, and picks no block; the queues here declare no blocks, so
     * no wrap); a
     * SwitchQueueInstance erases the cursor unless no_rearm; a ResetQueueInstance always does. Each
     * queue has one trigger site, inside a loop of two to four trips, so a trigger fires, a switch
     * (with or without no_rearm) or a reset may follow, and the same trigger fires again; switches
     * and resets also come before the loop. One site per queue keeps the model the same
     * whether a cursor belongs to the queue or to the trigger. Every level's fire log must equal
     * the model's, in order.
     */
    @Property(tries = 200)
    void queueKernelsFireAsModelled(@ForAll long seed) {
        Random r = new Random(seed);
        List<String> expected = new ArrayList<>();
        String text = queueKernel(r, expected);
        for (SimResult run : TruthTables.runAll("queues", text, SimResult.Status.EXIT, null)) {
            Assertions.assertEquals(expected, run.fired(), text);
        }
    }

    static String queueKernel(Random r, List<String> fired) {
        String[] queues = {"q0", "q1"};
        int[] cursor = new int[2];
        int[] blockId = {r.nextInt(3), r.nextInt(3)};
        StringBuilder k = new StringBuilder("kernel: queues\nregisters: [i]\nfunctions:\n  - name: main\n    insts:\n");
        // ResetQueueInstance is legal only in a module where a switch sets no_rearm (facts §3.10)
        k.append("      - {inst: SwitchQueueInstance, queue: q0, no_rearm: true}\n");
        List<String> before = control(r, queues, 2);
        List<String> body = new ArrayList<>();
        for (int q = 0; q < 2; q++) {
            body.add("{inst: DMATrigger, queue: " + queues[q] + ", block_id: " + blockId[q] + "}");
            body.addAll(control(r, queues, 2));
        }
        Collections.shuffle(body, r);
        int trips = 2 + r.nextInt(3);
        for (String c : before) {
            k.append("      - ").append(c.replace("%I", "      ")).append("\n");
            apply(c, queues, cursor, fired);
        }
        k.append("      - inst: Loop\n        var: i\n        lb: 0\n        ub: ").append(trips).append("\n        body:\n");
        for (String c : body) {
            k.append("          - ").append(c.replace("%I", "          ")).append("\n");
        }
        for (int t = 0; t < trips; t++) {
            for (String c : body) {
                apply(c, queues, cursor, fired);
            }
        }
        k.append("      - {inst: Exit}\n");
        return k.toString();
    }

    /** Up to {@code max} switches (with or without no_rearm) and resets on random queues. */
    static List<String> control(Random r, String[] queues, int max) {
        List<String> out = new ArrayList<>();
        for (int n = r.nextInt(max + 1); n > 0; n--) {
            String q = queues[r.nextInt(queues.length)];
            switch (r.nextInt(3)) {
                case 0 -> out.add("{inst: SwitchQueueInstance, queue: " + q + "}");
                case 1 -> out.add("{inst: SwitchQueueInstance, queue: " + q + ", no_rearm: true}");
                // a reset clears the module feature it needs, so each comes right after a no_rearm switch (d473235)
                default -> out.add("{inst: SwitchQueueInstance, queue: " + q + ", no_rearm: true}\n%I- {inst: ResetQueueInstance, queue: "
                        + q + "}");
            }
        }
        return out;
    }

    /** The model: what one instruction does to the cursors and the fire log. */
    static void apply(String inst, String[] queues, int[] cursor, List<String> fired) {
        int q = inst.contains("queue: q0") ? 0 : 1;
        if (inst.contains("DMATrigger")) {
            fired.add(queues[q] + "[" + cursor[q] + "]");
            cursor[q]++;
        } else if (inst.contains("ResetQueueInstance") || !inst.contains("no_rearm")) {
            cursor[q] = 0;
        }
    }

    static String kernel(Random r) {
        StringBuilder k = new StringBuilder("kernel: random\nregisters: [a, b, c, d, e, i, j, n, {name: w, is_64bit: true}, "
                + "{name: z, is_64bit: true}]\nfunctions:\n  - name: main\n    blocks:\n      - name: start\n        insts:\n");
        String ind = "          ";
        for (String reg : new String[] {"a", "b", "c", "d", "e", "n"}) {
            k.append(ind).append("- {inst: RegisterMove, dst: ").append(reg).append(", src: ").append(value(r)).append("}\n");
        }
        k.append(ind).append("- {inst: RegisterMove, dst: w, src: ").append(r.nextLong() & 0xFFFFFFFFFFL).append("}\n");
        k.append(ind).append("- {inst: RegisterMove, dst: z, src: ").append(r.nextInt(1000)).append("}\n");
        body(k, r, ind, 0, 6 + r.nextInt(8));
        for (int d = r.nextInt(3); d > 0; d--) {
            k.append(ind).append("- {inst: UnconditionalBranch, target: d").append(d).append("}\n");
            k.append("      - name: d").append(d).append("\n        insts:\n");
            body(k, r, ind, 1, 1 + r.nextInt(3));
            diamond(k, r, ind, "d" + d + "t", "d" + d + "f", "d" + d + "j");
        }
        diamond(k, r, ind, "yes", "no", null);
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

    /**
     * A compare that ends the current block: half the time its LHS is set just before to a known
     * value and the RHS (immediate, or a register set likewise) is that value or one off it, so
     * equal operands — where LT and LE, GT and GE differ — come up often; the dtype is any the
     * comparator table has. Either successor may be the next block, so the encoder negates the
     * predicate as often as not. With {@code join}, both arms run a little code and meet there.
     */
    static void diamond(StringBuilder k, Random r, String ind, String onTrue, String onFalse, String join) {
        String cmp = CMP[r.nextInt(6)];
        boolean reg = r.nextBoolean();
        String rhs;
        if (r.nextBoolean()) {
            long v = value(r);
            k.append(ind).append("- {inst: RegisterMove, dst: a, src: ").append(v).append("}\n");
            if (reg) {
                k.append(ind).append("- {inst: RegisterMove, dst: b, src: ").append(near(r, v)).append("}\n");
                rhs = "b";
            } else {
                rhs = Long.toString(near(r, v));
            }
        } else {
            rhs = reg ? "b" : Long.toString(value(r));
        }
        boolean trueFirst = r.nextBoolean();
        if (join == null && r.nextBoolean()) {
            String t = onTrue;
            onTrue = onFalse;
            onFalse = t;
        }
        k.append(ind).append("- {inst: CompareAndBranch, comp_op: IS_").append(cmp).append(reg ? "REG" : "IMM").append(", lhs: a, rhs: ")
                .append(rhs).append(", dtype: ").append(CMP_DTYPES[r.nextInt(CMP_DTYPES.length)]).append(", on_true: ")
                .append(onTrue).append(", on_false: ").append(onFalse).append("}\n");
        if (join == null) {
            return;
        }
        for (String arm : trueFirst ? new String[] {onTrue, onFalse} : new String[] {onFalse, onTrue}) {
            k.append("      - name: ").append(arm).append("\n        insts:\n");
            body(k, r, ind, 1, 1 + r.nextInt(2));
            k.append(ind).append("- {inst: UnconditionalBranch, target: ").append(join).append("}\n");
        }
        k.append("      - name: ").append(join).append("\n        insts:\n");
    }

    static void body(StringBuilder k, Random r, String ind, int depth, int count) {
        String[] small = {"a", "b", "c", "d", "e"};
        for (int s = 0; s < count; s++) {
            int what = r.nextInt(depth >= 2 ? 3 : 8);
            if (what <= 1) {
                String op = OPS[r.nextInt(OPS.length)];
                String src0 = small[r.nextInt(5)];
                String src1 = r.nextBoolean() ? small[r.nextInt(5)] : Long.toString(op.equals("pow") ? r.nextInt(4) : value(r));
                // the differential legs need runs that end: divide and mod get a non-zero divisor, rsqrt a positive operand
                // (their faults are pinned by AluTruthTableTest)
                if ((op.equals("divide") || op.equals("mod")) && Character.isLetter(src1.charAt(0))) {
                    k.append(ind).append("- {inst: RegisterAlu, op: bitwise_or, dst: ").append(src1).append(", src0: ").append(src1)
                            .append(", src1: 1}\n");
                } else if (op.equals("divide") || op.equals("mod")) {
                    src1 = src1.equals("0") ? "1" : src1;
                } else if (op.equals("rsqrt")) {
                    k.append(ind).append("- {inst: RegisterAlu, op: logical_shift_right, dst: ").append(src0).append(", src0: ")
                            .append(src0).append(", src1: 1}\n");
                    k.append(ind).append("- {inst: RegisterAlu, op: bitwise_or, dst: ").append(src0).append(", src0: ").append(src0)
                            .append(", src1: 1}\n");
                }
                k.append(ind).append("- {inst: RegisterAlu, op: ").append(op).append(", dst: ").append(small[r.nextInt(5)])
                        .append(", src0: ").append(src0).append(", src1: ").append(src1)
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
