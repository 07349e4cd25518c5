package tpb.neff;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;
import tpb.isa.Addr8Mode;
import tpb.isa.Arch;
import tpb.isa.BirWaitMode;
import tpb.isa.DMATriggerFlyweight;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.DtypeWire;
import tpb.isa.WaitModeWire;

/**
 * A small valid NEFF in parts, each of which a test (or the fuzzer) can break at its own layer:
 * the JSON descriptions as trees of raw JSON text, the tar's entries (name, type, bytes, order),
 * the gzip'd payload's bytes, and the header's fields. {@link #bytes()} puts them together, the
 * header's data_size and hash made to match unless a header edit says otherwise.
 *
 * <p>The NEFF: one subgraph {@code sg00} whose Pool stream DMAs input var {@code a} (fp32, 2 rows
 * of 4) into SBUF partitions 0-1 and back out to output var {@code out}: a data-level run copies
 * {@code a} to {@code out}.
 */
public final class NeffParts {
    /** One tar entry: name, tar type flag (a regular file, a link, a directory), link target, bytes. */
    public record Entry(String name, byte type, String link, byte[] data) {
        public static Entry file(String name, byte[] data) {
            return new Entry(name, TarConstants.LF_NORMAL, "", data);
        }
    }

    /** A JSON value kept as raw text, so a part can hold what no JSON library would write (duplicates, 5,000 digits). */
    public record Raw(String text) {}

    public final Map<String, Object> kelf = new LinkedHashMap<>();
    public final Map<String, Object> info = new LinkedHashMap<>();
    public final Map<String, Object> def = new LinkedHashMap<>();
    public final Map<String, Object> tensorMap = new LinkedHashMap<>();
    public byte[] pool = poolStream();
    /** The Pool engine's own JSON ({@code sg00/Pool.json}, its {@code dma} list), or null when the NEFF has none ({@link #withDmaQueue}). */
    public Map<String, Object> poolJson;
    /** Extra entries after the described ones, and edits of the tar made before it is written. */
    public final List<Entry> extra = new ArrayList<>();
    /** Set: the tar's entries as written (after {@link #entries()}), edited by the caller. */
    public java.util.function.UnaryOperator<List<Entry>> tarEdit = l -> l;
    /** Edits of the tar's bytes before gzip, of the gzip's bytes before the header, of the whole file. */
    public java.util.function.UnaryOperator<byte[]> tarBytesEdit = b -> b;
    public java.util.function.UnaryOperator<byte[]> gzipEdit = b -> b;
    public java.util.function.UnaryOperator<byte[]> fileEdit = b -> b;
    /** Text appended after each JSON document (trailing garbage), by file name. */
    public final Map<String, String> trailing = new LinkedHashMap<>();
    /** What {@link NeffMutation#ABSOLUTE} in a JSON text becomes: an absolute directory the test watches. */
    public String absolute = "/nonexistent";
    /** A JSON file's whole text, instead of its tree, by file name. */
    public final Map<String, String> override = new LinkedHashMap<>();

    public NeffParts() {
        kelf.put("graphs", List.of(obj("definition", str("sg00/def.json"), "name", str("sg00"))));
        kelf.put("version", str("0.5"));
        kelf.put("target", str("cayman"));
        info.put("tool_version", str("2.23.6484.0+3b612583"));
        def.put("name", str("sg00"));
        def.put("pool_instr", str("Pool.bin"));
        def.put("neff_features", List.of(str("neff_feature_vnc")));
        Map<String, Object> q = obj("owner", str("pool"), "type", str("dynamic"), "num_queues", new Raw("2"),
                "semaphore_set", List.of(new Raw("24"), new Raw("25")));
        def.put("dma_queue", obj("qPoolDynamic", q));
        Map<String, Object> vars = new LinkedHashMap<>();
        vars.put("SB", obj("type", str("state-buffer"), "var_id", new Raw("0")));
        vars.put("a", obj("type", str("input"), "size", new Raw("32"), "var_id", new Raw("1")));
        vars.put("out", obj("type", str("output"), "size", new Raw("32"), "var_id", new Raw("3")));
        vars.put("DGETable0", obj("type", str("dge-table"), "list", List.of(new Raw("1"), new Raw("3")), "var_id", new Raw("5")));
        def.put("var", vars);
        tensorMap.put("a", obj("dtype", str("float32"), "kind", str("input"), "tf_shape", List.of(new Raw("2"), new Raw("4"))));
        tensorMap.put("out", obj("dtype", str("float32"), "kind", str("output"), "tf_shape", List.of(new Raw("2"), new Raw("4"))));
    }

    public static Raw str(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return new Raw(b.append('"').toString());
    }

    public static Map<String, Object> obj(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    /** A key written twice in one object: the map holds it under this prefix plus any suffix. */
    public static final String DUPLICATE = "\u0000dup:";

    /** JSON text of a tree of maps, lists and {@link Raw} leaves. */
    public static String render(Object v) {
        StringBuilder b = new StringBuilder();
        render(v, b);
        return b.toString();
    }

    private static void render(Object v, StringBuilder b) {
        if (v instanceof Raw r) {
            b.append(r.text());
        } else if (v instanceof Map<?, ?> m) {
            b.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                String k = (String) e.getKey();
                if (k.startsWith(DUPLICATE)) {
                    k = k.substring(DUPLICATE.length(), k.lastIndexOf(':'));
                }
                b.append(first ? "" : ", ").append(str(k).text()).append(": ");
                render(e.getValue(), b);
                first = false;
            }
            b.append('}');
        } else if (v instanceof List<?> l) {
            b.append('[');
            for (int i = 0; i < l.size(); i++) {
                b.append(i == 0 ? "" : ", ");
                render(l.get(i), b);
            }
            b.append(']');
        } else {
            throw new IllegalArgumentException(String.valueOf(v));
        }
    }

    private byte[] json(String file, Map<String, Object> tree) {
        String text = override.getOrDefault(file, render(tree)) + trailing.getOrDefault(file, "");
        return text.replace(NeffMutation.ABSOLUTE, absolute).getBytes(StandardCharsets.UTF_8);
    }

    /** The archive's entries as a compiler orders them: kelf, info, then the subgraph's files. */
    public List<Entry> entries() {
        List<Entry> l = new ArrayList<>();
        l.add(Entry.file("info.json", json("info.json", info)));
        l.add(Entry.file("kelf-0.json", json("kelf-0.json", kelf)));
        l.add(Entry.file("sg00/Pool.bin", pool));
        l.add(Entry.file("sg00/def.json", json("sg00/def.json", def)));
        l.add(Entry.file("sg00/tensor_map.json", json("sg00/tensor_map.json", tensorMap)));
        if (poolJson != null) {
            l.add(Entry.file("sg00/Pool.json", json("sg00/Pool.json", poolJson)));
        }
        l.addAll(extra);
        return l;
    }

    public static byte[] tar(List<Entry> entries) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (TarArchiveOutputStream tar = new TarArchiveOutputStream(out)) {
                tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
                tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
                for (Entry e : entries) {
                    TarArchiveEntry t = new TarArchiveEntry(e.name(), e.type(), true);
                    t.setModTime(0); // whole seconds: no PAX header for a sub-second mtime, and the same bytes every time
                    if (e.type() == TarConstants.LF_NORMAL) {
                        t.setSize(e.data().length);
                    } else if (e.type() != TarConstants.LF_DIR) {
                        t.setLinkName(e.link());
                    }
                    tar.putArchiveEntry(t);
                    if (e.type() == TarConstants.LF_NORMAL) {
                        tar.write(e.data());
                    }
                    tar.closeArchiveEntry();
                }
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static byte[] gzip(byte[] b) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
                gz.write(b);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The header for {@code payload} as neuronx-cc writes it (version 2, MD5 word-reversed). */
    public static byte[] header(byte[] payload) {
        try {
            return NeffHeader.encode(payload.length, MessageDigest.getInstance("MD5").digest(payload), "fuzz.neff");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The header for a payload of {@code size} bytes whose MD5 is {@code md5}. */
    public static byte[] header(long size, byte[] md5) {
        return NeffHeader.encode(size, md5, "fuzz.neff");
    }

    /** The whole file: the edited tar, gzip'd and edited, behind a header that matches it, then the whole file edited. */
    public byte[] bytes() {
        byte[] payload = gzipEdit.apply(gzip(tarBytesEdit.apply(tar(tarEdit.apply(entries())))));
        byte[] out = new byte[NeffHeader.SIZE + payload.length];
        System.arraycopy(header(payload), 0, out, 0, NeffHeader.SIZE);
        System.arraycopy(payload, 0, out, NeffHeader.SIZE, payload.length);
        return fileEdit.apply(out);
    }

    /** The stream: input var 1 (a) -> SBUF 0x100 on partitions 0-1, then SBUF 0x100 -> output var 3 (out); 16 bytes a partition. */
    static byte[] poolStream() {
        byte[] s = new byte[2 * 64];
        dma(s, 0, true, 1);
        dma(s, 1, false, 3);
        return s;
    }

    /** A second output var, {@code out1} (var 4), written from the same SBUF rows by a third record: a run writes two files. */
    public NeffParts withSecondOutput() {
        @SuppressWarnings("unchecked")
        Map<String, Object> vars = (Map<String, Object>) def.get("var");
        vars.put("out1", obj("type", str("output"), "size", new Raw("32"), "var_id", new Raw("4")));
        tensorMap.put("out1", obj("dtype", str("float32"), "kind", str("output"), "tf_shape", List.of(new Raw("2"), new Raw("4"))));
        pool = java.util.Arrays.copyOf(pool, 3 * 64);
        dma(pool, 2, false, 4);
        return this;
    }

    /**
     * The same copy by a DMA queue instead of DMA_DIRECT2D records: queue {@code qPoolIO0} (owner
     * pool, one hardware queue, semaphores 40 and 41) and the Pool engine's {@code Pool.json}, whose
     * block 0 copies {@code a}'s 32 bytes to SBUF 0x100 of partitions 0-1 (16 bytes each: sizes
     * [16, 2] at steps [1, 16] from {@code a}, [1, stride] into the SBUF) and block 1 copies them
     * back to {@code out}; the stream fires block 0, then block 1 once $S[40] >= 1 (block 0's
     * completion adds num_queues, 1). A data-level run copies {@code a} to {@code out}, as the base.
     * Descriptor {@code d} of block {@code b} is {@code descriptor(b)}: a test or the fuzzer edits it.
     */
    public NeffParts withDmaQueue() {
        long stride = Arch.CAYMAN.sbufPartitionStride();
        @SuppressWarnings("unchecked")
        Map<String, Object> queues = (Map<String, Object>) def.get("dma_queue");
        queues.put("qPoolIO0", obj("owner", str("pool"), "type", str("in"), "num_queues", new Raw("1"),
                "semaphore_set", List.of(new Raw("40"), new Raw("41"))));
        def.put("pool", str("Pool.json"));
        poolJson = new LinkedHashMap<>();
        poolJson.put("dma", new ArrayList<>(List.of(
                block(0, 40, descriptor("a", 0, 16, "SB", 0x100, stride)),
                block(1, 41, descriptor("SB", 0x100, stride, "out", 0, 16)))));
        pool = new byte[2 * 64];
        new DMATriggerFlyweight().wrap(pool, 0).reset().queueName("qPoolIO0").blockId(0);
        new DMATriggerFlyweight().wrap(pool, 64).reset().queueName("qPoolIO0").blockId(1)
                .eventsWaitModeRaw(WaitModeWire.map(BirWaitMode.SEM_GE_IMM).value()).eventsWaitIdx(40).eventsSemaphoreValue(1);
        return this;
    }

    /** Block {@code b}'s one descriptor, as a mutable tree ({@link #withDmaQueue}). */
    @SuppressWarnings("unchecked")
    public Map<String, Object> descriptor(int b) {
        Map<String, Object> block = (Map<String, Object>) ((List<Object>) poolJson.get("dma")).get(b);
        return (Map<String, Object>) ((List<Object>) block.get("desc")).get(0);
    }

    private static Map<String, Object> block(int id, int semaphore, Map<String, Object> desc) {
        return obj("queue", str("qPoolIO0"), "id", new Raw(Integer.toString(id)), "semaphore", new Raw(Integer.toString(semaphore)),
                "desc", new ArrayList<>(List.of(desc)));
    }

    /** A copy of two 16-byte rows: from {@code from} at {@code fromOff}, rows {@code fromRow} apart, to {@code to} likewise. */
    private static Map<String, Object> descriptor(String from, long fromOff, long fromRow, String to, long toOff, long toRow) {
        return obj("from", str(from), "from_dtype", str("float32"), "from_off", new Raw(Long.toString(fromOff)),
                "from_sizes", new ArrayList<>(List.of(new Raw("16"), new Raw("2"))),
                "from_steps", new ArrayList<>(List.of(new Raw("1"), new Raw(Long.toString(fromRow)))), "op", str("copy"),
                "to", str(to), "to_dtype", str("float32"), "to_off", new Raw(Long.toString(toOff)),
                "to_sizes", new ArrayList<>(List.of(new Raw("16"), new Raw("2"))),
                "to_steps", new ArrayList<>(List.of(new Raw("1"), new Raw(Long.toString(toRow)))));
    }

    private static void dma(byte[] s, int rec, boolean in, int var) {
        long stride = Arch.CAYMAN.sbufPartitionStride();
        DmaDirect2dFlyweight d = new DmaDirect2dFlyweight().wrap(s, rec * 64).reset();
        d.srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value());
        if (in) {
            d.srcStartAddrEntry(var).srcStepElem(0, 16).dstStartAddrValue(0x100).dstStepElem(0, (int) stride);
        } else {
            d.srcStartAddrValue(0x100).srcStepElem(0, (int) stride).dstStartAddrEntry(var).dstStepElem(0, 16);
        }
        d.srcStepElem(1, 1).dstStepElem(1, 1).srcNumElem(0, 2).srcNumElem(1, 1).dstNumElem(0, 2).dstNumElem(1, 1)
                .srcElemSize(16).dstElemSize(16).inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP32.value());
    }
}
