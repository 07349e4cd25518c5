package tpb.spec;

/** A place in a spec file: what every diagnostic points at. Lines and columns count from 1. */
public record Pos(String file, int line, int column) {
    public static Pos of(String file) {
        return new Pos(file, 1, 1);
    }

    @Override
    public String toString() {
        return line <= 0 ? file : file + ":" + line + ":" + column;
    }
}
