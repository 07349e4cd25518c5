package tpb.lower;

/** A kernel the back end cannot compile (too many semaphores, registers that spilling cannot fit). */
public final class CompileException extends RuntimeException {
    public CompileException(String message) {
        super(message, null, false, false);
    }
}
