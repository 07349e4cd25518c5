package tpb.data;

import java.util.List;

/**
 * What the data level decided where the sources are silent or only the fixture speaks, with the
 * confidence and the evidence; the doc site's assumptions page lists them (docs/data-level.md,
 * "Semantics per opcode", says the same at more length).
 */
public final class DataAssumptions {
    private DataAssumptions() {
    }

    /** One decision: what, its confidence (the spec's words), and why. */
    public record Decision(String what, String confidence, String evidence) {}

    public static final List<Decision> ALL = List.of(
            new Decision("LDWEIGHTS places the j-th element read in column cols-1-j (LAST_COL_FIRST) on cayman", "INFERRED",
                    "«PEPATH» §3.1 states it for v4+ only; the fixture's loads read each row backwards, and only this order "
                            + "reproduces x @ y (FIRST_COL_FIRST reverses the output rows; DataFixtureTest runs both)"),
            new Decision("MATMUL transpose_mode 1 (an identity as the moving tile) moves the stationary's elements bit for bit "
                    + "where the profile's pe_transpose_bit_exact is 1 (cayman, mariana), computes the product where it is 0 (sunda, "
                    + "whose MATMUL has no transpose_mode: its transposes are plain matmuls against the identity), "
                    + "and writes the input dtype (fp16) into PSUM", "STRONG",
                    "NKI nki.isa.nc_transpose: bit-accurate from NeuronCore-v3 on, not for NaN/Inf on v2, dst has the data's dtype "
                            + "(conflict pe-transpose-psum-dtype with facts §4.1's PSUM dtype rule); the fixture's transposes write "
                            + "128 elements 0x100 bytes apart in one PSUM bank, one 512-byte INT32 COPY moves both, LDWEIGHTS "
                            + "re-reads them as fp16; fp32 outputs would overlap"),
            new Decision("MATMUL transpose_mode 1 with a moving tile other than the rows x rows identity is a fault", "ASSUMED",
                    "nc_transpose always passes an identity; no source says what the PE computes in transpose mode from anything else"),
            new Decision("MATMUL's BEGIN flag overwrites only the elements it writes", "INFERRED",
                    "the fixture's two SINGLE transposes share PSUM bank 1 (0x800, 0x900); zeroing psum_zero_region's whole bank "
                            + "would erase the first"),
            new Decision("MATMUL sums in fp32 in row order k = 0, 1, ...; PSUM accumulation adds in fp32", "ASSUMED",
                    "datapath-facts §2.1: fp32 PSUM; the order of the PE array's adds is not stated"),
            new Decision("DMA_DIRECT2D DGE_IMMEDIATE entry e names def.json's dge-table list[e]", "INFERRED",
                    "the fixture's entries 0, 1, 2 read x and y and write output0 with steps matching their rows"),
            new Decision("A DMA_DIRECT2D completion adds sem_increment to semaphore", "INFERRED",
                    "the fixture's DMAs carry 16 and the records that use their data wait for >= 16"),
            new Decision("DMA_DIRECT2D walks num[0] x num[1] runs with dimension 0 innermost", "ASSUMED",
                    "facts §3.11 gives the fields, not the order; the fixture's DMAs have num[1] = 1"),
            new Decision("PSUM partition stride 0x4000 (8 banks x 2 KiB)", "INFERRED",
                    "facts §4.1: v3 PSUM band 0x2000000..0x2003FFF; the fixture starts every PSUM pattern at partition 0"),
            new Decision("fp32 to fp16/bf16 rounds to nearest, ties to even; fp16 overflows to infinity from 65520", "ASSUMED",
                    "IEEE default and numpy's; the sources name no rounding mode"),
            new Decision("TENSOR_TENSOR and ACTIVATE compute in fp32 when any operand is a float", "ASSUMED",
                    "the sources give the layouts, not the arithmetic width"),
            new Decision("ACTIVATE's functions are their mathematical definitions in double, rounded once to fp32 (exp, ln, "
                    + "sigmoid, silu, softplus, mish, gelu_apprx_tanh, sqrt, reciprocal_sqrt, ...)", "ASSUMED",
                    "the hardware evaluates each by a piecewise table (the NEFF profile's exp_400p, reciprocal_sqrt_40000p), not "
                            + "modelled; NKI's pages give the formulas of sigmoid, erf, softplus (nki.language.softplus: "
                            + "log(1 + exp(x))) and mish (nki.language.mish: x * tanh(softplus(x))) and only the names of the "
                            + "others; gelu is taken as x·Φ(x) (torch's exact GELU) and gelu_apprx_sigmoid as x·sigmoid(1.702x) "
                            + "(Hendrycks and Gimpel)"),
            new Decision("An ACTIVATE function id names one function in every table set; the names are the union of the profiles "
                    + "of the sets the ACT engine lists, so a table-set load changes nothing", "INFERRED",
                    "qwen3-attn-tkg-v6 packs two profiles (reciprocal_sqrt_and_small, natural_log_exp_and_others) whose 14 shared "
                            + "functions have one id in each; its ACTIVATEs use 29 from the first and 7 from the second"),
            new Decision("GroupResetSemaphores, Exit, SwitchQueueInstance, ResetQueueInstance, Drain, InstructionFlush, BranchHint "
                    + "and PseudoLoadActFuncSet have no data effect", "ASSUMED",
                    "their effects are on semaphores, queue cursors or control, which the synchronisation level runs; a drain "
                            + "waits for nothing where every record completes as it runs"),
            new Decision("ACTIVATE's accumulator_cmd ZERO, ACCUMULATE and ZERO_ACCUMULATE are NKI's reduce_cmd reset, reduce and "
                    + "reset_reduce: one fp32 register a partition, summing the activated values before the output's rounding, one "
                    + "add at a time in walk order; ACTIVATION_READ_ACCUMULATOR writes them, negated when negated is 1", "INFERRED",
                    "NKI nki.isa.activation names the four commands and the 128 32-bit registers; the pairing is by name, the "
                            + "order, the rounding and the negation are not stated (ASSUMED)"),
            new Decision("ACTIVATE copy is the identity after the scale and bias, as every function (f(in * scale + bias))", "INFERRED",
                    "NKI nki.isa.activation states the scale and bias for every function; qwen3-attn-tkg-v6 puts tensor_scalar's "
                            + "multiply by 1/128 and add of 1e-6 into copy ACTIVATEs, and equals its kernel only so "
                            + "(Qwen3AttentionNumbersTest; an earlier reading, copy without them, was ASSUMED)"),
            new Decision("Fresh SBUF, PSUM and output vars read as zero", "ASSUMED", "not stated"),
            new Decision("A virtual var is bytes [backing_variable_off, +size) of a backing space of its own core", "INFERRED",
                    "matmul_large.neff: sg00 names its RematSpillSave vars i0..i15, sg01 i256..i271, with the same offsets (0 .. 7.5 MiB); "
                            + "the cores share no semaphores, so one backing space for both would make the compiler's own output a "
                            + "cross-core race; def.json names no backing var"),
            new Decision("An internal var is its core's own zeroed bytes", "ASSUMED",
                    "no fixture has one; shared by name it would be racy for the same reason as the virtual vars"),
            new Decision("An fp32 MATMUL pair (LDWEIGHTS fp32_mode LOW then HIGH, each with a MATMUL into one PSUM group) "
                    + "splits each weight into its bfloat16-truncated top 16 bits (HIGH) and the exact rest (LOW)", "ASSUMED",
                    "every fp32 matmul of the attention (cayman) and conv2d (sunda) NEFFs is such a pair; the hardware's split is not "
                            + "public, and any exact split gives the fp32 product to within rounding (AttentionNumbersTest's bound); "
                            + "«PEPATH» §4.3 calls LOW the reduced-mantissa (TF32) pass, which as a pass over the whole weight beside a "
                            + "HIGH one would count each product twice (conflict fp32-matmul-split)"),
            new Decision("MATMUL fp32_mode is the part of the FP32 moving tile multiplied, split as the weights are: LOW_HIGH the "
                    + "whole tile, HIGH its top 16 bits, LOW the rest", "INFERRED",
                    "the sunda conv2d NEFFs (neuronx-cc 2.18) say HIGH only where the moving tile is their fp32 identity constant "
                            + "(PE transposes of the weights), which its top 16 bits hold exactly, and LOW_HIGH elsewhere; the cayman "
                            + "attention NEFFs say LOW_HIGH; the conv2d outputs equal numpy's to 5e-7 relative so"),
            new Decision("A PE row/col group (one bit a quadrant of the profile's num_part_per_quadrant) need only hold the "
                    + "record's active rows and columns; which quadrants changes no value", "INFERRED",
                    "the sunda conv2d NEFFs load 1 x 128 tiles (num_active_rows 1) with row_grp 0x1 to turn the bias row into a "
                            + "column, and equal numpy's conv2d so; datapath-facts §2.1 gives the encoding, not the placement"),
            new Decision("An fp32 transpose load (transpose_mode 1, fp32_mode LOW) moves the whole value", "INFERRED",
                    "every fp32 transpose load of the attention NEFFs says LOW and its output is used as the whole transposed data"),
            new Decision("TENSOR_REDUCE combines a run's elements left to right in walk order, in fp32", "ASSUMED",
                    "NKI tensor_reduce: fp32 arithmetic and negate; the order of the adds is not stated"),
            new Decision("A scalar by pointer (TENSOR_SCALAR imm, ACTIVATE bias and scale) is one value a partition at the immediate's "
                    + "ADDR4 address, lane p reading partition p after it; TENSOR_SCALAR's and ACTIVATE's scale are fp32", "INFERRED",
                    "the attention NEFFs: every pointer is where a RECIPROCAL or a negated TENSOR_REDUCE wrote one value a partition; "
                            + "ActivateQuantize's bias_addr is typed PARTITION_OFFSET (datapath-facts §3.2); the Qwen3 MoE NEFF's copy "
                            + "ACTIVATEs take each routing weight as their scale by pointer (the scale's fp32 ASSUMED: the record gives it no dtype)"),
            new Decision("DMA_DIRECT2D ADDR8 mode DGE_OFFSET_REGISTER: the DGE entry's var at the byte offset the named register of the "
                    + "executing engine holds; the bound-check register is not modelled", "INFERRED",
                    "facts §4.2 places the register id (+0) and the entry (+4); the Qwen3 MoE NEFF scales an expert index to its bf16 "
                            + "byte offset into that register, as its kernel's .ap(scalar_offset, indirect_dim=0) asks, and equals the kernel so "
                            + "(Qwen3MoeNumbersTest); the bound is in no source"),
            new Decision("TensorLoadPhysical of the state-buffer var reads the SBUF at var_offset (partition 0 of the address)", "INFERRED",
                    "the Qwen3 MoE NEFF loads each expert index from var 0 at the SBUF row a DMA filled with them"),
            new Decision("A PseudoExtension record (0xDA) does nothing of its own at the data level", "ASSUMED",
                    "its payload is in no source (conflict pseudo-extension); the Qwen3 MoE NEFF equals its kernel with it so"),
            new Decision("RECIPROCAL is an IEEE fp32 division 1/x rounded to nearest", "ASSUMED",
                    "NKI reciprocal gives the function, not its precision"));
}
