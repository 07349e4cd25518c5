package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import tpb.codec.FieldInfo;
import tpb.codec.Flyweight;
import tpb.stream.RecordReader;
import tpb.stream.StreamException;
import tpb.wide.Arch;
import tpb.wide.Arm;
import tpb.wide.Decoder;
import tpb.wide.OpaqueRecord;
import tpb.wide.Instruction;
import tpb.wide.IsaInfo;
import tpb.wide.JumpRecord;
import tpb.wide.MoveFlyweight;
import tpb.wide.MoveRecord;
import tpb.wide.Order;
import tpb.wide.RawRecord;
import tpb.wide.SwapFlyweight;
import tpb.wide.SwapRecord;
import tpb.wide.Unit;
import tpb.wide.Validator;
import tpb.wide.WideOp;

/**
 * The second proof that no TPB fact is left in the processor and the generated code: an invented
 * ISA (src/test/resources/isa/wide) with a 16-bit opcode, 8-byte big-endian
 * records and its own engine and sync enums, found by their roles. Every expected byte below is
 * laid out by hand from the YAML, not produced by the code under test.
 */
class WideIsaTest {
    private static final RecordSynth SYNTH = new RecordSynth("tpb.wide", !IsaInfo.BIG_ENDIAN, IsaInfo.RECORD_SIZE,
            IsaInfo.OPCODE_OFFSET, IsaInfo.OPCODE_WIDTH);

    /** Move r3, r4, -2: opcode 0x0110 high byte first, dst 3, src 4, then -2 as a big-endian i32 (two's complement ff ff ff fe). */
    private static final byte[] MOVE = {0x01, 0x10, 3, 4, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFE};
    /** Jump: opcode 0x0210, flags 0x0102, target 0x00000010, all big-endian. */
    private static final byte[] JUMP = {0x02, 0x10, 0x01, 0x02, 0, 0, 0, 0x10};
    /** Swap: opcode 0x1001 (Move's bytes swapped), a 0x1234, b 0x00FF, c -1 as i16 (ff ff). */
    private static final byte[] SWAP = {0x10, 0x01, 0x12, 0x34, 0x00, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
    /** End: the sentinel opcode 0xFFFF and a six-byte opaque payload (the opcode's two bytes are the whole preamble). */
    private static final byte[] END = {(byte) 0xFF, (byte) 0xFF, 1, 2, 3, 4, 5, 6};

    @Test
    void recordShapeComesFromTheSpec() {
        assertEquals("wide", IsaInfo.NAME);
        assertEquals(8, IsaInfo.RECORD_SIZE);
        assertEquals(8, IsaInfo.STRIDE);
        assertEquals(0, IsaInfo.OPCODE_OFFSET);
        assertEquals(2, IsaInfo.OPCODE_WIDTH);
        assertEquals(1 << 16, IsaInfo.OPCODE_VALUES);
        assertEquals("WideOp", IsaInfo.OPCODE_ENUM);
        assertTrue(IsaInfo.BIG_ENDIAN);
        assertEquals(ByteOrder.BIG_ENDIAN, IsaInfo.BYTE_ORDER);
    }

    @Test
    void everyArmEncodesTheBytesLaidOutByHand() {
        assertArrayEquals(MOVE, MoveRecord.builder().dst(3).src(4).imm(-2).build().toBytes());
        assertArrayEquals(JUMP, JumpRecord.builder().flags(0x0102).target(0x10).build().toBytes());
        assertArrayEquals(SWAP, SwapRecord.builder().a(0x1234).b(0x00FF).c(-1).build().toBytes());
        assertArrayEquals(END, OpaqueRecord.builder(Arm.END).payload(new byte[] {1, 2, 3, 4, 5, 6}).build().toBytes());
        assertEquals(MoveRecord.builder().dst(3).src(4).imm(-2).build(), Decoder.decode(MOVE, 0));
        assertEquals(SwapRecord.builder().a(0x1234).b(0x00FF).c(-1).build(), Decoder.decode(SWAP, 0));
    }

    /**
     * Move 01 10, Jump 02 10 and Swap 10 01: a decoder reading only byte 1 would take Jump for Move,
     * one reading only byte 0 would miss Halt (00 01), and one reading little-endian would take
     * Move's bytes for Swap.
     */
    @Test
    void theDecoderReadsBothOpcodeBytesHighByteFirst() {
        assertEquals(Arm.MOVE, Decoder.identify(MOVE, 0));
        assertEquals(Arm.JUMP, Decoder.identify(JUMP, 0));
        assertEquals(Arm.SWAP, Decoder.identify(SWAP, 0));
        assertEquals(Arm.HALT, Decoder.identify(new byte[] {0, 1, 0, 0, 0, 0, 0, 0}, 0));
        assertEquals(Arm.UNKNOWN, Decoder.identify(new byte[] {0, 0x10, 0, 0, 0, 0, 0, 0}, 0));
        assertEquals(0x0110, Decoder.opcode(MOVE, 0));
        assertEquals(0x1001, Decoder.opcode(SWAP, 0));
        assertEquals(0xFFFF, Decoder.opcode(END, 0));
        assertEquals(0x0110, Arm.MOVE.opcode());
        assertEquals(0x1001, Arm.SWAP.opcode());
        assertEquals(WideOp.SWAP, WideOp.fromValue(0x1001));
    }

    @Test
    void flyweightsReadAndWriteBigEndianInPlace() {
        byte[] b = MOVE.clone();
        MoveFlyweight move = new MoveFlyweight().wrap(b, 0);
        assertEquals(-2, move.imm());
        assertEquals(4, MoveFlyweight.IMM_OFFSET);
        assertEquals(4, MoveFlyweight.IMM_WIDTH);
        move.imm(0x01020304);
        assertArrayEquals(new byte[] {0x01, 0x10, 3, 4, 1, 2, 3, 4}, b);
        SwapFlyweight swap = new SwapFlyweight().wrap(SWAP.clone(), 0);
        assertEquals(0x1234, swap.a());
        assertEquals(-1, swap.c());
    }

    /**
     * The path the assembler and disassembler take for every arm ({@code tpb.codec.Flyweight}:
     * reset, then set by field index; get to read back) writes the bytes laid out by hand above:
     * both opcode bytes high first from reset(), each field big-endian. Indices are FIELDS order:
     * the preamble's op is 0, then the arm's fields as the YAML lists them.
     */
    @Test
    void theGenericByIndexPathWritesTheBytesLaidOutByHand() {
        byte[] b = new byte[8];
        Flyweight move = Arm.MOVE.flyweight().wrap(b, 0).reset();
        assertEquals(List.of("op", "dst", "src", "imm"), move.fields().stream().map(FieldInfo::name).toList());
        move.set(1, 0, 3).set(2, 0, 4).set(3, 0, -2);
        assertArrayEquals(MOVE, b);
        assertEquals(0x0110, move.get(0, 0));
        assertEquals(-2, move.get(3, 0), "an i32 reads back sign-extended");
        byte[] j = new byte[8];
        Flyweight jump = Arm.JUMP.flyweight().wrap(j, 0).reset().set(1, 0, 0x0102).set(2, 0, 0x10);
        assertArrayEquals(JUMP, j);
        jump.set(2, 0, 0xFFFF_FFF0L);
        assertEquals(0xFFFF_FFF0L, jump.get(2, 0), "a u32 reads back unsigned");
        byte[] s = new byte[8];
        Arm.SWAP.flyweight().wrap(s, 0).reset().set(1, 0, 0x1234).set(2, 0, 0x00FF).set(3, 0, -1);
        assertArrayEquals(SWAP, s);
        byte[] e = new byte[8];
        Flyweight end = Arm.END.flyweight().wrap(e, 0).reset();
        assertEquals("payload", end.fields().get(1).name());
        assertEquals(6, end.fields().get(1).elements());
        for (int i = 0; i < 6; i++) {
            end.set(1, i, i + 1);
        }
        assertArrayEquals(END, e);
        // what the spec fixes is refused by name; past the fields or a payload's bytes is out of bounds
        assertEquals("op is fixed by the spec", assertThrows(IllegalArgumentException.class, () -> move.set(0, 0, 0x0210)).getMessage());
        assertEquals("field 4 of 4 fields", assertThrows(IndexOutOfBoundsException.class, () -> move.get(4, 0)).getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> move.set(4, 0, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> end.get(1, 6));
        assertArrayEquals(MOVE, b, "a refused set writes nothing");
    }

    /** Arch ONE: every WideOp value but the pseudo-tagged Mark (exclude_tags), opcodes past 0xFF included. */
    @Test
    void archProfilesHoldSixteenBitOpcodes() {
        assertTrue(Arch.ONE.isLegalOpcode(0x0110));
        assertTrue(Arch.ONE.isLegalOpcode(0x1001));
        assertTrue(Arch.ONE.isLegalOpcode(0xFFFF));
        assertFalse(Arch.ONE.isLegalOpcode(0x0300), "Mark is tagged pseudo, which the profile excludes");
        assertFalse(Arch.ONE.isLegalOpcode(0x10), "Move's low byte alone is no opcode");
        assertEquals(4, Arch.ONE.registers());
    }

    @Test
    void theValidatorNamesTheSixteenBitOpcode() {
        byte[] unknown = {0x01, 0x11, 0, 0, 0, 0, 0, 0};
        Instruction i = Decoder.decode(unknown, 0);
        assertInstanceOf(RawRecord.class, i);
        assertEquals("no arm for opcode 0x111", ((RawRecord) i).reason());
        assertEquals("[record 0 (+0x00) opcode: opcode: 0x111 is not a value of WideOp]", Validator.validate(unknown, 0).toString());
        assertEquals(List.of(), Validator.validate(MOVE, 0));
    }

    /** The arms' engine and sync name values of the enums with role: engine and role: sync; the tags mark End and Mark. */
    @Test
    void rolesAndTagsComeFromTheSpec() throws IOException {
        assertEquals(Unit.ALU.specName(), Arm.MOVE.engine());
        assertEquals(Unit.MEM.specName(), Arm.SWAP.engine());
        assertEquals(List.of("inorder", "fenced"), Arrays.stream(Order.values()).map(Order::specName).toList());
        assertTrue(WideOp.END.hasTag("sentinel"));
        assertTrue(WideOp.MARK.hasTag("pseudo"));
        assertFalse(WideOp.MOVE.hasTag("sentinel"));
        JsonNode model;
        try (InputStream in = IsaInfo.openModel()) {
            model = new ObjectMapper().readTree(in);
        }
        assertEquals(2, model.at("/record/opcode_width").asInt());
        assertEquals("big", model.at("/record/endian").asText());
        List<String> roles = new ArrayList<>();
        for (JsonNode e : model.get("enums")) {
            if (e.has("role")) {
                roles.add(e.get("name").asText() + " " + e.get("role").asText() + " (" + e.at("/role_source/source").asText() + ", "
                        + e.at("/role_source/confidence").asText() + ")");
            }
        }
        assertEquals(List.of("Unit engine (invented, ASSUMED)", "Order sync (invented: the sync role, sourced apart from the values, ASSUMED)"),
                roles);
    }

    /** The runtime's stream reader is ISA-agnostic given the stride: four 8-byte records in windows of three. */
    @Test
    void aStreamOfWideRecordsReadsBackThroughTheRuntimeReader() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] r : List.of(MOVE, JUMP, SWAP, END)) {
            out.writeBytes(Decoder.decode(r, 0).toBytes());
        }
        byte[] stream = out.toByteArray();
        assertEquals(4 * 8, stream.length);
        RecordReader reader = new RecordReader(new ByteArrayInputStream(stream), 3, IsaInfo.STRIDE);
        List<Arm> arms = new ArrayList<>();
        for (int n = reader.next(); n > 0; n = reader.next()) {
            for (int k = 0; k < n; k++) {
                arms.add(Decoder.identify(reader.window(), k * IsaInfo.STRIDE));
            }
        }
        assertEquals(List.of(Arm.MOVE, Arm.JUMP, Arm.SWAP, Arm.END), arms);
        RecordReader ragged = new RecordReader(new ByteArrayInputStream(Arrays.copyOf(stream, 8 + 5)), 3, IsaInfo.STRIDE);
        assertEquals(1, ragged.next());
        StreamException e = assertThrows(StreamException.class, ragged::next);
        assertEquals("stream length 13 is not a multiple of 8: 5 trailing bytes after record 0", e.getMessage());
    }

    @Provide
    Arbitrary<Arm> arms() {
        return Arbitraries.of(Arrays.stream(Arm.values()).filter(a -> a != Arm.UNKNOWN).toList());
    }

    @Property(tries = 2000)
    void everyWideArmRoundTrips(@ForAll("arms") Arm arm, @ForAll long seed) {
        byte[] bytes = SYNTH.make(arm.fields(), arm.opcode(), new Random(seed));
        Instruction decoded = Decoder.decode(bytes, 0);
        assertEquals(arm, decoded.arm());
        assertArrayEquals(bytes, decoded.toBytes());
        assertEquals(List.of(), Validator.validate(bytes, 0));
    }

    /** Every settable field copied through get/set by index gives back any valid record of any arm: reset() stamps the rest. */
    @Property(tries = 1000)
    void theGenericByIndexPathCopiesEveryWideArm(@ForAll("arms") Arm arm, @ForAll long seed) {
        byte[] bytes = SYNTH.make(arm.fields(), arm.opcode(), new Random(seed));
        byte[] copy = new byte[IsaInfo.RECORD_SIZE];
        RecordSynth.copyByIndex(arm.flyweight().wrap(bytes, 0), arm.flyweight().wrap(copy, 0).reset(), IsaInfo.OPCODE_OFFSET);
        assertArrayEquals(bytes, copy);
    }

    @Property(tries = 5000)
    void anyWideBytesDecodeLosslessly(@ForAll @Size(8) byte[] bytes) {
        assertArrayEquals(bytes, Decoder.decode(bytes, 0).toBytes());
    }
}
