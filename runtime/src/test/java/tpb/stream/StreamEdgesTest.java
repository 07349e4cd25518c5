package tpb.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tpb.codec.Violation;
import tpb.isa.Arch;
import tpb.isa.CoreBarrierRecord;
import tpb.isa.ExitRecord;
import tpb.isa.Instruction;
import tpb.isa.NoOpRecord;
import tpb.isa.ResetQueueInstanceRecord;
import tpb.isa.ReturnRecord;
import tpb.isa.SwitchQueueInstanceRecord;
import tpb.isa.Stage;

/**
 * The stream package at its edges: lengths one byte either side of a record and of
 * two, a reader's windows from an input that trickles, the last window part-full, the trailing
 * bytes reported on the call after the last whole records; the first and the last record as the
 * EXIT and as the bad one; the violation cap at 0, 1 and past the count; the typed-coverage
 * figures. Every expected text and count is written out by hand from the records placed.
 */
class StreamEdgesTest {
    private static final byte[] NOOP = StreamTest.stream(NoOpRecord.builder().build());
    private static final byte[] EXIT = StreamTest.stream(ExitRecord.builder().build());
    private static final byte[] RETURN = StreamTest.stream(ReturnRecord.builder().build());

    private static byte[] cat(byte[]... records) {
        byte[] out = new byte[0];
        for (byte[] r : records) {
            int at = out.length;
            out = Arrays.copyOf(out, at + r.length);
            System.arraycopy(r, 0, out, at, r.length);
        }
        return out;
    }

    private static byte[] stream(Instruction... r) {
        return StreamTest.stream(r);
    }

    // ---- RecordStream

    @Test
    void trailingBytesAtTheRecordEdges() {
        assertNull(RecordStream.trailingBytes(0));
        assertNull(RecordStream.trailingBytes(64));
        assertNull(RecordStream.trailingBytes(128));
        assertEquals("stream length 63 is not a multiple of 64: 63 bytes, less than one record", RecordStream.trailingBytes(63).getMessage());
        assertEquals("stream length 65 is not a multiple of 64: 1 trailing byte after record 0", RecordStream.trailingBytes(65).getMessage());
        assertEquals("stream length 127 is not a multiple of 64: 63 trailing bytes after record 0", RecordStream.trailingBytes(127).getMessage());
        assertEquals("stream length 129 is not a multiple of 64: 1 trailing byte after record 1", RecordStream.trailingBytes(129).getMessage());
        // past 2^32: the record index as a long
        assertEquals("stream length 274877906945 is not a multiple of 64: 1 trailing byte after record 4294967295",
                RecordStream.trailingBytes((1L << 38) + 1).getMessage());
        // another ISA's stride
        assertEquals("stream length 10 is not a multiple of 8: 2 trailing bytes after record 0", RecordStream.trailingBytes(10, 8).getMessage());
        assertEquals("stream length 7 is not a multiple of 8: 7 bytes, less than one record", RecordStream.trailingBytes(7, 8).getMessage());
        assertNull(RecordStream.trailingBytes(16, 8));
        assertEquals("stream length 65 is not a multiple of 64: 1 trailing byte after record 0",
                assertThrows(StreamException.class, () -> RecordStream.checkWhole(65)).getMessage());
        RecordStream.checkWhole(64);
    }

    @Test
    void aStreamOverPartOfABuffer() {
        byte[] b = new byte[200];
        RecordStream s = RecordStream.of(b, 128);
        assertEquals(2, s.count());
        assertEquals(128, s.length());
        assertTrue(s.bytes() == b, "wrapped, not copied");
        assertEquals(0, RecordStream.of(b, 0).count());
        assertEquals(3, RecordStream.of(new byte[192], 192).count());
        assertEquals("length -1 outside the 200-byte buffer", assertThrows(IllegalArgumentException.class, () -> RecordStream.of(b, -1)).getMessage());
        assertEquals("length 201 outside the 200-byte buffer", assertThrows(IllegalArgumentException.class, () -> RecordStream.of(b, 201)).getMessage());
        assertEquals("stream length 200 is not a multiple of 64: 8 trailing bytes after record 2",
                assertThrows(StreamException.class, () -> RecordStream.of(b, 200)).getMessage());
        assertEquals(0, RecordStream.offsetOf(0));
        assertEquals(64 * 1000, RecordStream.offsetOf(1000));
        assertEquals(64, RecordStream.STRIDE);
        assertEquals(64, RecordStream.RECORD_SIZE);
    }

    // ---- RecordReader

    /** An input that hands over at most {@code chunk} bytes a read, as a pipe may. */
    private static InputStream trickle(byte[] b, int chunk) {
        ByteArrayInputStream in = new ByteArrayInputStream(b);
        return new InputStream() { // not a ByteArrayInputStream, whose readNBytes is one read
            @Override
            public int read() {
                return in.read();
            }

            @Override
            public int read(byte[] buf, int off, int len) {
                return in.read(buf, off, Math.min(len, chunk));
            }
        };
    }

    private static byte[] records(int n) {
        byte[] b = new byte[n * 64];
        for (int i = 0; i < n; i++) {
            Arrays.fill(b, i * 64, i * 64 + 64, (byte) (i + 1)); // record i is all bytes i + 1
        }
        return b;
    }

    @Test
    void windowsFromATricklingInput() throws IOException {
        byte[] five = records(5);
        RecordReader r = new RecordReader(trickle(five, 3), 2);
        assertEquals(2, r.capacity());
        assertEquals(2, r.next());
        assertEquals(0, r.base());
        assertEquals(2, r.count());
        assertArrayEquals(Arrays.copyOfRange(five, 0, 128), Arrays.copyOf(r.window(), 128));
        assertFalse(r.ended());
        assertEquals(2, r.next());
        assertEquals(2, r.base());
        assertEquals(4, r.count());
        assertArrayEquals(Arrays.copyOfRange(five, 128, 256), Arrays.copyOf(r.window(), 128));
        assertEquals(1, r.next()); // the last window, part-full
        assertTrue(r.ended());
        assertEquals(4, r.base());
        assertEquals(1, r.records());
        assertEquals(5, r.count());
        assertEquals(5, r.window()[0]);
        assertEquals(0, r.next());
        assertEquals(5, r.base());
        assertEquals(0, r.records());
        assertEquals(5, r.count());
        assertEquals(0, r.next());
    }

    @Test
    void aWholeNumberOfWindows() throws IOException {
        RecordReader r = new RecordReader(new ByteArrayInputStream(records(4)), 2);
        assertEquals(2, r.next());
        assertEquals(2, r.next());
        assertFalse(r.ended()); // a full window: the input's end not seen yet
        assertEquals(0, r.next());
        assertTrue(r.ended());
        assertEquals(4, r.count());
        RecordReader empty = new RecordReader(new ByteArrayInputStream(new byte[0]), 1);
        assertEquals(0, empty.next());
        assertTrue(empty.ended());
        assertEquals(0, empty.count());
    }

    @Test
    void trailingBytesComeOnTheCallAfterTheLastWholeRecords() throws IOException {
        // four whole records then 3 bytes, windows of 2: the third call finds only the 3 bytes
        RecordReader r = new RecordReader(new ByteArrayInputStream(Arrays.copyOf(records(4), 4 * 64 + 3)), 2);
        assertEquals(2, r.next());
        assertEquals(2, r.next());
        assertEquals("stream length 259 is not a multiple of 64: 3 trailing bytes after record 3",
                assertThrows(StreamException.class, r::next).getMessage());
        assertEquals(4, r.count());
        assertEquals(0, r.next()); // reported once
        // five whole records then 3 bytes: the last window holds record 4, the next call reports the bytes
        RecordReader s = new RecordReader(new ByteArrayInputStream(Arrays.copyOf(records(5), 5 * 64 + 3)), 2);
        assertEquals(2, s.next());
        assertEquals(2, s.next());
        assertEquals(1, s.next());
        assertEquals("stream length 323 is not a multiple of 64: 3 trailing bytes after record 4",
                assertThrows(StreamException.class, s::next).getMessage());
        // less than one record
        RecordReader t = new RecordReader(new ByteArrayInputStream(new byte[63]), 4);
        assertEquals("stream length 63 is not a multiple of 64: 63 bytes, less than one record",
                assertThrows(StreamException.class, t::next).getMessage());
    }

    @Test
    void readerSizes() {
        assertEquals("a window holds at least one record, not 0",
                assertThrows(IllegalArgumentException.class, () -> new RecordReader(new ByteArrayInputStream(new byte[0]), 0)).getMessage());
        assertEquals(1, new RecordReader(new ByteArrayInputStream(new byte[0]), 1).capacity());
        RecordReader d = new RecordReader(new ByteArrayInputStream(new byte[0]));
        assertEquals(16384, d.capacity());
        assertEquals(16384 * 64, d.window().length);
        assertEquals(5 * 8, new RecordReader(new ByteArrayInputStream(new byte[0]), 5, 8).window().length);
        assertThrows(ArithmeticException.class, () -> new RecordReader(new ByteArrayInputStream(new byte[0]), Integer.MAX_VALUE, 64));
    }

    @Test
    void anotherStride() throws IOException {
        RecordReader r = new RecordReader(new ByteArrayInputStream(new byte[8 * 3 + 1]), 2, 8);
        assertEquals(2, r.next());
        assertEquals(1, r.next());
        assertEquals("stream length 25 is not a multiple of 8: 1 trailing byte after record 2", assertThrows(StreamException.class, r::next).getMessage());
    }

    // ---- ExitScan and FinalInstructionCheck

    @Test
    void theExitAtTheFirstAndTheLastRecord() {
        assertEquals(0, ExitScan.firstExit(RecordStream.of(cat(EXIT, NOOP, NOOP))));
        assertEquals(2, ExitScan.firstExit(RecordStream.of(cat(NOOP, NOOP, EXIT))));
        assertEquals(1, ExitScan.firstExit(RecordStream.of(cat(NOOP, EXIT, EXIT))));
        assertEquals(-1, ExitScan.firstExit(RecordStream.of(cat(NOOP, RETURN))));
        assertEquals(-1, ExitScan.firstExit(RecordStream.of(new byte[0])));
        assertFalse(ExitScan.hasPseudoExit(RecordStream.of(new byte[0])));
        assertTrue(ExitScan.hasPseudoExit(RecordStream.of(EXIT)));
        // an EXIT past the stream's length (in the buffer, not the stream) is not found
        assertEquals(-1, ExitScan.firstExit(RecordStream.of(cat(NOOP, EXIT), 64)));
        assertTrue(ExitScan.isExit(cat(NOOP, EXIT), 64));
        assertFalse(ExitScan.isExit(cat(NOOP, EXIT), 0));
    }

    @Test
    void finalCheckEdges() {
        assertEquals(new FinalInstructionCheck.Result(false, -1, 0, "the stream is empty"),
                FinalInstructionCheck.check(RecordStream.of(new byte[0]), Arch.CAYMAN));
        assertNull(FinalInstructionCheck.terminatorProblem(RecordStream.of(new byte[0]), Arch.CAYMAN));
        assertEquals(new FinalInstructionCheck.Result(true, -1, 0, null), FinalInstructionCheck.check(RecordStream.of(RETURN), Arch.CAYMAN));
        assertNull(FinalInstructionCheck.terminatorProblem(RecordStream.of(cat(NOOP, EXIT)), Arch.CAYMAN));
        assertEquals(new FinalInstructionCheck.Result(false, 2, 128, "the final record is NoOp, not one of CAYMAN's terminators [Exit, Return, UnconditionalBranch]"),
                FinalInstructionCheck.check(RecordStream.of(cat(EXIT, RETURN, NOOP)), Arch.CAYMAN));
        // the last record invalid: named as the invalid one, not as a non-terminator
        byte[] b = cat(NOOP, EXIT);
        b[64 + 1] = 0x11; // inst_word_len must be 0x10
        assertEquals(new FinalInstructionCheck.Result(false, 1, 64, "opcode 0xDF: header.inst_word_len: const: expected 0x10, found 17"),
                FinalInstructionCheck.check(RecordStream.of(b), Arch.CAYMAN));
        // the first record invalid: the walk stops there
        byte[] c = cat(NOOP, NOOP, NOOP);
        c[1] = 0x11;
        c[128 + 1] = 0x11;
        assertEquals(0, FinalInstructionCheck.check(RecordStream.of(c), Arch.CAYMAN).record());
        byte[] unknown = cat(NOOP, new byte[64]);
        unknown[64] = (byte) 0xFE;
        unknown[65] = 0x10;
        assertTrue(FinalInstructionCheck.terminatorProblem(unknown, 64, Arch.CAYMAN).startsWith("the final record is "),
                FinalInstructionCheck.terminatorProblem(unknown, 64, Arch.CAYMAN));
    }

    // ---- StreamValidator

    private static List<String> lines(List<Violation> vs) {
        List<String> out = new ArrayList<>();
        for (Violation v : vs) {
            out.add(v.record() + " " + v.field() + " " + v.rule() + ": " + v.message());
        }
        return out;
    }

    @Test
    void theWholeStreamRules() {
        StreamValidator.Report ok = StreamValidator.validate(cat(NOOP, EXIT), Arch.CAYMAN, true);
        assertTrue(ok.valid());
        assertEquals(2, ok.records());
        StreamValidator.Report noExit = StreamValidator.validate(cat(NOOP, RETURN), Arch.CAYMAN, true);
        assertEquals(List.of("1 stream exit: no EXIT record (opcode 0xDF with sub-opcode 1 at +0x0C) in 2 records"), lines(noExit.violations()));
        assertFalse(noExit.valid());
        assertTrue(StreamValidator.validate(cat(NOOP, RETURN), Arch.CAYMAN, false).valid());
        StreamValidator.Report neither = StreamValidator.validate(cat(EXIT, NOOP), Arch.CAYMAN, true);
        assertEquals(List.of("1 stream final: the final record is NoOp, not one of CAYMAN's terminators [Exit, Return, UnconditionalBranch]"),
                lines(neither.violations()));
        // at the NEFF stage neither whole-stream rule applies; without an arch there is no terminator rule
        assertTrue(StreamValidator.validate(cat(NOOP, NOOP), Arch.CAYMAN, true, Stage.NEFF, Set.of()).valid());
        assertEquals(List.of("1 stream exit: no EXIT record (opcode 0xDF with sub-opcode 1 at +0x0C) in 2 records"),
                lines(StreamValidator.validate(cat(NOOP, NOOP), null, true, Stage.LOADED, Set.of()).violations()));
    }

    @Test
    void emptyAndPartialStreams() {
        StreamValidator.Report empty = StreamValidator.validate(new byte[0], Arch.CAYMAN, true);
        assertEquals("the stream is empty: no records", empty.streamError());
        assertEquals(0, empty.records());
        assertFalse(empty.valid());
        assertEquals(List.of(), empty.violations());
        StreamValidator.Report partial = StreamValidator.validate(Arrays.copyOf(cat(NOOP, EXIT), 130), Arch.CAYMAN, true);
        assertEquals("stream length 130 is not a multiple of 64: 2 trailing bytes after record 1", partial.streamError());
        assertEquals(2, partial.records());
        assertEquals(List.of(), partial.violations()); // the whole-stream rules are not applied to a broken stream
    }

    @Test
    void theCapAtZeroOneAndPastTheCount() throws IOException {
        byte[] three = cat(CoreBarrierOnSunda.record(), CoreBarrierOnSunda.record(), NOOP); // two generation violations, then final (no exit rule)
        for (long max : new long[] {0, 1, 2, 3, StreamValidator.UNLIMITED}) {
            List<Violation> got = new ArrayList<>();
            StreamValidator.Summary s = StreamValidator.validate(new RecordReader(new ByteArrayInputStream(three), 1), Arch.SUNDA, false, max,
                    got::add);
            long shown = Math.min(max, 3);
            assertEquals(shown, s.reported(), "max " + max);
            assertEquals(3 - shown, s.suppressed(), "max " + max);
            assertEquals(shown, got.size());
            assertFalse(s.valid());
            assertEquals(3, s.records());
            assertNull(s.streamError());
        }
        List<Violation> got = new ArrayList<>();
        StreamValidator.validate(new RecordReader(new ByteArrayInputStream(three), 2), Arch.SUNDA, false, 3, got::add);
        assertEquals(List.of("0 opcode generation: CoreBarrier has no encoder on SUNDA: " + Arch.SUNDA.noEncoderSource(),
                "1 opcode generation: CoreBarrier has no encoder on SUNDA: " + Arch.SUNDA.noEncoderSource(),
                "2 stream final: the final record is NoOp, not one of SUNDA's terminators [Exit, Return, UnconditionalBranch]"), lines(got));
        assertTrue(new StreamValidator.Summary(1, 0, 0, null).valid());
        assertFalse(new StreamValidator.Summary(1, 0, 1, null).valid());
        assertFalse(new StreamValidator.Summary(1, 1, 0, null).valid());
        assertFalse(new StreamValidator.Summary(1, 0, 0, "x").valid());
        assertTrue(new StreamValidator.Report(1, List.of(), null).valid());
        assertFalse(new StreamValidator.Report(1, List.of(), "x").valid());
    }

    /** CoreBarrier: gen3-only (seed000 §6), so SUNDA has no encoder for it. */
    private static final class CoreBarrierOnSunda {
        static byte[] record() {
            return stream(CoreBarrierRecord.builder().build());
        }
    }

    /** The last record across windows: the final rule reads the last window's last record, not a stale one of a fuller window. */
    @Test
    void theLastRecordOfAPartWindow() throws IOException {
        // windows of 3: [NoOp, NoOp, Exit] [NoOp, NoOp]; the second window leaves slot 2 holding the Exit of the first
        byte[] s = cat(NOOP, NOOP, EXIT, NOOP, NOOP);
        List<Violation> got = new ArrayList<>();
        StreamValidator.validate(new RecordReader(new ByteArrayInputStream(s), 3), Arch.CAYMAN, true, StreamValidator.UNLIMITED, got::add);
        assertEquals(List.of("4 stream final: the final record is NoOp, not one of CAYMAN's terminators [Exit, Return, UnconditionalBranch]"),
                lines(got));
        // and a record index past the first window counts from the stream's start
        byte[] bad = cat(NOOP, NOOP, NOOP, NOOP, EXIT);
        bad[3 * 64 + 1] = 0x11;
        got.clear();
        StreamValidator.validate(new RecordReader(new ByteArrayInputStream(bad), 3), Arch.CAYMAN, true, StreamValidator.UNLIMITED, got::add);
        assertEquals(List.of("3 header.inst_word_len const: expected 0x10, found 17"), lines(got));
        // the EXIT in the first window is seen by the exit rule whatever follows
        got.clear();
        StreamValidator.validate(new RecordReader(new ByteArrayInputStream(cat(EXIT, NOOP, NOOP, NOOP, RETURN)), 3), Arch.CAYMAN, true,
                StreamValidator.UNLIMITED, got::add);
        assertEquals(List.of(), lines(got));
    }

    // ---- TypedCoverage

    @Test
    void typedCoverageFigures() throws IOException {
        byte[] opaque = new byte[64];
        opaque[0] = 3; // PeRegWrite: an opcode the sources give no layout (opaque arm)
        opaque[1] = 0x10;
        byte[] raw = new byte[64];
        raw[0] = (byte) java.util.stream.IntStream.range(0, 256).filter(v -> tpb.isa.Opcode.fromValue(v) == null).max().orElseThrow(); // no arm:
        // the highest value the spec gives no opcode (derived, so a spec that adds one, as AddingAnOpcodeTest's 0xFE, keeps this raw)
        raw[1] = 0x10;
        byte[] s = cat(NOOP, EXIT, opaque, raw);
        TypedCoverage c = TypedCoverage.of(RecordStream.of(s));
        assertEquals(new TypedCoverage(4, 2, 1, 1), c);
        assertEquals("4 records: 2 typed (50.0 %), 1 opaque arm, 1 raw", c.toString());
        assertEquals(c, TypedCoverage.of(new RecordReader(new ByteArrayInputStream(s), 3)));
        assertEquals("0 records: 0 typed (100.0 %), 0 opaque arm, 0 raw", TypedCoverage.of(RecordStream.of(new byte[0])).toString());
        assertEquals("3 records: 1 typed (33.3 %), 0 opaque arm, 2 raw", TypedCoverage.of(RecordStream.of(cat(raw, NOOP, raw))).toString());
        assertEquals("3 records: 2 typed (66.7 %), 1 opaque arm, 0 raw", TypedCoverage.of(RecordStream.of(cat(NOOP, NOOP, opaque))).toString());
        assertEquals("stream length 65 is not a multiple of 64: 1 trailing byte after record 0",
                assertThrows(StreamException.class, () -> TypedCoverage.of(new RecordReader(new ByteArrayInputStream(new byte[65]), 1))).getMessage());
    }

    // ---- module features (ResetQueueInstance needs neff_feature_SQI_no_rearm, facts §3.10; it clears it, seed000 §4.4)

    private static final byte[] RESET = stream(ResetQueueInstanceRecord.builder().queueName("q1").build());
    private static final byte[] SWITCH_NO_REARM = stream(SwitchQueueInstanceRecord.builder().queueName("q1").noRearm(1).build());
    private static final byte[] SWITCH = stream(SwitchQueueInstanceRecord.builder().queueName("q1").noRearm(0).build());
    private static final String NEEDS = "feature: ResetQueueInstance needs the module feature neff_feature_SQI_no_rearm (else assertion 1106), which ";

    private static List<String> features(Set<String> declared, byte[]... records) {
        return lines(StreamValidator.validate(cat(records), Arch.CAYMAN, true, Stage.LOADED, declared).violations());
    }

    @Test
    void aDeclaredFeatureHoldsUntilARecordClearsIt() {
        Set<String> declared = Set.of("neff_feature_SQI_no_rearm");
        assertEquals(List.of(), features(declared, RESET, EXIT));
        assertEquals(List.of("1 stream " + NEEDS + "record 0 cleared; a SwitchQueueInstance with no_rearm set must come between"),
                features(declared, RESET, RESET, EXIT));
        assertEquals(List.of(), features(declared, RESET, SWITCH_NO_REARM, RESET, EXIT));
        // other names declared set nothing
        assertEquals(List.of("0 stream " + NEEDS + "no earlier SwitchQueueInstance with no_rearm set provides"),
                features(Set.of("neff_feature_vnc"), RESET, EXIT));
    }

    @Test
    void theSetterMustComeBeforeAndCarryTheField() {
        assertEquals(List.of(), features(Set.of(), SWITCH_NO_REARM, NOOP, RESET, EXIT));
        assertEquals(List.of("1 stream " + NEEDS + "no earlier SwitchQueueInstance with no_rearm set provides"),
                features(Set.of(), SWITCH, RESET, EXIT));
        assertEquals(List.of("0 stream " + NEEDS + "no earlier SwitchQueueInstance with no_rearm set provides"),
                features(Set.of(), RESET, SWITCH_NO_REARM, EXIT));
        // two setters, one reset: nothing left over for a second reset, cleared at record 2
        assertEquals(List.of("3 stream " + NEEDS + "record 2 cleared; a SwitchQueueInstance with no_rearm set must come between"),
                features(Set.of(), SWITCH_NO_REARM, SWITCH_NO_REARM, RESET, RESET, EXIT));
        // a setter after the clear rearms it; the clear is remembered at its latest record
        assertEquals(List.of("4 stream " + NEEDS + "record 3 cleared; a SwitchQueueInstance with no_rearm set must come between"),
                features(Set.of(), SWITCH_NO_REARM, RESET, SWITCH_NO_REARM, RESET, RESET, EXIT));
    }
}
