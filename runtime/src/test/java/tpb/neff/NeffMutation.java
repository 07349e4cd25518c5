package tpb.neff;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.apache.commons.compress.archivers.tar.TarConstants;

/**
 * One structure-aware edit of a {@link NeffParts}, at one layer: the header, the gzip stream, the
 * tar (entries, names, types, order, bytes), the JSON (values of every type at the keys the reader
 * uses, names, duplicates, depth, numbers, trailing text, truncation) or the engine stream. Made
 * from a family and a seed, so the fuzzer's case is a short list of (family, seed) pairs and its
 * description says exactly what was done.
 */
public record NeffMutation(String description, Consumer<NeffParts> edit) {
    public enum Family { JSON_VALUE, JSON_NAME, JSON_DUPLICATE, JSON_TEXT, TAR_ENTRY, TAR_BYTES, GZIP, HEADER, STREAM }

    /** Where absolute names point: a directory the fuzzer watches (set per case before {@link #apply}). */
    public static final String ABSOLUTE = "@ABS@";

    @Override
    public String toString() {
        return description;
    }

    public static NeffMutation of(Family family, long seed) {
        Random r = new Random(seed);
        return switch (family) {
            case JSON_VALUE -> jsonValue(r);
            case JSON_NAME -> jsonName(r);
            case JSON_DUPLICATE -> jsonDuplicate(r);
            case JSON_TEXT -> jsonText(r);
            case TAR_ENTRY -> tarEntry(r);
            case TAR_BYTES -> tarBytes(r);
            case GZIP -> gzip(r);
            case HEADER -> header(r);
            case STREAM -> stream(r);
        };
    }

    private static <T> T pick(Random r, List<T> l) {
        return l.get(r.nextInt(l.size()));
    }

    /**
     * Values of every JSON type, and the numbers and depths the NEFF fuzzer found
     * ("unexpected error" on each until they were bounded); and the edges of each bound: 0, the int range's top and one past it
     * (var_id, DGE list elements, num_queues), NeffJson.MAX_SIZE (2^62) and one past it, 2^62 in
     * exponent form, 64 levels (the depth bound) and 65, a 64-digit and a 65-digit number.
     */
    static String evilValue(Random r) {
        int depth = pick(r, List.of(2, 63, 64, 65, 1000, 100_000));
        return pick(r, List.of("-5", "2147483655", "1000000000000000000000000000000", "1e300", "-1e300", "0.5", "1e999", "3.0",
                "0", "2147483647", "2147483648", "4611686018427387904", "4611686018427387905", "4.611686018427387904e18",
                "1".repeat(64), "1".repeat(65),
                "9".repeat(5000), "9223372036854775808", "-9223372036854775809", "{}", "[]", "{\"a\": 1}", "[1, [2]]", "null", "true",
                "\"x\"", "\"../x\"", "\"/abs\"", "\"a\\u001b[2Jb\"", "\"a\\nb\"", "\"\"", "\"PE.bin\"", "\"Pool.bin\"", "\"../../Pool.bin\"",
                "\"" + "s".repeat(1 + r.nextInt(1 << 21)) + "\"", "[".repeat(depth) + "]".repeat(depth),
                "{\"a\":".repeat(depth) + "1" + "}".repeat(depth)));
    }

    static String evilName(Random r) {
        return pick(r, List.of("../../../x", "../x", ABSOLUTE + "/abs", "..", ".", "", "a/b", "\u001b[2J", "a\nb", "a\u0000b",
                "x".repeat(300), "é", "out", "a", "-rf", "con"));
    }

    /** A key path into one of the JSON files and the new value's text there. */
    private static NeffMutation jsonValue(Random r) {
        String file = pick(r, List.of("kelf-0.json", "info.json", "sg00/def.json", "sg00/def.json", "sg00/def.json", "sg00/tensor_map.json"));
        List<List<Object>> paths = switch (file) {
            case "kelf-0.json" -> List.of(List.of("target"), List.of("version"), List.of("graphs"), List.of("graphs", 0),
                    List.of("graphs", 0, "name"), List.of("graphs", 0, "definition"), List.of());
            case "info.json" -> List.of(List.of("tool_version"), List.of());
            case "sg00/def.json" -> List.of(List.of("pool_instr"), List.of("sp_instr"), List.of("var"), List.of("var", "a"),
                    List.of("var", "a", "size"), List.of("var", "out", "size"), List.of("var", "out", "var_id"), List.of("var", "a", "file_name"),
                    List.of("var", "a", "type"), List.of("var", "DGETable0", "list"), List.of("var", "DGETable0", "list", 0), List.of("dma_queue"),
                    List.of("dma_queue", "qPoolDynamic"), List.of("dma_queue", "qPoolDynamic", "semaphore_set"),
                    List.of("dma_queue", "qPoolDynamic", "num_queues"), List.of("dma_queue", "qPoolDynamic", "semaphore_set", 0),
                    List.of("dma_queue", "qPoolDynamic", "owner"), List.of("neff_features"), List.of("neff_features", 0), List.of("act"),
                    List.of());
            default -> List.of(List.of("a", "tf_shape"), List.of("out", "tf_shape"), List.of("out", "dtype"), List.of("a", "tf_shape", 0),
                    List.of("out"), List.of("out", "kind"), List.of());
        };
        List<Object> path = pick(r, paths);
        String value = evilValue(r);
        return new NeffMutation(file + " " + path + " = " + abbreviate(value), p -> {
            if (path.isEmpty()) {
                p.override.put(file, value);
            } else {
                set(tree(p, file), path, new NeffParts.Raw(value));
            }
        });
    }

    public static Map<String, Object> tree(NeffParts p, String file) {
        return switch (file) {
            case "kelf-0.json" -> p.kelf;
            case "info.json" -> p.info;
            case "sg00/def.json" -> p.def;
            default -> p.tensorMap;
        };
    }

    /** Sets {@code path} in a tree of maps and lists; lists are copied to be edited. */
    @SuppressWarnings("unchecked")
    public static void set(Object root, List<Object> path, Object value) {
        Object at = root;
        for (int i = 0; i < path.size() - 1; i++) {
            Object k = path.get(i);
            Object next = k instanceof Integer n ? ((List<Object>) at).get(n) : ((Map<String, Object>) at).get(k);
            if (next instanceof List<?> l) {
                List<Object> copy = new ArrayList<>(l);
                if (k instanceof Integer n) {
                    ((List<Object>) at).set(n, copy);
                } else {
                    ((Map<String, Object>) at).put((String) k, copy);
                }
                next = copy;
            }
            if (!(next instanceof Map) && !(next instanceof List)) {
                return; // an earlier edit replaced a container with a scalar
            }
            at = next;
        }
        Object last = path.get(path.size() - 1);
        if (last instanceof Integer n && at instanceof List<?> l && n < l.size()) {
            ((List<Object>) at).set(n, value);
        } else if (last instanceof String k && at instanceof Map<?, ?>) {
            ((Map<String, Object>) at).put(k, value);
        }
    }

    /** A var, a subgraph, an engine key or a DMA queue renamed to a name no file may have. */
    private static NeffMutation jsonName(Random r) {
        String name = evilName(r);
        int what = r.nextInt(4);
        String shown = NeffParts.str(name).text();
        return switch (what) {
            case 0 -> new NeffMutation("var out renamed " + shown, p -> rename(getMap(p.def, "var"), pick(r, List.of("out", "a")), name));
            case 1 -> new NeffMutation("subgraph renamed " + shown, p -> set(p.kelf, List.of("graphs", 0, "name"), NeffParts.str(name)));
            case 2 -> new NeffMutation("engine key " + shown + "_instr", p -> rename(p.def, "pool_instr", name + "_instr"));
            default -> new NeffMutation("dma queue renamed " + shown, p -> rename(getMap(p.def, "dma_queue"), "qPoolDynamic", name));
        };
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> getMap(Map<String, Object> m, String key) {
        return m.get(key) instanceof Map<?, ?> x ? (Map<String, Object>) x : new LinkedHashMap<>();
    }

    private static void rename(Map<String, Object> m, String from, String to) {
        if (!m.containsKey(from)) {
            return;
        }
        Map<String, Object> copy = new LinkedHashMap<>(m);
        m.clear();
        copy.forEach((k, v) -> m.put(k.equals(from) ? to : k, v));
    }

    /** A key given twice in one object (a duplicate def.json key or graph silently won). */
    private static NeffMutation jsonDuplicate(Random r) {
        int what = r.nextInt(5);
        String value = r.nextBoolean() ? "\"Pool.bin\"" : evilValue(r);
        return switch (what) {
            case 0 -> new NeffMutation("def.json pool_instr twice, second " + abbreviate(value),
                    p -> p.def.put(NeffParts.DUPLICATE + "pool_instr:1", new NeffParts.Raw(value)));
            case 1 -> new NeffMutation("def.json var a twice", p -> getMap(p.def, "var").put(NeffParts.DUPLICATE + "a:1",
                    NeffParts.obj("type", NeffParts.str("output"), "size", new NeffParts.Raw(value))));
            case 2 -> new NeffMutation("kelf target twice", p -> p.kelf.put(NeffParts.DUPLICATE + "target:1", NeffParts.str("sunda")));
            case 3 -> new NeffMutation("kelf graph sg00 twice", p -> set(p.kelf, List.of("graphs"),
                    List.of(NeffParts.obj("definition", NeffParts.str("sg00/def.json"), "name", NeffParts.str("sg00")),
                            NeffParts.obj("definition", NeffParts.str("sg00/def.json"), "name", NeffParts.str("sg00")))));
            default -> new NeffMutation("a second kelf naming sg00", p -> p.extra.add(NeffParts.Entry.file("kelf-1.json",
                    NeffParts.render(p.kelf).getBytes(StandardCharsets.UTF_8))));
        };
    }

    /** Trailing text after the document, or the document cut short. */
    private static NeffMutation jsonText(Random r) {
        String file = pick(r, List.of("kelf-0.json", "info.json", "sg00/def.json", "sg00/tensor_map.json"));
        if (r.nextBoolean()) {
            String tail = pick(r, List.of(" {}", "garbage", "\u0000", " ", "\n\n", "]", "{\"a\": 1}"));
            return new NeffMutation(file + " followed by " + NeffParts.str(tail).text(), p -> p.trailing.put(file, tail));
        }
        double cut = r.nextDouble();
        return new NeffMutation(file + " cut at " + (int) (cut * 100) + " %", p -> {
            String text = NeffParts.render(tree(p, file));
            p.override.put(file, text.substring(0, (int) (cut * text.length())));
        });
    }

    private static final List<String> FILES = List.of("info.json", "kelf-0.json", "sg00/Pool.bin", "sg00/def.json", "sg00/tensor_map.json");

    /** The tar's entries: duplicated, retyped, renamed, reordered, dropped, or joined by an unreferenced large one. */
    private static NeffMutation tarEntry(Random r) {
        String target = pick(r, FILES);
        int what = r.nextInt(7);
        return switch (what) {
            case 0 -> new NeffMutation("entry " + target + " twice", p -> p.tarEdit = l -> {
                List<NeffParts.Entry> out = new ArrayList<>(l);
                l.stream().filter(e -> e.name().equals(target)).findFirst().ifPresent(out::add);
                return out;
            });
            case 1 -> {
                byte type = pick(r, List.of(TarConstants.LF_SYMLINK, TarConstants.LF_LINK, TarConstants.LF_DIR, TarConstants.LF_FIFO,
                        TarConstants.LF_CHR));
                String link = pick(r, List.of("x", "/etc/passwd", "../../x", "sg00/Pool.bin"));
                yield new NeffMutation("entry " + target + " of tar type " + (char) type + " -> " + link, p -> p.tarEdit = l -> l.stream()
                        .map(e -> e.name().equals(target) ? new NeffParts.Entry(e.name(), type, link, new byte[0]) : e).toList());
            }
            case 2 -> {
                String name = pick(r, List.of("../evil", "/abs", "sg00/../../x", "a\u001bb", "./" + target, target.replace("/", "//"),
                        "sg00/./def.json", ""));
                yield new NeffMutation("entry " + target + " renamed " + NeffParts.str(name).text(), p -> p.tarEdit = l -> l.stream()
                        .map(e -> e.name().equals(target) ? new NeffParts.Entry(name, e.type(), e.link(), e.data()) : e).toList());
            }
            case 3 -> new NeffMutation("entries reversed", p -> p.tarEdit = l -> {
                List<NeffParts.Entry> out = new ArrayList<>(l);
                Collections.reverse(out);
                return out;
            });
            case 4 -> new NeffMutation("entry " + target + " dropped", p -> p.tarEdit = l -> l.stream().filter(e -> !e.name().equals(target)).toList());
            case 5 -> {
                int size = 1 + r.nextInt(1 << 20);
                String name = pick(r, List.of("sg09/def.json", "kelf-9.json.bak", "sg00/big.bin", "def.json"));
                yield new NeffMutation("unreferenced " + size + "-byte entry " + name, p -> p.extra.add(NeffParts.Entry.file(name, new byte[size])));
            }
            default -> new NeffMutation("a directory entry ./ and sg00/", p -> p.tarEdit = l -> {
                List<NeffParts.Entry> out = new ArrayList<>();
                out.add(new NeffParts.Entry("./", TarConstants.LF_DIR, "", new byte[0]));
                out.add(new NeffParts.Entry("sg00/", TarConstants.LF_DIR, "", new byte[0]));
                out.addAll(l);
                return out;
            });
        };
    }

    /** A copy of {@code b} with {@code bit} flipped in the byte at fraction {@code at} of it. */
    private static byte[] flip(byte[] b, double at, int bit) {
        byte[] c = b.clone();
        if (c.length > 0) {
            c[Math.min(c.length - 1, (int) (at * c.length))] ^= (byte) bit;
        }
        return c;
    }

    /** The tar's bytes before gzip: cut at a block boundary or anywhere, or a byte flipped. */
    private static NeffMutation tarBytes(Random r) {
        double at = r.nextDouble();
        int what = r.nextInt(5);
        int bit = 1 << r.nextInt(8);
        return switch (what) {
            // the end-of-archive block's edges: the whole tar less its last byte, less its last 512-byte block
            case 3 -> new NeffMutation("tar less its last byte", p -> p.tarBytesEdit = b -> Arrays.copyOf(b, b.length - 1));
            case 4 -> new NeffMutation("tar less its last block", p -> p.tarBytesEdit = b -> Arrays.copyOf(b, b.length - 512));
            case 0 -> new NeffMutation("tar cut at the 512-byte block nearest " + (int) (at * 100) + " %",
                    p -> p.tarBytesEdit = b -> Arrays.copyOf(b, (int) (at * b.length) / 512 * 512));
            case 1 -> new NeffMutation("tar cut at " + (int) (at * 100) + " %", p -> p.tarBytesEdit = b -> Arrays.copyOf(b, (int) (at * b.length)));
            default -> new NeffMutation("tar byte at " + (int) (at * 100) + " % ^ " + bit, p -> p.tarBytesEdit = b -> flip(b, at, bit));
        };
    }

    /** The gzip stream (the header made to match it): a byte flipped, cut, followed by garbage or a second member. */
    private static NeffMutation gzip(Random r) {
        double at = r.nextDouble();
        int what = r.nextInt(4);
        int bit = 1 << r.nextInt(8);
        return switch (what) {
            case 0 -> new NeffMutation("gzip byte at " + (int) (at * 100) + " % ^ " + bit, p -> p.gzipEdit = b -> flip(b, at, bit));
            case 1 -> new NeffMutation("gzip cut at " + (int) (at * 100) + " %", p -> p.gzipEdit = b -> Arrays.copyOf(b, (int) (at * b.length)));
            case 2 -> new NeffMutation("garbage after the gzip stream", p -> p.gzipEdit = b -> {
                byte[] garbage = new byte[100];
                new Random(7).nextBytes(garbage);
                byte[] c = Arrays.copyOf(b, b.length + garbage.length);
                System.arraycopy(garbage, 0, c, b.length, garbage.length);
                return c;
            });
            default -> new NeffMutation("a second gzip member", p -> p.gzipEdit = b -> {
                byte[] second = NeffParts.gzip(new byte[1024]);
                byte[] c = Arrays.copyOf(b, b.length + second.length);
                System.arraycopy(second, 0, c, b.length, second.length);
                return c;
            });
        };
    }

    /** The header: a field set to a random value, a byte flipped, the file cut or extended. */
    private static NeffMutation header(Random r) {
        NeffHeader.Field f = pick(r, List.of(NeffHeader.Field.values()));
        long v = pick(r, List.of(0L, 1L, 2L, 3L, -1L, 1024L, Long.MAX_VALUE, Long.MIN_VALUE, r.nextLong()));
        int what = r.nextInt(6);
        double at = r.nextDouble();
        int delta = r.nextBoolean() ? 1 : -1;
        return switch (what) {
            case 4 -> new NeffMutation("header DATA_SIZE = the payload's length " + (delta > 0 ? "+ 1" : "- 1"), p -> p.fileEdit = b -> {
                byte[] c = b.clone();
                long size = c.length - NeffHeader.SIZE + delta; // one byte more or fewer than follow the header: the check's two edges
                for (int i = 0; i < 8; i++) {
                    c[NeffHeader.Field.DATA_SIZE.at + i] = (byte) (size >>> (8 * i));
                }
                return c;
            });
            case 5 -> new NeffMutation("the file cut to " + (delta > 0 ? "the header alone (1024 bytes)" : "1023 bytes"),
                    p -> p.fileEdit = b -> Arrays.copyOf(b, NeffHeader.SIZE + (delta > 0 ? 0 : -1)));
            case 0 -> new NeffMutation("header " + f + " = " + v, p -> p.fileEdit = b -> {
                byte[] c = b.clone();
                for (int i = 0; i < Math.min(8, f.width); i++) {
                    c[f.at + i] = (byte) (v >>> (8 * i));
                }
                return c;
            });
            case 1 -> new NeffMutation("header byte " + (int) (at * 1024) + " ^ 0x5a", p -> p.fileEdit = b -> {
                byte[] c = b.clone();
                c[(int) (at * 1024)] ^= 0x5a;
                return c;
            });
            case 2 -> new NeffMutation("file cut at " + (int) (at * 100) + " %", p -> p.fileEdit = b -> Arrays.copyOf(b, (int) (at * b.length)));
            default -> new NeffMutation("a byte after the payload", p -> p.fileEdit = b -> Arrays.copyOf(b, b.length + 1));
        };
    }

    /**
     * The engine stream: empty, cut, extended, random bytes, random opcodes. Half the lengths are
     * at a record's edges (0, 63, 64, 65, 127, 128, 129: one byte short of, exactly, one past one
     * and two records); the random opcode lands on the last record as often as on any other.
     */
    private static NeffMutation stream(Random r) {
        int what = r.nextInt(4);
        int len = r.nextBoolean() ? pick(r, List.of(0, 63, 64, 65, 127, 128, 129)) : r.nextInt(200);
        long seed = r.nextLong();
        return switch (what) {
            case 0 -> new NeffMutation("Pool.bin empty", p -> p.pool = new byte[0]);
            case 1 -> new NeffMutation("Pool.bin " + len + " bytes", p -> p.pool = Arrays.copyOf(p.pool, len));
            case 2 -> new NeffMutation("Pool.bin random bytes (seed " + seed + ")", p -> new Random(seed).nextBytes(p.pool));
            default -> new NeffMutation("Pool.bin random opcode (seed " + seed + ")", p -> {
                Random g = new Random(seed);
                int records = p.pool.length / 64;
                if (records > 0) {
                    p.pool[64 * (g.nextBoolean() ? records - 1 : g.nextInt(records))] = (byte) g.nextInt(256);
                }
            });
        };
    }

    private static String abbreviate(String s) {
        String t = NeffParts.str(s).text();
        return t.length() > 60 ? t.substring(0, 40) + "… (" + s.length() + " chars)" : t;
    }
}
