package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import tpb.codec.FatalEncodingException;
import tpb.codec.FieldInfo;
import tpb.codec.Flyweight;
import tpb.mini.Arch;
import tpb.mini.Arm;
import tpb.mini.Decoder;
import tpb.mini.Fn;
import tpb.mini.FnWire;
import tpb.mini.Head;
import tpb.mini.Instruction;
import tpb.mini.InstructionVisitor;
import tpb.mini.IsaInfo;
import tpb.mini.JumpAlwaysRecord;
import tpb.mini.JumpIfRecord;
import tpb.mini.LoadFlyweight;
import tpb.mini.LoadRecord;
import tpb.mini.MathRecord;
import tpb.mini.OpaqueFlyweight;
import tpb.mini.OpaqueRecord;
import tpb.mini.RawRecord;
import tpb.mini.Validator;

/**
 * The processor is ISA-agnostic: a second, invented ISA with 16-byte big-endian records, the
 * opcode at +1 and its own groups, LUTs, variants and arch profiles gets a working codec set.
 */
class MiniIsaTest {
    private static final RecordSynth SYNTH = new RecordSynth("tpb.mini", !IsaInfo.BIG_ENDIAN, IsaInfo.RECORD_SIZE,
            IsaInfo.OPCODE_OFFSET, IsaInfo.OPCODE_WIDTH);

    @Test
    void recordShapeComesFromTheSpec() {
        assertEquals(16, IsaInfo.RECORD_SIZE);
        assertEquals(1, IsaInfo.OPCODE_OFFSET);
        assertEquals("mini", IsaInfo.NAME);
    }

    @Test
    void bigEndianFieldsAndCharsEncodeExactly() {
        LoadRecord r = LoadRecord.builder().head(new Head(0x81)).reg(3).addr(0x01020304L).tag("abc").build();
        byte[] expected = {(byte) 0x81, 0x10, 3, 0, 1, 2, 3, 4, 'a', 'b', 'c', 0, 0, 0, 0, 0};
        assertArrayEquals(expected, r.toBytes());
        assertEquals(r, Decoder.decode(expected, 0));
        LoadFlyweight fw = new LoadFlyweight().wrap(expected, 0);
        assertEquals(0x01020304L, fw.addr());
        assertEquals(1L, fw.headFlagsUrgent());
        assertEquals(1L, fw.headFlagsLane());
        fw.headFlagsLane(0xF);
        assertEquals(0x8F, expected[0] & 0xFF);
    }

    @Test
    void subOpcodeSelectsTheVariant() {
        byte[] always = JumpAlwaysRecord.builder().target(0x100).build().toBytes();
        byte[] cond = JumpIfRecord.builder().cond(7).target(2).build().toBytes();
        assertEquals(Arm.JUMP_ALWAYS, Decoder.identify(always, 0));
        assertEquals(Arm.JUMP_IF, Decoder.identify(cond, 0));
        assertEquals(0x30, always[1] & 0xFF);
        assertEquals(1, always[14]);
        // JumpIf cannot hold cond 0: that byte selects JumpAlways
        byte[] zero = cond.clone();
        zero[2] = 0;
        assertInstanceOf(JumpAlwaysRecord.class, Decoder.decode(zero, 0));
    }

    @Test
    void fatalLutArmCarriesTheSpecMessage() {
        FatalEncodingException e = assertThrows(FatalEncodingException.class,
                () -> MathRecord.builder().fn(Fn.FROB).a(1).b(new int[2]).build());
        assertEquals("frob has no encoding", e.getMessage());
        assertEquals(0x0B, FnWire.encode(Fn.SUB));
        assertEquals(Fn.ADD, FnWire.decode(0x0A));
        assertNull(FnWire.decode(0x0C));
    }

    @Test
    void guardsAndArchProfilesComeFromTheSpec() {
        byte[] bad = MathRecord.builder().fn(Fn.ADD).a(5).b(new int[] {1, 2}).build().toBytes();
        assertEquals("[record 0 (+0x03) a: guard: a must be 1, 2, 3 or -1]", Validator.validate(bad, 0).toString());
        assertTrue(Arch.TWO.isLegalOpcode(0x7F));
        assertFalse(Arch.ONE.isLegalOpcode(0x7F));
        assertTrue(Arch.ONE.isLegalOpcode(0x30));
        assertEquals(16, Arch.TWO.registers());
        assertEquals(Arch.ONE, Arch.byName("one"));
    }

    @Test
    void theOpaqueArmsShareOneRecordThatCarriesItsArm() {
        // Halt (0x00) and Spare (0x7F) have no arm document: the 2-byte HEAD preamble (flags, then
        // the opcode at +1) and a 16 - 2 = 14-byte payload, big-endian like every mini record.
        byte[] payload = new byte[14];
        payload[0] = 0x11;
        payload[13] = 0x22;
        OpaqueRecord spare = OpaqueRecord.builder(Arm.SPARE).head(new Head(0x81)).payload(payload).build();
        byte[] expected = {(byte) 0x81, 0x7F, 0x11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x22};
        assertArrayEquals(expected, spare.toBytes());
        assertEquals(spare, Decoder.decode(expected, 0));
        assertEquals(Arm.SPARE, Decoder.decode(expected, 0).arm());
        assertEquals(Arm.SPARE.fields(), Arm.HALT.fields());
        InstructionVisitor.Default<String> visitor = new InstructionVisitor.Default<>() {
            @Override
            public String visitOpaque(OpaqueRecord record) {
                return "opaque " + record.arm();
            }

            @Override
            public String otherwise(Instruction record) {
                return "other";
            }
        };
        assertEquals("opaque SPARE", spare.accept(visitor));
        byte[] b = new byte[16];
        Arrays.fill(b, (byte) 0x5A);
        OpaqueFlyweight halt = new OpaqueFlyweight(Arm.HALT).wrap(b, 0).reset();
        assertEquals(Arm.HALT, halt.arm());
        assertArrayEquals(new byte[16], b, "reset zeroes the record and stamps Halt's opcode 0x00");
        assertEquals(Arm.HALT, Decoder.identify(b, 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OpaqueRecord.builder(Arm.LOAD).build());
        assertEquals("LOAD is not an opaque arm", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new OpaqueFlyweight(Arm.UNKNOWN));
        assertEquals("UNKNOWN is not an opaque arm", e.getMessage());
    }

    @Test
    void unknownOpcodeDecodesRaw() {
        byte[] b = new byte[16];
        b[1] = 0x55;
        Instruction i = Decoder.decode(b, 0);
        assertInstanceOf(RawRecord.class, i);
        assertEquals("no arm for opcode 0x55", ((RawRecord) i).reason());
        assertEquals("[record 0 (+0x01) opcode: opcode: 0x55 is not a value of MiniOp]", Validator.validate(b, 0).toString());
    }

    @Provide
    Arbitrary<Arm> arms() {
        return Arbitraries.of(Arrays.stream(Arm.values()).filter(a -> a != Arm.UNKNOWN).toList());
    }

    @Property(tries = 2000)
    void everyMiniArmRoundTrips(@ForAll("arms") Arm arm, @ForAll long seed) {
        byte[] bytes = SYNTH.make(arm.fields(), arm.opcode(), new Random(seed));
        if (arm == Arm.JUMP_IF && bytes[2] == 0) {
            bytes[2] = 1;
        }
        Instruction decoded = Decoder.decode(bytes, 0);
        assertFalse(decoded instanceof RawRecord, () -> arm + ": " + ((RawRecord) decoded).reason());
        assertEquals(arm, decoded.arm());
        assertArrayEquals(bytes, decoded.toBytes());
        assertTrue(Validator.validate(bytes, 0).stream().allMatch(v -> v.rule().equals("guard")));
    }

    /**
     * The generic by-index path ({@code tpb.codec.Flyweight}) on the big-endian records with the
     * opcode at +1: an i8, an i16[2] array, a LUT field's wire value, reserved bytes and a char
     * field, each at the bytes laid out by hand (the Math and Load examples of the YAML).
     */
    @Test
    void theGenericByIndexPathWritesTheExamplesBytes() {
        byte[] math = new byte[16];
        Flyweight m = Arm.MATH.flyweight().wrap(math, 0).reset();
        assertEquals(List.of("head.flags", "head.op", "fn", "a", "b", "pad"), m.fields().stream().map(FieldInfo::name).toList());
        // fn = sub through FnWire (0x0B), a = -1, b = [-2, 0x0102] as two big-endian i16
        m.set(2, 0, 0x0B).set(3, 0, -1).set(4, 0, -2).set(4, 1, 0x0102);
        assertArrayEquals(new byte[] {0, 0x20, 0x0B, (byte) 0xFF, (byte) 0xFF, (byte) 0xFE, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0}, math);
        assertEquals(-2, m.get(4, 0), "array elements read back sign-extended");
        assertEquals(0x20, m.get(1, 0));
        assertEquals("pad is fixed by the spec", assertThrows(IllegalArgumentException.class, () -> m.set(5, 0, 1)).getMessage());
        assertEquals("head.op is fixed by the spec", assertThrows(IllegalArgumentException.class, () -> m.set(1, 0, 0x10)).getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> m.set(4, 2, 0));
        byte[] load = new byte[16];
        Flyweight l = Arm.LOAD.flyweight().wrap(load, 0).reset().set(0, 0, 0x81).set(2, 0, 3).set(3, 0, 0x01020304L);
        for (int i = 0; i < 3; i++) {
            l.set(4, i, "abc".charAt(i));
        }
        assertArrayEquals(new byte[] {(byte) 0x81, 0x10, 3, 0, 1, 2, 3, 4, 'a', 'b', 'c', 0, 0, 0, 0, 0}, load);
        assertEquals('c', l.get(4, 2));
        assertEquals(8, l.fields().get(4).elements());
        assertThrows(IndexOutOfBoundsException.class, () -> l.get(4, 8));
    }

    /** Every settable field copied through get/set by index gives back any valid record of any arm: reset() stamps the rest. */
    @Property(tries = 1000)
    void theGenericByIndexPathCopiesEveryMiniArm(@ForAll("arms") Arm arm, @ForAll long seed) {
        byte[] bytes = SYNTH.make(arm.fields(), arm.opcode(), new Random(seed));
        byte[] copy = new byte[IsaInfo.RECORD_SIZE];
        RecordSynth.copyByIndex(arm.flyweight().wrap(bytes, 0), arm.flyweight().wrap(copy, 0).reset(), IsaInfo.OPCODE_OFFSET);
        assertArrayEquals(bytes, copy);
    }

    @Property(tries = 5000)
    void anyMiniBytesDecodeLosslessly(@ForAll @Size(16) byte[] bytes) {
        assertArrayEquals(bytes, Decoder.decode(bytes, 0).toBytes());
        List<?> unused = Validator.validate(bytes, 0);
        assertTrue(unused.size() >= 0);
    }
}
