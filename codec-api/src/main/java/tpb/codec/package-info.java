/**
 * The small, ISA-agnostic API that generated codecs link against: byte-order helpers, range
 * checks, violations, field metadata, the by-index {@link tpb.codec.Flyweight} view every
 * generated flyweight offers, and the {@link tpb.codec.IsaSpec} trigger. It ships in the
 * processor artifact because generated code needs it wherever the processor runs; the runtime
 * module depends on the processor at compile scope and so carries it too.
 */
package tpb.codec;
