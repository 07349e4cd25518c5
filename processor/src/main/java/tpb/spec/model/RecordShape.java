package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * The fixed record every arm fills: size, byte order, stride, where the opcode sits, the shared preamble.
 * {@code opcodePos} is where the record's {@code opcode:} is written, {@code pos} the record itself.
 */
public record RecordShape(int size, boolean littleEndian, int stride, int opcodeAt, String opcodeEnum,
        List<FieldDef> preamble, boolean opaqueUnlisted, Source source, Pos opcodePos, Pos pos) {
    public RecordShape {
        preamble = List.copyOf(preamble);
    }
}
