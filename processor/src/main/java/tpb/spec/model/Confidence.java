package tpb.spec.model;

/** How sure the sources are of a fact; ASSUMED marks a value this project chose to fill a gap. */
public enum Confidence { CONFIRMED, STRONG, INFERRED, SPECULATIVE, ASSUMED }
