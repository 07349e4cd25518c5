package tpb.neff;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import tpb.isa.Arch;

/**
 * One edit of a DMA descriptor of {@link NeffParts#withDmaQueue}'s {@code Pool.json} (block 0: var
 * {@code a} to SBUF 0x100 of partitions 0-1; block 1: back to {@code out}), made from a family and
 * a seed like {@link NeffMutation}. The hostile families put the edges of every bound into an
 * offset, a size or a step ({@link #EDGES}: 0, 1, -1, 2^k - 1, 2^k, 2^k + 1 for the widths the
 * readers use and the SBUF's stride, 2^44 (a partition an int cast makes 0), 2^62, 2^63 - 1) or
 * make a step 0, add or drop a dimension. The {@link #neutral} families change the walk's form but
 * not the bytes it moves — a trailing dimension of size 1 (any step), a dimension split in two, the
 * SBUF staging rows moved for both blocks at once — so the run's result must equal the base's.
 */
public record DescriptorMutation(String description, boolean neutral, Consumer<NeffParts> edit) {
    public enum Family { OFFSET, SIZE, STEP, ZERO_STEP, DIMENSION, TRAILING_ONE, SPLIT, MOVE_STAGING }

    private static final long STRIDE = Arch.CAYMAN.sbufPartitionStride();

    /** The edge values: small numbers, each width's 2^k - 1, 2^k, 2^k + 1, and their negatives. */
    public static final List<Long> EDGES = edges();

    private static List<Long> edges() {
        List<Long> e = new ArrayList<>(List.of(0L, 1L, 2L, 3L, 15L, 16L, 17L, 31L, 32L, 33L, Long.MAX_VALUE, Long.MIN_VALUE, STRIDE - 16, STRIDE * 127));
        for (int k : new int[] {4, 8, 16, 17, 18, 19, 24, 25, 28, 31, 32, 44, 62, 63}) {
            long p = k == 63 ? Long.MIN_VALUE : 1L << k;
            for (long v : new long[] {p - 1, p, p + 1}) {
                e.add(v);
                e.add(-v);
            }
        }
        return List.copyOf(e);
    }

    @Override
    public String toString() {
        return description;
    }

    public static DescriptorMutation of(Family family, long seed) {
        Random r = new Random(seed);
        int block = r.nextInt(2);
        String side = r.nextBoolean() ? "from" : "to";
        String at = "block " + block + " " + side;
        return switch (family) {
            case OFFSET -> {
                long v = edge(r);
                yield hostile(at + "_off = " + v, p -> p.descriptor(block).put(side + "_off", raw(v)));
            }
            case SIZE -> {
                int d = r.nextInt(2);
                long v = edge(r);
                yield hostile(at + "_sizes[" + d + "] = " + v, p -> put(list(p, block, side + "_sizes"), d, v));
            }
            case STEP -> {
                int d = r.nextInt(2);
                long v = edge(r);
                yield hostile(at + "_steps[" + d + "] = " + v, p -> put(list(p, block, side + "_steps"), d, v));
            }
            case ZERO_STEP -> {
                int d = r.nextInt(2);
                long count = edge(r);
                yield hostile(at + "_steps[" + d + "] = 0, sizes[" + d + "] = " + count, p -> {
                    put(list(p, block, side + "_steps"), d, 0);
                    put(list(p, block, side + "_sizes"), d, count);
                });
            }
            case DIMENSION -> {
                boolean add = r.nextBoolean();
                long size = edge(r);
                long step = edge(r);
                yield hostile(at + (add ? " + dimension " + size + " step " + step : " - its last dimension"), p -> {
                    List<Object> sizes = list(p, block, side + "_sizes");
                    List<Object> steps = list(p, block, side + "_steps");
                    if (add) {
                        sizes.add(raw(size));
                        steps.add(raw(step));
                    } else if (!sizes.isEmpty()) {
                        sizes.remove(sizes.size() - 1);
                        steps.remove(steps.size() - 1);
                    }
                });
            }
            case TRAILING_ONE -> {
                long step = edge(r);
                yield neutral(at + " + dimension 1 step " + step, p -> {
                    List<Object> sizes = list(p, block, side + "_sizes");
                    if (sizes.size() < DmaDescriptor.MAX_DIMENSIONS && step >= -NeffJson.MAX_SIZE && step <= NeffJson.MAX_SIZE) {
                        sizes.add(raw(1));
                        list(p, block, side + "_steps").add(raw(step));
                    }
                });
            }
            case SPLIT -> {
                // a side's 16-byte row as 4 x 4 (or 2 x 8) bytes at steps 1 and 4 (2): the same bytes in the same order
                int inner = r.nextBoolean() ? 4 : 2;
                yield neutral(at + " rows as " + inner + " x " + 16 / inner, p -> {
                    List<Object> sizes = list(p, block, side + "_sizes");
                    List<Object> steps = list(p, block, side + "_steps");
                    if (sizes.size() == 2 && text(sizes.get(0)).equals("16") && text(steps.get(0)).equals("1")) {
                        sizes.set(0, raw(inner));
                        sizes.add(1, raw(16 / inner));
                        steps.add(1, raw(inner));
                    }
                });
            }
            case MOVE_STAGING -> {
                // both blocks' SBUF rows moved to partition q, byte b: block 0 writes there and block 1 reads it back
                long partition = r.nextInt(127);
                long bytes = Arch.CAYMAN.sbufBytesPerPartition();
                long b = pickOf(r, List.of(0L, 16L, bytes - 16, bytes / 2 + 16 * r.nextInt(100)));
                long address = partition * STRIDE + b;
                yield neutral("SBUF staging at " + address + " (partition " + partition + " byte " + b + ")", p -> {
                    p.descriptor(0).put("to_off", raw(address));
                    p.descriptor(1).put("from_off", raw(address));
                });
            }
        };
    }

    private static DescriptorMutation hostile(String d, Consumer<NeffParts> e) {
        return new DescriptorMutation(d, false, e);
    }

    private static DescriptorMutation neutral(String d, Consumer<NeffParts> e) {
        return new DescriptorMutation(d, true, e);
    }

    /** Element {@code d} set to {@code v}, when an earlier edit left the list that long. */
    private static void put(List<Object> l, int d, long v) {
        if (d < l.size()) {
            l.set(d, raw(v));
        }
    }

    private static long edge(Random r) {
        return EDGES.get(r.nextInt(EDGES.size()));
    }

    private static <T> T pickOf(Random r, List<T> l) {
        return l.get(r.nextInt(l.size()));
    }

    private static NeffParts.Raw raw(long v) {
        return new NeffParts.Raw(Long.toString(v));
    }

    private static String text(Object raw) {
        return ((NeffParts.Raw) raw).text();
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(NeffParts p, int block, String key) {
        Map<String, Object> d = p.descriptor(block);
        List<Object> l = (List<Object>) d.get(key);
        List<Object> copy = new ArrayList<>(l); // NeffParts' lists may be shared or fixed: edit a copy
        d.put(key, copy);
        return copy;
    }
}
