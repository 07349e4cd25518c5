package tpb.data;

/**
 * A record the data level cannot execute: an address outside its memory, a mode or opcode
 * without written semantics, operands that do not agree. The message is one line naming the
 * thing; the runner prefixes the engine and record.
 */
public final class DataFault extends RuntimeException {
    public DataFault(String message) {
        super(message);
    }
}
