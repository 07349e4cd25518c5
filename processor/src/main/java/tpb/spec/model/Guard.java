package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * A legality rule on one term of a record, of one of four kinds: its value must be one of
 * {@code allowed} (raw values; {@code in:}, or {@code one_of:} naming the values in {@code oneOfEnum}
 * for a term that has no enum of its own, such as a nibble), at most {@code atMost} ({@code at_most:},
 * an unsigned bound such as the NKI's 128 stationary rows), or equal to another term ({@code same_as:},
 * such as an out_dtype that must repeat in_dtype) — optionally only when each {@link Condition}
 * of {@code when} holds: a field or bit run equals a value (or, with {@code not}, differs from it),
 * as «CASTPRED» §5.3's equal element counts hold only while no start address is register-shaped.
 *
 * <p>A term is a field named by its dotted path, so a guard may reach into a group
 * ({@code ext.update_mode}), the preamble ({@code events.update_mode}) or a bit run of a field
 * ({@code in0_in1_dtype.tags.lo}); or, written {@code product(PATH)}, the product of an integer
 * array's elements ({@code product(dst_mem_pattern.num)}, a tensor's element count).
 * {@code field}/{@code sameAs} hold the path, {@code fieldProduct}/{@code sameAsProduct} say
 * whether the product is meant, {@code bit} and {@code sameAsBit} name the bit run of {@code field}
 * and of {@code sameAs} (else null).
 * The message is the source's own text.
 */
public record Guard(String field, boolean fieldProduct, String bit, List<Long> allowed, List<String> allowedNames, String oneOfEnum,
        Long atMost, String sameAs, boolean sameAsProduct, String sameAsBit, List<Condition> when,
        String message, Source source, Pos pos) {
    public Guard {
        allowed = List.copyOf(allowed);
        allowedNames = List.copyOf(allowedNames);
        when = List.copyOf(when);
    }

    /**
     * One condition of a guard's {@code when}: the field (or bit run {@code bit} of it) at {@code field}
     * equals the raw value {@code equals}, written {@code name} (or differs from it, with {@code not}).
     */
    public record Condition(String field, String bit, long equals, String name, boolean not) {
        /** The path of the field the condition reads (a bit run's field). */
        public String leafPath() {
            return bit == null ? field : field.substring(0, field.length() - bit.length() - 1);
        }

        /** As a reader sees it: {@code dtype = INT16}, {@code dst.start.word.register ≠ 1}. */
        public String text() {
            return field + (not ? " ≠ " : " = ") + name;
        }
    }

    /** The conditions as a reader sees them, joined by "and"; empty when the guard always applies. */
    public String whenText() {
        return String.join(" and ", when.stream().map(Condition::text).toList());
    }

    /** The guarded term as written: {@code reg}, {@code in0_in1_dtype.tags.lo} or {@code product(src.num)}. */
    public String fieldText() {
        return term(field, fieldProduct);
    }

    /** The path of the field the term reads (a bit run's field, an array). */
    public String leafPath() {
        return bit == null ? field : field.substring(0, field.length() - bit.length() - 1);
    }

    /** The path of the field the other term of a {@code same_as} guard reads, else null. */
    public String sameAsLeafPath() {
        return sameAs == null || sameAsBit == null ? sameAs : sameAs.substring(0, sameAs.length() - sameAsBit.length() - 1);
    }

    /** The other term of a {@code same_as} guard as written, else null. */
    public String sameAsText() {
        return sameAs == null ? null : term(sameAs, sameAsProduct);
    }

    /** The rule as a reader sees it: {@code [A, B]}, {@code <= 128}, {@code = in_dtype} or {@code = product(dst.num)}. */
    public String ruleText() {
        if (atMost != null) {
            return "<= " + atMost;
        }
        if (sameAs != null) {
            return "= " + sameAsText();
        }
        return oneOfEnum == null ? String.valueOf(allowedNames) : oneOfEnum + " " + allowedNames;
    }

    private static String term(String path, boolean product) {
        return product ? "product(" + path + ")" : path;
    }
}
