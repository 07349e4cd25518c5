package tpb.spec.load;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.Names;
import tpb.spec.Pos;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;

/**
 * Every spec document by kind and name, before any is built, so a reference may point forward
 * and an unknown name can be told from a broken definition. Enums, LUTs, groups, arms and arch
 * profiles share one name space (they all become Java type names); features and stages each
 * have their own (they become constants).
 */
final class SymbolIndex {
    /** The document kinds, each named by a document's first key. */
    static final List<String> KINDS = List.of("enum", "lut", "group", "arm", "arch", "conflict", "feature", "stage");

    final Map<String, MapView> enums = new LinkedHashMap<>();
    final Map<String, MapView> luts = new LinkedHashMap<>();
    final Map<String, MapView> groups = new LinkedHashMap<>();
    final List<MapView> arms = new ArrayList<>();
    final List<MapView> archs = new ArrayList<>();
    final List<MapView> conflicts = new ArrayList<>();
    final Map<String, MapView> features = new LinkedHashMap<>();
    final Map<String, MapView> stages = new LinkedHashMap<>();

    private final Diagnostics diags;
    private final Map<String, Pos> firstDefinition = new HashMap<>();
    private final Map<MapView, String> names = new IdentityHashMap<>();

    private final Consumer<MapView> views;

    SymbolIndex(Diagnostics diags, Consumer<MapView> views) {
        this.diags = diags;
        this.views = views;
    }

    /** Files the document under its kind and name, or reports why it cannot be. */
    void add(SpecLoader.Doc d) {
        if (!(d.node() instanceof YMap m)) {
            diags.error(d.node().pos(), Message.WRONG_NODE, "a spec document", "a mapping");
            return;
        }
        String kind = m.entries().isEmpty() ? null : m.entries().get(0).key();
        if (kind == null || !KINDS.contains(kind)) {
            diags.error(m.pos(), Message.UNKNOWN_KIND, KINDS);
            return;
        }
        MapView head = new MapView(m, kind, diags);
        String name = head.str(kind);
        if (name == null) {
            return;
        }
        if (!Names.isIdentifier(name) && !kind.equals("conflict")) {
            diags.error(head.pos(kind), Message.WRONG_NODE, kind + " name '" + name + "'", "an identifier");
            return;
        }
        MapView v = new MapView(m, kind + " " + name, diags);
        v.str(kind);
        views.accept(v);
        names.put(v, name);
        file(kind, name, v);
    }

    /** The name the document gives itself (its first key's value). */
    String nameOf(MapView doc) {
        return names.get(doc);
    }

    private void file(String kind, String name, MapView v) {
        switch (kind) {
            case "enum" -> putUnique(enums, name, v, kind);
            case "lut" -> putUnique(luts, name, v, kind);
            case "group" -> putUnique(groups, name, v, kind);
            case "arm" -> addUnique(arms, name, v, kind);
            case "arch" -> addUnique(archs, name, v, kind);
            // feature names become ModuleFeature constants, stage names Stage constants: unique among their kind only
            case "feature" -> putUniqueInKind(features, name, v, kind);
            case "stage" -> putUniqueInKind(stages, name, v, kind);
            default -> conflicts.add(v);
        }
    }

    private void putUnique(Map<String, MapView> into, String name, MapView v, String kind) {
        if (unique(kind, name, v.pos(kind))) {
            into.put(name, v);
        }
    }

    private void addUnique(List<MapView> into, String name, MapView v, String kind) {
        if (unique(kind, name, v.pos(kind))) {
            into.add(v);
        }
    }

    private void putUniqueInKind(Map<String, MapView> into, String name, MapView v, String kind) {
        MapView first = into.putIfAbsent(name, v);
        if (first != null) {
            diags.error(v.pos(kind), Message.DUPLICATE_NAME, kind, name, first.pos(kind));
        }
    }

    /** Claims {@code name} in the shared name space; reports and answers false when it is taken. */
    boolean unique(String kind, String name, Pos pos) {
        String key = Names.pascal(name);
        Pos first = firstDefinition.putIfAbsent(key, pos);
        if (first != null) {
            diags.error(pos, Message.DUPLICATE_NAME, kind, name, first);
            return false;
        }
        return true;
    }
}
