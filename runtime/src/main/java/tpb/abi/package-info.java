/**
 * The conventions a compiled record stream and whatever runs it share beyond the ISA: where
 * spilled registers live and where a kernel's registers ended up. The compiler back end writes
 * them, the simulators read them; this package imports neither.
 */
package tpb.abi;
