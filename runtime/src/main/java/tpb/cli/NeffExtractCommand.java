package tpb.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tpb.neff.NeffException;

/**
 * {@code tpb neff extract FILE.neff -o DIR}: every file of the archive, laid out as in it. Written
 * into a temporary sibling of DIR and moved into place at the end, so a failure leaves nothing.
 */
@Command(name = "extract", mixinStandardHelpOptions = true,
        description = "Write the NEFF's files (engine streams, JSON descriptions, tables, debug info) into DIR, laid out as in the archive. "
                + "DIR must not exist or be empty.")
final class NeffExtractCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.neff")
    String input;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", required = true, description = "The directory to create.")
    Path output;

    @Override
    public Integer call() {
        NeffInput in = NeffInput.open(input);
        Path dir = output.toAbsolutePath().normalize();
        if (Files.exists(dir) && !(Files.isDirectory(dir) && empty(dir))) {
            throw new CliException(output + ": exists and is not an empty directory");
        }
        Path parent = dir.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new CliException(output + ": directory " + parent + " does not exist");
        }
        Path tmp;
        try {
            tmp = Files.createTempDirectory(parent, "." + dir.getFileName() + ".");
        } catch (IOException e) {
            throw new CliException(output + ": cannot write: " + e.getMessage());
        }
        long[] totals = new long[2];
        try {
            in.neff.forEachEntry((path, size, data) -> {
                Path target = tmp.resolve(path).normalize();
                if (!target.startsWith(tmp)) {
                    throw new NeffException("archive: path " + path + " escapes the archive"); // the reader checks; never reached
                }
                try {
                    Files.createDirectories(target.getParent());
                    Files.copy(data, target);
                } catch (IOException e) {
                    throw new UncheckedIOException(e); // a write failure, not the archive's
                }
                totals[0]++;
                totals[1] += size;
            });
            Files.deleteIfExists(dir);
            Files.move(tmp, dir);
        } catch (NeffException e) {
            delete(tmp);
            throw new CliException(input + ": " + e.getMessage());
        } catch (UncheckedIOException e) {
            delete(tmp);
            throw new CliException(output + ": cannot write: " + e.getCause().getMessage());
        } catch (IOException e) {
            delete(tmp);
            throw new CliException(output + ": cannot write: " + e.getMessage());
        }
        spec.commandLine().getOut().println(input + ": " + totals[0] + " files, " + totals[1] + " bytes -> " + output);
        spec.commandLine().getOut().flush();
        return Tpb.OK;
    }

    private static boolean empty(Path dir) {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            return !s.iterator().hasNext();
        } catch (IOException e) {
            return false;
        }
    }

    private static void delete(Path tree) {
        try {
            Files.walkFileTree(tree, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) throws IOException {
                    Files.delete(f);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.delete(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // best effort: the temporary directory is hidden and named after DIR
        }
    }
}
