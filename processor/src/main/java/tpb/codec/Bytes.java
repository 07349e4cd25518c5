package tpb.codec;

/** Small byte-range helpers shared by generated validators. */
public final class Bytes {
    private Bytes() {}

    public static boolean allZero(byte[] b, int at, int size) {
        for (int i = 0; i < size; i++) {
            if (b[at + i] != 0) {
                return false;
            }
        }
        return true;
    }

    public static byte[] copy(byte[] b, int at, int size) {
        byte[] out = new byte[size];
        System.arraycopy(b, at, out, 0, size);
        return out;
    }
}
