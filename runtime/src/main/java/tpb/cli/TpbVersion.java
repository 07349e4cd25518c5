package tpb.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Properties;
import picocli.CommandLine;
import tpb.isa.IsaInfo;

/**
 * {@code tpb --version}: the project version (Maven's, filtered into {@code tpb/version.properties}),
 * the commit the launcher found (system property {@code tpb.commit}: {@code git rev-parse} of the
 * checkout, {@code -dirty} with uncommitted changes to tracked files), the built-in spec (its title,
 * what it holds and a SHA-256 over the resolved model the build generated the codecs from, so two
 * builds can be told apart by their spec whatever their version says), and the Java it runs on.
 * Everything comes from what the build wrote: reading the model JSON takes a fraction of the time
 * loading and checking the YAML would, so {@code --version} answers as fast as {@code --help}.
 */
final class TpbVersion implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String commit = System.getProperty("tpb.commit", "");
        return new String[] {
            "tpb " + projectVersion(),
            "commit " + (commit.isBlank() ? "unknown (not started by the tpb launcher from a git checkout)" : commit),
            "spec " + spec(),
            "java " + java()
        };
    }

    static String projectVersion() {
        Properties p = new Properties();
        try (InputStream in = TpbVersion.class.getResourceAsStream("/tpb/version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            return "unknown";
        }
        return p.getProperty("version", "unknown");
    }

    /** "25.0.1 (Eclipse Adoptium, /usr/lib/jvm/temurin-25-jdk-amd64)": the runtime's version, vendor and home. */
    static String java() {
        return Runtime.version() + " (" + System.getProperty("java.vendor") + ", " + System.getProperty("java.home") + ")";
    }

    /** "AWS Neuron TPB …: 176 arms (61 with a layout), 38 enums, sha-256 1a2b3c4d5e6f of its model". */
    static String spec() {
        byte[] model;
        try (InputStream in = IsaInfo.openModel()) {
            if (in == null) {
                return "(the resolved spec resource " + IsaInfo.MODEL_RESOURCE + " is missing from the build)";
            }
            model = in.readAllBytes();
        } catch (IOException e) {
            return "(the resolved spec cannot be read: " + e.getMessage() + ")";
        }
        String title = "";
        int arms = 0;
        int layouts = 0;
        int enums = 0;
        // a streaming read of the top level (jackson-core alone: a tree would load databind, half the time)
        try (JsonParser p = new JsonFactory().createParser(model)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                switch (name) {
                    case "title" -> title = p.getText();
                    case "enums" -> enums = elements(p, null);
                    case "arms" -> {
                        int[] opaque = new int[1];
                        arms = elements(p, opaque);
                        layouts = arms - opaque[0];
                    }
                    default -> p.skipChildren();
                }
            }
        } catch (IOException e) {
            return "(the resolved spec is not JSON: " + e.getMessage() + ")";
        }
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is in every Java platform", e);
        }
        return title + ": " + arms + " arms (" + layouts + " with a layout), " + enums + " enums, sha-256 " + HexFormat.of().formatHex(sha.digest(model)).substring(0, 12) + " of its model";
    }

    /** The elements of the array the parser is at, skipped; {@code opaque[0]} counts those whose "opaque" is true. */
    private static int elements(JsonParser p, int[] opaque) throws IOException {
        int n = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            n++;
            if (opaque == null) {
                p.skipChildren();
                continue;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                if (p.nextToken() == JsonToken.VALUE_TRUE && field.equals("opaque")) {
                    opaque[0]++;
                }
                p.skipChildren();
            }
        }
        return n;
    }
}
