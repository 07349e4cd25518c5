package tpb.doc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tpb.spec.Names;
import tpb.spec.json.ModelJson;
import tpb.spec.model.ArchDef;
import tpb.spec.model.ArmDef;
import tpb.spec.model.Confidence;
import tpb.spec.model.ConflictDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.Example;
import tpb.spec.model.Guard;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Layout;
import tpb.spec.model.Leaf;
import tpb.spec.model.LutDef;
import tpb.spec.model.Source;
import tpb.spec.model.ViewDef;

/**
 * A static HTML reference generated from a spec: the opcode map, one page per arm with an SVG
 * byte layout coloured by confidence, enums, LUTs, arch profiles, and every ASSUMED or
 * SPECULATIVE fact. Pages are written to memory first and only then to disk.
 */
public final class DocSite {
    static final Map<Confidence, String> COLOURS = Map.of(
            Confidence.CONFIRMED, "#2e7d32", Confidence.STRONG, "#1565c0", Confidence.INFERRED, "#f9a825",
            Confidence.SPECULATIVE, "#ef6c00", Confidence.ASSUMED, "#c62828");

    private final IsaModel model;

    public DocSite(IsaModel model) {
        this.model = model;
    }

    /** Every page by relative path. */
    public Map<String, String> pages() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("style.css", CSS);
        out.put("index.html", index());
        for (ArmDef a : model.arms()) {
            out.put("arms/" + a.name() + ".html", arm(a));
        }
        out.put("enums.html", enums());
        out.put("luts.html", luts());
        out.put("archs.html", archs());
        out.put("assumptions.html", assumptions());
        return out;
    }

    public void write(Path dir) throws IOException {
        Map<String, String> pages = pages();
        Files.createDirectories(dir.resolve("arms"));
        for (Map.Entry<String, String> p : pages.entrySet()) {
            Files.writeString(dir.resolve(p.getKey()), p.getValue(), StandardCharsets.UTF_8);
        }
    }

    private static String nav(String up) {
        return "<nav><a href=\"" + up + "index.html\">Opcode map</a> <a href=\"" + up + "enums.html\">Enums</a> <a href=\"" + up
                + "luts.html\">LUTs</a> <a href=\"" + up + "archs.html\">Arch profiles</a> <a href=\"" + up
                + "assumptions.html\">Assumed &amp; speculative</a></nav>\n";
    }

    private static String badge(Confidence c) {
        return "<span class=\"conf\" style=\"background:" + COLOURS.get(c) + "\">" + c + "</span>";
    }

    private static String source(Source s) {
        return Html.esc(s.ref()) + " " + badge(s.confidence());
    }

    // ---- index: the opcode map ---------------------------------------------------------------

    private String index() {
        Html h = new Html().page(model.title() + " — opcode map", "style.css").raw(nav(""));
        h.tag("<h1>", model.title(), "</h1>\n");
        h.raw("<p>").text(model.record().size() + "-byte " + (model.record().littleEndian() ? "little" : "big")
                + "-endian records, opcode at +" + model.record().opcodeAt() + ", stride " + Names.hex(model.record().stride()) + ". ")
                .raw(source(model.record().source())).raw("</p>\n");
        EnumDef ops = model.opcodeEnum();
        Map<Long, List<ArmDef>> armsByOpcode = new LinkedHashMap<>();
        for (ArmDef a : model.arms()) {
            armsByOpcode.computeIfAbsent(a.opcode(), k -> new ArrayList<>()).add(a);
        }
        h.raw("<h2>Opcode map</h2>\n<p class=\"legend\"><span class=\"cell layout\">layout</span> <span class=\"cell opaque\">opaque payload</span> "
                + "<span class=\"cell pseudo\">pseudo band (host-only)</span> <span class=\"cell pseudo-layout\">pseudo, with a layout</span> "
                + "<span class=\"cell reserved\">reserved</span> "
                + "<span class=\"cell sentinel\">sentinel</span></p>\n<table class=\"opmap\"><tr><th></th>");
        for (int lo = 0; lo < 16; lo++) {
            h.raw("<th>").text(String.format("_%X", lo)).raw("</th>");
        }
        h.raw("</tr>\n");
        for (int hi = 0; hi < 16; hi++) {
            h.raw("<tr><th>").text(String.format("%X_", hi)).raw("</th>");
            for (int lo = 0; lo < 16; lo++) {
                long op = hi * 16L + lo;
                EnumValue v = ops.byValue(op);
                if (v == null) {
                    h.raw("<td class=\"cell reserved\" title=\"reserved\">").text(String.format("%02X", op)).raw("</td>");
                    continue;
                }
                List<ArmDef> arms = armsByOpcode.getOrDefault(op, List.of());
                boolean layout = arms.stream().anyMatch(a -> !a.opaque());
                String cls = v.name().equals("Invalid") ? "sentinel" : layout ? "layout" : v.tags().contains("pseudo") ? "pseudo" : "opaque";
                if (layout && v.tags().contains("pseudo")) {
                    cls += " pseudo-layout";
                }
                h.raw("<td class=\"cell ").raw(cls).raw("\" title=\"").text(v.name() + (v.tags().isEmpty() ? "" : " " + v.tags())).raw("\">");
                if (arms.isEmpty()) {
                    h.text(String.format("%02X", op)).raw("<br><small>").text(v.name()).raw("</small>");
                } else {
                    h.raw("<a href=\"arms/").raw(Html.esc(arms.get(0).name())).raw(".html\">").text(String.format("%02X", op))
                            .raw("<br><small>").text(arms.size() == 1 ? arms.get(0).name() : v.name() + " ×" + arms.size())
                            .raw("</small></a>");
                }
                h.raw("</td>");
            }
            h.raw("</tr>\n");
        }
        h.raw("</table>\n<h2>Arms with a layout</h2>\n<table><tr><th>Opcode</th><th>Select</th><th>Arm</th><th>Struct</th><th>Engine</th><th>Confidence</th></tr>\n");
        for (ArmDef a : model.arms()) {
            if (a.opaque()) {
                continue;
            }
            h.raw("<tr><td>").text(Names.hex(a.opcode())).raw("</td><td>").text(a.select() == null ? "" : a.select().otherwise()
                    ? "+" + Names.hex(a.select().at()) + " otherwise" : "+" + Names.hex(a.select().at()) + " = " + a.select().equals())
                    .raw("</td><td><a href=\"arms/").raw(Html.esc(a.name())).raw(".html\">").text(a.name()).raw("</a></td><td>")
                    .text(a.struct()).raw("</td><td>").text(a.engine()).raw("</td><td>").raw(badge(a.source().confidence())).raw("</td></tr>\n");
        }
        h.raw("</table>\n");
        return h.end();
    }

    // ---- arm pages --------------------------------------------------------------------------

    private String arm(ArmDef a) {
        Html h = new Html().page(a.name() + " — " + model.title(), "../style.css").raw(nav("../"));
        h.tag("<h1>", a.name(), "</h1>\n");
        h.raw("<p class=\"meta\">opcode <b>").text(Names.hex(a.opcode())).raw("</b> (").text(a.opcodeName()).raw(")");
        if (a.select() != null) {
            h.raw(", sub-opcode ").text(a.select().otherwise() ? "+" + Names.hex(a.select().at()) + " ≠ the other arms'"
                    : "+" + Names.hex(a.select().at()) + " = " + a.select().equals());
        }
        h.raw(a.struct() == null ? ", opaque payload" : ", struct <code>" + Html.esc(a.struct()) + "</code>");
        if (a.engine() != null) {
            h.raw(", engine ").text(a.engine());
        }
        if (a.syntax() != null) {
            h.raw(", syntax <code>").text(a.syntax()).raw("</code>");
        }
        h.raw("</p>\n<p>").text(a.doc() == null ? "" : a.doc()).raw("</p>\n<p>Source: ").raw(source(a.source())).raw("</p>\n");
        if (a.opcodeSource() != null) {
            h.raw("<p>Opcode binding: ").raw(source(a.opcodeSource())).raw("</p>\n");
        }
        List<Leaf> leaves = Layout.arm(model, a);
        h.raw("<p class=\"legend\">");
        for (Confidence c : Confidence.values()) {
            h.raw(badge(c)).raw(" ");
        }
        h.raw("<span class=\"cell opaque\">no field: zero in compiler output</span></p>\n");
        h.raw(layoutSvg(leaves));
        fieldTable(h, leaves);
        if (!a.guards().isEmpty()) {
            h.raw("<h2>Guards</h2><ul>");
            for (Guard g : a.guards()) {
                h.raw("<li><code>").text(g.field()).raw("</code> ∈ ").text(g.allowedNames())
                        .text(g.whenField() == null ? "" : " when " + g.whenField() + (g.whenNot() ? " ≠ " : " = ") + g.whenName()).raw(": “").text(g.message())
                        .raw("” — ").raw(source(g.source())).raw("</li>");
            }
            h.raw("</ul>\n");
        }
        examples(h, a.examples());
        for (ViewDef v : a.views()) {
            h.raw("<h2>").text(v.generation() == null ? "View " + v.name() : "Layout on " + v.generation() + " (view " + v.name() + ")")
                    .raw("</h2>\n<p>").text(v.doc() == null ? "" : v.doc()).raw(" Source: ").raw(source(v.source())).raw("</p>\n");
            List<Leaf> vl = Layout.view(model, v);
            h.raw(layoutSvg(vl));
            fieldTable(h, vl);
            examples(h, v.examples());
        }
        for (tpb.spec.model.FeatureDef f : model.features()) {
            if (f.setByArm().equals(a.name())) {
                h.raw("<h2>Module feature</h2>\n<p>A record with ").text(f.setByField()).raw(" &ne; 0 sets ").text(f.name())
                        .raw(" for the module. Source: ").raw(source(f.setBySource() == null ? f.source() : f.setBySource())).raw("</p>\n");
            }
            for (tpb.spec.model.FeatureDef.Clear c : f.clearedBy()) {
                if (c.arm().equals(a.name())) {
                    h.raw("<h2>Module feature</h2>\n<p>A record clears ").text(f.name())
                            .raw(" again (after its own requirement is checked). Source: ").raw(source(c.source() == null ? f.source() : c.source()))
                            .raw("</p>\n");
                }
            }
            for (tpb.spec.model.FeatureDef.Requirement r : f.requiredBy()) {
                if (r.arm().equals(a.name())) {
                    h.raw("<h2>Module feature</h2>\n<p>Legal only when the module has ").text(f.name()).raw(" (set by ")
                            .text(f.setByArm() + "." + f.setByField()).raw("); otherwise ").text(r.message()).raw(". Source: ")
                            .raw(source(r.source() == null ? f.source() : r.source())).raw("</p>\n");
                }
            }
        }
        List<ConflictDef> about = model.conflicts().stream().filter(c -> c.about().contains(a.name())).toList();
        if (!about.isEmpty()) {
            h.raw("<h2>Where the sources disagree</h2>\n");
            for (ConflictDef c : about) {
                conflict(h, c);
            }
        }
        return h.end();
    }

    /** The 64 bytes as rows of 16, each field a box spanning its bytes, filled by confidence. */
    static String layoutSvg(List<Leaf> leaves) {
        int cell = 52;
        int rowH = 46;
        int left = 44;
        int size = 64;
        int rows = (size + 15) / 16;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg class=\"layout\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\">",
                left + 16 * cell + 2, 20 + rows * rowH + 2));
        for (int c = 0; c < 16; c++) {
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"14\" class=\"hdr\">+%X</text>", left + c * cell + cell / 2, c));
        }
        for (int r = 0; r < rows; r++) {
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"row\">+%02X</text>", left - 6, 20 + r * rowH + rowH / 2 + 2, r * 16));
            s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"gap\"/>", left, 20 + r * rowH, 16 * cell,
                    rowH - 4));
        }
        for (Leaf l : leaves) {
            String colour = COLOURS.get(l.source().confidence());
            int start = l.offset();
            int end = l.end();
            while (start < end) {
                int row = start / 16;
                int stop = Math.min(end, (row + 1) * 16);
                int x = left + (start % 16) * cell;
                int w = (stop - start) * cell;
                int y = 20 + row * rowH;
                s.append(String.format(Locale.ROOT,
                        "<g class=\"field\"><title>%s +0x%02X, %d byte%s, %s</title><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>",
                        Html.esc(l.path()), l.offset(), l.def().width(), l.def().width() == 1 ? "" : "s", l.source().confidence(), x + 1, y, w - 2,
                        rowH - 4, colour));
                String label = l.path().contains(".") ? l.path().substring(l.path().lastIndexOf('.') + 1) : l.path();
                int maxChars = Math.max(1, (w - 6) / 7);
                if (label.length() > maxChars) {
                    label = label.substring(0, Math.max(1, maxChars - 1)) + "…";
                }
                s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"lbl\">%s</text></g>", x + w / 2, y + rowH / 2 + 2,
                        Html.esc(label)));
                start = stop;
            }
        }
        return s.append("</svg>\n").toString();
    }

    private static void fieldTable(Html h, List<Leaf> leaves) {
        h.raw("<table class=\"fields\"><tr><th>Offset</th><th>Width</th><th>Field</th><th>Type</th><th>Encoding</th><th>Source</th><th>Notes</th></tr>\n");
        for (Leaf l : leaves) {
            h.raw("<tr><td>+").text(String.format("0x%02X", l.offset())).raw("</td><td>").text(l.def().width()).raw("</td><td><code>")
                    .text(l.path()).raw("</code></td><td>").text(ModelJson.type(l.def())).raw("</td><td>").text(ModelJson.encoding(l.def()))
                    .raw("</td><td>").raw(source(l.source())).raw("</td><td>").text(l.def().doc() == null ? "" : l.def().doc()).raw("</td></tr>\n");
        }
        h.raw("</table>\n");
    }

    private static void examples(Html h, List<Example> examples) {
        if (examples.isEmpty()) {
            return;
        }
        h.raw("<h2>Test vectors</h2>\n");
        for (Example e : examples) {
            h.raw("<h3>").text(e.name()).raw("</h3><p>").text(e.doc() == null ? "" : e.doc()).raw("</p><pre>");
            for (int i = 0; i < e.bytes().length; i += 16) {
                h.text(String.format("%02X: ", i));
                for (int j = i; j < i + 16 && j < e.bytes().length; j++) {
                    h.text(String.format("%02x ", e.bytes()[j] & 0xFF));
                }
                h.raw("\n");
            }
            h.raw("</pre>\n");
        }
    }

    private static void conflict(Html h, ConflictDef c) {
        h.raw("<div class=\"conflict\"><b>").text(c.id()).raw("</b><ul>");
        for (ConflictDef.Reading r : c.readings()) {
            h.raw("<li>").text(r.claim()).raw(" — ").raw(source(r.source())).raw("</li>");
        }
        h.raw("</ul>");
        if (c.realData() != null) {
            h.raw("<p>Real records: ").text(c.realData()).raw("</p>");
        }
        h.raw("<p>Emitted: ").text(c.emitted()).raw("</p></div>\n");
    }

    // ---- enums, LUTs, archs, assumptions ------------------------------------------------------

    private String enums() {
        Html h = new Html().page("Enums — " + model.title(), "style.css").raw(nav(""));
        h.raw("<h1>Enums</h1>\n");
        for (EnumDef e : model.enums()) {
            h.raw("<h2 id=\"").text(e.name()).raw("\">").text(e.name()).raw("</h2><p>").text(e.doc() == null ? "" : e.doc())
                    .raw(" Source: ").raw(source(e.source())).raw("</p>\n<table><tr><th>Value</th><th>Name</th><th>Generations</th><th>Tags</th><th>Source</th></tr>\n");
            for (EnumValue v : e.values()) {
                h.raw("<tr><td>").text(Names.hex(v.value())).raw("</td><td>").text(v.name()).raw("</td><td>")
                        .text((v.since() == null ? "" : "v" + v.since() + "+") + (v.until() == null ? "" : " ..v" + v.until()))
                        .raw(v.generationsSource() == null || v.generationsSource() == v.source() ? "" : " " + badge(v.generationsSource().confidence()))
                        .raw("</td><td>").text(String.join(", ", v.tags())).raw("</td><td>").raw(source(v.source()))
                        .raw(v.nameSource() == v.source() ? "" : "; name: " + source(v.nameSource())).raw("</td></tr>\n");
            }
            h.raw("</table>\n");
        }
        return h.end();
    }

    private String luts() {
        Html h = new Html().page("LUTs — " + model.title(), "style.css").raw(nav(""));
        h.raw("<h1>Lookup tables</h1>\n");
        for (LutDef l : model.luts()) {
            h.raw("<h2 id=\"").text(l.name()).raw("\">").text(l.name()).raw("</h2><p>").text(l.from() + " → "
                    + (l.toScalar() != null ? l.toScalar().specName() : l.toEnum()) + (l.involution() ? " (an involution)" : ""))
                    .raw(". Source: ").raw(source(l.source())).raw("</p>\n<table><tr><th>Key</th><th>Wire</th></tr>\n");
            EnumDef from = model.enumDef(l.from()).orElseThrow();
            for (EnumValue v : from.values()) {
                LutDef.Entry e = l.entry(v.name());
                LutDef.Fatal f = l.fatalFor(v.name());
                h.raw("<tr><td>").text(v.name()).raw("</td><td>");
                if (e != null) {
                    h.text(e.valueName() != null ? e.valueName() : Names.hex(e.value()));
                } else if (f != null) {
                    h.raw("<span class=\"fatal\">FATAL: ").text(f.message()).raw("</span>");
                }
                h.raw("</td></tr>\n");
            }
            h.raw("</table>\n");
        }
        return h.end();
    }

    private String archs() {
        Html h = new Html().page("Arch profiles — " + model.title(), "style.css").raw(nav(""));
        h.raw("<h1>Arch profiles</h1>\n");
        for (ArchDef a : model.archs()) {
            h.raw("<h2>").text(a.name()).raw("</h2><p>Generation ").text(a.generation()).raw(", aliases ").text(String.join(", ", a.aliases()))
                    .text(a.names().isEmpty() ? "" : "; names " + a.names().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                            .collect(java.util.stream.Collectors.joining(", ")))
                    .raw(". Source: ").raw(source(a.source())).raw("</p>\n<table><tr><th>Constant</th><th>Value</th><th>Source</th></tr>\n");
            for (ArchDef.Constant c : a.constants()) {
                h.raw("<tr><td>").text(c.name()).raw("</td><td>").text(c.value()).raw("</td><td>").raw(source(c.source())).raw("</td></tr>\n");
            }
            h.raw("</table>\n<p>Apertures: ");
            for (ArchDef.Aperture ap : a.apertures()) {
                h.text(ap.name() + " [" + Names.hex(ap.base()) + ", " + Names.hex(ap.base() + ap.size()) + ")  ");
            }
            h.raw("</p><p>Terminators: ").text(String.join(", ", a.terminators())).raw("</p>\n");
            if (!a.noEncoder().isEmpty()) {
                h.raw("<p>No encoder on this generation: ").text(String.join(", ", a.noEncoder())).raw(". Source: ")
                        .raw(source(a.noEncoderSource())).raw("</p>\n");
            }
        }
        if (!model.stages().isEmpty()) {
            h.raw("<h1>Validation stages</h1>\n<p>Record rules apply at every stage; each stage names the stream rules that apply at it.</p>\n"
                    + "<table><tr><th>Stage</th><th>Stream rules</th><th>Meaning</th><th>Source</th></tr>\n");
            for (tpb.spec.model.StageDef st : model.stages()) {
                h.raw("<tr><td>").text(st.name()).raw("</td><td>").text(st.rules().isEmpty() ? "none" : String.join(", ", st.rules()))
                        .raw("</td><td>").text(st.doc() == null ? "" : st.doc()).raw("</td><td>").raw(source(st.source())).raw("</td></tr>\n");
            }
            h.raw("</table>\n");
        }
        return h.end();
    }

    private String assumptions() {
        Html h = new Html().page("Assumed and speculative facts — " + model.title(), "style.css").raw(nav(""));
        h.raw("<h1>Assumed and speculative facts</h1>\n<p>Everything this spec holds on less than the sources' word: ")
                .raw(badge(Confidence.ASSUMED)).raw(" a value the project chose to fill a gap, ").raw(badge(Confidence.SPECULATIVE))
                .raw(" a source's own guess. Opaque arms (one per opcode with no layout) are listed once.</p>\n<table><tr><th>Element</th><th>Confidence</th><th>Source</th></tr>\n");
        int opaque = 0;
        for (ArmDef a : model.arms()) {
            if (a.opaque()) {
                opaque++;
                continue;
            }
            String page = "arms/" + a.name() + ".html";
            weak(h, "arm " + a.name(), a.source(), page);
            if (a.opcodeSource() != null) {
                weak(h, "arm " + a.name() + " opcode binding", a.opcodeSource(), page);
            }
            for (Leaf l : Layout.arm(model, a)) {
                weak(h, "arm " + a.name() + " field " + l.path(), l.source(), page);
            }
        }
        for (EnumDef e : model.enums()) {
            weak(h, "enum " + e.name(), e.source());
            for (EnumValue v : e.values()) {
                weak(h, "enum " + e.name() + " value " + v.name(), v.source());
                if (v.nameSource() != v.source()) {
                    weak(h, "enum " + e.name() + " value " + v.name() + " name", v.nameSource());
                }
                if (v.generationsSource() != v.source()) {
                    weak(h, "enum " + e.name() + " value " + v.name() + " generations", v.generationsSource());
                }
            }
        }
        for (LutDef l : model.luts()) {
            weak(h, "lut " + l.name(), l.source());
            for (LutDef.Fatal f : l.fatals()) {
                weak(h, "lut " + l.name() + " fatal " + f.key(), f.source());
            }
        }
        for (ArchDef a : model.archs()) {
            for (ArchDef.Constant c : a.constants()) {
                weak(h, "arch " + a.name() + " " + c.name(), c.source());
            }
            if (a.terminatorsSource() != null) {
                weak(h, "arch " + a.name() + " terminators", a.terminatorsSource());
            }
        }
        for (tpb.spec.model.StageDef st : model.stages()) {
            decision(h, "stage " + st.name() + ": stream rules " + (st.rules().isEmpty() ? "none" : String.join(", ", st.rules())), st.source());
        }
        h.raw("<tr><td>").text(opaque + " opaque arms: preamble plus an opaque payload").raw("</td><td>").raw(badge(Confidence.ASSUMED))
                .raw("</td><td>no layout in the sources</td></tr>\n</table>\n");
        h.raw("<h2>Data-level semantics (tpb run --level data)</h2>\n<p>What the datapath simulator decided where the sources are "
                + "silent, or where only the fixture NEFF's numbers speak.</p>\n<table><tr><th>Decision</th><th>Confidence</th><th>Evidence</th></tr>\n");
        for (tpb.data.DataAssumptions.Decision d : tpb.data.DataAssumptions.ALL) {
            h.raw("<tr><td>").text(d.what()).raw("</td><td>").raw(badge(Confidence.valueOf(d.confidence()))).raw("</td><td>")
                    .text(d.evidence()).raw("</td></tr>\n");
        }
        h.raw("</table>\n<h2>Where the sources disagree</h2>\n");
        for (ConflictDef c : model.conflicts()) {
            conflict(h, c);
        }
        return h.end();
    }

    /** A decision the project made on the sources' evidence, listed whatever its confidence (issue 9 asks for the stage rule here). */
    private static void decision(Html h, String what, Source s) {
        h.raw("<tr><td>").text(what).raw("</td><td>").raw(badge(s.confidence())).raw("</td><td>").text(s.ref()).raw("</td></tr>\n");
    }

    private static void weak(Html h, String what, Source s) {
        weak(h, what, s, null);
    }

    /** A row for a weak fact; {@code page} (relative to the site root) links it to the page that shows it. */
    private static void weak(Html h, String what, Source s, String page) {
        if (s != null && (s.confidence() == Confidence.ASSUMED || s.confidence() == Confidence.SPECULATIVE)) {
            h.raw("<tr><td>");
            if (page != null) {
                h.raw("<a href=\"").raw(Html.esc(page)).raw("\">").text(what).raw("</a>");
            } else {
                h.text(what);
            }
            h.raw("</td><td>").raw(badge(s.confidence())).raw("</td><td>").text(s.ref()).raw("</td></tr>\n");
        }
    }

    static final String CSS = """
            body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5em 2em; color: #222; }
            nav a { margin-right: 1.2em; }
            table { border-collapse: collapse; margin: .6em 0 1.4em; }
            th, td { border: 1px solid #ccc; padding: 3px 7px; text-align: left; vertical-align: top; }
            code { font: 13px ui-monospace, monospace; }
            .conf { color: #fff; border-radius: 3px; padding: 0 5px; font-size: 11px; }
            .opmap td { width: 66px; max-width: 66px; height: 36px; text-align: center; font: 11px ui-monospace, monospace;
                        white-space: normal; overflow-wrap: anywhere; padding: 2px; }
            .opmap small { font-size: 9px; }
            .opmap a { color: inherit; text-decoration: none; }
            span.cell { display: inline-block; padding: 2px 6px; }
            .cell.layout { background: #c8e6c9; }
            .cell.opaque { background: #eeeeee; }
            .cell.pseudo { background: #e1bee7; }
            .cell.pseudo-layout { background: #ce93d8; }
            .cell.reserved { background: #fff; color: #bbb; }
            .cell.sentinel { background: #424242; color: #fff; }
            svg.layout .hdr { font: 11px ui-monospace, monospace; fill: #555; text-anchor: middle; }
            svg.layout .row { font: 11px ui-monospace, monospace; fill: #555; text-anchor: end; }
            svg.layout .lbl { font: 11px ui-monospace, monospace; fill: #fff; text-anchor: middle; }
            svg.layout .gap { fill: #f5f5f5; stroke: #ddd; }
            .fatal { color: #c62828; }
            .conflict { border-left: 4px solid #ef6c00; padding: .2em 1em; margin: .6em 0; background: #fff8e1; }
            """;
}
