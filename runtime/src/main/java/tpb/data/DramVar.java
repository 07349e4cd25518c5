package tpb.data;

/**
 * One DRAM variable of a NEFF's {@code def.json} {@code var} table: an input (its .npy mapped), an
 * output, a file var (its bytes from the NEFF's own {@code .npy}), a virtual var (a slice of its
 * core's backing space, {@code backing_variable_off}) or the state buffer's stand-in. Inputs,
 * outputs and file vars are shared by every core of the program by name; its bytes are a
 * {@link Region}, addressed by {@code long}.
 */
public record DramVar(String name, int id, String kind, Region region) {
    /** A var over {@code bytes} (tests, small programs). */
    public DramVar(String name, int id, String kind, byte[] bytes) {
        this(name, id, kind, Region.of(bytes));
    }

    public long size() {
        return region.size();
    }

    /** A copy of the var's bytes (small vars only). */
    public byte[] bytes() {
        return region.toBytes();
    }
}
