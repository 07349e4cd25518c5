package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import tpb.codec.ShortBufferException;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.ExitRecord;
import tpb.isa.Instruction;
import tpb.isa.InstructionVisitor;
import tpb.isa.IsaInfo;
import tpb.isa.RawRecord;
import tpb.isa.RegisterAluFlyweight;
import tpb.isa.RegisterAluRecord;
import tpb.isa.Validator;

/** What a consumer of the codecs meets first: short buffers, RawRecord's text, a visitor for a few arms. */
class ConsumerApiTest {
    private static final int SIZE = IsaInfo.RECORD_SIZE;

    @Test
    void everyEntryPointRefusesAShortBufferWithItsOwnMessage() {
        byte[] shortBuffer = new byte[SIZE - 1];
        String expected = "a " + SIZE + "-byte record at offset 0 needs " + SIZE + " bytes; the buffer holds " + (SIZE - 1);
        List<Executable> calls = List.of(
                () -> Validator.validate(shortBuffer, 0),
                () -> Decoder.decode(shortBuffer, 0),
                () -> Decoder.identify(shortBuffer, 0),
                () -> RegisterAluRecord.decode(shortBuffer, 0),
                () -> new RegisterAluFlyweight().wrap(shortBuffer, 0),
                () -> ExitRecord.builder().build().encodeTo(shortBuffer, 0));
        for (Executable call : calls) {
            ShortBufferException e = assertThrows(ShortBufferException.class, call);
            assertEquals(expected, e.getMessage());
        }
        // a whole buffer, but the record would start one byte too late
        ShortBufferException late = assertThrows(ShortBufferException.class, () -> Decoder.decode(new byte[SIZE], 1));
        assertEquals("a " + SIZE + "-byte record at offset 1 needs " + (SIZE + 1) + " bytes; the buffer holds " + SIZE,
                late.getMessage());
        ShortBufferException negative = assertThrows(ShortBufferException.class, () -> Decoder.decode(new byte[SIZE], -1));
        assertEquals("a " + SIZE + "-byte record cannot start at offset -1", negative.getMessage());
        // still an IndexOutOfBoundsException for code that caught the JDK's
        assertInstanceOf(IndexOutOfBoundsException.class, negative);
    }

    @Test
    void rawRecordPrintsItsBytesInHex() {
        int opcode = 0;
        while (Decoder.identify(withOpcode(opcode), 0) != Arm.UNKNOWN) {
            opcode++; // the first opcode byte the spec gives no arm
        }
        byte[] b = withOpcode(opcode);
        b[1] = 0x10;
        RawRecord raw = assertInstanceOf(RawRecord.class, Decoder.decode(b, 0));
        StringBuilder hex = new StringBuilder(String.format("%02x 10", opcode));
        for (int k = 2; k < SIZE; k++) {
            hex.append(" 00");
        }
        assertEquals("RawRecord[arm=UNKNOWN, reason=no arm for opcode 0x" + Integer.toHexString(opcode) + ", bytes=" + hex + "]",
                raw.toString());
    }

    /** A zero record with {@code opcode} at the opcode's offset (IsaInfo.OPCODE_OFFSET, from the spec). */
    private static byte[] withOpcode(int opcode) {
        byte[] b = new byte[SIZE];
        b[IsaInfo.OPCODE_OFFSET] = (byte) opcode;
        return b;
    }

    @Test
    void aDefaultVisitorHandlesTheArmsItOverridesAndSendsTheRestToOtherwise() {
        InstructionVisitor.Default<String> names = new InstructionVisitor.Default<>() {
            @Override
            public String visitRegisterAlu(RegisterAluRecord record) {
                return "alu " + record.op().specName();
            }

            @Override
            public String otherwise(Instruction record) {
                return "other " + record.arm();
            }
        };
        RegisterAluRecord alu = RegisterAluRecord.builder().build();
        assertEquals("alu " + alu.op().specName(), alu.accept(names));
        assertEquals("other " + Arm.EXIT, ExitRecord.builder().build().accept(names));
        // one abstract method: a lambda is a visitor
        InstructionVisitor.Default<Arm> arm = Instruction::arm;
        assertEquals(Arm.REGISTER_ALU, alu.accept(arm));
    }
}
