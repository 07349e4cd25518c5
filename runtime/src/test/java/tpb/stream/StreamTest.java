package tpb.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.ExitRecord;
import tpb.isa.Instruction;
import tpb.isa.LibraryReloadIndexRecord;
import tpb.isa.NoOpRecord;
import tpb.isa.ReturnRecord;

class StreamTest {
    static byte[] stream(Instruction... records) {
        byte[] out = new byte[records.length * 64];
        for (int i = 0; i < records.length; i++) {
            records[i].encodeTo(out, i * 64);
        }
        return out;
    }

    @Test
    void lengthMustBeWholeRecords() {
        StreamException e = assertThrows(StreamException.class, () -> RecordStream.of(new byte[130]));
        assertEquals("stream length 130 is not a multiple of 64: 2 trailing bytes after record 1", e.getMessage());
        assertEquals("stream length 1 is not a multiple of 64: 1 byte, less than one record",
                assertThrows(StreamException.class, () -> RecordStream.of(new byte[1])).getMessage());
        assertEquals(3, RecordStream.of(new byte[192]).count());
    }

    @Test
    void exitScanChecksBothBytes() {
        byte[] reloadOnly = stream(NoOpRecord.builder().build(), LibraryReloadIndexRecord.builder().build());
        assertFalse(ExitScan.hasPseudoExit(RecordStream.of(reloadOnly)));
        byte[] withExit = stream(NoOpRecord.builder().build(), LibraryReloadIndexRecord.builder().build(), ExitRecord.builder().build());
        assertEquals(2, ExitScan.firstExit(RecordStream.of(withExit)));
        // 0xDF and 1 twelve bytes apart but not at a record start is not an exit (the stride is 0x40)
        byte[] misaligned = new byte[128];
        misaligned[16] = (byte) 0xDF;
        misaligned[28] = 1;
        assertFalse(ExitScan.hasPseudoExit(RecordStream.of(misaligned)));
    }

    @Test
    void segmentedWriteSplitsAtEverySegmentEnd() {
        byte[] one = new byte[100];
        byte[] modelSwitch = new byte[64];
        byte[] core = new byte[256];
        CodeSegments segs = new CodeSegments(List.of(
                new CodeSegments.Segment("one", Dmem.ofBytes(one), 36, 64),
                new CodeSegments.Segment("model_switch", Dmem.ofBytes(modelSwitch), 0, 64),
                new CodeSegments.Segment("core", Dmem.ofBytes(core), 128, 128)));
        assertEquals(256, segs.capacity());
        byte[] data = new byte[192];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i + 1);
        }
        segs.write(32, data);
        // linear 32..63 -> one[36+32 .. 36+64); 64..127 -> model_switch; 128..223 -> core[128..224)
        assertEquals(1, one[68]);
        assertEquals(32, one[99]);
        assertEquals(33, modelSwitch[0]);
        assertEquals((byte) 96, modelSwitch[63]);
        assertEquals((byte) 97, core[128]);
        assertEquals((byte) 192, core[223]);
        assertArrayEquals(data, segs.read(32, 192));
        StreamException e = assertThrows(StreamException.class, () -> segs.read(200, 64));
        assertEquals("stream offset 0x100 maps to no code segment (the 3 segments hold 0x100 bytes)", e.getMessage());
    }

    @Test
    void finalInstructionCheckStopsAtTheFirstInvalidRecord() {
        byte[] b = stream(NoOpRecord.builder().build(), NoOpRecord.builder().build(), ExitRecord.builder().build());
        assertTrue(FinalInstructionCheck.check(RecordStream.of(b), Arch.SUNDA).valid());
        b[64 + 1] = 0x11;
        b[128 + 0x20] = 1;
        FinalInstructionCheck.Result r = FinalInstructionCheck.check(RecordStream.of(b), Arch.SUNDA);
        assertEquals(new FinalInstructionCheck.Result(false, 1, 64, "opcode 0xA4: header.inst_word_len: const: expected 0x10, found 17"), r);
        byte[] noTerminator = stream(ReturnRecord.builder().build(), NoOpRecord.builder().build());
        assertEquals("the final record is NoOp, not one of SUNDA's terminators [Exit, Return, UnconditionalBranch]",
                FinalInstructionCheck.check(RecordStream.of(noTerminator), Arch.SUNDA).reason());
    }
}
