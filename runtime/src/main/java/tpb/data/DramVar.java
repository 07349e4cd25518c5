package tpb.data;

/**
 * One DRAM variable of a NEFF's {@code def.json} {@code var} table: an input, an output, a file
 * var (its bytes from the NEFF's own {@code .npy}), or the state buffer's stand-in. Shared by
 * every core of the program.
 */
public record DramVar(String name, int id, String kind, byte[] bytes) {
    public int size() {
        return bytes.length;
    }
}
