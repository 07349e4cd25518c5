package tpb.ir;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import tpb.spec.Diagnostics;
import tpb.spec.DidYouMean;
import tpb.spec.Message;
import tpb.spec.Pos;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YNode;
import tpb.spec.yaml.YSeq;

/**
 * Reads the DMA side of a kernel — {@code memory} (named regions), {@code queues} (the blocks each
 * DMATrigger fires) and {@code expect_memory} (bytes a region must hold after the run) — into
 * {@link Dma} records. Patterns and expectations name regions, so regions are read first.
 */
final class DmaReader {
    /** The largest DMA region a kernel may declare: a bound of this project on simulator memory (ASSUMED, not an ISA fact). */
    static final int MAX_REGION_BYTES = 1 << 26;

    private final Diagnostics diags;

    DmaReader(Diagnostics diags) {
        this.diags = diags;
    }

    private void error(Pos pos, String message) {
        diags.error(pos, Message.KERNEL, message);
    }

    List<Dma.Region> regions(YMap m) {
        List<Dma.Region> out = new ArrayList<>();
        if (m == null) {
            return out;
        }
        for (YMap.Entry e : m.entries()) {
            if (!(e.value() instanceof YMap rm)) {
                error(e.value().pos(), "a memory region is {size, init}");
                continue;
            }
            MapView v = new MapView(rm, "memory region", diags);
            Long size = v.reqNum("size");
            String init = v.str("init");
            v.finish();
            if (init != null && !init.equals("zero") && !init.equals("iota")) {
                error(v.pos("init"), "init is zero or iota, not '" + init + "'");
            }
            if (size != null && (size <= 0 || size > MAX_REGION_BYTES)) {
                error(v.pos("size"), "region size " + size + " must be between 1 and " + (MAX_REGION_BYTES >> 20) + " MiB");
            } else if (size != null) {
                out.add(new Dma.Region(e.key(), size.intValue(), "iota".equals(init)));
            }
        }
        return out;
    }

    List<Dma.Queue> queues(YMap m, List<Dma.Region> memory) {
        List<Dma.Queue> out = new ArrayList<>();
        if (m == null) {
            return out;
        }
        for (YMap.Entry e : m.entries()) {
            if (!(e.value() instanceof YSeq blocks)) {
                error(e.value().pos(), "a queue is a list of DMA blocks");
                continue;
            }
            List<Dma.Block> bs = new ArrayList<>();
            for (YNode bn : blocks.items()) {
                Dma.Block b = block(bn, memory);
                if (b != null) {
                    bs.add(b);
                }
            }
            out.add(new Dma.Queue(e.key(), bs));
        }
        return out;
    }

    private Dma.Block block(YNode bn, List<Dma.Region> memory) {
        if (!(bn instanceof YMap bm)) {
            error(bn.pos(), "a DMA block is {src, dst, elem_size}");
            return null;
        }
        MapView v = new MapView(bm, "DMA block", diags);
        Dma.Pattern src = pattern(v.map("src"), memory, bm);
        Dma.Pattern dst = pattern(v.map("dst"), memory, bm);
        Long elem = v.num("elem_size");
        v.finish();
        return src == null || dst == null ? null : new Dma.Block(src, dst, elem == null ? 4 : elem.intValue());
    }

    private Dma.Pattern pattern(YMap m, List<Dma.Region> memory, YMap owner) {
        if (m == null) {
            error(owner.pos(), "a DMA block needs 'src' and 'dst' patterns");
            return null;
        }
        MapView v = new MapView(m, "DMA pattern", diags);
        String region = v.reqStr("region");
        Long offset = v.num("offset");
        List<Long> step = numbers(v, "step");
        List<Long> num = numbers(v, "num");
        v.finish();
        if (region != null && memory.stream().noneMatch(r -> r.name().equals(region))) {
            error(v.pos("region"), "unknown memory region '" + region + "'" + DidYouMean.suggest(region,
                    memory.stream().map(Dma.Region::name).toList()));
            return null;
        }
        if (region == null) {
            return null;
        }
        return new Dma.Pattern(region, offset == null ? 0 : offset, step.size() > 0 ? step.get(0) : 0, step.size() > 1 ? step.get(1) : 0,
                num.size() > 0 ? num.get(0).intValue() : 1, num.size() > 1 ? num.get(1).intValue() : 1);
    }

    private List<Long> numbers(MapView v, String key) {
        List<Long> out = new ArrayList<>();
        YSeq s = v.seq(key);
        if (s != null) {
            for (YNode n : s.items()) {
                Long x = MapView.number(n, key, diags);
                if (x != null) {
                    out.add(x);
                }
            }
        }
        return out;
    }

    List<Module.ExpectMemory> expectMemory(YSeq seq, List<Dma.Region> memory) {
        List<Module.ExpectMemory> out = new ArrayList<>();
        if (seq == null) {
            return out;
        }
        for (YNode n : seq.items()) {
            if (!(n instanceof YMap m)) {
                error(n.pos(), "expect_memory items are {region, offset, hex}");
                continue;
            }
            MapView v = new MapView(m, "expect_memory", diags);
            String region = v.reqStr("region");
            Long offset = v.num("offset");
            String hex = v.reqStr("hex");
            v.finish();
            if (region != null && memory.stream().noneMatch(r -> r.name().equals(region))) {
                error(v.pos("region"), "unknown memory region '" + region + "'");
                continue;
            }
            if (hex == null || region == null) {
                continue;
            }
            String h = hex.replaceAll("\\s", "");
            if (!h.matches("([0-9a-fA-F]{2})+")) {
                error(v.pos("hex"), "hex takes byte pairs such as \"00 01 02\"");
                continue;
            }
            out.add(new Module.ExpectMemory(region, offset == null ? 0 : offset.intValue(), HexFormat.of().parseHex(h)));
        }
        return out;
    }
}
