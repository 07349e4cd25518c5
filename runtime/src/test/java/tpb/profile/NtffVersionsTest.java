package tpb.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tpb.profile.SyntheticNtff.message;
import static tpb.profile.SyntheticNtff.record;
import static tpb.profile.SyntheticNtff.records;

import java.nio.file.Files;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * NTFF versions 5 and 4 (docs/ntff.md, "Versions 5 and 4"), on synthetic files written from the
 * format as documented (no public file of these versions is licensed to ship): the header without
 * its run, sections inside each subgraph, programs inline, the uuid as a C string, and the run
 * placed from the first subgraph's duration and its core's last notification.
 */
class NtffVersionsTest {
    static final byte[] UUID = HexFormat.of().parseHex("e09e25ab3c064ef989233737f9c6fa04");
    /** The run as the header of {@link #v5} places it: the last notification of core 4 (tick 1,000,000,000) + 133,333, and sg00's 500,000 ticks before. */
    static final long END = 1_000_000_000L + 133_333, START = END - 500_000;

    /** Two 64-byte program records: pc 0 an EventSemaphore (opcode byte 0xA0), pc 1 a NOP-like record of zeros. */
    static byte[] program() {
        byte[] p = new byte[128];
        p[0] = (byte) 0xA0;
        return p;
    }

    /**
     * A version-{@code version} NTFF: sg00 on core 4 with the PE's program inline at device address
     * 0x1000 (pc base 0x1000 >> 6 = 64) and three sections, sg01 on core 5 with one notification.
     * Trace data (offsets from 128 + H):
     * <pre>
     *   0 TRACE      pc 1 999,600,000 .. 999,640,000   starts before the run: dropped
     *                pc 0 999,650,000 .. 999,660,000   EventSemaphore: counted, no time
     *                pc 1 999,700,000 .. 999,800,000   100 ns
     *                dve pc 0 (program at 0x2000: pc base 128) 1,063,000,000,000 .. +50,000: 63 ms after the run
     * 128 NOTIFY     S[3] = 7 at 999,650,000; S[3] = 8 at 1,000,000,000 (the last of core 4)
     * 160 TRACE_DMA  engine 1 queue 0: 999,700,000 .. 999,704,000, 4,000 bytes, CRC 0xf720; a kind-6 record;
     *                1,000,200,000 .. 1,000,210,000, 64 bytes: after the run
     * 240 NOTIFY     sg01 (core 5): S[1] = 1 at 1,000,500,000: later, but not the first subgraph's core
     * </pre>
     * {@code dma0} shifts the DMA records' ticks (version 4's other clock).
     */
    static byte[] v5(int version, byte[] uuidField, long dma0) {
        byte[] trace = records(record(999_600_000L, 0x41, 0, 0, 0x84), record(999_640_000L, 0x41, 0, 0, 0x85),
                record(999_650_000L, 0x40, 0, 0, 0x84), record(999_660_000L, 0x40, 0, 0, 0x85),
                record(999_700_000L, 0x41, 0, 0, 0x84), record(999_800_000L, 0x41, 0, 0, 0x85),
                record(1_063_000_000_000L, 0x80, 0, 0, 0x90), record(1_063_000_050_000L, 0x80, 0, 0, 0x91)); // dve (code 4) pc 0, 63 ms later

        byte[] notify = records(record(999_650_000L, 3, 1, 0, 0, 7), record(1_000_000_000L, 3, 1, 0, 0, 8));
        byte[] dma = records(record(dma0 + 999_700_000L, 0, 0, 0, 0x81, 0x01), record(dma0 + 999_704_000L, 0xa0, 0x0f, 0, 0x81, 0x05, 0, 0x20, 0xf7),
                record(dma0 + 999_704_000L, 0, 0, 0, 0x81, 0x06), record(dma0 + 1_000_200_000L, 0, 0, 0, 0x81, 0x01),
                record(dma0 + 1_000_210_000L, 0x40, 0, 0, 0x81, 0x05));
        byte[] other = records(record(1_000_500_000L, 1, 1, 0, 0, 1));
        SyntheticNtff sg00 = message().string(1, "sg00").varint(3, 4)
                .message(4, message().varint(2, 0x1000).bytes(3, program())) // engine absent: 0, the PE
                .message(4, message().varint(1, 3).varint(2, 0x2000).bytes(3, program()))
                .message(6, message().varint(6, trace.length)) // queue type and offset absent: TRACE at 0
                .message(6, message().varint(1, 1).varint(5, 128).varint(6, notify.length))
                .message(6, message().varint(1, 4).varint(3, 1).varint(5, 160).varint(6, dma.length))
                .varint(14, 500_000);
        SyntheticNtff sg01 = message().string(1, "sg01").varint(3, 5).message(6, message().varint(1, 1).varint(5, 240).varint(6, 16)).varint(14, 400_000);
        SyntheticNtff header = message().string(1, "file.neff");
        if (uuidField != null) {
            header.bytes(2, uuidField);
        }
        header.varint(3, 10001).message(4, message().message(4, message().message(1, sg00).message(1, sg01)));
        return SyntheticNtff.file(version, header.bytes(), records(trace, notify, dma, other));
    }

    /** The uuid's 16 bytes and two stale ones, as version 5's field 2 holds a uuid without a 00 byte (a C string run on). */
    static byte[] uuidField() {
        byte[] b = java.util.Arrays.copyOf(UUID, 18);
        b[16] = 0x54;
        b[17] = 0x1a;
        return b;
    }

    @Test
    void version5IsReadIntoTheTrace() {
        Trace t = NtffReader.read("x.ntff", v5(5, uuidField(), 0));
        assertEquals("file.neff", t.neffName());
        assertEquals("e09e25ab3c064ef989233737f9c6fa04", t.uuid()); // the first 16 of field 2's 18 bytes
        assertEquals(500_000, t.totalTicks());
        assertNull(t.dmaUnplaced());
        // pc 0 from 999,650,000 - START = 16,667 to 26,667; pc 1 from 66,667 to 166,667; decoded from the inline program
        assertEquals(List.of(new Trace.Instruction("sg00", "pe", 0, "EVENT_SEMAPHORE", t.instructions().get(0).operands(), 16_667, 26_667),
                new Trace.Instruction("sg00", "pe", 1, t.instructions().get(1).opcode(), t.instructions().get(1).operands(), 66_667, 166_667)),
                t.instructions());
        assertEquals(List.of(new Trace.DmaPacket("sg00", 65, 0, 66_667, 70_667, 4000, 0xf720)), t.dma()); // engine 16 × core 4 + 1
        assertEquals(List.of(new Trace.SemaphoreUpdate("sg00", 3, 7, 16_667), new Trace.SemaphoreUpdate("sg00", 3, 8, 366_667)), t.semaphores());
        assertEquals(Map.of("instruction start", 4L, "instruction end", 4L, "instruction outside the run", 2L, "semaphore update", 3L,
                "dma packet start", 2L, "dma packet end", 2L, "dma packet kind 6", 1L, "dma packet outside the run", 1L), t.records());
        Summary s = Summary.of(t);
        assertEquals(500.0, s.totalNs());
        assertEquals(new Summary.Engine(100.0, 100.0, 2), s.engines().get("pe")); // the EventSemaphore counted, its time not
        assertEquals(4.0, s.dmaActiveNs());
        assertEquals(4.0, s.dmaPacketNs());
        assertEquals(4000, s.dmaBytes());
        assertEquals(1, s.dmaPackets());
        t.requireNeff("x.neff", UUID);
    }

    /** {@code tpb profile} of a version-4 file says its DMA time is unknown and why, and its JSON holds null (JSON has no NaN). */
    @Test
    void version4sDmaTimeIsUnknownInTheReport() throws java.io.IOException {
        java.nio.file.Path f = Files.createTempFile("v4", ".ntff");
        try {
            Files.write(f, v5(4, uuidField(), 365_000_000_000_000L - 999_700_000L));
            java.io.StringWriter out = new java.io.StringWriter();
            java.io.StringWriter err = new java.io.StringWriter();
            assertEquals(0, tpb.cli.Tpb.run(new java.io.PrintWriter(out), new java.io.PrintWriter(err), "profile", f.toString()), err.toString());
            assertTrue(out.toString().contains("\ndma: active unknown (NTFF version 4 times DMA records on another clock than the run's, and holds no offset "
                    + "between the two), 4064 bytes in 2 packets\n"), out.toString());
            out.getBuffer().setLength(0);
            assertEquals(0, tpb.cli.Tpb.run(new java.io.PrintWriter(out), new java.io.PrintWriter(err), "profile", f.toString(), "--json"));
            com.fasterxml.jackson.databind.JsonNode dma = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toString()).get("dma");
            assertTrue(dma.get("active_ns").isNull() && dma.get("packet_ns").isNull(), dma.toString());
            assertEquals(4064, dma.get("bytes").longValue());
        } finally {
            Files.delete(f);
        }
    }

    /** Version 4 (trn1) times DMA records on another clock, with no offset in the file: counted with their bytes, not placed. */
    @Test
    void version4CountsItsDmaButDoesNotPlaceIt() {
        long other = 365_000_000_000_000L - 999_700_000L; // the first DMA record at 3.65e14, as on the public trn1 files
        Trace t = NtffReader.read("x.ntff", v5(4, uuidField(), other));
        assertEquals(500_000, t.totalTicks());
        assertEquals(2, t.instructions().size());
        assertEquals("NTFF version 4 times DMA records on another clock than the run's, and holds no offset between the two", t.dmaUnplaced());
        // both packets, as read on their own clock: neither windowed nor shifted
        assertEquals(List.of(new Trace.DmaPacket("sg00", 65, 0, 365_000_000_000_000L, 365_000_000_004_000L, 4000, 0xf720),
                new Trace.DmaPacket("sg00", 65, 0, 365_000_000_500_000L, 365_000_000_510_000L, 64, 0)), t.dma());
        assertEquals(2L, t.records().get("dma packet on the DMA clock, not placed in the run"));
        // the DVE's only instruction lies 63 ms after the run: said to be on another clock, not counted as an engine idle in the run
        assertEquals(1L, t.records().get("instruction outside the run")); // the PE's that starts before it
        assertEquals(1L, t.records().get("instruction of dve on another clock (NTFF version 4: none lies inside the run), not placed"));
        Summary s = Summary.of(t);
        assertEquals(500.0, s.totalNs());
        assertTrue(Double.isNaN(s.dmaActiveNs()));
        assertTrue(Double.isNaN(s.dmaPacketNs()));
        assertEquals(4064, s.dmaBytes());
        assertEquals(2, s.dmaPackets());
    }

    /** Field 2 is a C string: a uuid with a 00 byte is cut there, and only the prefix (and the NEFF's 00 after it) can be checked. */
    @Test
    void aUuidCutAtItsFirstZeroIsCheckedAsAPrefix() {
        Trace t = NtffReader.read("x.ntff", v5(5, HexFormat.of().parseHex("db6e2c1f"), 0));
        assertEquals("db6e2c1f", t.uuid());
        t.requireNeff("x.neff", HexFormat.of().parseHex("db6e2c1f00ff0000000000000000000a"));
        assertEquals("x.ntff: a profile of \"file.neff\" (uuid starting db6e2c1f, cut at its first 00 byte), not of y.neff (uuid "
                + "db6e2c1f01ff0000000000000000000a)", assertThrows(ProfileException.class,
                        () -> t.requireNeff("y.neff", HexFormat.of().parseHex("db6e2c1f01ff0000000000000000000a"))).getMessage());
        assertEquals("x.ntff: a profile of \"file.neff\" (uuid starting db6e2c1f, cut at its first 00 byte), not of y.neff (uuid "
                + "db6e2c2f00ff0000000000000000000a)", assertThrows(ProfileException.class,
                        () -> t.requireNeff("y.neff", HexFormat.of().parseHex("db6e2c2f00ff0000000000000000000a"))).getMessage());
        assertEquals("x.ntff: a profile of \"file.neff\" (uuid e09e25ab3c064ef989233737f9c6fa04), not of y.neff (uuid "
                + "e09e25ab3c064ef989233737f9c6fa05)", assertThrows(ProfileException.class, () -> NtffReader.read("x.ntff",
                        v5(5, uuidField(), 0)).requireNeff("y.neff", HexFormat.of().parseHex("e09e25ab3c064ef989233737f9c6fa05")))
                        .getMessage());
        assertNull(NtffReader.read("x.ntff", v5(5, null, 0)).uuid()); // no field 2: nothing to check
    }

    @ParameterizedTest
    @CsvSource({"7", "3", "0", "255"})
    void anotherVersionIsRefusedByItsNumber(int version) {
        assertEquals("x.ntff: NTFF version " + version + ": this reader reads 4, 5 and 6",
                assertThrows(ProfileException.class, () -> NtffReader.read("x.ntff", v5(version, null, 0))).getMessage());
    }

    @Test
    void aRunThatCannotBePlacedIsRefused() {
        String why = "x.ntff: NTFF version 5 records no run: it is placed from the first subgraph's duration and last notification, and ";
        byte[] noDuration = v5(5, null, 0);
        // sg00's field 14 (0x70, varint 500,000 = a0 c2 1e) renamed field 13 (0x68): the header keeps its length
        int at = indexOf(noDuration, new byte[] {0x70, (byte) 0xa0, (byte) 0xc2, 0x1e});
        noDuration[at] = 0x68;
        assertEquals(why + "subgraph \"sg00\" has no duration (field 14)", refusal(noDuration));
        byte[] noNotification = v5(5, null, 0);
        // sg00's NOTIFY section (queue type 1: 08 01) made queue type 2 (an empty kind in every public file)
        noNotification[indexOf(noNotification, new byte[] {0x08, 0x01, 0x28, (byte) 0x80, 0x01}) + 1] = 2;
        assertEquals(why + "core 4 has no notification record", refusal(noNotification));
        byte[] none = SyntheticNtff.file(5, message().string(1, "x").bytes(), new byte[0]);
        assertEquals(why + "the header lists no subgraph", refusal(none));
    }

    /**
     * The rule that places a version-5 run, on the eight version-6 fixtures, whose header records
     * the run: sg00's field 14 is the run's length in 8 of 8; the run ends 133,333 ticks after the
     * last notification of sg00's core in 6 of 8, 133,334 in one, 246,249 in qwen3-attn-tkg-v6.
     */
    @ParameterizedTest
    @CsvSource({"attention-baseline, 133333", "attention-baseline-bf16-s512, 133334", "attention-baseline-fp32-s512, 133333",
        "attention-fused, 133333", "attention-fused-bf16-s512, 133333", "attention-fused-fp32-s512, 133333", "qwen3-attn-tkg-v6, 246249",
        "qwen3-moe-tkg-v6b, 133333"})
    void theRunRuleHoldsOnVersion6(String name, long afterLastNotification) throws Exception {
        byte[] b = Files.readAllBytes(NtffPairsTest.resource(name + ".ntff"));
        int hlen = (int) NtffReader.u32(b, 1);
        NtffHeader h = NtffHeader.parse(name, 6, b, 128, hlen);
        NtffHeader.Subgraph first = h.subgraphs().get(0);
        assertEquals(h.endTick() - h.startTick(), first.durationTicks());
        long last = 0;
        for (NtffHeader.Section s : h.sections()) {
            if (s.queueType() == NtffReader.NQ_NOTIFY && s.core() == first.core()) {
                for (long i = 0; i < s.size() / 16; i++) {
                    last = Math.max(last, NtffReader.u64(b, 128 + hlen + (int) (s.offset() + 16 * i) + 8));
                }
            }
        }
        assertEquals(afterLastNotification, h.endTick() - last);
    }

    /** The synthetic version-5 and version-4 files mutated: each is read (instructions in order, inside the run) or refused in one line naming the file. */
    @Property(tries = 2_000)
    void mutatedFilesAreReadOrRefusedInOneLine(@ForAll @IntRange(min = 4, max = 5) int version, @ForAll @IntRange(min = 0, max = 2) int kind,
            @ForAll @IntRange(min = 0, max = 1 << 20) int where, @ForAll @IntRange(min = 0, max = 255) int value,
            @ForAll @IntRange(min = 1, max = 8) int count) {
        byte[] b = v5(version, uuidField(), 0);
        int header = (int) NtffReader.u32(b, 1);
        switch (kind) {
            case 0 -> b = java.util.Arrays.copyOf(b, where % b.length); // cut short
            case 1 -> { // the header
                for (int i = 0; i < count; i++) {
                    b[128 + (where + i * 7919) % header] = (byte) (value + i);
                }
            }
            default -> { // anywhere
                for (int i = 0; i < count; i++) {
                    b[(where + i * 104729) % b.length] = (byte) (value * (i + 1));
                }
            }
        }
        try {
            Trace t = NtffReader.read("x.ntff", b);
            for (Trace.Instruction i : t.instructions()) {
                if (i.endTick() < i.startTick() || i.startTick() < 0 || i.endTick() > t.totalTicks()) {
                    throw new AssertionError("an instruction out of order or outside the run: " + i);
                }
            }
        } catch (ProfileException e) {
            if (e.getMessage().contains("\n") || !e.getMessage().startsWith("x.ntff: ")) {
                throw new AssertionError("not one line naming the file: " + e.getMessage());
            }
        }
    }

    private static String refusal(byte[] b) {
        return assertThrows(ProfileException.class, () -> NtffReader.read("x.ntff", b)).getMessage();
    }

    private static int indexOf(byte[] b, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= b.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (b[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }
}
