package tpb.spec.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.spec.Message;
import tpb.spec.Names;
import tpb.spec.Pos;
import tpb.spec.model.ArchDef;
import tpb.spec.model.Source;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YScalar;
import tpb.spec.yaml.YSeq;

/** {@code arch:} documents: a generation's legal opcodes, constants, apertures and terminators. */
final class ArchBuilder {
    private final ResolveContext ctx;

    ArchBuilder(ResolveContext ctx) {
        this.ctx = ctx;
    }

    ArchDef build(MapView v) {
        String name = v.str("arch");
        Long generation = v.reqNum("generation");
        List<String> aliases = v.strList("aliases");
        Map<String, String> names = names(v.map("names"), name);
        Source source = ctx.source(v, "source", false);
        YMap opcodes = v.map("opcodes");
        if (opcodes == null && !v.has("opcodes")) {
            v.missing("opcodes");
        }
        YMap constMap = v.map("constants");
        YSeq apSeq = v.seq("apertures");
        Source apSource = ctx.source(v, "apertures_source", apSeq == null);
        // names and positions from the same kept items, so position i is terminator i's
        List<YScalar> terminatorItems = v.strItems("terminators");
        List<String> terminators = terminatorItems.stream().map(YScalar::text).toList();
        List<Pos> terminatorPositions = terminatorItems.stream().map(YScalar::pos).toList();
        Source termSource = ctx.source(v, "terminators_source", terminators.isEmpty());
        List<String> noEncoder = v.strList("no_encoder");
        Source noEncoderSource = ctx.source(v, "no_encoder_source", noEncoder.isEmpty());
        v.finish();
        if (generation == null || opcodes == null || source == null) {
            return null;
        }
        MapView ov = ctx.view(opcodes, "opcodes of arch " + name);
        String en = ov.reqStr("enum");
        List<String> exclude = ov.strList("exclude_tags");
        YSeq maskSeq = ov.seq("masks");
        Source oSource = ctx.source(ov, "source", false);
        ov.finish();
        if (en == null || ctx.enumRef(en, ov.pos("enum")) == null) {
            return null;
        }
        return new ArchDef(name, generation.intValue(), aliases, names, en, exclude, masks(maskSeq), oSource,
                constants(constMap), apertures(apSeq), apSource, terminators, termSource, noEncoder, noEncoderSource, source,
                v.pos("arch"), terminatorPositions);
    }

    /** {@code names: {internal, runtime, marketed}}, in that order. */
    private Map<String, String> names(YMap namesMap, String arch) {
        Map<String, String> names = new LinkedHashMap<>();
        if (namesMap != null) {
            MapView nv = ctx.view(namesMap, "names of arch " + arch);
            for (String kind : List.of("internal", "runtime", "marketed")) {
                String n = nv.str(kind);
                if (n != null) {
                    names.put(kind, n);
                }
            }
            nv.finish();
        }
        return names;
    }

    private List<ArchDef.Mask> masks(YSeq maskSeq) {
        List<ArchDef.Mask> masks = new ArrayList<>();
        for (YMap mm : ctx.maps(maskSeq, "mask")) {
            MapView mv = ctx.view(mm, "mask");
            Long base = mv.reqNum("base");
            Long bits = mv.reqNum("bits");
            mv.finish();
            if (base != null && bits != null) {
                masks.add(new ArchDef.Mask(base, bits, mm.pos()));
            }
        }
        return masks;
    }

    private List<ArchDef.Constant> constants(YMap constMap) {
        List<ArchDef.Constant> constants = new ArrayList<>();
        if (constMap == null) {
            return constants;
        }
        for (YMap.Entry e : constMap.entries()) {
            YMap cm = ctx.asMap(e.value(), "constant");
            if (cm == null) {
                continue;
            }
            MapView cv = ctx.view(cm, "constant " + e.key());
            Long value = cv.reqNum("value");
            Source cs = ctx.source(cv, "source", false);
            cv.finish();
            if (!Names.isIdentifier(e.key())) {
                ctx.diags.error(e.keyPos(), Message.WRONG_NODE, "constant name '" + e.key() + "'", "an identifier");
            } else if (value != null && cs != null) {
                constants.add(new ArchDef.Constant(e.key(), value, cs, e.keyPos()));
            }
        }
        return constants;
    }

    private List<ArchDef.Aperture> apertures(YSeq apSeq) {
        List<ArchDef.Aperture> apertures = new ArrayList<>();
        for (YMap am : ctx.maps(apSeq, "aperture")) {
            MapView av = ctx.view(am, "aperture");
            String an = av.reqStr("name");
            Long base = av.reqNum("base");
            Long size = av.reqNum("size");
            av.finish();
            if (an != null && base != null && size != null) {
                apertures.add(new ArchDef.Aperture(an, base, size, am.pos()));
            }
        }
        return apertures;
    }
}
