package tpb.data;

/** Where an immediate ADDR4 address points: a core memory, the start partition and the byte offset in it. */
public record Location(Memory memory, int partition, long offset) {
    @Override
    public String toString() {
        return memory.name() + "[p" + partition + "]+0x" + Long.toHexString(offset);
    }
}
