package tpb.spec.yaml;

import tpb.spec.Pos;

/** A scalar as the YAML 1.2 Core schema resolved it: {@code 0xA8} is an INT, {@code on} a STR. */
public record YScalar(Pos pos, String text, Kind kind) implements YNode {
    public enum Kind { STR, INT, FLOAT, BOOL, NULL }

    @Override
    public String kindName() {
        return "a scalar";
    }
}
