package tpb.data;

/** A {@code .npy} file this reader does not accept; the message is one line saying why. */
public final class NpyException extends RuntimeException {
    public NpyException(String message) {
        super(message);
    }
}
