package tpb.mir;

/**
 * A kernel the back end cannot compile (too many semaphores, registers that spilling cannot fit):
 * what every pass over the machine IR (lowering, allocation, codegen) throws.
 */
public final class CompileException extends RuntimeException {
    public CompileException(String message) {
        super(message, null, false, false);
    }
}
