package tpb.doc;

import java.util.List;
import tpb.spec.json.ModelJson;
import tpb.spec.model.Example;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Leaf;

/** One reading of a record's bytes: its SVG layout, the table of its fields and its test vectors (partial {@code fields}). */
record FieldTable(LayoutSvg layout, List<Row> rows, List<Vector> vectors) {

    record Row(String offset, int width, String path, String type, String encoding, Src source, String doc) {}

    public boolean hasVectors() {
        return !vectors.isEmpty();
    }

    static FieldTable of(IsaModel model, List<Leaf> leaves, List<Example> examples) {
        List<Row> rows = leaves.stream().map(l -> new Row(String.format("0x%02X", l.offset()), l.def().width(), l.path(),
                ModelJson.type(l.def()), ModelJson.encoding(l.def()), Src.of(l.source()), l.def().doc())).toList();
        return new FieldTable(LayoutSvg.of(leaves, model.record().size()), rows,
                examples.stream().map(e -> Vector.of(model, leaves, e)).toList());
    }
}
