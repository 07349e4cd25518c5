package tpb.spec.load;

import java.io.PrintStream;
import java.nio.file.Path;
import tpb.spec.Diagnostic;

/**
 * The spec module's own build step: checks a spec directory with the processor's loader and
 * checker before any Java compiles, so a spec error ends the build with only the spec's messages
 * (the codecs' javac run would bury them under "cannot find symbol" errors from the sources that
 * use the codecs). Paths are printed as given plus the spec-relative path, so a prefix relative to
 * the project root makes them clickable from there.
 *
 * <p>{@code SpecCheck DIR ROOT [PREFIX]}: load {@code DIR/ROOT}; print every diagnostic as
 * {@code PREFIX file:line:column: message} on stderr; exit 1 (throw, inside Maven) when any stands.
 */
public final class SpecCheck {
    private SpecCheck() {}

    /** Thrown to fail the build step; its message is the one-line summary. */
    public static final class SpecErrors extends RuntimeException {
        SpecErrors(String message) {
            super(message, null, false, false);
        }

        /** The summary after {@code errors} diagnostics of {@code prefix + root} were printed. */
        public static SpecErrors of(String prefix, String root, int errors) {
            return new SpecErrors(prefix + root + ": " + errors + " error(s) in the ISA spec (listed above); nothing was compiled");
        }
    }

    public static void main(String[] args) {
        if (args.length < 2 || args.length > 3) {
            throw new IllegalArgumentException("usage: SpecCheck DIR ROOT [PREFIX]");
        }
        int errors = check(Path.of(args[0]), args[1], args.length == 3 ? args[2] : "", System.err);
        if (errors > 0) {
            throw SpecErrors.of(args.length == 3 ? args[2] : "", args[1], errors);
        }
    }

    /** Prints every diagnostic of {@code dir/root}, each path prefixed with {@code prefix}; returns their count. */
    public static int check(Path dir, String root, String prefix, PrintStream err) {
        return errors(load(dir, root, prefix, err));
    }

    /** Loads {@code dir/root} and prints every diagnostic as {@link #check} does. */
    public static LoadResult load(Path dir, String root, String prefix, PrintStream err) {
        LoadResult r = SpecLoader.load(root, SpecFiles.directory(dir));
        for (Diagnostic d : r.diagnostics().sorted()) {
            err.println(prefix + d);
        }
        return r;
    }

    /** How many errors stop {@code r} (at least one when it has no model). */
    public static int errors(LoadResult r) {
        return r.ok() ? 0 : Math.max(1, r.diagnostics().count());
    }
}
