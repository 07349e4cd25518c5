package tpb.neff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NEFF's structure above the header, one refusal per check with its exact line:
 * the kelf's subgraph list, the archive's paths and entry kinds, the def.json's keys, the
 * tar's end-of-archive block, the inflated-size bound at its edge, and what each accessor
 * returns. Every case is the small valid NEFF of {@link NeffParts} with one part changed; the
 * expected lines are written out by hand from the part that was changed.
 */
class NeffStructureTest {
    private static Neff open(NeffParts p) {
        return open(p.bytes(), NeffLimits.DEFAULT);
    }

    private static Neff open(byte[] b, NeffLimits limits) {
        return Neff.open(new Neff.Source() {
            @Override
            public InputStream open() {
                return new ByteArrayInputStream(b);
            }

            @Override
            public long size() {
                return b.length;
            }
        }, limits);
    }

    private static String error(NeffParts p) {
        return error(p, NeffLimits.DEFAULT);
    }

    private static String error(NeffParts p, NeffLimits limits) {
        byte[] b = p.bytes();
        return assertThrows(NeffException.class, () -> open(b, limits).forEachSubgraph(null, (s, l) -> {})).getMessage();
    }

    private static NeffParts kelf(String text) {
        NeffParts p = new NeffParts();
        p.override.put("kelf-0.json", text);
        return p;
    }

    private static NeffParts def(List<Object> path, String raw) {
        NeffParts p = new NeffParts();
        NeffMutation.set(p.def, path, new NeffParts.Raw(raw));
        return p;
    }

    private static final String GRAPH = "{\"definition\": \"sg00/def.json\", \"name\": \"sg00\"}";

    // ---- the kelf

    @Test
    void kelfRefusals() {
        assertEquals("kelf-0.json: no \"target\"", error(kelf("{\"graphs\": [" + GRAPH + "]}")));
        assertEquals("kelf-0.json: no \"target\"", error(kelf("{\"graphs\": [" + GRAPH + "], \"target\": null}")));
        assertEquals("kelf-0.json: target is the number 5, not a string", error(kelf("{\"graphs\": [" + GRAPH + "], \"target\": 5}")));
        assertEquals("kelf-0.json: no \"graphs\" array", error(kelf("{\"target\": \"cayman\"}")));
        assertEquals("kelf-0.json: graphs is an object, not an array", error(kelf("{\"target\": \"cayman\", \"graphs\": {}}")));
        assertEquals("kelf-0.json: the document is an array, not an object", error(kelf("[]")));
        assertEquals("kelf-0.json: graphs[0]: a graph without \"name\" and \"definition\"",
                error(kelf("{\"target\": \"cayman\", \"graphs\": [{\"name\": \"sg00\"}]}")));
        assertEquals("kelf-0.json: graphs[1]: a graph without \"name\" and \"definition\"",
                error(kelf("{\"target\": \"cayman\", \"graphs\": [" + GRAPH + ", {\"definition\": \"sg00/def.json\"}]}")));
        assertEquals("kelf-0.json: graphs[0]: the subgraph name \"a/b\" is not a plain name (it holds '/')",
                error(kelf("{\"target\": \"cayman\", \"graphs\": [{\"definition\": \"sg00/def.json\", \"name\": \"a/b\"}]}")));
        assertEquals("kelf-0.json: subgraph sg00's definition: path \"../x\" escapes the archive",
                error(kelf("{\"target\": \"cayman\", \"graphs\": [{\"definition\": \"../x\", \"name\": \"sg00\"}]}")));
        assertEquals("kelf-0.json: subgraph sg00's definition: path \"./\" names no file",
                error(kelf("{\"target\": \"cayman\", \"graphs\": [{\"definition\": \"./\", \"name\": \"sg00\"}]}")));
    }

    @Test
    void twoKelfsOfDifferentTargets() {
        NeffParts p = new NeffParts();
        p.extra.add(NeffParts.Entry.file("kelf-1.json", "{\"target\": \"trn9\", \"graphs\": []}".getBytes(StandardCharsets.UTF_8)));
        assertEquals("kelf-1.json: target \"trn9\" differs from \"cayman\"", error(p));
        // the same target in both: one model, the graphs of both
        NeffParts q = new NeffParts();
        q.extra.add(NeffParts.Entry.file("kelf-1.json", "{\"target\": \"cayman\", \"graphs\": [], \"version\": \"9\"}".getBytes(StandardCharsets.UTF_8)));
        Neff n = open(q);
        assertEquals("cayman", n.target());
        assertEquals("9", n.kelfVersion()); // the last kelf's, in name order
    }

    /** Only {@code kelf-*.json} at the archive's root is a kelf: nested, other prefixes and suffixes are not. */
    @Test
    void whatIsAKelf() {
        NeffParts p = new NeffParts();
        p.tarEdit = l -> l.stream().map(e -> e.name().equals("kelf-0.json") ? NeffParts.Entry.file("sub/kelf-0.json", e.data()) : e).toList();
        assertEquals("archive: no kelf-*.json (the subgraph list) in 5 entries", error(p));
        for (String name : List.of("kelf-0.jso", "kelfx.json", "xkelf-0.json")) {
            NeffParts q = new NeffParts();
            q.tarEdit = l -> l.stream().map(e -> e.name().equals("kelf-0.json") ? NeffParts.Entry.file(name, e.data()) : e).toList();
            assertEquals("archive: no kelf-*.json (the subgraph list) in 5 entries", error(q), name);
        }
        NeffParts r = new NeffParts();
        r.tarEdit = l -> l.stream().map(e -> e.name().equals("kelf-0.json") ? NeffParts.Entry.file("kelf-.json", e.data()) : e).toList();
        assertEquals(List.of("sg00"), open(r).subgraphs().stream().map(Subgraph::name).toList());
    }

    @Test
    void theToolVersionAndKelfVersion() {
        Neff n = open(new NeffParts());
        assertEquals("2.23.6484.0+3b612583", n.toolVersion());
        assertEquals("0.5", n.kelfVersion());
        assertEquals(NeffLimits.DEFAULT, n.limits());
        NeffParts noInfo = new NeffParts();
        noInfo.tarEdit = l -> l.stream().filter(e -> !e.name().equals("info.json")).toList();
        assertNull(open(noInfo).toolVersion());
        NeffParts noTool = new NeffParts();
        noTool.info.clear();
        assertNull(open(noTool).toolVersion());
        noTool.kelf.remove("version");
        assertNull(open(noTool).kelfVersion());
        NeffParts numeric = new NeffParts();
        numeric.info.put("tool_version", new NeffParts.Raw("2"));
        assertEquals("info.json: tool_version is the number 2, not a string", error(numeric));
    }

    // ---- archive paths and entry kinds

    private static NeffParts withEntry(NeffParts.Entry e) {
        NeffParts p = new NeffParts();
        p.extra.add(e);
        return p;
    }

    @Test
    void archivePathRefusals() {
        assertEquals("archive: path \"/abs\" escapes the archive", error(withEntry(NeffParts.Entry.file("/abs", new byte[1]))));
        assertEquals("archive: path \"a\\b\" escapes the archive", error(withEntry(NeffParts.Entry.file("a\\b", new byte[1]))));
        assertEquals("archive: path \"C:x\" escapes the archive", error(withEntry(NeffParts.Entry.file("C:x", new byte[1]))));
        assertEquals("archive: path \"sg00/../../x\" escapes the archive", error(withEntry(NeffParts.Entry.file("sg00/../../x", new byte[1]))));
        assertEquals("archive: path \"a\\x01b\" is no plain archive path (it holds the control character \\x01)",
                error(withEntry(NeffParts.Entry.file("a\u0001b", new byte[1]))));
        assertEquals("archive: path \".\" names no file", error(withEntry(NeffParts.Entry.file(".", new byte[1]))));
    }

    @Test
    void pathsAreNormalised() {
        NeffParts p = withEntry(NeffParts.Entry.file("./x//y/./z.bin", new byte[3]));
        p.extra.add(new NeffParts.Entry("./", TarConstants.LF_DIR, "", new byte[0]));
        Map<String, Long> entries = open(p).entries();
        assertEquals(3L, entries.get("x/y/z.bin"));
        assertEquals(List.of("info.json", "kelf-0.json", "sg00/Pool.bin", "sg00/def.json", "sg00/tensor_map.json", "x/y/z.bin"),
                List.copyOf(entries.keySet()));
        assertThrows(UnsupportedOperationException.class, () -> entries.put("y", 1L));
        // a def.json path with ./ and // in it names the same entry
        NeffParts q = def(List.of("pool_instr"), "\"./Pool.bin\"");
        assertEquals("sg00/Pool.bin", open(q).subgraph("sg00").streams().get("pool"));
    }

    private static NeffParts streamIs(NeffParts.Entry replacement) {
        NeffParts p = new NeffParts();
        p.tarEdit = l -> l.stream().map(e -> e.name().equals("sg00/Pool.bin") ? replacement : e).toList();
        return p;
    }

    @Test
    void aStreamThatIsNoFileSaysWhatItIs() {
        assertEquals("sg00/def.json: pool_instr names sg00/Pool.bin, which is a hard link to \"sg00/x\" in the archive, not a file",
                error(streamIs(new NeffParts.Entry("sg00/Pool.bin", TarConstants.LF_LINK, "sg00/x", new byte[0]))));
        assertEquals("sg00/def.json: pool_instr names sg00/Pool.bin, which is a directory in the archive, not a file",
                error(streamIs(new NeffParts.Entry("sg00/Pool.bin/", TarConstants.LF_DIR, "", new byte[0]))));
        assertEquals("sg00/def.json: pool_instr names sg00/Pool.bin, which is a special file (tar type 6) in the archive, not a file",
                error(streamIs(new NeffParts.Entry("sg00/Pool.bin", TarConstants.LF_FIFO, "", new byte[0]))));
        assertEquals("sg00/def.json: pool_instr names sg00/Pool.bin, which is a symbolic link to \"a\\x0ab\" in the archive, not a file",
                error(streamIs(new NeffParts.Entry("sg00/Pool.bin", TarConstants.LF_SYMLINK, "a\nb", new byte[0]))));
    }

    /** A regular file by its type flag: '0', the old NUL, and contiguous '7' are files. */
    @Test
    void theThreeRegularFileFlags() {
        for (byte t : new byte[] {TarConstants.LF_NORMAL, TarConstants.LF_OLDNORM, TarConstants.LF_CONTIG}) {
            NeffParts p = new NeffParts();
            p.tarBytesEdit = b -> {
                // the writer writes '0' (and the data) for every file; set the flag byte (+156 of the header block) by hand
                int at = headerOf(b, "sg00/Pool.bin");
                b[at + 156] = t;
                fixChecksum(b, at);
                return b;
            };
            List<String> seen = new ArrayList<>();
            open(p).forEachSubgraph(null, (s, l) -> l.forEach(x -> seen.add(x.engine() + " " + x.stream().count())));
            assertEquals(List.of("pool 2"), seen, "type " + t);
        }
    }

    /** The offset of the 512-byte header block that names {@code name} (a tar header starts with the name). */
    static int headerOf(byte[] tar, String name) {
        byte[] n = name.getBytes(StandardCharsets.US_ASCII);
        for (int at = 0; at + 512 <= tar.length; at += 512) {
            if (Arrays.equals(Arrays.copyOfRange(tar, at, at + n.length), n) && tar[at + n.length] == 0) {
                return at;
            }
        }
        throw new AssertionError(name + " not in the tar");
    }

    /** POSIX ustar: the checksum at +148 is the sum of the block's bytes with its own 8 bytes as spaces, six octal digits, NUL, space. */
    static void fixChecksum(byte[] b, int at) {
        Arrays.fill(b, at + 148, at + 156, (byte) ' ');
        long sum = 0;
        for (int i = 0; i < 512; i++) {
            sum += b[at + i] & 0xFF;
        }
        byte[] s = String.format("%06o", sum).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(s, 0, b, at + 148, 6);
        b[at + 154] = 0;
        b[at + 155] = ' ';
    }

    // ---- the tar's end and the inflated bound

    /** Where the last entry's data ends: the tar's bytes up to its last non-zero byte, rounded up to a block. */
    private static int endOfLastEntry(byte[] tar) {
        int i = tar.length - 1;
        while (tar[i] == 0) {
            i--;
        }
        return (i / 512 + 1) * 512;
    }

    /**
     * The end-of-archive block: the inflated bytes must end in at least 512 zeros. The last entry
     * here is one whole block of 0x01 (no zero padding before the marker), so the zeros counted are
     * the marker's alone: 512 pass, 511 and none are "truncated".
     */
    @Test
    void oneZeroBlockEndsTheArchiveAndOneByteLessDoesNot() {
        byte[] ones = new byte[512];
        Arrays.fill(ones, (byte) 1);
        NeffParts whole = withEntry(NeffParts.Entry.file("z.bin", ones));
        whole.tarBytesEdit = b -> Arrays.copyOf(b, endOfLastEntry(b) + 512);
        assertEquals(6, open(whole).entries().size());
        NeffParts cut = withEntry(NeffParts.Entry.file("z.bin", ones));
        cut.tarBytesEdit = b -> Arrays.copyOf(b, endOfLastEntry(b) + 511);
        assertEquals("payload: the tar archive is truncated: it stops after 6 entries without its end-of-archive block", error(cut));
        NeffParts none = withEntry(NeffParts.Entry.file("z.bin", ones));
        none.tarBytesEdit = b -> Arrays.copyOf(b, endOfLastEntry(b));
        assertEquals("payload: the tar archive is truncated: it stops after 6 entries without its end-of-archive block", error(none));
    }

    /** The inflated bytes are the tar's: a bound of exactly its length passes, one byte less is refused. */
    @Test
    void theInflatedBoundAtItsEdge() {
        NeffParts p = new NeffParts();
        int tar = NeffParts.tar(p.entries()).length;
        assertEquals(5, open(p.bytes(), new NeffLimits(NeffLimits.DEFAULT_MAX_ENTRY_SIZE, tar)).entries().size());
        assertEquals("payload: inflates past " + (tar - 1) + " bytes; if the NEFF is genuine, raise the bound with --max-inflated-size",
                error(p, new NeffLimits(NeffLimits.DEFAULT_MAX_ENTRY_SIZE, tar - 1)));
    }

    @Test
    void theLimitsThemselves() {
        assertEquals("bounds must be positive: 0, 0", assertThrows(IllegalArgumentException.class, () -> new NeffLimits(0, 0)).getMessage());
        assertEquals("bounds must be positive: 1, -1", assertThrows(IllegalArgumentException.class, () -> new NeffLimits(1, -1)).getMessage());
        assertEquals(1, new NeffLimits(1, 0).maxEntrySize());
        assertEquals(7, new NeffLimits(1, 7).inflatedBound(1_000_000));
        // the automatic bound: 2^30 + 64 x payload, until that would pass Long.MAX_VALUE
        long edge = (Long.MAX_VALUE - (1L << 30)) / 64;
        assertEquals((1L << 30) + 64 * edge, NeffLimits.DEFAULT.inflatedBound(edge));
        assertEquals(Long.MAX_VALUE, NeffLimits.DEFAULT.inflatedBound(edge + 1));
        assertEquals(1L << 30, NeffLimits.DEFAULT.inflatedBound(0));
        assertEquals(64L << 20, NeffLimits.DEFAULT_MAX_ENTRY_SIZE);
    }

    @Test
    void readWholeAtItsEdges() throws IOException {
        NeffLimits l = new NeffLimits(5, 0);
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5}, l.readWhole("x", 5, new ByteArrayInputStream(new byte[] {1, 2, 3, 4, 5, 6})));
        assertArrayEquals(new byte[0], l.readWhole("x", 0, new ByteArrayInputStream(new byte[3])));
        assertEquals("x: a 6-byte entry, larger than the 5 bytes tpb reads whole (--max-entry-size)",
                assertThrows(NeffException.class, () -> l.readWhole("x", 6, new ByteArrayInputStream(new byte[6]))).getMessage());
        assertEquals("x: truncated in the archive: 3 of its 5 bytes",
                assertThrows(NeffException.class, () -> l.readWhole("x", 5, new ByteArrayInputStream(new byte[3]))).getMessage());
    }

    /** Bytes after the gzip stream are part of the payload: hashed (so the header must cover them), never read as tar. */
    @Test
    void bytesAfterTheGzipStreamAreHashed() {
        NeffParts p = new NeffParts();
        p.gzipEdit = b -> {
            byte[] out = Arrays.copyOf(b, b.length + 100);
            Arrays.fill(out, b.length, out.length, (byte) 0x5A);
            return out;
        };
        assertEquals(5, open(p).entries().size());
    }

    /** A damage that stops the archive and a hash that does not match either: the hash is named, as the cause. */
    @Test
    void aBadHashIsNamedBeforeTheDamageItCauses() {
        NeffParts p = new NeffParts();
        p.extra.add(NeffParts.Entry.file("sg00/Pool.bin", new byte[64]));
        p.fileEdit = b -> {
            b[0xAC] ^= 1;
            return b;
        };
        assertTrue(error(p).startsWith("bad hash: the payload's MD5 is "), error(p));
    }

    @Test
    void aTruncatedGzipStream() {
        NeffParts p = new NeffParts();
        p.gzipEdit = b -> Arrays.copyOf(b, b.length - 30); // inside the deflate data: the inflater wants more
        assertEquals("payload: truncated gzip or tar stream", error(p));
    }

    @Test
    void notAGzipStream() {
        NeffParts p = new NeffParts();
        p.gzipEdit = b -> {
            b[0] = 0;
            return b;
        };
        assertEquals("payload: bad gzip or tar stream: Input is not in the .gz format.", error(p));
    }

    // ---- def.json

    @Test
    void defRefusals() {
        NeffParts array = new NeffParts();
        array.override.put("sg00/def.json", "[]");
        assertEquals("sg00/def.json: the document is an array, not an object", error(array));
        NeffParts empty = new NeffParts();
        empty.override.put("sg00/def.json", " \n ");
        assertEquals("sg00/def.json: empty, not JSON", error(empty));
        assertEquals("sg00/def.json: neff_features[0] is the number 1, not a string", error(def(List.of("neff_features", 0), "1")));
        assertEquals("sg00/def.json: pool_instr is the boolean true, not a string", error(def(List.of("pool_instr"), "true")));
        assertEquals("sg00/def.json: var.a.type is an array, not a string", error(def(List.of("var", "a", "type"), "[]")));
        assertEquals("sg00/def.json: var.a.type is an object, not a string", error(def(List.of("var", "a", "type"), "{\"x\": null}")));
        assertEquals("sg00/def.json: var.a.var_id is the number 2147483648, outside [0, 2147483647]",
                error(def(List.of("var", "a", "var_id"), "2147483648")));
        assertEquals("sg00/def.json: dma_queue.qPoolDynamic.num_queues is the number -1, outside [0, 2147483647]",
                error(def(List.of("dma_queue", "qPoolDynamic", "num_queues"), "-1")));
        // a semaphore of the target's bank: cayman's num_semaphores is 256 (facts §6)
        assertEquals("sg00/def.json: dma_queue.qPoolDynamic.semaphore_set[1] is the number 2147483648, outside [0, 255]",
                error(def(List.of("dma_queue", "qPoolDynamic", "semaphore_set", 1), "2147483648")));
        assertEquals("sg00/def.json: var.a.backing_variable_off is the number -1, outside [0, 4611686018427387904]",
                error(def(List.of("var", "a", "backing_variable_off"), "-1")));
    }

    @Test
    void aLongStringIsCutIn40Characters() {
        String s = "t".repeat(50);
        assertEquals("sg00/def.json: var.a.var_id is the string \"" + "t".repeat(39) + "…, not a whole number in [0, 2147483647]",
                error(def(List.of("var", "a", "var_id"), "\"" + s + "\"")));
        assertEquals("sg00/def.json: var.a.var_id is the string \"" + "t".repeat(38) + "\", not a whole number in [0, 2147483647]",
                error(def(List.of("var", "a", "var_id"), "\"" + "t".repeat(38) + "\""))); // 40 characters with its quotes: whole
    }

    @Test
    void keysThatNameNoEngineOrQueue() {
        NeffParts p = new NeffParts();
        p.def.put("_instr", NeffParts.str("Pool.bin"));
        assertEquals("sg00/def.json: the key \"_instr\" names no engine (it is empty)", error(p));
        NeffParts q = new NeffParts();
        q.def.put("a\u0001_instr", NeffParts.str("Pool.bin"));
        assertEquals("sg00/def.json: the key \"a\\x01_instr\" names no engine (it holds the control character \\x01)", error(q));
        NeffParts r = new NeffParts();
        r.def.put("dma_queue", NeffParts.obj("", NeffParts.obj()));
        assertEquals("sg00/def.json: dma_queue.: the name \"\" is empty or holds control characters", error(r));
        NeffParts v = new NeffParts();
        v.def.put("var", NeffParts.obj("a\tb", NeffParts.obj()));
        assertEquals("sg00/def.json: var.a\\x09b: the name \"a\\x09b\" is empty or holds control characters", error(v));
    }

    @Test
    void streamLengthsAtTheRecordEdges() {
        NeffParts one = new NeffParts();
        one.pool = new byte[64];
        assertEquals(64L, open(one).entries().get("sg00/Pool.bin"));
        NeffParts plus = new NeffParts();
        plus.pool = new byte[65];
        assertEquals("sg00/Pool.bin: stream length 65 is not a multiple of 64: 1 trailing bytes after record 0", error(plus));
        NeffParts less = new NeffParts();
        less.pool = new byte[63];
        assertEquals("sg00/Pool.bin: stream length 63 is not a multiple of 64: shorter than one record", error(less));
        NeffParts none = new NeffParts();
        none.pool = new byte[0];
        List<String> seen = new ArrayList<>();
        open(none).forEachSubgraph(null, (s, l) -> l.forEach(x -> seen.add(x.engine() + " " + x.stream().count())));
        assertEquals(List.of("pool 0"), seen);
    }

    @Test
    void theDefaultsOfAbsentKeys() {
        NeffParts p = new NeffParts();
        p.def.put("dma_queue", NeffParts.obj("q", NeffParts.obj("num_queues", new NeffParts.Raw("16"), "owner", NeffParts.str("pool"), "type",
                NeffParts.str("in"), "semaphore_set", List.of(new NeffParts.Raw("7"))), "r", NeffParts.obj("semaphore_set",
                List.of(new NeffParts.Raw("0"), new NeffParts.Raw("255")), "owner", NeffParts.str("pool"), "type", NeffParts.str("in"))));
        p.def.put("var", NeffParts.obj("bare", NeffParts.obj(), "virt", NeffParts.obj("type", NeffParts.str("virtual"), "backing_variable_off",
                new NeffParts.Raw("4611686018427387904"), "size", new NeffParts.Raw("3.0"), "file_name", NeffParts.str("w.npy"))));
        p.def.remove("neff_features");
        Subgraph s = open(p).subgraph("sg00");
        assertEquals(List.of(new DmaQueue("q", "pool", "in", 16, List.of(7)), new DmaQueue("r", "pool", "in", 2, List.of(0, 255))),
                s.dmaQueues());
        Subgraph.Var bare = s.vars().get("bare");
        assertEquals(new Subgraph.Var(null, 0, -1, null, null, -1), bare);
        assertNull(bare.list());
        Subgraph.Var virt = s.vars().get("virt");
        assertEquals(NeffJson.MAX_SIZE, virt.backingOffset());
        assertEquals(3, virt.size());
        assertEquals("sg00/w.npy", virt.fileName());
        assertEquals(List.of(), s.features());
        assertEquals("sg00/", s.directory());
        assertEquals(-1, new Subgraph.Var("input", 4).backingOffset());
    }

    @Test
    void aListIsCopiedOut() {
        Subgraph.Var dge = open(new NeffParts()).subgraph("sg00").vars().get("DGETable0");
        dge.list()[0] = 99;
        assertArrayEquals(new int[] {1, 3}, dge.list());
    }

    /** A def.json at the archive's root: its names are relative to the root. */
    @Test
    void aDefAtTheRoot() {
        NeffParts p = new NeffParts();
        p.kelf.put("graphs", List.of(NeffParts.obj("definition", NeffParts.str("def.json"), "name", NeffParts.str("sg00"))));
        p.def.put("pool_instr", NeffParts.str("sg00/Pool.bin"));
        p.tarEdit = l -> l.stream().map(e -> e.name().equals("sg00/def.json") ? NeffParts.Entry.file("def.json", e.data()) : e).toList();
        Subgraph s = open(p).subgraph("sg00");
        assertEquals("sg00/Pool.bin", s.streams().get("pool"));
        assertEquals("", s.directory());
    }

    // ---- JSON numbers and bounds

    @Test
    void wholeNumbersInTheirForms() {
        assertEquals(100, open(def(List.of("var", "a", "size"), "1e2")).subgraph("sg00").vars().get("a").size());
        assertEquals(0, open(def(List.of("var", "a", "size"), "-0.0")).subgraph("sg00").vars().get("a").size());
        assertEquals(NeffJson.MAX_SIZE, open(def(List.of("var", "a", "size"), "4611686018427387904")).subgraph("sg00").vars().get("a").size());
        assertEquals(NeffJson.MAX_SIZE, open(def(List.of("var", "a", "size"), "4.611686018427387904e18")).subgraph("sg00").vars().get("a").size());
        assertEquals("sg00/def.json: var.a.size is the number 4611686018427387905, outside [0, 4611686018427387904]",
                error(def(List.of("var", "a", "size"), "4611686018427387905")));
        assertEquals("sg00/def.json: var.a.size is the number 4.7E18, outside [0, 4611686018427387904]",
                error(def(List.of("var", "a", "size"), "4.7e18")));
        assertEquals("sg00/def.json: var.a.size is the number -1.0, outside [0, 4611686018427387904]",
                error(def(List.of("var", "a", "size"), "-1.0")));
        // Jackson reads 1e999 as an infinite double, which prints as a string
        assertEquals("sg00/def.json: var.a.size is the number \"Infinity\", not a whole number in [0, 4611686018427387904]",
                error(def(List.of("var", "a", "size"), "1e999")));
        assertEquals("sg00/def.json: var.a.size is the string \"5\", not a whole number in [0, 4611686018427387904]",
                error(def(List.of("var", "a", "size"), "\"5\"")));
        assertEquals(0, open(def(List.of("var", "a", "size"), "null")).subgraph("sg00").vars().get("a").size());
    }

    @Test
    void aListOfTheMostElementsAndOneMore() {
        int max = 1 << 20;
        String most = "[" + "7,".repeat(max - 1) + "7]";
        assertEquals(max, open(def(List.of("var", "DGETable0", "list"), most)).subgraph("sg00").vars().get("DGETable0").list().length);
        assertEquals("sg00/def.json: var.DGETable0.list has 1048577 elements, more than 1048576",
                error(def(List.of("var", "DGETable0", "list"), "[" + "7,".repeat(max) + "7]")));
    }

    @Test
    void theStringAndKeyBounds() {
        String m = error(def(List.of("var", "a", "type"), "\"" + "s".repeat((1 << 20) + 1) + "\""));
        assertTrue(m.matches("sg00/def\\.json: line 1 column \\d+: a string longer than 1048576 characters \\(the bound NeffJson\\.MAX_STRING_CHARS\\)"), m);
        NeffParts p = new NeffParts();
        p.def.put("k".repeat(4097), NeffParts.str("x"));
        String k = error(p);
        assertTrue(k.matches("sg00/def\\.json: line 1 column \\d+: a key longer than 4096 characters \\(the bound NeffJson\\.MAX_NAME_CHARS\\)"), k);
        NeffParts q = new NeffParts();
        q.def.put("k".repeat(4096), NeffParts.str("x"));
        assertEquals("sg00/Pool.bin", open(q).subgraph("sg00").streams().get("pool")); // a key of exactly the bound is read
        // 64 levels pass (the bound), 65 do not
        assertTrue(NeffJson.parse("x", ("[".repeat(64) + "]".repeat(64)).getBytes(StandardCharsets.UTF_8)).isArray());
        // the parser's location is just past the 65th '[' (column 65)
        assertEquals("x: line 1 column 66: nested deeper than 64 levels (the bound NeffJson.MAX_DEPTH)",
                assertThrows(NeffException.class, () -> NeffJson.parse("x", ("[".repeat(65) + "]".repeat(65)).getBytes(StandardCharsets.UTF_8)))
                        .getMessage());
        assertEquals("x: a number longer than 64 characters (the bound NeffJson.MAX_NUMBER_CHARS)",
                assertThrows(NeffException.class, () -> NeffJson.parse("x", ("[" + "1".repeat(65) + "]").getBytes(StandardCharsets.UTF_8)))
                        .getMessage().replaceFirst(": line 1 column \\d+", ""));
        assertEquals(64, NeffJson.parse("x", ("[" + "1".repeat(64) + "]").getBytes(StandardCharsets.UTF_8)).get(0).bigIntegerValue().toString().length());
    }

    @Test
    void theDescriptionOfEachJsonType() {
        com.fasterxml.jackson.databind.node.JsonNodeFactory f = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        assertEquals("missing", NeffJson.describe(null));
        assertEquals("an object", NeffJson.describe(f.objectNode()));
        assertEquals("an array", NeffJson.describe(f.arrayNode()));
        assertEquals("the string \"a\\x0a\"", NeffJson.describe(f.textNode("a\n")));
        assertEquals("the number 12", NeffJson.describe(f.numberNode(12)));
        assertEquals("the boolean false", NeffJson.describe(f.booleanNode(false)));
        assertEquals("null", NeffJson.describe(f.nullNode()));
        assertEquals("a binary \"AQ==\"", NeffJson.describe(f.binaryNode(new byte[] {1})));
        assertEquals("the number " + "9".repeat(40) + "…", NeffJson.describe(f.numberNode(new java.math.BigInteger("9".repeat(41)))));
        assertEquals("the number " + "9".repeat(40), NeffJson.describe(f.numberNode(new java.math.BigInteger("9".repeat(40)))));
    }

    // ---- the model's accessors and passes

    @Test
    void aSubgraphByName() {
        Neff n = open(new NeffParts());
        assertEquals("sg00", n.subgraph("sg00").name());
        assertEquals("no subgraph sg\\x1b07; there are [sg00]", assertThrows(NeffException.class, () -> n.subgraph("sg\u001b07")).getMessage());
    }

    @Test
    void onlyTheChosenSubgraphsAreVisited() {
        NeffParts p = new NeffParts();
        p.extra.add(NeffParts.Entry.file("kelf-1.json",
                "{\"target\": \"cayman\", \"graphs\": [{\"definition\": \"sg01/def.json\", \"name\": \"sg01\"}]}".getBytes(StandardCharsets.UTF_8)));
        p.extra.add(NeffParts.Entry.file("sg01/def.json", "{\"pool_instr\": \"Pool.bin\", \"var\": {}}".getBytes(StandardCharsets.UTF_8)));
        p.extra.add(NeffParts.Entry.file("sg01/Pool.bin", new byte[0]));
        Neff n = open(p);
        List<String> seen = new ArrayList<>();
        n.forEachSubgraph(null, (s, l) -> seen.add(s.name() + " " + l.size()));
        assertEquals(List.of("sg00 1", "sg01 1"), seen); // archive order (a subgraph needs a stream: SubgraphDef)
        seen.clear();
        n.forEachSubgraph(Set.of("sg00"), (s, l) -> seen.add(s.name() + " " + l.size()));
        assertEquals(List.of("sg00 1"), seen);
        seen.clear();
        n.forEachSubgraph(Set.of(), (s, l) -> seen.add(s.name()));
        assertEquals(List.of(), seen);
        n.forEachStreamEntry(Set.of("sg01"), (s, e, path, records, data) -> seen.add(path));
        assertEquals(List.of("sg01/Pool.bin"), seen);
    }

    /** Two engines that name one stream: forEachSubgraph hands it to each once the entry has passed; forEachStreamEntry to each. */
    @Test
    void aStreamTwoEnginesShare() {
        NeffParts p = new NeffParts();
        p.def.put("act_instr", NeffParts.str("Pool.bin"));
        Neff n = open(p);
        List<String> seen = new ArrayList<>();
        n.forEachSubgraph(null, (s, l) -> l.forEach(x -> seen.add(x.engine() + " " + x.path() + " " + x.stream().count())));
        assertEquals(List.of("pool sg00/Pool.bin 2", "act sg00/Pool.bin 2"), seen);
        seen.clear();
        n.forEachStreamEntry(null, (s, engine, path, records, data) -> seen.add(engine + " " + path + " " + records + " "
                + Arrays.equals(p.pool, data.readAllBytes())));
        assertEquals(List.of("pool sg00/Pool.bin 2 true", "act sg00/Pool.bin 2 true"), seen);
        seen.clear();
        NeffParts one = new NeffParts();
        open(one).forEachStreamEntry(null, (s, engine, path, records, data) -> seen.add(engine + " " + path + " " + records + " "
                + Arrays.equals(one.pool, data.readAllBytes())));
        assertEquals(List.of("pool sg00/Pool.bin 2 true"), seen);
    }

    @Test
    void everyEntryInArchiveOrder() {
        NeffParts p = new NeffParts();
        List<String> seen = new ArrayList<>();
        open(p).forEachEntry((path, size, data) -> seen.add(path + " " + size + " " + data.readAllBytes().length));
        List<String> expected = new ArrayList<>();
        for (NeffParts.Entry e : p.entries()) {
            expected.add(e.name() + " " + e.data().length + " " + e.data().length);
        }
        assertEquals(expected, seen);
    }

    @Test
    void sourcesThatCannotBeRead(@TempDir Path dir) {
        assertEquals("is a directory", assertThrows(NeffException.class, () -> Neff.open(dir)).getMessage());
        assertEquals("no such file", assertThrows(NeffException.class, () -> Neff.open(dir.resolve("none.neff"))).getMessage());
        Neff.Source broken = new Neff.Source() {
            @Override
            public InputStream open() throws IOException {
                throw new IOException("disk gone");
            }

            @Override
            public long size() {
                return 0;
            }
        };
        assertEquals("cannot read: disk gone", assertThrows(NeffException.class, () -> Neff.open(broken)).getMessage());
        byte[] b = new NeffParts().bytes();
        int[] opened = {0};
        Neff.Source secondFails = new Neff.Source() {
            @Override
            public InputStream open() throws IOException {
                if (opened[0]++ > 1) {
                    throw new IOException("gone\u001b");
                }
                return new ByteArrayInputStream(b);
            }

            @Override
            public long size() {
                return b.length;
            }
        };
        Neff n = Neff.open(secondFails); // the header read, then the opening pass
        assertEquals("cannot read: gone\\x1b", assertThrows(NeffException.class, () -> n.forEachEntry((p, s, d) -> {})).getMessage());
    }

    /** A directory may be named twice (it holds no bytes to choose between); a file may not. */
    @Test
    void aDirectoryNamedTwice() {
        NeffParts p = new NeffParts();
        p.extra.add(new NeffParts.Entry("sg00/", TarConstants.LF_DIR, "", new byte[0]));
        p.extra.add(new NeffParts.Entry("sg00/", TarConstants.LF_DIR, "", new byte[0]));
        p.extra.add(NeffParts.Entry.file("z.bin", new byte[1]));
        p.extra.add(NeffParts.Entry.file("z.bin", new byte[1]));
        assertEquals("archive: z.bin is entry 7 and entry 8; which one is meant cannot be told", error(p));
    }

    /** A visitor that closes an entry's data leaves the archive open for the next entry. */
    @Test
    void closingAnEntryLeavesTheArchiveOpen() {
        List<String> seen = new ArrayList<>();
        open(new NeffParts()).forEachEntry((path, size, data) -> {
            data.close();
            seen.add(path);
        });
        assertEquals(List.of("info.json", "kelf-0.json", "sg00/Pool.bin", "sg00/def.json", "sg00/tensor_map.json"), seen);
    }

    /**
     * How many times opening reads the file: once for the header and once for the archive when
     * each def.json comes after the kelf that names it (as a compiler writes them); a third pass
     * only for a def.json that came first.
     */
    @Test
    void aSecondPassOnlyForADefBeforeItsKelf() {
        int[] opens = {0};
        byte[] inOrder = new NeffParts().bytes();
        Neff.open(counting(inOrder, opens));
        assertEquals(2, opens[0]);
        NeffParts reversed = new NeffParts();
        reversed.tarEdit = l -> {
            List<NeffParts.Entry> out = new ArrayList<>(l);
            java.util.Collections.reverse(out);
            return out;
        };
        opens[0] = 0;
        Neff.open(counting(reversed.bytes(), opens));
        assertEquals(3, opens[0]);
    }

    private static Neff.Source counting(byte[] b, int[] opens) {
        return new Neff.Source() {
            @Override
            public InputStream open() {
                opens[0]++;
                return new ByteArrayInputStream(b);
            }

            @Override
            public long size() {
                return b.length;
            }
        };
    }
}
