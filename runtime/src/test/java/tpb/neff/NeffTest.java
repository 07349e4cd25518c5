package tpb.neff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NeffTest {
    @Test
    void fixtureHeader() {
        Neff n = Neff.open(Fixture.path());
        NeffHeader h = n.header();
        assertEquals(2, h.packagingVersion());
        assertEquals(1024, h.headerSize());
        assertEquals(62464 - 1024, h.dataSize());
        assertEquals(2, h.kelpMajor());
        assertEquals(0, h.kelpMinor());
        assertEquals(1, h.numTpb());
        assertEquals(1, h.requestedTpbCount());
        assertEquals("file.neff", h.name());
        assertEquals("MD5", h.hashAlgorithm());
        // md5 of bytes 1024.. is efe9b3bc 98163077 b94c8bcd acf51f47; +0xAC holds bc b3 e9 ef 77 30 16 98 ...
        assertEquals(NeffHeader.HashOrder.WORD_REVERSED, n.hashOrder());
        assertArrayEquals(new byte[] {(byte) 0xbc, (byte) 0xb3, (byte) 0xe9, (byte) 0xef}, Arrays.copyOf(h.storedHash(), 4));
    }

    @Test
    void fixtureModel() {
        Neff n = Neff.open(Fixture.path());
        assertEquals("2.23.6484.0+3b612583", n.toolVersion());
        assertEquals("cayman", n.target());
        assertEquals(List.of("sg00", "sg01"), n.subgraphs().stream().map(Subgraph::name).toList());
        Subgraph sg = n.subgraph("sg00");
        assertEquals("sg00/def.json", sg.definition());
        assertEquals(Map.of("act", "sg00/Activation.bin", "dve", "sg00/DVE.bin", "pe", "sg00/PE.bin", "pool", "sg00/Pool.bin", "sp",
                "sg00/SP.bin"), sg.streams());
        assertEquals(List.of("act", "dve", "pe", "pool", "sp"), List.copyOf(sg.streams().keySet()));
        assertEquals(List.of("neff_feature_vnc"), sg.features());
        assertEquals(2, sg.dmaQueues().size());
        DmaQueue pool = sg.dmaQueues().get(0);
        assertEquals("qPoolDynamic", pool.name());
        assertEquals("pool", pool.owner());
        assertEquals(16, pool.numQueues());
        assertEquals(24, pool.semaphoreSet().get(0));
        assertEquals(39, pool.semaphoreSet().get(15));
        assertEquals("sp", sg.dmaQueues().get(1).owner());
        assertEquals(8, sg.dmaQueues().get(1).semaphoreSet().get(0));
        assertEquals(new Subgraph.Var("input", 65536, 1, null, null), sg.vars().get("x"));
        Subgraph.Var dge = sg.vars().get("DGETable0");
        assertEquals("dge-table", dge.type());
        assertArrayEquals(new int[] {1, 2, 3}, dge.list());
        assertEquals("sg00/value_sg0000_identity_82_CRSM.npy", sg.vars().get("identity_82_sg0000").fileName());
        assertEquals(72, n.entries().size());
        assertEquals(768L, n.entries().get("sg00/PE.bin"));
    }

    @Test
    void streamsPerSubgraph() {
        List<String> seen = new ArrayList<>();
        Neff.open(Fixture.path()).forEachSubgraph(null, (sg, streams) -> {
            for (EngineStream s : streams) {
                seen.add(sg.name() + " " + s.engine() + " " + s.stream().count());
            }
        });
        assertEquals(List.of("sg00 act 5", "sg00 dve 2", "sg00 pe 12", "sg00 pool 7", "sg00 sp 3", "sg01 act 5", "sg01 dve 2", "sg01 pe 12",
                "sg01 pool 7", "sg01 sp 3"), seen);
    }

    @Test
    void writerRoundTrip() {
        Map<String, byte[]> files = Fixture.files();
        Neff n = Neff.of(NeffWriter.write("copy.neff", files));
        assertEquals(NeffHeader.HashOrder.WORD_REVERSED, n.hashOrder());
        assertEquals(List.copyOf(files.keySet()), List.copyOf(n.entries().keySet()));
        assertEquals("copy.neff", n.header().name());
    }

    private static String error(byte[] neff) {
        return assertThrows(NeffException.class, () -> Neff.of(neff).forEachSubgraph(null, (s, l) -> {})).getMessage();
    }

    private static Map<String, byte[]> with(String path, String content) {
        Map<String, byte[]> files = new LinkedHashMap<>(Fixture.files());
        files.put(path, content.getBytes(StandardCharsets.UTF_8));
        return files;
    }

    @Test
    void truncated() {
        byte[] b = Fixture.bytes();
        assertEquals("truncated: the header promises 61440 payload bytes, the file has 61439", error(Arrays.copyOf(b, b.length - 1)));
        assertEquals("truncated: 100 bytes, shorter than the 1024-byte NEFF header", error(Arrays.copyOf(b, 100)));
    }

    @Test
    void corruptedGzipByte() {
        byte[] b = Fixture.bytes();
        b[1024 + 2000] ^= 0x55; // inside the deflate data
        String m = error(b);
        // the damaged deflate data makes a damaged tar; the hash, checked then, names the cause
        assertEquals(true, m.startsWith("bad hash: the payload's MD5 is "), m);
    }

    @Test
    void badHash() {
        byte[] b = Fixture.bytes();
        b[0xAC] ^= 1;
        assertEquals("bad hash: the payload's MD5 is efe9b3bc98163077b94c8bcdacf51f47, the header stores bdb3e9ef77301698cd8b4cb9471ff5ac"
                + " (neither as stored nor word-reversed)", error(b));
    }

    @Test
    void defNamingAMissingStream() {
        Map<String, byte[]> files = Fixture.files();
        String def = Fixture.text(files, "sg01/def.json").replace("\"pe_instr\": \"PE.bin\"", "\"pe_instr\": \"PE2.bin\"");
        assertEquals("sg01/def.json: pe_instr names sg01/PE2.bin, which is not in the archive",
                error(NeffWriter.write("x", with("sg01/def.json", def))));
    }

    @Test
    void malformedDef() {
        assertEquals("sg00/def.json: malformed JSON at line 1 column 13: Unexpected end-of-input within/between Object entries",
                error(NeffWriter.write("x", with("sg00/def.json", "{\"pe_instr\":"))));
    }

    @Test
    void missingDef() {
        Map<String, byte[]> files = new LinkedHashMap<>(Fixture.files());
        files.remove("sg01/def.json");
        assertEquals("kelf-0.json graphs[1]: subgraph sg01's definition sg01/def.json, which is not in the archive", error(NeffWriter.write("x", files)));
    }

    @Test
    void streamNotWholeRecords() {
        Map<String, byte[]> files = new LinkedHashMap<>(Fixture.files());
        files.put("sg00/SP.bin", Arrays.copyOf(files.get("sg00/SP.bin"), 190));
        assertEquals("sg00/SP.bin: stream length 190 is not a multiple of 64: 62 trailing bytes after record 1",
                error(NeffWriter.write("x", files)));
    }

    @Test
    void pathEscapingTheArchive() {
        Map<String, byte[]> files = new LinkedHashMap<>(Fixture.files());
        files.put("../evil.bin", new byte[64]);
        assertEquals("archive: path \"../evil.bin\" escapes the archive", error(NeffWriter.write("x", files)));
        String def = Fixture.text(files, "sg00/def.json").replace("\"sp_instr\": \"SP.bin\"", "\"sp_instr\": \"../../SP.bin\"");
        files.remove("../evil.bin");
        assertEquals("sg00/def.json: sp_instr: path \"sg00/../../SP.bin\" escapes the archive", error(NeffWriter.write("x", with("sg00/def.json", def))));
    }

    @Test
    void notANeff() {
        byte[] b = new byte[2048];
        assertEquals("header: header_size is 0, not 1024 (not a NEFF?)", error(b));
    }
}
