package tpb.asm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import tpb.spec.DidYouMean;

/**
 * Words the tests need that are not mnemonics, made from the spec's own mnemonic list so that no
 * name a user gives a new opcode (docs/adding-an-opcode.md) can make one known or change the hint
 * it draws. An unknown word is farther than the suggester's distance from every mnemonic, as given
 * and without case (the assembler tries both); a typo of a mnemonic is strictly nearer that
 * mnemonic than any other, so "did you mean" names it whatever the order of the list.
 */
public final class Misspellings {
    private Misspellings() {}

    /**
     * A word at more than {@link DidYouMean#MAX_DISTANCE} edits from every mnemonic: the first of a
     * few short ones that is, else one longer than every mnemonic by more than that distance (an
     * edit distance is at least the difference of the lengths).
     */
    public static String unknownMnemonic() {
        List<String> known = folded();
        for (String w : List.of("frob", "quux", "zyzzy", "blorp")) {
            if (farFromAll(w, known)) {
                return w;
            }
        }
        int longest = known.stream().mapToInt(String::length).max().orElse(0);
        return "z".repeat(longest + DidYouMean.MAX_DISTANCE + 1);
    }

    /** {@link #typoOf(String, String)} trying first the last two letters swapped ({@code exit}: {@code exti}). */
    public static String typoOf(String mnemonic) {
        int n = mnemonic.length();
        return typoOf(mnemonic, n < 2 ? mnemonic : mnemonic.substring(0, n - 2) + mnemonic.charAt(n - 1) + mnemonic.charAt(n - 2));
    }

    /**
     * A one-edit misspelling of {@code mnemonic} (the given {@code first} when it qualifies) that is
     * no mnemonic and is nearer {@code mnemonic} than every other mnemonic, as given and without case.
     */
    public static String typoOf(String mnemonic, String first) {
        List<String> known = Stream.concat(Hints.mnemonics().stream(), folded().stream()).distinct().toList();
        for (String t : edits(mnemonic, first)) {
            int to = DidYouMean.distance(t, mnemonic);
            if (to > 0 && known.stream().filter(k -> !k.equals(mnemonic)).allMatch(k -> DidYouMean.distance(t, k) > to)) {
                return t;
            }
        }
        throw new AssertionError("every one-edit misspelling of '" + mnemonic + "' is as near another mnemonic");
    }

    /** Whether {@code word} is farther than the suggester looks from every name of {@code known}. */
    static boolean farFromAll(String word, List<String> known) {
        return known.stream().allMatch(k -> DidYouMean.distance(word, k) > DidYouMean.MAX_DISTANCE);
    }

    /** Every mnemonic and its lower-case form (the assembler matches names without case). */
    static List<String> folded() {
        List<String> out = new ArrayList<>(Hints.mnemonics());
        Hints.mnemonics().forEach(m -> out.add(m.toLowerCase(Locale.ROOT)));
        return out.stream().distinct().toList();
    }

    /** {@code first}, then every swap of neighbours, deletion and substitution by a letter of {@code w}. */
    private static List<String> edits(String w, String first) {
        List<String> out = new ArrayList<>(List.of(first));
        for (int i = 0; i + 1 < w.length(); i++) {
            out.add(w.substring(0, i) + w.charAt(i + 1) + w.charAt(i) + w.substring(i + 2));
        }
        for (int i = 0; i < w.length(); i++) {
            out.add(w.substring(0, i) + w.substring(i + 1));
            for (char c = 'a'; c <= 'z'; c++) {
                out.add(w.substring(0, i) + c + w.substring(i + 1));
            }
        }
        return out;
    }
}
