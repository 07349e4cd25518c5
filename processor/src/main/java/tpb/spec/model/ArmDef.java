package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * One union arm: the payload layout selected by an opcode (and, when arms share an opcode, by a
 * sub-opcode {@link Select}). {@code opaque} arms are made for opcodes the spec gives no layout.
 * {@code unexercised} lists the fields the arm's examples leave zero on purpose, with the reason.
 * {@code terms} are the arm's own compact listing terms of a fixed form ({@link GroupDef.Term#syntax}),
 * such as DMA_DIRECT2D's completion update {@code $S[27]+=16@dma}. {@code syntaxSource} says where the
 * values a syntax line implies ({@code num_active_rows=128}: written when a listing leaves them out)
 * come from, and how sure they are; null for a syntax that implies none. {@code overrides} are the
 * constants of the shared preamble this arm holds at another value ({@link ConstOverride}).
 */
public record ArmDef(
        String name,
        String opcodeName,
        long opcode,
        String struct,
        String engine,
        String sync,
        Select select,
        List<FieldDef> fields,
        List<Guard> guards,
        String syntax,
        List<Example> examples,
        List<ViewDef> views,
        List<Unexercised> unexercised,
        String doc,
        Source source,
        Source opcodeSource,
        boolean opaque,
        Pos pos,
        Pos syntaxPos,
        List<GroupDef.Term> terms,
        Source syntaxSource,
        List<ConstOverride> overrides) {
    /** An arm whose syntax line (if any) is reported at the arm itself. */
    public ArmDef(String name, String opcodeName, long opcode, String struct, String engine, String sync, Select select,
            List<FieldDef> fields, List<Guard> guards, String syntax, List<Example> examples, List<ViewDef> views,
            List<Unexercised> unexercised, String doc, Source source, Source opcodeSource, boolean opaque, Pos pos) {
        this(name, opcodeName, opcode, struct, engine, sync, select, fields, guards, syntax, examples, views, unexercised, doc,
                source, opcodeSource, opaque, pos, pos, List.of(), null, List.of());
    }

    /**
     * The arm made for an opcode value the spec gives no layout: named as the value, its fields
     * the given ones (the preamble's remainder as one opaque payload), with no examples or views.
     */
    public static ArmDef opaque(String name, long opcode, List<FieldDef> fields, String doc, Source source, Pos pos) {
        return new ArmDef(name, name, opcode, null, null, null, null, fields, List.of(), null, List.of(), List.of(),
                List.of(), doc, source, null, true, pos, pos, List.of(), null, List.of());
    }

    public ArmDef {
        fields = List.copyOf(fields);
        guards = List.copyOf(guards);
        examples = List.copyOf(examples);
        views = List.copyOf(views);
        unexercised = List.copyOf(unexercised);
        terms = List.copyOf(terms);
        overrides = List.copyOf(overrides);
    }

    /**
     * A constant of the record preamble that this arm holds at another value: {@code path} names the
     * preamble leaf ({@code header.inst_word_len}), {@code value} the arm's constant, {@code source}
     * where that value comes from. Every codec of the arm (encode, decode, validate, flyweight reset,
     * field metadata, test vectors) uses it in place of the preamble's.
     */
    public record ConstOverride(String path, long value, String doc, Source source, Pos pos) {}

    /** The constant this arm gives the preamble leaf at {@code path}, or null when it keeps the preamble's. */
    public ConstOverride override(String path) {
        for (ConstOverride o : overrides) {
            if (o.path().equals(path)) {
                return o;
            }
        }
        return null;
    }

    /**
     * A field no example sets to a non-zero value, on purpose: {@code reason} says why no source
     * or real record gives bytes for it. Every other laid-out field must be exercised by an example,
     * so that a moved offset breaks a vector.
     */
    public record Unexercised(String path, String reason, Pos pos) {}
}
