/** The made-up 16-byte big-endian ISA of the processor's tests (src/test/resources/isa/mini). */
@IsaSpec("isa/mini/isa.yaml")
package tpb.mini;

import tpb.codec.IsaSpec;
