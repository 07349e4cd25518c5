package tpb.bench;

import tpb.isa.IsaInfo;
import tpb.stream.RecordStream;

/**
 * Walks a stream record by record at the stride. The visitor gets the array and the record's
 * offset, so a flyweight can wrap it: nothing is allocated per record. StreamBench's walks (what a
 * tool's loop over a stream costs); no tool needs it, so it lives with the benchmark.
 */
final class Walker {
    /** Called once per record. */
    @FunctionalInterface
    interface RecordVisitor {
        void visit(int index, byte[] bytes, int offset);
    }

    private Walker() {}

    static void walk(RecordStream stream, RecordVisitor visitor) {
        byte[] b = stream.bytes();
        int end = stream.length();
        for (int off = 0, i = 0; off < end; off += RecordStream.STRIDE, i++) {
            visitor.visit(i, b, off);
        }
    }

    /** How many records carry {@code opcode} (a walk whose work is one byte per record). */
    static int countOpcode(RecordStream stream, int opcode) {
        byte[] b = stream.bytes();
        int end = stream.length();
        byte op = (byte) opcode;
        int n = 0;
        for (int off = IsaInfo.OPCODE_OFFSET; off < end; off += RecordStream.STRIDE) {
            if (b[off] == op) {
                n++;
            }
        }
        return n;
    }
}
