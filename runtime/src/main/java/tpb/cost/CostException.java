package tpb.cost;

/** Bad input to the cost model (a profile, a model file, a generation without figures): one line, for the user. */
public final class CostException extends RuntimeException {
    public CostException(String message) {
        super(message);
    }
}
