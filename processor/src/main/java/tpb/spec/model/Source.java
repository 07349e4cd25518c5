package tpb.spec.model;

import tpb.spec.Pos;

/** Where a fact comes from (a seed section or a reference page) and how sure that source is. */
public record Source(String ref, Confidence confidence, Pos pos) {}
