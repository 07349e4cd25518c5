package tpb.doc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import tpb.spec.model.ArmDef;
import tpb.spec.model.IsaModel;

/**
 * A static HTML reference generated from a spec: the opcode map, one page per arm with an SVG
 * byte layout coloured by confidence, enums, LUTs, arch profiles, and every ASSUMED or
 * SPECULATIVE fact. One {@link Page} record per page kind gathers what its Mustache template
 * ({@code tpb/doc/*.mustache}) shows; the style sheet is the resource {@code tpb/doc/style.css}.
 * Pages are written to memory first and only then to disk.
 */
public final class DocSite {
    private final IsaModel model;

    public DocSite(IsaModel model) {
        this.model = model;
    }

    /** Every page by relative path. */
    public Map<String, String> pages() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("style.css", Templates.resource("style.css"));
        out.put("index.html", IndexPage.of(model).render());
        for (ArmDef a : model.arms()) {
            out.put("arms/" + a.name() + ".html", ArmPage.of(model, a).render());
        }
        out.put("enums.html", EnumsPage.of(model).render());
        out.put("luts.html", LutsPage.of(model).render());
        out.put("archs.html", ArchsPage.of(model).render());
        out.put("assumptions.html", AssumptionsPage.of(model).render());
        return out;
    }

    public void write(Path dir) throws IOException {
        Map<String, String> pages = pages();
        Files.createDirectories(dir.resolve("arms"));
        for (Map.Entry<String, String> p : pages.entrySet()) {
            Files.writeString(dir.resolve(p.getKey()), p.getValue(), StandardCharsets.UTF_8);
        }
    }
}
