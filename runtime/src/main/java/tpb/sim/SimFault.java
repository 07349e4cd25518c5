package tpb.sim;

/**
 * A run that cannot go on: the simulators turn it into a FAULT result, never an escaping exception.
 * Public so that the data level, which runs the ALU through {@link Semantics#alu}, can say the same.
 */
public final class SimFault extends RuntimeException {
    SimFault(String message) {
        super(message, null, false, false);
    }
}
