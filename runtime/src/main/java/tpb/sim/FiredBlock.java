package tpb.sim;

/** A DMA block a trigger fired: block {@code block} of {@code queue}, written {@code q[3]} in reports. */
public record FiredBlock(String queue, int block) {
    @Override
    public String toString() {
        return queue + "[" + block + "]";
    }
}
