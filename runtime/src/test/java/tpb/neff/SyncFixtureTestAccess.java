package tpb.neff;

/** The mutated fixtures of SyncFixtureTest, for the CLI tests. */
public final class SyncFixtureTestAccess {
    private SyncFixtureTestAccess() {}

    /** sg01's PE record 8 waits for S4 >= 3 instead of 1. */
    public static byte[] raisedWait() {
        return SyncFixtureTest.withPeRecord("sg01", 8, 8, 3);
    }
}
