package tpb.asm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import tpb.isa.AluOpType;
import tpb.isa.BrTargetMode;
import tpb.isa.BranchCompareOp;
import tpb.isa.CallRecord;
import tpb.isa.CompareAndBranchRecord;
import tpb.isa.DMATriggerRecord;
import tpb.isa.DataSrc;
import tpb.isa.DmaDirect2dRecord;
import tpb.isa.DtypeWire;
import tpb.isa.RegisterAluRecord;
import tpb.isa.SwitchQueueInstanceRecord;
import tpb.stream.RecordStream;

class AssemblerTest {
    private static byte[] asm(String text) {
        return new Assembler().assemble(text);
    }

    private static String error(String text) {
        AsmException e = assertThrows(AsmException.class, () -> asm(text));
        return e.describe("t.s");
    }

    @Test
    void assemblesTheArmsFromTheirSyntaxLines() {
        byte[] b = asm("""
                top:  alu.not_equal r3, r4, r5 dtype=INT32 dst_dtype=INT32   ; compare
                      br.IS_LTREG r3, top cmp_reg1=r4 dtype=UINT32 target_mode=REL_IMM
                """);
        byte[] alu = RegisterAluRecord.builder().op(AluOpType.NOT_EQUAL).dtype(DtypeWire.INT32).dstDtype(DtypeWire.INT32)
                .dstLo(3).src0Lo(4).src1Lo(5).build().toBytes();
        byte[] br = CompareAndBranchRecord.builder().cmpOp(BranchCompareOp.IS_LTREG).cmpReg0(3).cmpReg1(4).dtype(DtypeWire.UINT32)
                .targetMode(BrTargetMode.REL_IMM).target(0).build().toBytes();
        assertArrayEquals(alu, Arrays.copyOfRange(b, 0, 64));
        assertArrayEquals(br, Arrays.copyOfRange(b, 64, 128));
    }

    @Test
    void numbersNamesStringsAndLists() {
        byte[] b = asm("alu.add r1, r2, r0 src_datasrc=IMMEDIATE dtype=int32 immediate=-1 events.wait_mode=SEM_GE_IMM events.wait_idx=0x10\n"
                + "call \"main\" args_table_var_id=0b101\n"
                + "dma.2d src_step_elem=[64, -4] in_dtype=FP32\n");
        RegisterAluRecord r = RegisterAluRecord.decode(b, 0);
        assertEquals(-1L, r.immediate());
        assertEquals(DataSrc.IMMEDIATE, r.srcDatasrc());
        assertEquals(0x10, r.events().waitIdx());
        assertEquals(5L, CallRecord.decode(b, 64).argsTableVarId());
        assertEquals(-4, DmaDirect2dRecord.decode(b, 128).srcStepElem()[1]);
    }

    @Test
    void aListingAssemblesBackToItsBytes() {
        byte[] b = asm("l: mov r1, r0 src_mode=IMMEDIATE valid_num=BITS32 dtype=INT32 immediate=7\njmp l target_mode=REL_IMM\nexit\n.raw " + "ab".repeat(64));
        String listing = String.join("\n", Disassembler.listing(RecordStream.of(b), true));
        assertEquals("""
                L0:
                     0  0x000000  mov r1, r0 valid_num=BITS32 dtype=INT32 src_mode=IMMEDIATE immediate=7""", listing.lines().limit(2)
                .reduce((x, y) -> x + "\n" + y).orElseThrow().replaceAll("  ;.*", ""));
        assertArrayEquals(b, asm(listing));
    }

    @Test
    void errorsNameLineAndColumn() {
        String unknown = Misspellings.unknownMnemonic(); // no mnemonic within the suggester's distance
        assertEquals("t.s:2:3: unknown mnemonic '" + unknown + "'", error("nop\n  " + unknown + " r1\n"));
        assertEquals("t.s:1:7: mov takes 2 operands: dst_lo, src", error("mov r1"));
        assertEquals("t.s:1:11: unexpected ','", error("mov r1, r2,"));
        assertEquals("t.s:1:8: expected a ',' before operand 2 of mov", error("mov r1 r2"));
        assertEquals("t.s:1:13: no field 'colour' in RegisterMove", error("mov r1, r2  colour=3"));
        assertEquals("t.s:1:5: dst_lo: 300 does not fit u8", error("mov 300, r2"));
        assertEquals("t.s:1:20: 'INT33' is not a value of DtypeWire; did you mean 'INT32'?", error("mov r1, r2   dtype=INT33"));
        assertEquals("t.s:1:17: undefined label 'nowhere'", error("br.IS_EQIMM r1, nowhere"));
        assertEquals("t.s:2:1: label 'a' is defined twice", error("a: nop\na: nop"));
        assertEquals("t.s:1:6: unterminated string", error("call \"main"));
        assertEquals("t.s:1:6: .raw takes exactly 64 hex bytes", error(".raw abcd"));
        assertEquals("t.s:1:5: 'average' is not a value of AluOpWire", error("alu.average r1, r2, r3"));
        assertEquals("t.s:1:20: field 'reserved1' is fixed by the spec", error("alu.add r1, r2, r3 reserved1=00"));
        assertEquals("t.s:1:23: field 'dtype' is given twice", error("mov r1, r2 dtype=FP32 dtype=FP32"));
        // a queue name may fill its 31 bytes (nul: optional, seed000 §4.3-4.4); a function name keeps its NUL
        assertEquals("t.s:1:13: queue_name: at most 31 printable ASCII characters", error("dma.trigger \"" + "q".repeat(32) + "\", 1"));
        assertEquals("t.s:1:6: function_name: at most 35 printable ASCII characters", error("call \"" + "f".repeat(36) + "\""));
    }

    @Test
    void aQueueNameFillsItsField() {
        String q31 = "dma_queue_instance_name_31chars";
        byte[] b = asm("dma.trigger \"" + q31 + "\", 1\ndma.switch \"" + q31 + "\" no_rearm=1\n");
        // all 31 bytes at +0x0C are the name: no NUL, and block_id at +0x30 right after the pad
        assertEquals(q31, new String(b, 0x0C, 31, StandardCharsets.US_ASCII));
        assertEquals(0, b[0x2B]);
        assertEquals(q31, DMATriggerRecord.decode(b, 0).queueName());
        assertEquals(q31, SwitchQueueInstanceRecord.decode(b, 64).queueName());
        assertArrayEquals(b, asm(String.join("\n", Disassembler.listing(RecordStream.of(b), false))));
    }
}
