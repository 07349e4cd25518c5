package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import tpb.codec.FatalEncodingException;
import tpb.codegen.Compiler;
import tpb.isa.AluOpType;
import tpb.isa.BrTargetMode;
import tpb.isa.BranchCompareOp;
import tpb.isa.CompareAndBranchRecord;
import tpb.isa.DataSrc;
import tpb.isa.DtypeWire;
import tpb.isa.ExitRecord;
import tpb.isa.HaltRecord;
import tpb.isa.Instruction;
import tpb.isa.MoveWidth;
import tpb.isa.NoOpRecord;
import tpb.isa.RegisterAluRecord;
import tpb.isa.RegisterMoveRecord;
import tpb.isa.UnconditionalBranchRecord;
import tpb.abi.Location;

/**
 * The stream sequencer's fast paths (specialised 32-bit ALU kinds, 32-bit compares as outcome
 * masks, the add + compare-and-branch superinstruction) against the one reference, {@link
 * Semantics}: a record run through the stream gives what Semantics says, or faults with its message.
 */
class StreamFastPathTest {
    static final Map<String, Location> SLOTS = StreamSimulator.slots();

    @Property(tries = 3000)
    void aluRecordMeansSemanticsAlu(@ForAll AluOpType op, @ForAll boolean signed, @ForAll boolean immediate,
            @ForAll int x, @ForAll int y) {
        DtypeWire d = signed ? DtypeWire.INT32 : DtypeWire.UINT32;
        byte[] stream = encodable(() -> stream(move(1, x), move(2, y), RegisterAluRecord.builder().op(op).dtype(d).dstDtype(d)
                .srcDatasrc(immediate ? DataSrc.IMMEDIATE : DataSrc.REGISTER).src0Lo(1).src1Lo(immediate ? 0 : 2).dstLo(3)
                .immediate(immediate ? y & 0xFFFF_FFFFL : 0).build(), ExitRecord.builder().build()));
        SimResult got = StreamSimulator.run(stream, SLOTS, 100);
        try {
            long want = Semantics.alu(op, false, d, x & 0xFFFF_FFFFL, y & 0xFFFF_FFFFL);
            assertEquals(SimResult.Status.EXIT, got.status(), got.message());
            assertEquals(want, got.registers().get("r3"), op + " " + d);
        } catch (SimFault f) {
            assertEquals(SimResult.Status.FAULT, got.status());
            assertEquals(f.getMessage(), got.message());
        }
    }

    @Property(tries = 3000)
    void branchRecordMeansSemanticsCompare(@ForAll BranchCompareOp op, @ForAll DtypeWire d, @ForAll int x, @ForAll int y) {
        boolean reg = op.isRegisterRhs();
        // 0,1: operands; 2: the branch; 3-4: fall through (r5 = 0); 5-6: taken (r5 = 1)
        byte[] stream = encodable(() -> stream(move(1, x), move(2, y), CompareAndBranchRecord.builder().cmpOp(op).dtype(d)
                .targetMode(BrTargetMode.REL_IMM).cmpReg0(1).cmpReg1(reg ? 2 : 0).cmpImmediate(reg ? 0 : y & 0xFFFF_FFFFL)
                .target(5).build(), move(5, 0), ExitRecord.builder().build(), move(5, 1), ExitRecord.builder().build()));
        SimResult got = StreamSimulator.run(stream, SLOTS, 100);
        try {
            boolean want = Semantics.compare(op, d, x & 0xFFFF_FFFFL, y & 0xFFFF_FFFFL);
            assertEquals(SimResult.Status.EXIT, got.status(), got.message());
            assertEquals(want ? 1L : 0L, got.registers().get("r5"), op + " " + d + " " + x + " " + y);
        } catch (SimFault f) {
            assertEquals(SimResult.Status.FAULT, got.status());
            assertEquals(f.getMessage(), got.message());
        }
    }

    /**
     * Steps count the records run, never one past the budget: a stream of no-ops, jumps
     * (anywhere, outside included), skipped halts and counted loops, under any budget, reports at
     * most the budget, and exactly the budget when the budget is what ended it.
     */
    @Property(tries = 1000)
    void stepsNeverPassTheBudget(@ForAll @IntRange(min = 1, max = 40) int budget,
            @ForAll @Size(min = 1, max = 8) List<@IntRange(min = 0, max = 39) Integer> picks,
            @ForAll boolean trace) {
        int n = picks.size();
        Instruction[] records = new Instruction[n];
        for (int i = 0; i < n; i++) {
            int p = picks.get(i);
            records[i] = switch (p % 5) {
                case 0 -> NoOpRecord.builder().build();
                case 1 -> UnconditionalBranchRecord.builder().targetMode(BrTargetMode.REL_IMM).target(p / 5 - 1).build();
                case 2 -> HaltRecord.builder().build();
                case 3 -> RegisterAluRecord.builder().op(AluOpType.ADD).dtype(DtypeWire.INT32).dstDtype(DtypeWire.INT32)
                        .srcDatasrc(DataSrc.IMMEDIATE).src0Lo(1).dstLo(1).immediate(1).build();
                default -> CompareAndBranchRecord.builder().cmpOp(BranchCompareOp.values()[0]).dtype(DtypeWire.INT32)
                        .targetMode(BrTargetMode.REL_IMM).cmpReg0(1).cmpReg1(1).target(p / 5).build();
            };
        }
        SimResult got = StreamSimulator.runStream(stream(records), budget, true, trace ? pc -> { } : null);
        Assertions.assertTrue(got.steps() <= budget, got.steps() + " steps under a budget of " + budget);
        if (("step budget of " + budget + " exhausted").equals(got.message())) {
            assertEquals(budget, got.steps());
        }
    }

    /**
     * A counted loop whose step and back edge fuse; under any step budget, the fused run ends as
     * the traced run, which executes every record on its own: same status, message, steps, registers.
     */
    @Property(tries = 300)
    void superinstructionIsInvisible(@ForAll @IntRange(min = 1, max = 60) int budget, @ForAll @IntRange(min = 0, max = 12) int trips,
            @ForAll boolean signed) {
        DtypeWire d = signed ? DtypeWire.INT32 : DtypeWire.UINT32;
        byte[] stream = stream(move(1, 0), move(2, 0),
                RegisterAluRecord.builder().op(AluOpType.ADD).dtype(d).dstDtype(d).srcDatasrc(DataSrc.REGISTER)
                        .src0Lo(2).src1Lo(1).dstLo(2).build(),
                RegisterAluRecord.builder().op(AluOpType.ADD).dtype(d).dstDtype(d).srcDatasrc(DataSrc.IMMEDIATE)
                        .src0Lo(1).dstLo(1).immediate(1).build(),
                CompareAndBranchRecord.builder().cmpOp(BranchCompareOp.IS_LTIMM).dtype(d).targetMode(BrTargetMode.REL_IMM)
                        .cmpReg0(1).cmpImmediate(trips).target(2).build(),
                ExitRecord.builder().build());
        SimResult fused = StreamSimulator.run(stream, SLOTS, budget);
        SimResult traced = StreamSimulator.run(stream, SLOTS, budget, pc -> { });
        assertEquals(traced.status(), fused.status());
        assertEquals(traced.message(), fused.message());
        assertEquals(traced.steps(), fused.steps());
        assertEquals(traced.registers(), fused.registers());
    }

    /** More distinct immediates than constant slots (191): the records past the last slot take the general path, same sums. */
    @Test
    void immediatesBeyondTheConstantSlotsStillCount() {
        int count = 400;
        Instruction[] records = new Instruction[count + 4];
        records[0] = move(1, 0);
        long want = 0;
        for (int k = 0; k < count; k++) {
            int value = 1000 + 7 * k;
            records[k + 1] = RegisterAluRecord.builder().op(AluOpType.ADD).dtype(DtypeWire.INT32).dstDtype(DtypeWire.INT32)
                    .srcDatasrc(DataSrc.IMMEDIATE).src0Lo(1).dstLo(1).immediate(value).build();
            want += value;
        }
        // a compare against the sum, an immediate with no slot either: taken, it skips r5 = 1
        records[count + 1] = CompareAndBranchRecord.builder().cmpOp(BranchCompareOp.IS_EQIMM).dtype(DtypeWire.INT32)
                .targetMode(BrTargetMode.REL_IMM).cmpReg0(1).cmpImmediate(want).target(count + 3).build();
        records[count + 2] = move(5, 1);
        records[count + 3] = ExitRecord.builder().build();
        SimResult r = StreamSimulator.run(stream(records), SLOTS, 10_000);
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        assertEquals(want, r.registers().get("r1"));
        assertEquals(0xFFFF_FFFFL, r.registers().get("r5"), "the compare held");
        assertEquals(count + 3, r.steps());
    }

    @Test
    void leavingTheStreamFaultsWithThePcItWentTo() {
        SimResult off = StreamSimulator.run(stream(move(1, 1), move(2, 2)), SLOTS, 100);
        assertEquals("PC 2 is outside the 2-record stream", off.message());
        assertEquals(2, off.steps(), "landing outside is no step");
        byte[] away = stream(move(1, 1), UnconditionalBranchRecord.builder().targetMode(BrTargetMode.REL_IMM).target(99).build(),
                ExitRecord.builder().build());
        SimResult jumped = StreamSimulator.run(away, SLOTS, 100);
        assertEquals("PC 99 is outside the 3-record stream", jumped.message());
        assertEquals(2, jumped.steps());
        assertEquals(SimResult.Status.FAULT, StreamSimulator.run(away, SLOTS, 2, pc -> { }).status());
        assertEquals("step budget of 1 exhausted", StreamSimulator.run(away, SLOTS, 1).message());
    }

    /**
     * Random straight code and branches, some of them outside the stream, under random budgets:
     * the untraced run (one gate compare a record, sentinels past the end) ends exactly as the
     * traced run, which takes the slow path on every record.
     */
    @Property(tries = 500)
    void untracedRunsEndAsTracedRuns(@ForAll("seeds") long seed, @ForAll @IntRange(min = 1, max = 80) int budget) {
        Random r = new Random(seed);
        int n = 2 + r.nextInt(8);
        Instruction[] records = new Instruction[n];
        for (int i = 0; i < n; i++) {
            int target = r.nextInt(4) == 0 ? n + r.nextInt(3) - 1 : r.nextInt(n);
            records[i] = switch (r.nextInt(5)) {
                case 0 -> UnconditionalBranchRecord.builder().targetMode(BrTargetMode.REL_IMM).target(target).build();
                case 1 -> CompareAndBranchRecord.builder().cmpOp(BranchCompareOp.IS_LTIMM).dtype(DtypeWire.INT32)
                        .targetMode(BrTargetMode.REL_IMM).cmpReg0(1).cmpImmediate(r.nextInt(20)).target(target).build();
                case 2 -> RegisterAluRecord.builder().op(AluOpType.ADD).dtype(DtypeWire.INT32).dstDtype(DtypeWire.INT32)
                        .srcDatasrc(DataSrc.IMMEDIATE).src0Lo(1).dstLo(1).immediate(1).build();
                case 3 -> r.nextBoolean() ? ExitRecord.builder().build() : move(1, r.nextInt(5));
                default -> move(2, r.nextInt(100));
            };
        }
        byte[] s = stream(records);
        SimResult fast = StreamSimulator.run(s, SLOTS, budget);
        List<Integer> pcs = new ArrayList<>();
        SimResult traced = StreamSimulator.run(s, SLOTS, budget, pcs::add);
        assertEquals(traced.status(), fast.status());
        assertEquals(traced.message(), fast.message());
        assertEquals(traced.steps(), fast.steps());
        assertEquals(traced.registers(), fast.registers());
        assertEquals(Math.min(traced.steps(), budget), pcs.size(), "one trace line a step taken");
        pcs.forEach(pc -> assertEquals(true, pc >= 0 && pc < n, "traced PC " + pc));
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    /** The stream, when the generated builders can encode its records (FATAL ops and compares cannot be): else the try is skipped. */
    static byte[] encodable(Supplier<byte[]> build) {
        try {
            return build.get();
        } catch (FatalEncodingException fatal) {
            Assume.that(false);
            throw fatal;
        }
    }

    static Instruction move(int reg, long value) {
        return RegisterMoveRecord.builder().validNum(MoveWidth.BITS32).dtype(DtypeWire.INT32).srcMode(DataSrc.IMMEDIATE)
                .dstLo(reg).immediate(value & 0xFFFF_FFFFL).build();
    }

    static byte[] stream(Instruction... records) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Instruction r : records) {
            out.writeBytes(r.toBytes());
        }
        return out.toByteArray();
    }
}
