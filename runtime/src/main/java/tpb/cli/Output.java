package tpb.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where a command's result goes: stdout for {@code -} or no file, otherwise a file written to a
 * temporary sibling and moved into place, so a failure never leaves it half-written.
 */
final class Output {
    private Output() {}

    static void write(String target, byte[] data, PrintWriter stdout) {
        if (target == null || target.equals("-")) {
            stdout.print(new String(data, java.nio.charset.StandardCharsets.UTF_8));
            stdout.flush();
            return;
        }
        writeFile(Path.of(target), data);
    }

    static void writeBinary(String target, byte[] data, java.io.OutputStream stdout) {
        try {
            if (target == null || target.equals("-")) {
                stdout.write(data);
                stdout.flush();
                return;
            }
        } catch (IOException e) {
            throw new CliException("cannot write to stdout: " + e.getMessage());
        }
        writeFile(Path.of(target), data);
    }

    static void writeFile(Path path, byte[] data) {
        Path abs = path.toAbsolutePath();
        Path dir = abs.getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw new CliException(path + ": directory " + dir + " does not exist");
        }
        Path tmp = null;
        try {
            tmp = Files.createTempFile(dir, "." + abs.getFileName(), ".tmp");
            Files.write(tmp, data);
            try {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new CliException(path + ": cannot write: " + e.getMessage());
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the move succeeded or the write failed; either way nothing is left half-written
                }
            }
        }
    }
}
