package tpb.spec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Collects diagnostics and keeps going, so that one build shows every error of a spec — causes,
 * not their knock-ons: what the loader leaves out of the model after reporting why is noted here,
 * and a later check that finds a reference to it stays silent (the reference is not the mistake).
 */
public final class Diagnostics {
    private final List<Diagnostic> list = new ArrayList<>();
    private final Set<String> leftOut = new HashSet<>();
    private boolean fileLeftOut;

    public void error(Pos pos, Message kind, Object... args) {
        list.add(new Diagnostic(pos, kind, kind.format(args)));
    }

    /**
     * Notes that the {@code kind} named {@code name} (an arm, an enum, a field "Arm.field", ...)
     * was left out of the model after an error said why.
     */
    public void leftOut(String kind, String name) {
        leftOut.add(kind + " " + name);
    }

    /**
     * Notes that a whole file was left out after an error said why (it is not YAML, not UTF-8, not
     * there): any name might have been defined in it.
     */
    public void fileLeftOut() {
        fileLeftOut = true;
    }

    /**
     * Whether {@code name} was left out after an error — or a file was, which might have defined
     * it — so a reference to it is a knock-on, not a cause.
     */
    public boolean isLeftOut(String kind, String name) {
        return fileLeftOut || leftOut.contains(kind + " " + name);
    }

    /** Whether anything of {@code kind} inside {@code scope} ("field G.x" for scope G) was left out after an error, or a file was. */
    public boolean isAnyLeftOut(String kind, String scope) {
        return fileLeftOut || leftOut.stream().anyMatch(k -> k.startsWith(kind + " " + scope + "."));
    }

    public boolean hasErrors() {
        return !list.isEmpty();
    }

    public int count() {
        return list.size();
    }

    /**
     * The diagnostics about a file's own text: it cannot be read as YAML, or a key, node or name in it
     * is malformed. Such an error leaves part of the model out, and what refers to that part then
     * fails too (an unknown enum value, no enum with a role): those follow, as consequences.
     */
    private static final Set<Message> ROOT = java.util.EnumSet.of(Message.SPEC_NOT_FOUND, Message.INCLUDE_NOT_FOUND, Message.INCLUDE_CYCLE,
            Message.YAML_SYNTAX, Message.EMPTY_FILE, Message.ALIAS_BOMB, Message.ALIAS_EXPANSION, Message.NESTING, Message.UNSAFE_TAG,
            Message.FILE_TOO_LARGE, Message.DUPLICATE_KEY, Message.UNKNOWN_KEY, Message.MISSING_KEY, Message.WRONG_NODE, Message.BAD_NUMBER,
            Message.BAD_CONFIDENCE, Message.UNKNOWN_KIND, Message.UNKNOWN_TYPE);

    /** Whether {@code d} is about a file's own text (a root cause), not about what the model holds. */
    public static boolean isRoot(Diagnostic d) {
        return ROOT.contains(d.kind());
    }

    /**
     * Root causes first ({@link #isRoot}: a YAML syntax error, a malformed key or name), then the
     * rest; each part in file order, then line and column: the order a reader fixes them in
     * (one unterminated quote can leave out a file whose names a hundred references then miss; its
     * diagnostic must come first, not after the cap of 100 hides it).
     */
    public List<Diagnostic> sorted() {
        List<Diagnostic> copy = new ArrayList<>(list);
        copy.sort(Comparator.comparing((Diagnostic d) -> !isRoot(d))
                .thenComparing(d -> d.pos().file())
                .thenComparingInt(d -> d.pos().line())
                .thenComparingInt(d -> d.pos().column()));
        return copy;
    }
}
