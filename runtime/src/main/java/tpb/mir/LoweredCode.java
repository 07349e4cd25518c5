package tpb.mir;

import java.util.Map;
import tpb.ir.Register;

/** One engine's lowered machine code, and the virtual register standing for each kernel register on it. */
public record LoweredCode(EngineCode code, Map<Register, VReg> registers) {}
