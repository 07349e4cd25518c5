package tpb.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Properties;
import picocli.CommandLine;
import tpb.isa.IsaInfo;
import tpb.spec.load.LoadResult;
import tpb.spec.load.SpecFiles;
import tpb.spec.load.SpecLoader;
import tpb.spec.model.IsaModel;

/**
 * {@code tpb --version}: the project version (Maven's, filtered into {@code tpb/version.properties}),
 * the commit the launcher found (system property {@code tpb.commit}: {@code git rev-parse} of the
 * checkout, {@code -dirty} with uncommitted changes to tracked files), and the built-in spec: its
 * title, what it holds, and a SHA-256 over the YAML files it was read from, in the order read, so two
 * builds can be told apart by their spec whatever their version says.
 */
final class TpbVersion implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String commit = System.getProperty("tpb.commit", "");
        return new String[] {
            "tpb " + projectVersion(),
            "commit " + (commit.isBlank() ? "unknown (not started by the tpb launcher from a git checkout)" : commit),
            "spec " + spec()
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

    /** "AWS Neuron TPB …: 176 arms (59 with a layout), 37 enums, sha-256 1a2b3c4d5e6f of its YAML". */
    static String spec() {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is in every Java platform", e);
        }
        SpecFiles classPath = SpecSource.of(SpecSource.BUILTIN).files();
        SpecFiles hashing = new SpecFiles() {
            @Override
            public Optional<String> read(String path) {
                Optional<String> text = classPath.read(path);
                text.ifPresent(t -> {
                    sha.update(path.getBytes(StandardCharsets.UTF_8));
                    sha.update(t.getBytes(StandardCharsets.UTF_8));
                });
                return text;
            }

            @Override
            public String where(String path) {
                return classPath.where(path);
            }
        };
        LoadResult r = SpecLoader.load(IsaInfo.SPEC, hashing);
        if (!r.ok()) {
            return "(the built-in spec does not load: run tpb check-spec builtin)";
        }
        IsaModel m = r.model();
        long layouts = m.arms().stream().filter(a -> !a.opaque()).count();
        return m.title() + ": " + m.arms().size() + " arms (" + layouts + " with a layout), " + m.enums().size() + " enums, sha-256 "
                + HexFormat.of().formatHex(sha.digest()).substring(0, 12) + " of its YAML";
    }
}
