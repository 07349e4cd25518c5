package tpb.stream;

/** A device memory region that a code segment lives in (dmem_buf_copyin / dmem_buf_copyout). */
interface Dmem {
    long size();

    void copyIn(byte[] src, int srcOffset, long dmemOffset, int length);

    void copyOut(byte[] dst, int dstOffset, long dmemOffset, int length);

    /** A dmem backed by a byte array. */
    static Dmem ofBytes(byte[] memory) {
        return new Dmem() {
            @Override
            public long size() {
                return memory.length;
            }

            @Override
            public void copyIn(byte[] src, int srcOffset, long dmemOffset, int length) {
                System.arraycopy(src, srcOffset, memory, (int) dmemOffset, length);
            }

            @Override
            public void copyOut(byte[] dst, int dstOffset, long dmemOffset, int length) {
                System.arraycopy(memory, (int) dmemOffset, dst, dstOffset, length);
            }
        };
    }
}
