package tpb.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** A profile's bytes as untrusted input: strict UTF-8 JSON, one gzip member and nothing after it, messages that name the file and cut long values. */
class ProfileInputTest {
    static final String SUMMARY_TAIL = ",\"tensor_engine_active_time\":1e-05,\"scalar_engine_active_time\":1e-05,\"vector_engine_active_time\":1e-05,"
            + "\"gpsimd_engine_active_time\":1e-05,\"sync_engine_active_time\":1e-05,\"dma_active_time\":1e-05}],\"instruction\":[]}";

    static String refusal(byte[] b) {
        return assertThrows(ProfileException.class, () -> ProfileFile.of("p.json", b)).getMessage();
    }

    static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(o)) {
            z.write(b);
        }
        return o.toByteArray();
    }

    static byte[] export(String totalTime) {
        return ("{\"summary\":[{\"total_time\":" + totalTime + SUMMARY_TAIL).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aWellFormedExportIsRead() throws IOException {
        assertEquals(38_000, ProfileFile.of("p.json", export("3.8e-05")).exported().totalNs(), 1e-6);
        assertEquals(38_000, ProfileFile.of("p.json", gzip(export("3.8e-05"))).exported().totalNs(), 1e-6);
    }

    @Test
    void aGzipCutShortSaysSo() throws IOException {
        byte[] z = gzip(export("3.8e-05"));
        assertEquals("p.json: gzip stream cut short: the compressed data ends at byte 60 before the stream does (truncated file)",
                refusal(Arrays.copyOf(z, 60)));
        assertEquals("p.json: gzip stream cut short: its 8-byte trailer (CRC-32 and size) is missing (truncated file)", refusal(Arrays.copyOf(z, z.length - 3)));
        assertEquals("p.json: gzip stream cut short (12 bytes, less than gzip's 18-byte frame)", refusal(Arrays.copyOf(z, 12)));
    }

    @Test
    void junkAfterTheGzipStreamIsRefused() throws IOException {
        byte[] z = gzip(export("3.8e-05"));
        byte[] junk = Arrays.copyOf(z, z.length + 3);
        assertEquals("p.json: 3 bytes after the gzip stream (from byte " + z.length + "): not one gzip'd profile", refusal(junk));
        byte[] two = Arrays.copyOf(z, 2 * z.length); // a second member: one profile is one member
        System.arraycopy(z, 0, two, z.length, z.length);
        assertEquals("p.json: " + z.length + " bytes after the gzip stream (from byte " + z.length + "): not one gzip'd profile", refusal(two));
    }

    @Test
    void aLongValueIsCutShort() {
        String mib = "\"" + "9".repeat(1 << 20) + "\"";
        assertEquals("p.json: summary[0].total_time is \"" + "9".repeat(200) + "\"… (1048576 characters), not a time in seconds", refusal(export(mib)));
    }

    @Test
    void aNumberPastADoubleIsNotInfinity() {
        assertEquals("p.json: summary[0].total_time is a number past a double's range, not a time in seconds", refusal(export("1e400")));
    }

    @Test
    void onlyUtf8JsonIsAnExport() throws IOException {
        byte[] utf16 = new String(export("3.8e-05"), StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_16LE);
        assertEquals("p.json: byte 1 is NUL: not UTF-8 JSON text (a UTF-16 or UTF-32 file?), not a neuron-profile JSON export", refusal(utf16));
        byte[] bom = new String(export("3.8e-05"), StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_16); // FE FF first
        assertEquals("p.json: byte 0 is not UTF-8 text: not a neuron-profile JSON export (nor an NTFF)", refusal(bom));
        byte[] neff = Files.readAllBytes(NtffPairsTest.resource("attention-fused.ntff").resolveSibling("../attention-fused.neff").normalize());
        assertEquals("p.json: a NEFF, not a profile (an NTFF or a neuron-profile JSON export)", refusal(neff));
        assertEquals("p.json: empty, not JSON", refusal(new byte[0]));
    }

    static final byte[] SMALL = ("{\"metadata\":[{\"ticks_per_nanosec\":1000}],\"neff_header\":[{\"network_name\":\"k.neff\","
            + "\"uuid\":\"debb20022cc8458dbdc64a792ed6fe4a\"}],\"summary\":[{\"total_time\":3.8e-05" + SUMMARY_TAIL.replace("\"instruction\":[]}",
                    "\"instruction\":[{\"subgraph\":\"sg00\",\"subgroup\":\"Tensor\",\"pc\":50,\"opcode\":\"WRITE\",\"operands\":\"\","
                            + "\"timestamp\":84,\"duration\":70}],\"dma\":[{\"subgraph\":\"sg00\",\"dma_engine\":\"64\",\"dma_queue\":\"0\","
                            + "\"timestamp\":15466,\"duration\":618,\"transfer_size\":4096,\"crc\":41589}],\"semaphore_update\":[{\"subgraph\":\"sg00\","
                            + "\"id\":\"S[5] (Tensor)\",\"value\":1,\"timestamp\":2981}]}")).getBytes(StandardCharsets.UTF_8);

    @Test
    void theSmallExportIsRead() {
        Trace t = ProfileFile.of("p.json", SMALL).trace();
        assertEquals(1, t.instructions().size());
        assertEquals(new Trace.DmaPacket("sg00", 64, 0, 15_466_000, 16_084_000, 4096, 41589), t.dma().get(0));
        assertEquals(new Trace.SemaphoreUpdate("sg00", 5, 1, 2_981_000), t.semaphores().get(0));
        assertEquals("debb20022cc8458dbdc64a792ed6fe4a", t.uuid());
    }

    @Test
    void aUuidIsHexWithOrWithoutDashes() {
        String json = new String(SMALL, StandardCharsets.UTF_8);
        byte[] dashed = json.replace("debb20022cc8458dbdc64a792ed6fe4a", "DEBB2002-2CC8-458D-BDC6-4A792ED6FE4A").getBytes(StandardCharsets.UTF_8);
        assertEquals("debb20022cc8458dbdc64a792ed6fe4a", ProfileFile.of("p.json", dashed).trace().uuid());
        byte[] bad = json.replace("debb20022cc8458dbdc64a792ed6fe4a", "not-a-uuid").getBytes(StandardCharsets.UTF_8);
        assertEquals("p.json: neff_header[0].uuid is \"not-a-uuid\", not 32 hex digits", refusal(bad));
    }

    @Test
    void aDmaEntryOfAnotherShapeIsCountedNotFatal() {
        byte[] b = new String(SMALL, StandardCharsets.UTF_8).replace("\"dma_engine\":\"64\"", "\"dma_engine\":\"qSync\"").getBytes(StandardCharsets.UTF_8);
        Trace t = ProfileFile.of("p.json", b).trace();
        assertEquals(0, t.dma().size());
        assertEquals(1L, t.records().get("unknown: dma entry of another shape"));
        assertEquals(1, t.unknownRecords());
    }

    /** 10,000 mutations of an export, plain and gzip'd (bytes set, cut short, junk after): each read or refused in one line naming the file. */
    @Property(tries = 10_000)
    void mutatedExportsAreReadOrRefusedInOneLine(@ForAll boolean gzipped, @ForAll @IntRange(min = 0, max = 2) int kind,
            @ForAll @IntRange(min = 0, max = 1 << 20) int where, @ForAll @IntRange(min = 0, max = 255) int value) throws IOException {
        byte[] b = gzipped ? gzip(SMALL) : SMALL.clone();
        switch (kind) {
            case 0 -> b = Arrays.copyOf(b, where % b.length);
            case 1 -> b[where % b.length] = (byte) value;
            default -> b = Arrays.copyOf(b, b.length + 1 + value % 4);
        }
        try {
            ProfileFile.of("p.json", b);
        } catch (ProfileException e) {
            if (e.getMessage().contains("\n") || !e.getMessage().startsWith("p.json: ")) {
                throw new AssertionError("not one line naming the file: " + e.getMessage());
            }
        }
    }

    /**
     * The export is streamed member by member: an array this reader does not use is skipped without
     * a tree (400 MB of zeros under one key, a 389 KB gzip'd file, had made 3.5 GB of tree); the
     * arrays it reads are read an element at a time. Here 5,000,000 zeros under "x" (10 MB) around a
     * well-formed export: read as the export without them.
     */
    @Test
    void anArrayNotReadIsSkippedWithoutATree() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes("{\"x\":[".getBytes(StandardCharsets.UTF_8));
        byte[] zeros = "0,".repeat(1_000_000).getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 5; i++) {
            b.writeBytes(zeros);
        }
        b.writeBytes("0],".getBytes(StandardCharsets.UTF_8));
        b.writeBytes(Arrays.copyOfRange(export("3.8e-05"), 1, export("3.8e-05").length));
        ProfileFile f = ProfileFile.of("p.json", gzip(b.toByteArray()));
        assertEquals(38_000, f.exported().totalNs(), 1e-6);
        assertEquals(ProfileFile.of("p.json", export("3.8e-05")).trace().records(), f.trace().records());
    }

    /** Streamed, the document keeps parse's strictness: a key twice, text after it, a document that is no object. */
    @Test
    void theStreamedExportIsAsStrict() {
        String e = new String(export("3.8e-05"), StandardCharsets.UTF_8);
        // the document's 30 characters, a space, then the second document's "{" at column 32
        assertEquals("p.json: malformed JSON at line 1 column 32: text after the document",
                refusal(("{\"summary\":[{\"total_time\":1}]} {}").getBytes(StandardCharsets.UTF_8)));
        // the second "summary" ends at column 23: the parser stands after it, as parse's messages say where
        assertEquals("p.json: malformed JSON at line 1 column 24: Duplicate field 'summary'",
                refusal(("{\"summary\":[],\"summary\":[]}").getBytes(StandardCharsets.UTF_8)));
        assertEquals("p.json: the document is an array, not an object", refusal("[1]".getBytes(StandardCharsets.UTF_8)));
        assertEquals("p.json: instruction is an object, not an array",
                refusal(e.replace("\"instruction\":[]", "\"instruction\":{\"a\":[1,2]}").getBytes(StandardCharsets.UTF_8)));
        assertEquals("p.json: instruction[0].subgroup is missing, not a string",
                refusal(e.replace("\"instruction\":[]", "\"instruction\":[{}]").getBytes(StandardCharsets.UTF_8)));
        // dma: null is none; an entry of another shape is counted, not refused
        ProfileFile f = ProfileFile.of("p.json", e.replace("\"instruction\":[]", "\"instruction\":[],\"dma\":null,\"semaphore_update\":[{}]")
                .getBytes(StandardCharsets.UTF_8));
        assertEquals(1L, f.trace().records().get("unknown: semaphore_update entry of another shape"));
    }

    /** ticks_per_nanosec times a time past 2^63 wrapped to a negative tick; now refused. */
    @Test
    void aTimePastTheTicksIsRefused() {
        String e = new String(export("3.8e-05"), StandardCharsets.UTF_8).replace("\"instruction\":[]", "\"metadata\":[{\"ticks_per_nanosec\":1000000}],"
                + "\"instruction\":[{\"subgroup\":\"Tensor\",\"subgraph\":\"sg00\",\"pc\":0,\"opcode\":\"NOP\",\"timestamp\":4503599627370496,\"duration\":0}]");
        assertEquals("p.json: a time of 4503599627370496 ns at metadata[0].ticks_per_nanosec 1000000 passes 2^63 ticks", refusal(e.getBytes(StandardCharsets.UTF_8)));
    }
}
