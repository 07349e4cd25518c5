package tpb.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.data.DataRun;
import tpb.data.Npy;
import tpb.data.NpyException;
import tpb.data.Region;

/**
 * The {@code --input NAME=FILE.npy} of a data-level run, each mapped where it lies: the header is
 * read and checked against the file's length (a header promising more bytes than the file holds
 * is refused here, naming both), and the data after it is mapped read-only (a program that
 * writes its input is a fault naming the var: the user's file is never written; a copy-on-write
 * mapping would need the file opened for writing). Nothing is copied to the heap.
 * Each file's size and modification time are kept, so a file changed while mapped is reported
 * instead of a result computed from half old, half new bytes. {@code -} (stdin) is read into memory.
 */
final class MappedInputs {
    private record Stamp(Path path, long size, long modified) {}

    private final Map<String, DataRun.Input> inputs = new LinkedHashMap<>();
    private final Map<String, Stamp> stamps = new LinkedHashMap<>();

    MappedInputs(List<String> specs) {
        for (String in : specs) {
            int eq = in.indexOf('=');
            if (eq <= 0 || eq == in.length() - 1) {
                throw new CliException("--input " + in + ": expected NAME=FILE.npy", Tpb.USAGE);
            }
            String name = in.substring(0, eq);
            String file = in.substring(eq + 1);
            if (inputs.containsKey(name)) {
                throw new CliException("--input " + name + " is given twice", Tpb.USAGE);
            }
            inputs.put(name, file.equals("-") ? fromStdin(file) : map(name, file));
        }
    }

    private static DataRun.Input fromStdin(String file) {
        try {
            return DataRun.Input.of(Npy.parse(Inputs.read(file)));
        } catch (NpyException e) {
            throw new CliException("<stdin>: " + e.getMessage());
        }
    }

    private DataRun.Input map(String name, String file) {
        Path p = Path.of(file);
        if (Files.isDirectory(p)) {
            throw new CliException(file + ": is a directory");
        }
        if (Files.exists(p) && !Files.isRegularFile(p)) {
            // a FIFO would block the open until a writer came, a device has no size to map
            throw new CliException(file + ": not a regular file (a .npy input is mapped, so it must be a file; pipe one through --input NAME=-)");
        }
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
            Npy.Header h = Npy.header(ch);
            Region data;
            try {
                data = Region.map(ch, h.dataOffset(), h.dataBytes(), FileChannel.MapMode.READ_ONLY);
            } catch (IOException | OutOfMemoryError e) {
                throw new CliException(file + ": cannot map its " + h.dataBytes() + " data bytes into the address space ("
                        + e.getMessage() + ")");
            }
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            stamps.put(name, new Stamp(p, a.size(), a.lastModifiedTime().toMillis()));
            return new DataRun.Input(h.type(), h.shape(), data);
        } catch (NoSuchFileException e) {
            throw new CliException(file + ": no such file");
        } catch (NpyException e) {
            throw new CliException(file + ": " + e.getMessage());
        } catch (IOException e) {
            throw new CliException(file + ": cannot read: " + Output.reason(e));
        }
    }

    Map<String, DataRun.Input> inputs() {
        return inputs;
    }

    /** Refuses the run's result when an input file's size or modification time changed while it was mapped. */
    void checkUnchanged() {
        for (Stamp s : stamps.values()) {
            long size;
            long modified;
            try {
                BasicFileAttributes a = Files.readAttributes(s.path(), BasicFileAttributes.class);
                size = a.size();
                modified = a.lastModifiedTime().toMillis();
            } catch (IOException e) {
                throw new CliException(s.path() + ": changed while the run read it (" + Output.reason(e) + "); nothing written");
            }
            if (size != s.size() || modified != s.modified()) {
                throw new CliException(s.path() + ": changed while the run read it (" + (size != s.size()
                        ? "size " + s.size() + " -> " + size : "modified again") + "); nothing written");
            }
        }
    }
}
