package tpb.neff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.junit.jupiter.api.Test;

/**
 * Crafted NEFFs past each bound, each one clear line naming the file, the key and the
 * bound (they were "unexpected error": a NullPointerException in Jackson's location reporting,
 * ArithmeticException, NegativeArraySizeException); and the reader's bounds (item 4).
 */
class NeffBoundsTest {
    private static String error(NeffParts p) {
        return error(p, NeffLimits.DEFAULT);
    }

    private static String error(NeffParts p, NeffLimits limits) {
        byte[] b = p.bytes();
        return assertThrows(NeffException.class, () -> open(b, limits).forEachSubgraph(null, (s, l) -> {})).getMessage();
    }

    private static Neff open(byte[] b, NeffLimits limits) {
        return Neff.open(new Neff.Source() {
            @Override
            public java.io.InputStream open() {
                return new java.io.ByteArrayInputStream(b);
            }

            @Override
            public long size() {
                return b.length;
            }
        }, limits);
    }

    private static NeffParts with(String file, List<Object> path, String raw) {
        NeffParts p = new NeffParts();
        NeffMutation.set(NeffMutation.tree(p, file), path, new NeffParts.Raw(raw));
        return p;
    }

    @Test
    void theBaseIsValid() {
        Neff n = open(new NeffParts().bytes(), NeffLimits.DEFAULT);
        assertEquals(List.of("sg00"), n.subgraphs().stream().map(Subgraph::name).toList());
        assertEquals(new Subgraph.Var("input", 32, 1, null, null), n.subgraph("sg00").vars().get("a"));
    }

    @Test
    void defJsonNested100kDeep() {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        // the 65th '[' opens level 65 (the value of "pool_instr" is level 2): line 1, column of the 64th '[' past it
        String m = error(with("sg00/def.json", List.of("neff_features"), deep));
        assertTrue(m.startsWith("sg00/def.json: line 1 column "), m);
        assertTrue(m.endsWith(": nested deeper than 64 levels (the bound NeffJson.MAX_DEPTH)"), m);
    }

    @Test
    void kelfNested100kDeep() {
        NeffParts p = new NeffParts();
        p.override.put("kelf-0.json", "{\"a\":".repeat(100_000) + "1" + "}".repeat(100_000));
        String m = error(p);
        assertTrue(m.matches("kelf-0\\.json: line 1 column \\d+: nested deeper than 64 levels \\(the bound NeffJson\\.MAX_DEPTH\\)"), m);
    }

    @Test
    void aFiveThousandDigitNumber() {
        // Jackson's StreamConstraintsException has no location: it was e.getLocation().getLineNr() that threw the NullPointerException
        String m = error(with("sg00/def.json", List.of("var", "a", "size"), "9".repeat(5000)));
        assertTrue(m.matches("sg00/def\\.json: line 1 column \\d+: a number longer than 64 characters \\(the bound NeffJson\\.MAX_NUMBER_CHARS\\)"),
                m);
    }

    @Test
    void varSizesOutOfRangeNameTheKey() {
        assertEquals("sg00/def.json: var.a.size is the number 1000000000000000000000000000000, outside [0, 4611686018427387904]",
                error(with("sg00/def.json", List.of("var", "a", "size"), "1000000000000000000000000000000")));
        assertEquals("sg00/def.json: var.a.size is the number 1.0E300, outside [0, 4611686018427387904]",
                error(with("sg00/def.json", List.of("var", "a", "size"), "1e300")));
        assertEquals("sg00/def.json: var.a.size is the number -5, outside [0, 4611686018427387904]",
                error(with("sg00/def.json", List.of("var", "a", "size"), "-5")));
        assertEquals("sg00/def.json: var.a.size is the number 0.5, not a whole number in [0, 4611686018427387904]",
                error(with("sg00/def.json", List.of("var", "a", "size"), "0.5")));
        assertEquals("sg00/def.json: var.a.size is an object, not a whole number in [0, 4611686018427387904]",
                error(with("sg00/def.json", List.of("var", "a", "size"), "{}")));
        // 2^31 + 7 is a size a long holds: the reader keeps it; the data level says whether it can hold such a var
        Neff n = open(with("sg00/def.json", List.of("var", "a", "size"), "2147483655").bytes(), NeffLimits.DEFAULT);
        assertEquals(2147483655L, n.subgraph("sg00").vars().get("a").size());
    }

    @Test
    void aDgeListThatIsAnObject() {
        assertEquals("sg00/def.json: var.DGETable0.list is an object, not an array",
                error(with("sg00/def.json", List.of("var", "DGETable0", "list"), "{\"a\": 1}")));
        assertEquals("sg00/def.json: var.DGETable0.list[0] is the number -1, outside [0, 2147483647]",
                error(with("sg00/def.json", List.of("var", "DGETable0", "list", 0), "-1")));
        assertArrayEquals(new int[] {1, 3}, open(new NeffParts().bytes(), NeffLimits.DEFAULT).subgraph("sg00").vars().get("DGETable0").list());
    }

    @Test
    void aDuplicateStreamEntry() {
        NeffParts p = new NeffParts();
        p.extra.add(NeffParts.Entry.file("sg00/Pool.bin", new byte[64]));
        assertEquals("archive: sg00/Pool.bin is entry 2 and entry 5; which one is meant cannot be told", error(p));
    }

    @Test
    void aDuplicateDefJsonEntryNoLongerSilentlyWins() {
        NeffParts p = new NeffParts();
        p.extra.add(NeffParts.Entry.file("sg00/def.json", "{}".getBytes(StandardCharsets.UTF_8)));
        assertEquals("archive: sg00/def.json is entry 3 and entry 5; which one is meant cannot be told", error(p));
    }

    @Test
    void twoKelfGraphsOfOneName() {
        NeffParts p = new NeffParts();
        p.extra.add(NeffParts.Entry.file("kelf-1.json", NeffParts.render(p.kelf).getBytes(StandardCharsets.UTF_8)));
        assertEquals("kelf-1.json graphs[0]: subgraph sg00 is named twice (also kelf-0.json graphs[0])", error(p));
    }

    @Test
    void aDuplicateKeyAndTrailingText() {
        NeffParts p = new NeffParts();
        p.def.put(NeffParts.DUPLICATE + "pool_instr:1", NeffParts.str("PE.bin"));
        assertTrue(error(p).matches("sg00/def\\.json: malformed JSON at line 1 column \\d+: Duplicate field 'pool_instr'"), error(p));
        NeffParts q = new NeffParts();
        q.trailing.put("sg00/def.json", " {}");
        assertTrue(error(q).matches("sg00/def\\.json: malformed JSON at line 1 column \\d+: Trailing token .*"), error(q));
    }

    @Test
    void aTarCutBetweenEntriesSaysTruncated() {
        NeffParts p = new NeffParts();
        // cut where the third entry's header block starts: after info.json and kelf-0.json
        p.tarBytesEdit = b -> Arrays.copyOf(b, headerOf(b, "sg00/Pool.bin"));
        assertEquals("payload: the tar archive is truncated: it stops after 2 entries without its end-of-archive block", error(p));
    }

    /** The offset of the 512-byte header block that names {@code name} (a tar header starts with the name). */
    private static int headerOf(byte[] tar, String name) {
        byte[] n = name.getBytes(StandardCharsets.US_ASCII);
        for (int at = 0; at + 512 <= tar.length; at += 512) {
            if (Arrays.equals(Arrays.copyOfRange(tar, at, at + n.length), n) && tar[at + n.length] == 0) {
                return at;
            }
        }
        throw new AssertionError(name + " not in the tar");
    }

    @Test
    void aStreamThatIsALink() {
        NeffParts p = new NeffParts();
        p.tarEdit = l -> l.stream().map(e -> e.name().equals("sg00/Pool.bin")
                ? new NeffParts.Entry(e.name(), TarConstants.LF_SYMLINK, "/etc/passwd", new byte[0]) : e).toList();
        assertEquals("sg00/def.json: pool_instr names sg00/Pool.bin, which is a symbolic link to \"/etc/passwd\" in the archive, not a file",
                error(p));
    }

    @Test
    void aStreamShorterThanOneRecordHasNoRecordMinusOne() {
        NeffParts p = new NeffParts();
        p.pool = new byte[10];
        assertEquals("sg00/Pool.bin: stream length 10 is not a multiple of 64: shorter than one record", error(p));
    }

    @Test
    void anEntryLargerThanTheBoundIsNotRead() {
        NeffParts p = new NeffParts();
        int def = p.entries().get(3).data().length; // sg00/def.json, the largest JSON the reader needs
        assertEquals("sg00/def.json: a " + def + "-byte entry, larger than the 300 bytes tpb reads whole (--max-entry-size)",
                error(p, new NeffLimits(300, NeffLimits.AUTO)));
    }

    @Test
    void theInflatedSizeBound() {
        NeffParts p = new NeffParts();
        p.extra.add(NeffParts.Entry.file("sg09/big.bin", new byte[1 << 20]));
        assertEquals("payload: inflates past 100000 bytes; if the NEFF is genuine, raise the bound with --max-inflated-size",
                error(p, new NeffLimits(NeffLimits.DEFAULT_MAX_ENTRY_SIZE, 100_000)));
        assertEquals((1L << 30) + 64 * 1000, NeffLimits.DEFAULT.inflatedBound(1000));
    }

    @Test
    void anUnreferencedDefJsonIsNeverRead() {
        NeffParts p = new NeffParts();
        byte[] notJson = new byte[100_000];
        p.extra.add(NeffParts.Entry.file("sg09/def.json", notJson));
        Neff n = open(p.bytes(), new NeffLimits(1000, NeffLimits.AUTO)); // larger than the entry bound, and not JSON: never read
        assertEquals(100_000L, n.entries().get("sg09/def.json"));
    }

    @Test
    void aDefJsonBeforeItsKelfIsFetchedByASecondPass() {
        NeffParts p = new NeffParts();
        p.tarEdit = l -> {
            List<NeffParts.Entry> out = new ArrayList<>(l);
            java.util.Collections.reverse(out);
            return out;
        };
        assertEquals("sg00/Pool.bin", open(p.bytes(), NeffLimits.DEFAULT).subgraph("sg00").streams().get("pool"));
    }

    @Test
    void theHeaderLayoutHasNoOverlapAndFitsTheHeader() {
        int end = 0;
        for (NeffHeader.Field f : NeffHeader.Field.values()) {
            assertTrue(f.at >= end, f + " overlaps the field before it");
            end = f.at + f.width;
        }
        assertTrue(end <= NeffHeader.SIZE);
        // KLR's layout to +0xAC, the fixture's after it (README "NEFF files")
        assertEquals(0xAC, NeffHeader.Field.HASH.at);
        assertEquals(0x1DC, NeffHeader.Field.REQUESTED_TPB_COUNT.at);
    }
}
