package tpb.spec.load;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import tpb.spec.Diagnostics;
import tpb.spec.DidYouMean;
import tpb.spec.Message;
import tpb.spec.Pos;
import tpb.spec.check.Checker;
import tpb.spec.check.Documents;
import tpb.spec.model.IsaModel;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YNode;
import tpb.spec.yaml.YScalar;
import tpb.spec.yaml.YSeq;
import tpb.spec.yaml.YamlReader;

/**
 * Load → model → check. The one entry point shared by the annotation processor and the
 * {@code tpb check-spec} command, so both report the same diagnostics.
 */
public final class SpecLoader {
    private SpecLoader() {}

    /** A YAML document and the file it came from. */
    record Doc(String file, YNode node) {}

    public static LoadResult load(String rootPath, SpecFiles files) {
        return load(rootPath, files, v -> {});
    }

    /**
     * Loads as {@link #load(String, SpecFiles)} and shows {@code views} every mapping the loader
     * reads key by key; once loading is done each view's {@link MapView#asked()} is the key list
     * of that kind of mapping — the spec language's grammar as the loader knows it, which a test
     * compares with the JSON Schema's.
     */
    public static LoadResult load(String rootPath, SpecFiles files, Consumer<MapView> views) {
        Diagnostics diags = new Diagnostics();
        Optional<String> rootText = read(files, rootPath, diags);
        if (rootText == null) {
            return new LoadResult(null, diags);
        }
        if (rootText.isEmpty()) {
            diags.error(new Pos(rootPath, 0, 0), Message.SPEC_NOT_FOUND, rootPath, files.where(rootPath));
            return new LoadResult(null, diags);
        }
        List<YNode> rootDocs = YamlReader.read(rootPath, rootText.get(), diags);
        if (rootDocs.isEmpty()) {
            return new LoadResult(null, diags);
        }
        List<Doc> docs = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        seen.add(rootPath);
        YNode root = rootDocs.get(0);
        for (YNode extra : rootDocs.subList(1, rootDocs.size())) {
            docs.add(new Doc(rootPath, extra));
        }
        String dir = rootPath.contains("/") ? rootPath.substring(0, rootPath.lastIndexOf('/') + 1) : "";
        if (root instanceof YMap rootMap && rootMap.get("include") instanceof YSeq includes) {
            for (YNode item : includes.items()) {
                if (!(item instanceof YScalar s) || s.kind() != YScalar.Kind.STR) {
                    diags.error(item.pos(), Message.WRONG_NODE, "include item", "a file path");
                    continue;
                }
                String path = normalize(dir + s.text());
                if (!seen.add(path)) {
                    diags.error(item.pos(), Message.INCLUDE_CYCLE, s.text());
                    continue;
                }
                List<YNode> fileDocs = include(files, path, item, diags);
                if (fileDocs.isEmpty()) {
                    diags.fileLeftOut(); // its definitions are missing: references to them are knock-ons
                }
                fileDocs.forEach(d -> docs.add(new Doc(path, d)));
            }
        }
        IsaModel model = new ModelBuilder(diags, views).build(new Doc(rootPath, root), docs, new ArrayList<>(seen));
        if (model != null) {
            List<Pos> starts = new ArrayList<>(List.of(root.pos()));
            docs.forEach(d -> starts.add(d.node().pos()));
            Checker.check(model, Documents.of(starts), diags);
        }
        return new LoadResult(model, diags);
    }

    /** The documents of included file {@code path}; none after reporting why (not found, not UTF-8, not YAML, empty). */
    private static List<YNode> include(SpecFiles files, String path, YNode item, Diagnostics diags) {
        Optional<String> text = read(files, path, diags);
        if (text == null) {
            return List.of();
        }
        if (text.isEmpty()) {
            String given = ((YScalar) item).text();
            diags.error(item.pos(), Message.INCLUDE_NOT_FOUND, given, files.where(path), siblingHint(files, path, given));
            return List.of();
        }
        return YamlReader.read(path, text.get(), diags);
    }

    /**
     * "; did you mean 'arms/datapath-ctrl.yaml'?" for an include naming a file its directory lacks:
     * the directory's files, written as the include wrote its path.
     */
    private static String siblingHint(SpecFiles files, String path, String given) {
        int slash = path.lastIndexOf('/');
        String prefix = given.contains("/") ? given.substring(0, given.lastIndexOf('/') + 1) : "";
        List<String> known = files.list(slash < 0 ? "" : path.substring(0, slash)).stream().map(n -> prefix + n).toList();
        return DidYouMean.suggest(given, known);
    }

    /** The file's text, empty when it does not exist, null after reporting that it is not UTF-8. */
    private static Optional<String> read(SpecFiles files, String path, Diagnostics diags) {
        try {
            return files.read(path);
        } catch (Utf8Text.NotUtf8 e) {
            diags.error(new Pos(path, e.line(), e.column()), Message.NOT_UTF8, e.offset());
            return null;
        }
    }

    private static String normalize(String path) {
        List<String> parts = new ArrayList<>();
        for (String p : path.split("/")) {
            if (p.equals("..") && !parts.isEmpty()) {
                parts.remove(parts.size() - 1);
            } else if (!p.equals(".") && !p.isEmpty()) {
                parts.add(p);
            }
        }
        return String.join("/", parts);
    }
}
