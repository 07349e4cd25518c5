package tpb.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
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
}
