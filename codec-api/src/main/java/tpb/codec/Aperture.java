package tpb.codec;

/** A named address window [base, base + size) of an arch profile. */
public record Aperture(String name, long base, long size) {
    public boolean contains(long address) {
        return address >= base && address - base < size;
    }
}
