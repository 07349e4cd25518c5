package tpb.spec;

import java.util.Locale;
import java.util.Set;
import javax.lang.model.SourceVersion;

/**
 * How spec names become Java names, in one place so the writers, the checker (which proves the
 * Java names do not collide) and the tools agree: {@code not_equal -> NOT_EQUAL},
 * {@code PseudoDMATrigger -> PSEUDO_DMA_TRIGGER}, {@code src0_lo -> src0Lo},
 * {@code EVENTS_EXTENDED -> EventsExtended}.
 */
public final class Names {
    /** Names a record component or accessor cannot take: they would clash with java.lang.Object. */
    private static final Set<String> OBJECT_METHODS = Set.of(
            "clone", "finalize", "getClass", "hashCode", "notify", "notifyAll", "toString", "wait", "equals");

    private Names() {}

    private static String escape(String r) {
        return SourceVersion.isKeyword(r) || OBJECT_METHODS.contains(r) ? r + "_" : r;
    }

    public static boolean isIdentifier(String s) {
        return s != null && s.matches("[A-Za-z_][A-Za-z0-9_]*");
    }

    public static String upperSnake(String s) {
        String r = s.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replaceAll("([A-Z]+)([A-Z][a-z])", "$1_$2");
        return r.toUpperCase(Locale.ROOT);
    }

    public static String pascal(String s) {
        boolean shouting = s.equals(s.toUpperCase(Locale.ROOT));
        StringBuilder b = new StringBuilder();
        for (String part : s.split("_")) {
            if (part.isEmpty()) {
                continue;
            }
            String p = shouting ? part.toLowerCase(Locale.ROOT) : part;
            b.append(Character.toUpperCase(p.charAt(0))).append(p, 1, p.length());
        }
        return b.toString();
    }

    public static String camel(String s) {
        String p = pascal(s);
        boolean shouting = s.equals(s.toUpperCase(Locale.ROOT)) && !s.contains("_");
        String r = shouting ? s.toLowerCase(Locale.ROOT) : Character.toLowerCase(p.charAt(0)) + p.substring(1);
        return escape(r);
    }

    /** Java names of a dotted leaf path: {@code events.wait_mode -> eventsWaitMode}. */
    public static String camelPath(String path) {
        String[] parts = path.split("\\.");
        StringBuilder b = new StringBuilder(camel(parts[0]).replaceAll("_$", ""));
        for (int i = 1; i < parts.length; i++) {
            b.append(pascal(parts[i]));
        }
        return escape(b.toString());
    }

    public static String hex(long v) {
        return "0x" + Long.toHexString(v).toUpperCase(Locale.ROOT);
    }
}
