package tpb.neff;

/** Archive member names: relative, '/'-separated, never leaving the archive. */
final class ArchivePath {
    private ArchivePath() {}

    /** The normalised path ({@code ./} and empty segments dropped), or a NeffException when it is absolute or climbs out with {@code ..}. */
    static String check(String where, String name) {
        String p = normalise(where, name);
        if (p.isEmpty()) {
            throw new NeffException(where + ": path " + SafeName.quoted(name) + " names no file");
        }
        return p;
    }

    /** As {@link #check}, the archive's root ({@code ./}, an empty name) allowed: a directory entry may name it. */
    static String normalise(String where, String name) {
        if (name.startsWith("/") || name.contains("\\") || name.contains("\0") || name.matches("^[A-Za-z]:.*")) {
            throw new NeffException(where + ": path " + SafeName.quoted(name) + " escapes the archive");
        }
        StringBuilder out = new StringBuilder();
        for (String seg : name.split("/")) {
            if (seg.isEmpty() || seg.equals(".")) {
                continue;
            }
            if (seg.equals("..")) {
                throw new NeffException(where + ": path " + SafeName.quoted(name) + " escapes the archive");
            }
            String why = SafeName.problem(seg);
            if (why != null) {
                throw new NeffException(where + ": path " + SafeName.quoted(name) + " is no plain archive path (" + why + ")");
            }
            out.append(out.length() == 0 ? "" : "/").append(seg);
        }
        return out.toString();
    }
}
