package tpb.asm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tpb.codec.FieldInfo;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Layouts;
import tpb.isa.Symbols;
import tpb.spec.DidYouMean;
import tpb.spec.Syntax;

/**
 * The assembler's "did you mean": the project's one suggester ({@link DidYouMean}, as the spec
 * checker and the kernel reader use) over the names a position accepts — mnemonics, an arm's
 * settable fields, a table's values, the labels — trying the spelling as given, then ignoring
 * case (names are matched without case).
 */
final class Hints {
    /** The widest field whose values are listed by trying every number (wider tables are not searched). */
    private static final int MAX_LISTED_BITS = 16;

    private Hints() {}

    static String suggest(String given, Iterable<String> known) {
        String exact = DidYouMean.suggest(given, known);
        if (!exact.isEmpty()) {
            return exact;
        }
        Map<String, String> folded = new LinkedHashMap<>();
        known.forEach(k -> folded.putIfAbsent(k.toLowerCase(Locale.ROOT), k));
        String hint = DidYouMean.suggest(given.toLowerCase(Locale.ROOT), folded.keySet());
        if (hint.isEmpty()) {
            return "";
        }
        String match = hint.substring(hint.indexOf('\'') + 1, hint.lastIndexOf('\''));
        return "; did you mean '" + folded.get(match) + "'?";
    }

    /**
     * Every mnemonic: the fixed ones, and each prefix with every value of its mnemonic field
     * ({@code alu.ADD}). Listed anew on each call: the {@link Assembler} keeps the list it asked
     * for (an instance's cache, not a static one, so each assembler — and each test — lists them).
     */
    static List<String> mnemonics() {
        List<String> out = new ArrayList<>();
        out.add(".raw");
        for (Map.Entry<Arm, Syntax> e : Syntaxes.all().entrySet()) {
            Syntax s = e.getValue();
            if (s.mnemonicField() == null) {
                out.add(s.prefix());
            } else {
                for (String v : values(e.getKey().fields().get(Disassembler.find(e.getKey().fields(), s.mnemonicField())))) {
                    out.add(s.prefix() + v);
                }
            }
        }
        return List.copyOf(out);
    }

    /** The names of an enum or LUT field's values, in value order. */
    static List<String> values(FieldInfo f) {
        List<String> out = new ArrayList<>();
        int bits = Math.min(f.elementWidth() * 8, MAX_LISTED_BITS);
        for (long v = 0; v < 1L << bits; v++) {
            String name = Symbols.name(f.table(), v);
            if (name != null) {
                out.add(name);
            }
        }
        return out;
    }

    /** The fields an instruction line may set. */
    static List<String> settable(List<FieldInfo> fields) {
        return fields.stream().filter(Fields::settable).map(FieldInfo::name).toList();
    }

    /**
     * {@code " (a field of its MARIANA layout: --arch mariana)"} when the arm's layout on another
     * generation has the field, else nothing: a field the spec lays out on one generation only.
     */
    static String generations(Arm arm, String field) {
        StringBuilder on = new StringBuilder();
        for (Arch a : Arch.values()) {
            if (Layouts.view(arm, a) != null && Layouts.fields(arm, a).stream().anyMatch(f -> f.name().equals(field))) {
                on.append(on.length() == 0 ? "" : ", ").append(a.name());
            }
        }
        return on.length() == 0 ? "" : " (a field of its layout on " + on + ": give --arch)";
    }
}
