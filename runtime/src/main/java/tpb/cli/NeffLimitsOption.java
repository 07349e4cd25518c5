package tpb.cli;

import java.util.Locale;
import picocli.CommandLine.Option;
import tpb.neff.NeffLimits;

/**
 * {@code --max-entry-size} and {@code --max-inflated-size}: the bounds a NEFF is read within
 * ({@link NeffLimits}), for every command that reads one. Sizes are bytes, or with a suffix
 * {@code k}, {@code m}, {@code g}, {@code t} (powers of 1024).
 */
final class NeffLimitsOption {
    @Option(names = "--max-entry-size", paramLabel = "BYTES", description = "A NEFF: the largest archive entry read whole (a JSON "
            + "description, a stream a run holds); default " + (NeffLimits.DEFAULT_MAX_ENTRY_SIZE >> 20) + "m. Suffixes k, m, g, t.")
    String maxEntrySize;

    @Option(names = "--max-inflated-size", paramLabel = "BYTES", description = "A NEFF: how far its gzip'd archive may inflate; default "
            + (NeffLimits.AUTO_BASE >> 30) + "g plus " + NeffLimits.AUTO_RATIO + " times the compressed size. Suffixes k, m, g, t.")
    String maxInflatedSize;

    NeffLimits limits() {
        long entry = maxEntrySize == null ? NeffLimits.DEFAULT_MAX_ENTRY_SIZE : bytes("--max-entry-size", maxEntrySize);
        long inflated = maxInflatedSize == null ? NeffLimits.AUTO : bytes("--max-inflated-size", maxInflatedSize);
        if (entry > Integer.MAX_VALUE - 8) {
            throw new CliException("--max-entry-size " + maxEntrySize + ": at most " + (Integer.MAX_VALUE - 8) + " bytes (a Java array)", Tpb.USAGE);
        }
        return new NeffLimits(entry, inflated);
    }

    /** {@code 123}, {@code 64k}, {@code 64m}, {@code 2g}: a positive byte count. */
    static long bytes(String option, String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        int shift = 0;
        if (!t.isEmpty()) {
            int s = "kmgt".indexOf(t.charAt(t.length() - 1));
            if (s >= 0) {
                shift = 10 * (s + 1);
                t = t.substring(0, t.length() - 1);
            }
        }
        try {
            long v = Long.parseLong(t);
            if (v <= 0 || v > Long.MAX_VALUE >> shift) {
                throw new NumberFormatException();
            }
            return v << shift;
        } catch (NumberFormatException e) {
            throw new CliException(option + " " + text + ": expected a positive number of bytes (suffixes k, m, g, t)", Tpb.USAGE);
        }
    }
}
