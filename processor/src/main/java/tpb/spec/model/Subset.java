package tpb.spec.model;

import tpb.spec.Pos;

/** A named set of enum values given as a bit mask over their values: value v is in it iff bit v is set. */
public record Subset(String name, long mask, Source source, Pos pos) {}
