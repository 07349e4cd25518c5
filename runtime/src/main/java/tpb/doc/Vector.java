package tpb.doc;

import java.util.ArrayList;
import java.util.List;
import tpb.spec.model.Example;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Leaf;

/** A test vector: its record bytes as a hex dump, 16 to a line (each line ends in its newline) (partial {@code vector}). */
record Vector(String name, String doc, List<String> dump) {

    static Vector of(IsaModel model, List<Leaf> leaves, Example e) {
        List<String> dump = new ArrayList<>();
        byte[] b = e.bytes();
        for (int i = 0; i < b.length; i += 16) {
            StringBuilder line = new StringBuilder(String.format("%02X: ", i));
            for (int j = i; j < i + 16 && j < b.length; j++) {
                line.append(String.format("%02x ", b[j] & 0xFF));
            }
            dump.add(line.append('\n').toString());
        }
        return new Vector(e.name(), e.doc(), dump);
    }
}
