/**
 * The TPB codecs, generated at build time from {@code isa/tpb/isa.yaml} (module isa-spec) by the
 * processor's writers ({@code tpb.processor.GenerateCodecs} in this module's generate-sources;
 * {@code tpb.processor.IsaProcessor} generates the same from this annotation in a consumer's
 * build): enums, LUTs, one record and one flyweight per arm, the decoder, visitor, validator, arch
 * profiles and test vectors. Edit the YAML, not this package.
 */
@IsaSpec("isa/tpb/isa.yaml")
package tpb.isa;

import tpb.codec.IsaSpec;
