package tpb.sim;

/** A run that cannot go on: the simulators turn it into a FAULT result, never an escaping exception. */
final class SimFault extends RuntimeException {
    SimFault(String message) {
        super(message, null, false, false);
    }
}
