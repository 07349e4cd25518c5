package tpb.neff;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The archive's table of contents from the opening pass: every regular file with its size, and every other entry with its kind. */
final class ArchiveToc {
    final Map<String, Long> files = new LinkedHashMap<>();
    final Map<String, String> others = new LinkedHashMap<>();

    /** The size of file {@code path}; {@code what} (e.g. {@code sg00/def.json: pe_instr names sg00/PE.bin}) heads the error when it is no file. */
    long fileSize(String what, String path) {
        Long len = files.get(path);
        if (len != null) {
            return len;
        }
        String kind = others.get(path);
        throw new NeffException(what + ", which is " + (kind == null ? "not in the archive" : kind + " in the archive, not a file"));
    }

    Map<String, Long> filesView() {
        return Collections.unmodifiableMap(files);
    }
}
