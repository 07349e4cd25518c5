package tpb.codegen;

/** The three modes every SP encoder runs in (seed000 §1 "The Shared 64-Byte ABI"; facts §1.1). */
public enum CodeGenMode {
    /** 0: collect the opcode set and build the per-(block, engine) PC map. */
    COLLECT_OPCODES,
    /** 1: write each record's 64 bytes. */
    GENERATE_ISACODE,
    /** 2: encode each record into a scratch buffer and run the validators; write nothing. */
    RUN_ISA_CHECKS
}
