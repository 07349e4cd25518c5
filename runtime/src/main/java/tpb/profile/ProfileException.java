package tpb.profile;

/** A profile that cannot be read as one: one line naming the file, where and why, for the user. */
public final class ProfileException extends RuntimeException {
    public ProfileException(String message) {
        super(message);
    }
}
