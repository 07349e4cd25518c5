package tpb.codec;

/**
 * A LUT's FATAL arm: the value has no encoding. The message is the source's own text, e.g.
 * "Invalid enum variant for enum AluOpType" (seed 000 §2.1).
 */
public final class FatalEncodingException extends IllegalArgumentException {
    private final String table;
    private final String key;

    public FatalEncodingException(String table, String key, String message) {
        super(message);
        this.table = table;
        this.key = key;
    }

    public String table() {
        return table;
    }

    public String key() {
        return key;
    }
}
