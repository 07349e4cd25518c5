package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.codec.Violation;
import tpb.codec.ViolationSink;
import tpb.isa.AluOpType;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.BrTargetMode;
import tpb.isa.BranchCompareOp;
import tpb.isa.CompareAndBranchRecord;
import tpb.isa.CopyPredicatedScalarRecord;
import tpb.isa.DataSrc;
import tpb.isa.DtypeWire;
import tpb.isa.EventSemaphoreRecord;
import tpb.isa.EventsExtended;
import tpb.isa.MoveWidth;
import tpb.isa.RegisterAluRecord;
import tpb.isa.RegisterMoveRecord;
import tpb.isa.TensorStorePhysicalRecord;
import tpb.isa.UpdateMode;
import tpb.isa.Validator;

/** Exact violations for each rule the validator applies. */
class ValidatorTest {
    private static byte[] alu() {
        return RegisterAluRecord.builder().op(AluOpType.ADD).dtype(DtypeWire.INT32).dstDtype(DtypeWire.INT32).build().toBytes();
    }

    private static String violations(byte[] b) {
        return Validator.validate(b, 0).toString();
    }

    @Test
    void validRecordHasNone() {
        assertEquals("[]", violations(alu()));
    }

    @Test
    void lutValueOutsideTheTable() {
        byte[] b = alu();
        b[0x0C] = 0x17;
        assertEquals("[record 0 (+0x0C) op: lut: 0x17 is not a wire value of AluOpWire]", violations(b));
    }

    @Test
    void constantInstWordLen() {
        byte[] b = alu();
        b[1] = 0x11;
        assertEquals("[record 0 (+0x01) header.inst_word_len: const: expected 0x10, found 17]", violations(b));
    }

    @Test
    void reservedBytes() {
        byte[] b = alu();
        b[0x20] = 1;
        assertEquals("[record 0 (+0x20) reserved2: reserved: reserved bytes must be zero]", violations(b));
    }

    @Test
    void enumValues() {
        byte[] b = alu();
        b[0x0D] = 0x14;
        b[0x04] = 0x33;
        assertEquals("[record 0 (+0x04) events.wait_mode: enum: 51 is not a value of WaitMode, "
                + "record 0 (+0x0D) dtype: enum: 20 is not a value of DtypeWire, "
                + "record 0 (+0x0D) dtype: guard: the 32-bit ALU accepts uint32/int32/uint64/int64 as src1]", violations(b));
    }

    @Test
    void unknownOpcodeAndSubOpcode() {
        byte[] b = new byte[64];
        b[0] = 0x0B;
        b[1] = 0x10;
        assertEquals("[record 0 (+0x00) opcode: opcode: 0xb is not a value of Opcode]", violations(b));
        b[0] = (byte) 0xDF;
        b[0x0C] = 5;
        assertEquals("[record 0 (+0x0C) select: select: sub-opcode 5 at +0xC selects no arm of PseudoInst]", violations(b));
    }

    @Test
    void guardsCarryTheSourceMessages() {
        byte[] mv = RegisterMoveRecord.builder().validNum(MoveWidth.BITS64).dtype(DtypeWire.INT64).srcMode(DataSrc.REGISTER).build().toBytes();
        assertEquals("[record 0 (+0x0D) dtype: guard: only support fp32/uint32/int32 for REG MOVE instr, "
                + "record 0 (+0x0E) src_mode: guard: 64bit REG MOVE instr must have ImmediateValue src]", violations(mv));
    }

    /** A 64-byte record from {@code "offset: hex bytes"} rows, as the spec's examples write them. */
    private static byte[] record(String... rows) {
        byte[] b = new byte[64];
        for (String row : rows) {
            int colon = row.indexOf(':');
            int at = Integer.decode(row.substring(0, colon).trim());
            for (String h : row.substring(colon + 1).trim().split(" ")) {
                b[at++] = (byte) Integer.parseInt(h, 16);
            }
        }
        return b;
    }

    @Test
    void memsetCountsTheDstPattern() {
        // dpfacts §6: dst_element_count = the product of the dst nums in 64/64 real records (example large_dve_rec2)
        byte[] b = record("0x00: 49 10", "0x1C: 00 02", "0x20: 0a 00 80", "0x2C: 00 50 00 00 01 00 01 00 01 00 01 00 00 02 01 00 01 00 01");
        assertEquals("[]", violations(b));
        b[0x3A] = 2; // nums (512, 2, 1, 1): 1024 elements, the count still says 512
        assertEquals("[record 0 (+0x1C) dst_element_count: guard: dst_element_count must be the dst pattern's element count "
                + "(the product of its nums)]", violations(b));
    }

    @Test
    void reciprocalCountsMatch() {
        // «CLA» §3 as dpfacts quotes it: source and destination hold as many elements;
        // the attention NEFFs' RECIPROCAL records read 4 and write 4 (src 0x8030, dst 0x8040 here)
        byte[] b = record("0x00: 48 10", "0x0C: 30 80 00 00 01 00 01 00 01 00 01 00 04 00 01 00 01 00 01", "0x20: 0a 0a 80",
                "0x2C: 40 80 00 00 01 00 01 00 01 00 01 00 04 00 01 00 01 00 01");
        assertEquals("[]", violations(b));
        b[0x38] = 2; // the destination holds 2
        assertEquals("[record 0 (+0x18) product(src_mem_pattern.num): guard: RECIPROCAL's source and destination must hold "
                + "as many elements]", violations(b));
        b[0x38] = 4;
        b[0x20] = 0x0b; // FP32R in: excluded («CLA» §3 as the audit quotes it, item 9)
        assertEquals("[record 0 (+0x20) in_dtype: guard: RECIPROCAL's in_dtype takes no FP32R, UINT64 or INT64]", violations(b));
    }

    @Test
    void copyPredicatedKeepsItsDataDtypeAndCounts() {
        // «CASTPRED» §6 / §5.3 as dpfacts quotes them: out_dtype = the data's (src1) dtype, and
        // predicate, data and destination hold as many elements. UINT8 predicate (lo 3), FP32 data (hi 0xa), FP32 out
        byte[] b = record("0x00: 72 10", "0x0C: a3 0a 00 80", "0x10: 00 01 00 00 01 00 01 00 01 00 10 00 01 00 01",
                "0x20: 00 02 00 00 01 00 01 00 01 00 10 00 01 00 01", "0x30: 00 03 00 00 01 00 01 00 01 00 10 00 01 00 01");
        assertEquals("[]", violations(b));
        b[0x0D] = 7; // FP16 out: a copy does not convert
        assertEquals("[record 0 (+0x0D) out_dtype: guard: COPY_PREDICATED's out_dtype must equal its data's (src1) dtype]", violations(b));
        b[0x0D] = 0x0a;
        b[0x2A] = 8; // the data holds 8, the destination 16
        assertEquals("[record 0 (+0x2A) product(src1_mem_pattern.num): guard: COPY_PREDICATED's data and destination must hold "
                + "as many elements]", violations(b));
    }

    @Test
    void iotaCountsMatch() {
        // dpfacts §7 («IOTA» §2): DATA4D element count = TENSOR4D element count (example constructed)
        byte[] b = record("0x00: 7e 10", "0x0C: 01 00 00 00 01 00 01 00 01 00 01 00 40 00 01 00 01 00 01",
                "0x21: 08 80 00 40", "0x2C: 00 30 00 00 01 00 01 00 01 00 01 00 40 00 01 00 01 00 01");
        assertEquals("[]", violations(b));
        b[0x38] = 32; // the destination holds 32 elements, the generator makes 64
        assertEquals("[record 0 (+0x18) product(src_data_pattern.num): guard: the DATA4D element count must equal the TENSOR4D "
                + "destination's]", violations(b));
    }

    /** CopyPredicatedScalar's reversed_pred is 0 or 1 («CPS» §4.2), a guard now, not prose. */
    @Test
    void reversedPredIsZeroOrOne() {
        for (int v : new int[] {0, 1, 2, 255}) {
            byte[] b = CopyPredicatedScalarRecord.builder().predDtype(DtypeWire.UINT8).reversedPred(v).numActiveChannels(128)
                    .inDtype(DtypeWire.FP32).outDtype(DtypeWire.FP32).build().toBytes();
            assertEquals(v <= 1 ? "[]" : "[record 0 (+0x21) reversed_pred: guard: reversed_pred is 0 or 1 (the predicate's polarity)]",
                    violations(b), "reversed_pred " + v);
        }
    }

    @Test
    void predicatesHaveIntegerDtypes() {
        // dpfacts §4 («CASTPRED» §1, §5): the predicate (src0, the low nibble) is INT8/16/32 or UINT8/16/32
        byte[] b = record("0x00: 72 10", "0x0C: a3 0a 00 80", "0x10: 00 04 00 00 01 00 01 00 01 00 10 00 01 00 01",
                "0x20: 00 08 00 00 01 00 01 00 01 00 10 00 01 00 01", "0x30: 00 0c 00 00 01 00 01 00 01 00 10 00 01 00 01");
        assertEquals("[]", violations(b));
        for (DtypeWire d : DtypeWire.values()) {
            if (d.value() > 0xF) {
                continue;
            }
            b[0x0C] = (byte) (0xA0 | d.value());
            boolean integer = d.name().matches("U?INT(8|16|32)");
            assertEquals(integer ? "[]" : "[record 0 (+0x0C) in0_in1_dtype.tags.lo: guard: COPY_PREDICATED's predicate (src0) must have "
                    + "an integer dtype]", violations(b), d.name());
        }
    }

    @Test
    void matmulTilesKeepTheNkiLimits() {
        // NKI nc_matmul: moving free size <= 512; stationary free size <= 128 (the fixture's records sit at the limits)
        byte[] mm = record("0x00: 02 10 00 00 00 00 13 05", "0x10: 00 7b 03 00 01 00 00 00 00 00 80 00 01 00 01",
                "0x20: 07 00 01 00 00 00 80 80 00 00 00 03 0f 0f", "0x30: 00 08 00 02 01 00 00 00 00 00 80 00 01 00 01");
        assertEquals("[]", violations(mm));
        mm[0x1C] = 4; // moving nums (128, 4, 1): 512, the limit
        assertEquals("[]", violations(mm));
        mm[0x1C] = 5;
        assertEquals("[record 0 (+0x1A) product(src_mem_pattern.num): guard: the moving tile's free size is at most 512]", violations(mm));
        byte[] lw = record("0x00: 01 10 00 00 05 08 00 00 10", "0x10: fe 7c 03 00 ff ff 00 00 e0 ff 20 00 01 00 04",
                "0x20: 07 00 01 00 00 00 80 80 00 00 00 00 0f 0f");
        assertEquals("[]", violations(lw));
        lw[0x1C] = 2; // stationary nums (32, 2, 4): 256
        lw[0x27] = (byte) 0x81;
        assertEquals("[record 0 (+0x27) num_active_cols: guard: the stationary tile's free size is at most 128 (the PE array's 128 columns), "
                + "record 0 (+0x1A) product(src_mem_pattern.num): guard: the stationary tile's free size is at most 128]",
                violations(lw));
    }

    @Test
    void eventSemaphoreTakesAtMostOneUpdate() {
        // facts §3.5: <= 1 update, held by the extended block; +0x06/+0x07 stay unwritten
        EventsExtended ext = EventsExtended.builder().updateMode(UpdateMode.SEM_INC_COMPLETE).updateIdx(3).build();
        byte[] one = EventSemaphoreRecord.builder().ext(ext).build().toBytes();
        assertEquals("[]", violations(one));
        byte[] two = one.clone();
        two[0x06] = 0x13; // a second update in the standard slot
        two[0x07] = 4;
        assertEquals("[record 0 (+0x06) events.update_mode: guard: EventSemaphore takes at most one update "
                + "(the extended block holds it; +0x06/+0x07 are not written)]", violations(two));
        byte[] standardOnly = two.clone();
        standardOnly[0x22] = 0; // the only update in the standard slot: one update, so no violation
        standardOnly[0x23] = 0;
        assertEquals("[]", violations(standardOnly));
    }

    @Test
    void dtypeBaseLegality() {
        // facts §5.3: value <= 0xF, never 0; UINT64/INT64/FP32R only where a field allows them
        byte[] br = CompareAndBranchRecord.builder().cmpOp(BranchCompareOp.IS_LTIMM).dtype(DtypeWire.UINT32)
                .targetMode(BrTargetMode.REL_IMM).build().toBytes();
        assertEquals("[]", violations(br));
        for (DtypeWire d : DtypeWire.values()) {
            br[0x0D] = (byte) d.value();
            boolean legal = d.isBaseLegal();
            assertEquals(legal ? "[]" : "[record 0 (+0x0D) dtype: guard: dtype base legality: value <= 0xF, never 0, and "
                    + "UINT64/INT64/FP32R only where a field allows them]", violations(br), d.name());
            assertEquals(d.value() >= 1 && d.value() <= 0xF && d.value() != 1 && d.value() != 11 && d.value() != 12, legal, d.name());
        }
        // a spill of a 64-bit register writes int32's tag with two elements (facts §3.8), not INT64
        byte[] st = TensorStorePhysicalRecord.builder().dtype(DtypeWire.INT64).numElem0(2).numElem1(1).build().toBytes();
        assertEquals("[record 0 (+0x0C) dtype: guard: dtype base legality: value <= 0xF, never 0, and "
                + "UINT64/INT64/FP32R only where a field allows them]", violations(st));
    }

    @Test
    void coreBarrierIsGen3Only() {
        // seed000 §6: CoreV3 has the only CoreBarrier encoder; the profiles list it under no_encoder
        assertEquals(false, Arch.SUNDA.hasEncoder(Arm.CORE_BARRIER));
        assertEquals(true, Arch.CAYMAN.hasEncoder(Arm.CORE_BARRIER));
        assertEquals(false, Arch.MARIANA.hasEncoder(Arm.CORE_BARRIER));
        assertEquals(true, Arch.SUNDA.hasEncoder(Arm.REGISTER_ALU));
        // the opcode itself stays legal in the v2 header enum (bit 23 of the 0xC1 mask)
        assertEquals(true, Arch.SUNDA.isLegalOpcode(0xD8));
    }

    @Test
    void archLegality() {
        byte[] b = new byte[64];
        b[0] = 0x06; // Ldtags, v3+
        b[1] = 0x10;
        List<Violation> out = new ArrayList<>();
        Validator.validate(b, 0, 4, Arch.SUNDA, ViolationSink.into(out));
        assertEquals("[record 4 (+0x00) opcode: arch: opcode 0x6 (Ldtags) is not legal on SUNDA]", out.toString());
        out.clear();
        Validator.validate(b, 0, 4, Arch.CAYMAN, ViolationSink.into(out));
        assertEquals("[]", out.toString());
    }
}
