package tpb.neff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/** The NEFF's small JSON descriptions read with one-line errors that name the archive path. */
final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {}

    static JsonNode parse(String path, byte[] bytes) {
        try {
            JsonNode n = MAPPER.readTree(bytes);
            if (n == null || n.isMissingNode()) {
                throw new NeffException(path + ": empty, not JSON");
            }
            return n;
        } catch (JsonProcessingException e) {
            throw new NeffException(path + ": malformed JSON at line " + e.getLocation().getLineNr() + " column "
                    + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new NeffException(path + ": cannot read: " + e.getMessage());
        }
    }

    /** {@code n.key} as text, or null when absent or JSON null. */
    static String text(JsonNode n, String key) {
        JsonNode v = n.get(key);
        return v == null || v.isNull() ? null : v.asText();
    }
}
