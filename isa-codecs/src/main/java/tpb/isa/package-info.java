/**
 * The TPB codecs, generated at compile time from {@code isa/tpb/isa.yaml} (module isa-spec) by
 * {@code tpb.processor.IsaProcessor}: enums, LUTs, one record and one flyweight per arm, the
 * decoder, visitor, validator, arch profiles and test vectors. Edit the YAML, not this package.
 */
@IsaSpec("isa/tpb/isa.yaml")
package tpb.isa;

import tpb.codec.IsaSpec;
