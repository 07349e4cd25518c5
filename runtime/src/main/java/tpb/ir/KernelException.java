package tpb.ir;

import java.util.List;
import tpb.spec.Diagnostic;

/** A kernel file that is not a valid kernel: every problem, each as file:line:column: message. */
public final class KernelException extends RuntimeException {
    private final List<Diagnostic> diagnostics;

    public KernelException(List<Diagnostic> diagnostics) {
        super(diagnostics.get(0).toString(), null, false, false);
        this.diagnostics = List.copyOf(diagnostics);
    }

    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }
}
