/** The made-up ISA with 16-bit opcodes in 8-byte big-endian records (src/test/resources/isa/wide). */
@IsaSpec("isa/wide/isa.yaml")
package tpb.wide;

import tpb.codec.IsaSpec;
