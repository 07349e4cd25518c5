package tpb.spec;

/** One problem in a spec, rendered as {@code file:line:column: message}. */
public record Diagnostic(Pos pos, Message kind, String message) {
    @Override
    public String toString() {
        return pos + ": " + message;
    }
}
