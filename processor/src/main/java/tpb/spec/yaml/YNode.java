package tpb.spec.yaml;

import tpb.spec.Pos;

/** A YAML node with the place it came from: the loader's only view of a spec file. */
public sealed interface YNode permits YMap, YSeq, YScalar {
    Pos pos();

    /** How a diagnostic names this kind of node ("a mapping", "a list", "a scalar"). */
    String kindName();
}
