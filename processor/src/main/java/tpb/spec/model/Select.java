package tpb.spec.model;

import tpb.spec.Pos;

/** How arms sharing an opcode are told apart: the byte(s) at {@code at} equal a value, or "otherwise". */
public record Select(int at, ScalarType type, Long equals, boolean otherwise, Pos pos) {}
