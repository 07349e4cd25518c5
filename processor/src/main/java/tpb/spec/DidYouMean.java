package tpb.spec;

/**
 * The "did you mean" hint of a diagnostic: the closest known name within an edit distance of 2,
 * the first of equals in the order given. Shared by the spec loader, the checker and the tools
 * (kernel reader, assembler), so they suggest alike.
 */
public final class DidYouMean {
    /** The farthest a known name may be from the given one and still be suggested. */
    public static final int MAX_DISTANCE = 2;

    private DidYouMean() {}

    /** {@code "; did you mean 'x'?"} for the closest of {@code known}, or {@code ""} when none is close. */
    public static String suggest(String name, Iterable<String> known) {
        String best = null;
        int bestD = MAX_DISTANCE + 1;
        for (String k : known) {
            int d = distance(name, k);
            if (d < bestD) {
                bestD = d;
                best = k;
            }
        }
        return best == null ? "" : "; did you mean '" + best + "'?";
    }

    /** Levenshtein distance: insertions, deletions and substitutions of one character each. */
    public static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
