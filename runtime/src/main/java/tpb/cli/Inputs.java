package tpb.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import tpb.isa.Arch;
import tpb.spec.load.Utf8Text;

/** Reading command inputs: a file or {@code -} for stdin, and arch names. */
final class Inputs {
    private Inputs() {}

    static InputStream stdin = System.in;

    static byte[] read(String file) {
        try {
            if (file.equals("-")) {
                return stdin.readAllBytes();
            }
            Path p = Path.of(file);
            if (Files.isDirectory(p)) {
                throw new CliException(file + ": is a directory");
            }
            return Files.readAllBytes(p);
        } catch (NoSuchFileException e) {
            throw new CliException(file + ": no such file");
        } catch (IOException e) {
            throw new CliException(file + ": cannot read: " + Output.reason(e));
        }
    }

    /**
     * The text of {@code file} ({@code -}: stdin): strict UTF-8, a leading byte order mark dropped;
     * bytes that are not UTF-8 are reported at their line and column (they were read as U+FFFD).
     */
    static String text(String file) {
        try {
            return Utf8Text.decode(read(file));
        } catch (Utf8Text.NotUtf8 e) {
            throw new CliException((file.equals("-") ? "<stdin>" : file) + ":" + e.line() + ":" + e.column() + ": not UTF-8: byte "
                    + e.offset() + " starts no UTF-8 character (save the file as UTF-8)");
        }
    }

    /** Opens {@code file} ({@code -}: stdin, which closing leaves open) to be read as it is used, not loaded whole. */
    static InputStream open(String file) {
        if (file.equals("-")) {
            return new FilterInputStream(stdin) {
                @Override
                public void close() {
                    // stdin stays open
                }
            };
        }
        Path p = Path.of(file);
        if (Files.isDirectory(p)) {
            throw new CliException(file + ": is a directory");
        }
        try {
            return Files.newInputStream(p);
        } catch (NoSuchFileException e) {
            throw new CliException(file + ": no such file");
        } catch (IOException e) {
            throw new CliException(file + ": cannot read: " + Output.reason(e));
        }
    }

    static Arch arch(String name) {
        if (name == null) {
            return null;
        }
        Arch a = Arch.byName(name);
        if (a == null) {
            StringBuilder known = new StringBuilder();
            for (Arch x : Arch.values()) {
                known.append(known.length() == 0 ? "" : ", ").append(x.name().toLowerCase(Locale.ROOT))
                        .append(" (").append(String.join(", ", x.aliases())).append(')');
            }
            throw new CliException("unknown arch '" + name + "'; known: " + known, Tpb.USAGE);
        }
        return a;
    }
}
