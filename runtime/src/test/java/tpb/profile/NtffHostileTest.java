package tpb.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Hostile NTFFs: each refused in one line naming the file, where and why, never an exception of
 * another kind; the reader's memory is bounded by the file (at most NtffReader.MAX_FILE_BYTES),
 * the header's lists by their own bounds.
 */
class NtffHostileTest {
    static final byte[] FUSED;

    static {
        try {
            FUSED = Files.readAllBytes(NtffPairsTest.resource("attention-fused.ntff"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static String refusal(byte[] b) {
        return assertThrows(ProfileException.class, () -> ProfileFile.of("x.ntff", b)).getMessage();
    }

    /** attention-fused.ntff: 110,440 bytes, a 3,160-byte header at 128, trace data from 3,288 (docs/ntff.md). */
    @Test
    void aTruncatedNtffSaysWhere() {
        assertEquals("x.ntff: 100 bytes, shorter than an NTFF's 128-byte preamble and header", refusal(Arrays.copyOf(FUSED, 100)));
        assertEquals("x.ntff: header length 3160 at byte 1 runs past the end of the file (2000 bytes): truncated", refusal(Arrays.copyOf(FUSED, 2000)));
        // 50,000 bytes leave 46,712 of trace data: sg01's programs run to 56,384 (engine 2's: 42,944 + 4,672 = 47,616)
        assertEquals("x.ntff: header: subgraph \"sg01\"'s program of engine 2 at data offset 42944, 4672 bytes, runs past the end of the file "
                + "(46712 bytes of trace data): truncated or damaged", refusal(Arrays.copyOf(FUSED, 50_000)));
        // one byte short: the last section (queue type 4 on core 5: 528 bytes at 106,624) no longer fits
        assertEquals("x.ntff: header: section of queue type 4 on core 5 at data offset 106624, 528 bytes, runs past the end of the file "
                + "(107151 bytes of trace data): truncated or damaged", refusal(Arrays.copyOf(FUSED, FUSED.length - 1)));
    }

    @Test
    void lengthsPastTheEndAreRefused() {
        byte[] b = FUSED.clone();
        b[1] = (byte) 0xff;
        b[2] = (byte) 0xff;
        b[3] = (byte) 0xff;
        b[4] = (byte) 0x7f;
        assertEquals("x.ntff: header length 2147483647 at byte 1 is more than 1048576 bytes (the bound NtffReader.MAX_HEADER_BYTES)", refusal(b));
        b = FUSED.clone();
        b[1] = (byte) 0xb8; // 3,000 of the header's 3,160 bytes: it ends inside a field
        b[2] = 0x0b;
        assertEquals("x.ntff: header (bytes 128-3128) is not a valid protobuf message: a field runs past the header's end (the file is "
                + "truncated, or a length is wrong)", refusal(b));
        b = FUSED.clone();
        b[0] = 7; // a version this reader was not learnt on is refused, by its number
        assertEquals("x.ntff: NTFF version 7: this reader reads 4, 5 and 6", refusal(b));
        b[0] = 3;
        assertEquals("x.ntff: NTFF version 3: this reader reads 4, 5 and 6", refusal(b));
    }

    /** A header of 4,097 empty sections (36 KB): refused at the bound, before any is used. */
    @Test
    void aHeaderBombIsRefusedAtItsBound() {
        ByteArrayOutputStream h = new ByteArrayOutputStream();
        h.writeBytes(new byte[] {0x0a, 1, 'x', 0x7a, 4, 0x10, 1, 0x18, 2}); // neff_name "x"; run {start 1, end 2}
        for (int i = 0; i <= NtffHeader.MAX_SECTIONS; i++) {
            h.writeBytes(new byte[] {(byte) 0x82, 0x01, 2, 0x08, 4}); // section {queue_type 4}
        }
        byte[] b = ntff(h.toByteArray());
        assertEquals("x.ntff: header lists more than 4096 trace sections (the bound NtffHeader.MAX_SECTIONS)", refusal(b));
    }

    @Test
    void aHeaderWithoutItsRunIsRefused() {
        assertEquals("x.ntff: NTFF version 6: header has no run (field 15: uuid, start and end): not an NTFF this reader knows",
                refusal(ntff(new byte[] {0x0a, 1, 'x'})));
    }

    @Test
    void aFilePastTheBoundIsRefusedBeforeParsing() {
        byte[] b = new byte[NtffReader.MAX_FILE_BYTES + 1];
        b[0] = 6;
        assertEquals("x.ntff: an NTFF of 67108865 bytes, more than 67108864 (the bound NtffReader.MAX_FILE_BYTES)", refusal(b));
    }

    /**
     * A version-6 NTFF of one subgraph (sg00 on core 4, the PE's one-record program at data offset 0)
     * whose header lists {@code sections} ({offset, size} pairs of queue-type-0 sections on core 4)
     * over trace data of the program and one instruction's start and end at pc 0.
     */
    private static byte[] withSections(long[]... sections) {
        SyntheticNtff sg = SyntheticNtff.message().string(1, "sg00").varint(3, 4)
                .message(4, SyntheticNtff.message().varint(1, 0).varint(2, 0).varint(7, 0).varint(8, 64));
        SyntheticNtff h = SyntheticNtff.message().string(1, "x").message(4, SyntheticNtff.message().message(4, SyntheticNtff.message().message(1, sg)))
                .message(15, SyntheticNtff.message().bytes(1, new byte[16]).varint(2, 0).varint(3, 1_000_000));
        for (long[] x : sections) {
            h.message(16, SyntheticNtff.message().varint(1, 0).varint(5, x[0]).varint(6, x[1]).varint(7, 4));
        }
        byte[] data = new byte[64 + 32];
        System.arraycopy(SyntheticNtff.records(SyntheticNtff.record(1000, 0, 0, 0, 0x84), SyntheticNtff.record(2000, 0, 0, 0, 0x85)), 0, data, 64, 32);
        return SyntheticNtff.file(6, h.bytes(), data);
    }

    /**
     * Sections and programs tile the trace data: each byte is read once. A header listing one region
     * under many sections (4,096 over a 64 MiB file: 2^34 records walked, every instruction kept 4,096
     * times) made work and memory the header's to choose; a shared byte is refused now, before any record is read.
     */
    @Test
    void programsAndSectionsThatShareBytesAreRefused() throws Exception {
        assertEquals(1, ProfileFile.of("x.ntff", withSections(new long[] {64, 32})).trace().instructions().size());
        assertEquals("x.ntff: header: section of queue type 0 on core 4 at data offset 64 (32 bytes) overlaps section of queue type 0 on core 4 "
                + "at 64 (32 bytes): programs and sections each take their own bytes", refusal(withSections(new long[] {64, 32}, new long[] {64, 32})));
        assertEquals("x.ntff: header: section of queue type 0 on core 4 at data offset 80 (16 bytes) overlaps section of queue type 0 on core 4 "
                + "at 64 (32 bytes): programs and sections each take their own bytes", refusal(withSections(new long[] {64, 32}, new long[] {80, 16})));
        assertEquals("x.ntff: header: section of queue type 0 on core 4 at data offset 32 (64 bytes) overlaps subgraph \"sg00\"'s program of "
                + "engine 0 at 0 (64 bytes): programs and sections each take their own bytes", refusal(withSections(new long[] {32, 64})));
        // empty sections take no bytes: any number of them anywhere
        assertEquals(1, ProfileFile.of("x.ntff", withSections(new long[] {64, 32}, new long[] {64, 0}, new long[] {0, 0})).trace().instructions().size());
    }

    /** A preamble (version 6, the header's length) and {@code header} at byte 128. */
    static byte[] ntff(byte[] header) {
        byte[] b = new byte[128 + header.length];
        b[0] = 6;
        b[1] = (byte) header.length;
        b[2] = (byte) (header.length >>> 8);
        b[3] = (byte) (header.length >>> 16);
        System.arraycopy(header, 0, b, 128, header.length);
        return b;
    }

    /**
     * 10,000 mutations of a real NTFF (bytes set anywhere, in the header or the preamble's length
     * above all, or the file cut short): each is read or refused with a ProfileException, nothing
     * else, and a read one never has an instruction ending before it starts.
     */
    @Property(tries = 10_000)
    void mutatedNtffsAreReadOrRefusedInOneLine(@ForAll @IntRange(min = 0, max = 3) int kind, @ForAll @IntRange(min = 0, max = 1 << 20) int where,
            @ForAll @IntRange(min = 0, max = 255) int value, @ForAll @IntRange(min = 1, max = 8) int count) {
        byte[] b = FUSED.clone();
        switch (kind) {
            case 0 -> b = Arrays.copyOf(b, where % b.length); // cut short
            case 1 -> b[1 + where % 4] = (byte) value; // the header's length
            case 2 -> { // the header
                for (int i = 0; i < count; i++) {
                    b[128 + (where + i * 7919) % 3160] = (byte) (value + i);
                }
            }
            default -> { // anywhere
                for (int i = 0; i < count; i++) {
                    b[(where + i * 104729) % b.length] = (byte) (value * (i + 1));
                }
            }
        }
        try {
            Trace t = ProfileFile.of("x.ntff", b).trace();
            for (Trace.Instruction i : t.instructions()) {
                if (i.endTick() < i.startTick() || i.startTick() < 0) {
                    throw new AssertionError("an instruction out of order: " + i);
                }
            }
        } catch (ProfileException e) {
            if (e.getMessage().contains("\n") || !e.getMessage().startsWith("x.ntff: ")) {
                throw new AssertionError("not one line naming the file: " + e.getMessage());
            }
        }
    }
}
