package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * A reusable run of fields (HEADER, EVENTS, ADDR4, TENSOR3D ...) placed into arms at an offset.
 * {@code terms}: the group's compact listing terms — which of its fields are a term's mode (an enum
 * whose values carry {@code syntax:} templates), index and value (EVENTS: a wait and an update).
 */
public record GroupDef(String name, int size, List<FieldDef> fields, List<GroupCheck> checks, List<Term> terms, String doc,
        Source source, Pos pos) {
    public GroupDef {
        fields = List.copyOf(fields);
        checks = List.copyOf(checks);
        terms = List.copyOf(terms);
    }

    /** A group without compact terms. */
    public GroupDef(String name, int size, List<FieldDef> fields, List<GroupCheck> checks, String doc, Source source, Pos pos) {
        this(name, size, fields, checks, List.of(), doc, source, pos);
    }

    /**
     * One compact term: the names of its mode, index and value fields in the group — or, for an arm's
     * own term, no mode and a fixed {@code syntax} template ({@code $S[{index}]+={value}@dma}), the
     * form whenever the record sets the index or the value.
     */
    public record Term(String mode, String index, String value, String syntax, Pos pos) {
        public Term(String mode, String index, String value, Pos pos) {
            this(mode, index, value, null, pos);
        }
    }
}
