package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import tpb.codec.FatalEncodingException;
import tpb.codec.FieldInfo;
import tpb.codec.TestVector;
import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.BrTargetMode;
import tpb.isa.BranchCompareOp;
import tpb.isa.BranchCompareWire;
import tpb.isa.BranchNegation;
import tpb.isa.CallFlyweight;
import tpb.isa.CallRecord;
import tpb.isa.CompareAndBranchRecord;
import tpb.isa.DMATriggerFlyweight;
import tpb.isa.DMATriggerRecord;
import tpb.isa.DataSrc;
import tpb.isa.Decoder;
import tpb.isa.Dtype;
import tpb.isa.DtypeWire;
import tpb.isa.DtypeWireTag;
import tpb.isa.EngineType;
import tpb.isa.Events;
import tpb.isa.ExitRecord;
import tpb.isa.GroupResetSemaphoresFlyweight;
import tpb.isa.IsaInfo;
import tpb.isa.Opcode;
import tpb.isa.RawRecord;
import tpb.isa.RegisterAluFlyweight;
import tpb.isa.RegisterAluRecord;
import tpb.isa.ResetQueueInstanceFlyweight;
import tpb.isa.ResetQueueInstanceRecord;
import tpb.isa.SwitchQueueInstanceFlyweight;
import tpb.isa.TestVectors;
import tpb.isa.UnconditionalBranchRecord;
import tpb.isa.UpdateModeWire;
import tpb.isa.BirUpdateMode;
import tpb.isa.Validator;
import tpb.isa.WaitMode;

/** The TPB facts of the seeds, checked against the generated code (the sources are the oracle here). */
class TpbCodecTest {
    /** seed 000 §2.1, written out from the source independently of the YAML. */
    private static final int[] SEED_ALU_WIRE = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c,
            0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x18, 0x13, 0x14, 0x16, 0x15, -1, -1, 0x1a, 0x1b, 0x1d, 0x19, -1, -1, -1};

    /**
     * seed002 §1: 64-byte records (TPB_INST_NBYTES = 0x40) at a 0x40 stride, little-endian, the
     * opcode byte at +0x00 (so 256 opcode values; facts §2's 256-case name decoder); 0xFF the
     * Invalid sentinel (seed002 §2). GroupResetSemaphores' mask is eight u32 words (facts §3.6:
     * 256 semaphores, word id >> 5, bit id & 31).
     */
    @Test
    void theRecordShapeIsSeed002s() {
        assertEquals(64, IsaInfo.RECORD_SIZE);
        assertEquals(0x40, IsaInfo.STRIDE);
        assertEquals(0, IsaInfo.OPCODE_OFFSET);
        assertEquals(1, IsaInfo.OPCODE_WIDTH);
        assertEquals(256, IsaInfo.OPCODE_VALUES);
        assertEquals("Opcode", IsaInfo.OPCODE_ENUM);
        assertFalse(IsaInfo.BIG_ENDIAN);
        assertEquals(ByteOrder.LITTLE_ENDIAN, IsaInfo.BYTE_ORDER);
        assertTrue(Opcode.INVALID.hasTag("sentinel"));
        assertEquals(0xFF, Opcode.INVALID.value());
        assertEquals(8, GroupResetSemaphoresFlyweight.MASK_COUNT);
        assertEquals(32, GroupResetSemaphoresFlyweight.MASK_WIDTH);
        assertEquals(32, GroupResetSemaphoresFlyweight.MASK_ELEMENT_BITS);
        byte[] exit = new byte[64];
        exit[0] = (byte) 0xDF;
        exit[0x0C] = 1;
        assertEquals(0xDF, Decoder.opcode(exit, 0));
        assertEquals(Arm.EXIT, Decoder.identify(exit, 0));
    }

    @Test
    void aluOpWireIsTheSeedJumpTable() {
        // the generated enum is the spec's; the seed's jump table is the oracle for the ops it lists
        assertEquals(SpecEnums.names("enums/sp.yaml", "AluOpType"), Arrays.stream(AluOpType.values()).map(AluOpType::specName).toList());
        for (int value = 0; value < SEED_ALU_WIRE.length; value++) {
            AluOpType op = AluOpType.fromValue(value);
            assertTrue(op != null, "the seed's jump table has an entry " + value + " the spec does not");
            int expected = SEED_ALU_WIRE[value];
            if (expected < 0) {
                FatalEncodingException e = assertThrows(FatalEncodingException.class, () -> AluOpWire.encode(op));
                assertEquals("Invalid enum variant for enum AluOpType", e.getMessage());
            } else {
                assertEquals(expected, AluOpWire.encode(op), op.specName());
                assertEquals(op, AluOpWire.decode(expected));
            }
        }
        assertNull(AluOpWire.decode(0x17));
        assertNull(AluOpWire.decode(0x1C));
    }

    @Test
    void branchCompareWireAndNegation() {
        int[] wire = {1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14};
        int[] negation = {4, 5, 3, 2, 0, 1, 10, 11, 9, 8, 6, 7};
        for (int i = 0; i < 12; i++) {
            BranchCompareOp op = BranchCompareOp.fromValue(i);
            assertEquals(wire[i], BranchCompareWire.encode(op));
            assertEquals(negation[i], BranchNegation.map(op).value());
            assertEquals(op, BranchNegation.map(BranchNegation.map(op)));
        }
        assertThrows(FatalEncodingException.class, () -> BranchCompareWire.encode(BranchCompareOp.UNSUPPORTED));
        assertEquals(SpecEnums.names("enums/sp.yaml", "BranchCompareOp"), Arrays.stream(BranchCompareOp.values()).map(BranchCompareOp::specName).toList());
        assertTrue(BranchCompareOp.IS_GTREG.isRegisterRhs());
        assertFalse(BranchCompareOp.IS_GTIMM.isRegisterRhs());
    }

    @Test
    void notEqualIsWire0x18AndTheHeaderWordIs0x10A8() {
        RegisterAluRecord r = RegisterAluRecord.builder().op(AluOpType.NOT_EQUAL).dtype(DtypeWire.INT32).dstLo(3).src0Lo(4).src1Lo(5).build();
        byte[] b = r.toBytes();
        assertEquals(0x18, b[0x0C]);
        assertEquals(0x10A8, (b[0] & 0xFF) | (b[1] & 0xFF) << 8);
        assertEquals(0, b[2] | b[3]);
        RegisterAluFlyweight fw = new RegisterAluFlyweight().wrap(b, 0);
        assertEquals(AluOpType.NOT_EQUAL, fw.op());
        assertEquals(0x18, fw.opRaw());
        assertEquals(0x0C, RegisterAluFlyweight.OP_OFFSET);
        assertEquals(0x14, RegisterAluFlyweight.DST_LO_OFFSET);
        assertEquals(0x18, RegisterAluFlyweight.IMMEDIATE_OFFSET);
        assertEquals(8, RegisterAluFlyweight.IMMEDIATE_WIDTH);
    }

    @Test
    void flyweightWritesWhatTheRecordEncodes() {
        byte[] viaFlyweight = new byte[64];
        new RegisterAluFlyweight().wrap(viaFlyweight, 0).reset().op(AluOpType.IS_LT).dtype(DtypeWire.UINT32)
                .srcDatasrc(DataSrc.IMMEDIATE).src0Lo(1).dstLo(2).immediate(-5L).eventsWaitMode(WaitMode.SEM_GE_IMM).eventsWaitIdx(9);
        RegisterAluRecord r = RegisterAluRecord.builder().op(AluOpType.IS_LT).dtype(DtypeWire.UINT32).srcDatasrc(DataSrc.IMMEDIATE)
                .src0Lo(1).dstLo(2).immediate(-5L).events(Events.builder().waitMode(WaitMode.SEM_GE_IMM).waitIdx(9).build()).build();
        assertArrayEquals(r.toBytes(), viaFlyweight);
    }

    @Test
    void recordsRefuseWhatCannotBeEncoded() {
        FatalEncodingException e = assertThrows(FatalEncodingException.class,
                () -> RegisterAluRecord.builder().op(AluOpType.AVERAGE).dtype(DtypeWire.INT32).build());
        assertEquals("Invalid enum variant for enum AluOpType", e.getMessage());
        IllegalArgumentException range = assertThrows(IllegalArgumentException.class,
                () -> RegisterAluRecord.builder().dstLo(256).build());
        assertEquals("dst_lo: 256 does not fit u8", range.getMessage());
        IllegalArgumentException name = assertThrows(IllegalArgumentException.class,
                () -> CallRecord.builder().functionName("x".repeat(36)).build());
        assertEquals("function_name: '" + "x".repeat(36) + "' is longer than 35 characters", name.getMessage());
    }

    @Test
    void aQueueNameMayFillItsFieldAFunctionNameMayNot() {
        // seed000 §4.3-4.4: strncpy(+0x0C, name, 0x1F), checkQueueNameLen <= 31: a 31-character name, no NUL
        assertEquals(31, DMATriggerFlyweight.QUEUE_NAME_MAX_LENGTH);
        assertEquals(31, SwitchQueueInstanceFlyweight.QUEUE_NAME_MAX_LENGTH);
        assertEquals(31, ResetQueueInstanceFlyweight.QUEUE_NAME_MAX_LENGTH);
        assertEquals(35, CallFlyweight.FUNCTION_NAME_MAX_LENGTH);
        String q31 = "q".repeat(30) + "Z";
        byte[] b = ResetQueueInstanceRecord.builder().queueName(q31).build().toBytes();
        for (int i = 0; i < 31; i++) {
            assertEquals(q31.charAt(i), (char) b[0x0C + i]);
        }
        assertEquals(q31, ((ResetQueueInstanceRecord) Decoder.decode(b, 0)).queueName());
        assertEquals(List.of(), Validator.validate(b, 0));
        assertEquals(q31, new ResetQueueInstanceFlyweight().wrap(b, 0).queueName());
        IllegalArgumentException longer = assertThrows(IllegalArgumentException.class,
                () -> DMATriggerRecord.builder().queueName(q31 + "x").build());
        assertEquals("queue_name: '" + q31 + "x' is longer than 31 characters", longer.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new DMATriggerFlyweight().wrap(new byte[64], 0).queueName(q31 + "x"));
        // a Call whose 36-byte name has no NUL is not a Call record: the compiler copies at most 35
        byte[] c = CallRecord.builder().functionName("f".repeat(35)).build().toBytes();
        c[0x0C + 35] = 'g';
        assertTrue(Decoder.decode(c, 0) instanceof RawRecord);
        assertEquals("function_name: chars: not a NUL-terminated printable ASCII name",
                Validator.validate(c, 0).get(0).field() + ": " + Validator.validate(c, 0).get(0).rule() + ": "
                        + Validator.validate(c, 0).get(0).message());
    }

    @Test
    void compareBranchAndUnconditionalShare0xA9() {
        byte[] cond = CompareAndBranchRecord.builder().cmpOp(BranchCompareOp.IS_LTREG).dtype(DtypeWire.INT32)
                .targetMode(BrTargetMode.REL_IMM).cmpReg0(1).cmpReg1(2).target(7).build().toBytes();
        byte[] always = UnconditionalBranchRecord.builder().targetMode(BrTargetMode.REL_IMM).target(7).build().toBytes();
        assertEquals(0xA9, cond[0] & 0xFF);
        assertEquals(0xA9, always[0] & 0xFF);
        assertEquals(Arm.COMPARE_AND_BRANCH, Decoder.identify(cond, 0));
        assertEquals(Arm.UNCONDITIONAL_BRANCH, Decoder.identify(always, 0));
        assertEquals(0x09, cond[0x0C]);
        assertEquals(0, always[0x0C]);
        assertEquals(7, always[0x30]);
    }

    @Test
    void exitIsTheTwoByteSentinel() {
        byte[] exit = ExitRecord.builder().build().toBytes();
        assertEquals(0xDF, exit[0] & 0xFF);
        assertEquals(1, exit[0x0C]);
        assertEquals(Arm.EXIT, Decoder.identify(exit, 0));
        byte[] reload = exit.clone();
        reload[0x0C] = 2;
        assertEquals(Arm.LIBRARY_RELOAD_INDEX, Decoder.identify(reload, 0));
        byte[] other = exit.clone();
        other[0x0C] = 5;
        assertEquals(Arm.UNKNOWN, Decoder.identify(other, 0));
        RawRecord raw = assertInstanceOf(RawRecord.class, Decoder.decode(other, 0));
        assertEquals("no arm for opcode 0xdf", raw.reason());
    }

    @Test
    void enumsCarryOrdinalsAndWireValues() {
        assertEquals(6, EngineType.SP.value());
        assertEquals(7, EngineType.ALL.value());
        List<Integer> datapath = new ArrayList<>();
        for (EngineType e : EngineType.values()) {
            if (e.isDatapath()) {
                datapath.add(e.value());
            }
        }
        assertEquals(List.of(1, 2, 3, 5, 6), datapath);
        assertEquals(DtypeWire.INT32, DtypeWireTag.map(Dtype.INT32));
        assertEquals(0x08, Dtype.INT32.wire().value());
        assertEquals(15, Dtype.INT32.value());
        assertEquals(0x13, UpdateModeWire.encode(BirUpdateMode.SEM_INC));
        assertEquals(0x18, AluOpType.NOT_EQUAL.wire());
        assertEquals(19, AluOpType.NOT_EQUAL.value());
        assertEquals("not_equal", AluOpType.NOT_EQUAL.specName());
        assertEquals(AluOpType.NOT_EQUAL, AluOpType.fromName("not_equal"));
    }

    @Test
    void opcodeTableAndArchProfiles() {
        // every value opcode.yaml lists, and no other (facts §2: 161 compiler ordinals, 7 v2-only and 6
        // v5 header-only opcodes when written; a value added to the spec adds one here, not a test edit)
        assertEquals(SpecEnums.names("enums/opcode.yaml", "Opcode"), Arrays.stream(Opcode.values()).map(Opcode::specName).toList());
        assertEquals(0xFF, Opcode.INVALID.value());
        assertEquals(0x81, Opcode.JPEG_DECODE.value());
        assertEquals(31, Arrays.stream(Opcode.values()).filter(o -> o.hasTag("pseudo")).count());
        // each profile's legal set: opcode.yaml's values whose since/until take its generation, less its exclude_tags
        // (arch/profiles.yaml), read from the YAML here; an opcode a user adds with since: 3 adds one to CAYMAN's and
        // MARIANA's (these were the numbers 145, 150, 159, which the recipe broke)
        for (Arch a : Arch.values()) {
            assertEquals(SpecEnums.live("enums/opcode.yaml", "Opcode", a.generation(), SpecEnums.excludeTags(a.name())), legal(a), a.name());
        }
        assertEquals(Arch.SUNDA, Arch.byName("trn1"));
        assertEquals(62, Arch.SUNDA.maxRegNumPerEngine());
        assertFalse(Arch.SUNDA.isLegalOpcode(Opcode.LDTAGS.value()));
        assertTrue(Arch.CAYMAN.isLegalOpcode(Opcode.LDTAGS.value()));
        assertFalse(Arch.MARIANA.isLegalOpcode(Opcode.UCODE_CONFIG.value()));
        assertTrue(Arch.SUNDA.isLegalOpcode(Opcode.V2_ONLY87.value()));
        assertFalse(Arch.CAYMAN.isLegalOpcode(Opcode.V2_ONLY87.value()));
    }

    private static long legal(Arch a) {
        int n = 0;
        for (int op = 0; op < 256; op++) {
            if (a.isLegalOpcode(op)) {
                n++;
            }
        }
        return n;
    }

    @Test
    void armCatalogueDescribesFields() {
        assertEquals("CTRL_AL", Arm.REGISTER_ALU.struct());
        assertEquals(0xA8, Arm.REGISTER_ALU.opcode());
        assertEquals("+0x0C=*", Arm.COMPARE_AND_BRANCH.select());
        FieldInfo op = Arm.REGISTER_ALU.fields().stream().filter(f -> f.name().equals("op")).findFirst().orElseThrow();
        assertEquals(new FieldInfo("op", 0x0C, 1, FieldInfo.Element.U8, 1, new FieldInfo.Encoding.Lut("AluOpWire"), null,
                ByteOrder.LITTLE_ENDIAN, "STRONG", "seed000 §2.1-2.2; facts §3.1"), op);
        // Counts come from the spec: every opcode value has an arm (opaque when the sources give no
        // layout), and exactly the laid-out arms carry test vectors.
        Set<Integer> armOpcodes = new TreeSet<>();
        Set<String> laidOut = new TreeSet<>();
        for (Arm a : Arm.values()) {
            if (a != Arm.UNKNOWN) {
                armOpcodes.add(a.opcode());
                if (!a.opaque()) {
                    laidOut.add(a.specName());
                }
            }
        }
        Set<Integer> opcodes = new TreeSet<>();
        for (Opcode o : Opcode.values()) {
            opcodes.add(o.value());
        }
        assertEquals(opcodes, armOpcodes, "the opcodes with an arm should be exactly the Opcode enum's values");
        Set<String> withVectors = new TreeSet<>();
        for (TestVector v : TestVectors.all()) {
            withVectors.add(v.arm());
        }
        assertEquals(laidOut, withVectors, "the arms with a layout should be exactly the arms with spec test vectors");
    }
}
