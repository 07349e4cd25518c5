package tpb.neff;

import tpb.stream.RecordStream;

/** One engine's instruction stream in a subgraph: the def.json key's engine ({@code pe} for {@code pe_instr}), its archive path, its records. */
public record EngineStream(String engine, String path, RecordStream stream) {}
