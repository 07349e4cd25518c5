package tpb.spec.load;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.model.ArmDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.RecordShape;
import tpb.spec.model.Source;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;

/**
 * YAML documents → {@link IsaModel}: indexes every document by kind and name ({@link
 * SymbolIndex}), then builds the kinds in the order they refer to each other — enums, LUTs,
 * groups, the record, arms, arch profiles, conflicts, features, stages — each by its own builder
 * over one {@link ResolveContext}. Reports every structural problem (unknown or missing keys,
 * wrong node kinds, unknown references) and leaves a broken element out of the model, so the
 * checker can still look at the rest.
 */
final class ModelBuilder {
    private final Diagnostics diags;
    private final Consumer<MapView> views;

    ModelBuilder(Diagnostics diags, Consumer<MapView> views) {
        this.diags = diags;
        this.views = views;
    }

    /** The root document's own keys. */
    private record Root(String isa, String title, Source source, YMap record) {}

    IsaModel build(SpecLoader.Doc rootDoc, List<SpecLoader.Doc> docs, List<String> files) {
        if (!(rootDoc.node() instanceof YMap rootMap)) {
            diags.error(rootDoc.node().pos(), Message.WRONG_NODE, "the root document", "a mapping");
            return null;
        }
        SymbolIndex index = new SymbolIndex(diags, views);
        ResolveContext ctx = new ResolveContext(diags, index, views);
        Root root = root(ctx, rootMap);
        docs.forEach(index::add);
        buildInto(ctx.enums, "enum", index.enums, new EnumBuilder(ctx)::build);
        buildInto(ctx.luts, "lut", index.luts, new LutBuilder(ctx)::build);
        for (String name : index.groups.keySet()) {
            if (ctx.group(name, null) == null) {
                diags.leftOut("group", name);
            }
        }
        RecordShape record = root.record() == null ? null : new RecordBuilder(ctx).build(root.record());
        if (root.isa() == null || record == null) {
            return null;
        }
        List<ArmDef> arms = buildAll(index, "arm", index.arms, new ArmBuilder(ctx, record)::build);
        if (record.opaqueUnlisted()) {
            OpaqueArms.add(ctx, record, arms);
        }
        return new IsaModel(root.isa(), root.title(), root.source(), record, List.copyOf(ctx.enums.values()),
                List.copyOf(ctx.luts.values()), List.copyOf(ctx.groups.values()), arms,
                buildAll(index, "arch", index.archs, new ArchBuilder(ctx)::build),
                buildAll(index, "conflict", index.conflicts, new ConflictBuilder(ctx)::build),
                buildAll(index, "feature", index.features.values(), new FeatureBuilder(ctx)::build),
                buildAll(index, "stage", index.stages.values(), new StageBuilder(ctx)::build), files);
    }

    private Root root(ResolveContext ctx, YMap rootMap) {
        MapView rv = ctx.view(rootMap, "the root document");
        String isa = rv.reqStr("isa");
        String title = rv.str("title");
        Source source = ctx.source(rv, "source", false);
        rv.node("include");
        YMap recordMap = rv.map("record");
        if (recordMap == null && !rv.has("record")) {
            rv.missing("record");
        }
        rv.finish();
        return new Root(isa, title, source, recordMap);
    }

    /** Builds each document into {@code into} by name, leaving out (and noting) the broken ones. */
    private <T> void buildInto(Map<String, T> into, String kind, Map<String, MapView> docs, Function<MapView, T> builder) {
        docs.forEach((name, v) -> {
            T t = builder.apply(v);
            if (t != null) {
                into.put(name, t);
            } else {
                diags.leftOut(kind, name);
            }
        });
    }

    /** Builds each document in order, leaving out (and noting) the broken ones. */
    private <T> List<T> buildAll(SymbolIndex index, String kind, Collection<MapView> docs, Function<MapView, T> builder) {
        List<T> out = new ArrayList<>();
        for (MapView v : docs) {
            T t = builder.apply(v);
            if (t != null) {
                out.add(t);
            } else {
                diags.leftOut(kind, index.nameOf(v));
            }
        }
        return out;
    }
}
