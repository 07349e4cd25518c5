package tpb.neff;

/** A NEFF that cannot be read as one: the message is one line naming where and why. */
public class NeffException extends RuntimeException {
    public NeffException(String message) {
        super(message, null, false, false);
    }
}
