package tpb.spec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Collects diagnostics and keeps going, so that one build shows every error of a spec. */
public final class Diagnostics {
    private final List<Diagnostic> list = new ArrayList<>();

    public void error(Pos pos, Message kind, Object... args) {
        list.add(new Diagnostic(pos, kind, kind.format(args)));
    }

    public boolean hasErrors() {
        return !list.isEmpty();
    }

    public int count() {
        return list.size();
    }

    /** In file order, then line and column: the order a reader fixes them in. */
    public List<Diagnostic> sorted() {
        List<Diagnostic> copy = new ArrayList<>(list);
        copy.sort(Comparator.comparing((Diagnostic d) -> d.pos().file())
                .thenComparingInt(d -> d.pos().line())
                .thenComparingInt(d -> d.pos().column()));
        return copy;
    }
}
