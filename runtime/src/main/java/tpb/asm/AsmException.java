package tpb.asm;

/** Malformed assembly: where (line and column, from 1) and why. */
public final class AsmException extends RuntimeException {
    private final int line;
    private final int column;

    public AsmException(int line, int column, String message) {
        super(message, null, false, false);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** {@code source:line:column: message}. */
    public String describe(String source) {
        return source + ":" + line + ":" + column + ": " + getMessage();
    }
}
