package tpb.cli;

/** A failure a command reports as one line and an exit code (1 invalid input by default). */
public final class CliException extends RuntimeException {
    private final int exitCode;

    public CliException(String message) {
        this(message, Tpb.INVALID_INPUT);
    }

    public CliException(String message, int exitCode) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
