package tpb.neff;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tpb.stream.RecordStream;

/**
 * An opened NEFF: the header checked against the payload's digest, the archive's table of
 * contents, the target and tool version, and every subgraph's model from its def.json. Opening
 * reads the archive once as a stream (header, gzip, tar; nothing extracted to disk) and holds only
 * the small JSON descriptions; the engine streams are read by a second pass, one subgraph at a
 * time ({@link #forEachSubgraph}), so memory follows the largest subgraph, not the file.
 */
public final class Neff {
    /** Where the bytes come from; opened once per pass. */
    public interface Source {
        InputStream open() throws IOException;

        long size() throws IOException;
    }

    /** Receives each subgraph with its engine streams in def.json order. */
    @FunctionalInterface
    public interface SubgraphVisitor {
        void visit(Subgraph subgraph, List<EngineStream> streams);
    }

    /** Receives each regular file of the archive, in archive order, with its bytes as a stream. */
    @FunctionalInterface
    public interface EntryVisitor {
        void visit(String path, long size, InputStream data) throws IOException;
    }

    /** Receives one engine stream of a subgraph as the archive delivers it: its records as a stream, read once. */
    @FunctionalInterface
    public interface StreamEntryVisitor {
        void visit(Subgraph subgraph, String engine, String path, long records, InputStream data) throws IOException;
    }


    private final Source source;
    private final NeffHeader header;
    private final NeffHeader.HashOrder hashOrder;
    private final NeffLimits limits;
    private final ArchiveToc toc;
    private final String toolVersion;
    private final String target;
    private final String kelfVersion;
    private final List<Subgraph> subgraphs;

    private Neff(Source source, NeffHeader header, NeffHeader.HashOrder hashOrder, NeffLimits limits, ArchiveToc toc, String toolVersion,
            String target, String kelfVersion, List<Subgraph> subgraphs) {
        this.source = source;
        this.header = header;
        this.hashOrder = hashOrder;
        this.limits = limits;
        this.toc = toc;
        this.toolVersion = toolVersion;
        this.target = target;
        this.kelfVersion = kelfVersion;
        this.subgraphs = subgraphs;
    }

    public static Neff open(Path file) {
        return open(file, NeffLimits.DEFAULT);
    }

    public static Neff open(Path file, NeffLimits limits) {
        if (Files.isDirectory(file)) {
            throw new NeffException("is a directory");
        }
        return open(new Source() {
            @Override
            public InputStream open() throws IOException {
                return Files.newInputStream(file);
            }

            @Override
            public long size() throws IOException {
                return Files.size(file);
            }
        }, limits);
    }

    public static Neff of(byte[] bytes) {
        return open(new Source() {
            @Override
            public InputStream open() {
                return new ByteArrayInputStream(bytes);
            }

            @Override
            public long size() {
                return bytes.length;
            }
        });
    }

    /** Reads and checks everything but the engine streams' contents, within the default {@link NeffLimits}. */
    public static Neff open(Source source) {
        return open(source, NeffLimits.DEFAULT);
    }

    /**
     * Reads and checks everything but the engine streams' contents; a damaged file is a
     * NeffException. Only the entries the NEFF's structure references are read whole, each
     * within {@link NeffLimits#maxEntrySize()}: every {@code kelf-*.json}, {@code info.json}, and
     * the {@code def.json} each kelf graph names. A def.json that passes before the kelf naming
     * it (a compiler writes kelf first) is fetched by a second pass; an unreferenced one is never
     * read, however large.
     */
    public static Neff open(Source source, NeffLimits limits) {
        long size;
        byte[] head;
        try (InputStream in = source.open()) {
            size = source.size();
            head = in.readNBytes(NeffHeader.SIZE);
        } catch (NoSuchFileException e) {
            throw new NeffException("no such file");
        } catch (IOException e) {
            throw new NeffException("cannot read: " + e.getMessage());
        }
        NeffHeader header = NeffHeader.decode(head, size);
        ArchiveToc toc = new ArchiveToc();
        Map<String, byte[]> held = new HashMap<>();
        Set<String> wanted = new HashSet<>();
        byte[] digest = ArchivePass.run(source, header, limits, new ArchivePass.Visitor() {
            @Override
            public void file(String path, long len, InputStream data) throws IOException {
                toc.files.put(path, len);
                if (isKelf(path) || path.equals(INFO)) {
                    byte[] b = limits.readWhole(path, len, data);
                    held.put(path, b);
                    if (isKelf(path)) {
                        try {
                            Kelf.read(path, b).graphs().forEach(g -> wanted.add(g.definition()));
                        } catch (NeffException later) {
                            // reported after the hash check: a corrupt file says so first
                        }
                    }
                } else if (wanted.contains(path)) {
                    byte[] b = limits.readWhole(path, len, data);
                    held.put(path, b);
                    if (path.endsWith(DEF)) {
                        try { // its engines' own JSON files (their dma lists), when they come later in the archive
                            wanted.addAll(SubgraphDef.engineFiles(path, NeffJson.Node.root(path, NeffJson.parse(path, b))).values());
                        } catch (NeffException later) {
                            // reported when the def.json is read
                        }
                    }
                }
            }

            @Override
            public void other(String path, String kind) {
                toc.others.put(path, kind);
            }
        });
        NeffHeader.HashOrder order = header.check(digest);
        String tool = null;
        if (held.containsKey(INFO)) {
            tool = NeffJson.Node.root(INFO, NeffJson.parse(INFO, held.get(INFO))).get("tool_version").textOrNull();
        }
        List<String> kelfs = toc.files.keySet().stream().filter(Neff::isKelf).sorted().toList();
        if (kelfs.isEmpty()) {
            throw new NeffException("archive: no kelf-*.json (the subgraph list) in " + toc.files.size() + " entries");
        }
        String target = null;
        String kelfVersion = null;
        Map<String, String> graphOwner = new HashMap<>();
        List<Kelf.Graph> graphs = new ArrayList<>();
        for (String kelf : kelfs) {
            Kelf k = Kelf.read(kelf, held.get(kelf));
            if (target != null && !target.equals(k.target())) {
                throw new NeffException(kelf + ": target " + SafeName.quoted(k.target()) + " differs from " + SafeName.quoted(target));
            }
            target = k.target();
            kelfVersion = k.version();
            for (Kelf.Graph g : k.graphs()) {
                String before = graphOwner.putIfAbsent(g.name(), g.where());
                if (before != null) {
                    throw new NeffException(g.where() + ": subgraph " + g.name() + " is named twice (also " + before + ")");
                }
                toc.fileSize(g.where() + ": subgraph " + g.name() + "'s definition " + g.definition(), g.definition());
                graphs.add(g);
            }
        }
        Set<String> late = new HashSet<>();
        graphs.forEach(g -> {
            if (!held.containsKey(g.definition())) {
                late.add(g.definition());
            }
        });
        if (!late.isEmpty()) {
            ArchivePass.run(source, header, limits, (path, len, data) -> {
                if (late.contains(path)) {
                    held.put(path, limits.readWhole(path, len, data));
                }
            });
        }
        Map<String, NeffJson.Node> defs = new HashMap<>();
        Set<String> engineFiles = new HashSet<>();
        for (Kelf.Graph g : graphs) {
            String def = g.definition();
            NeffJson.Node node = NeffJson.Node.root(def, NeffJson.parse(def, held.get(def)));
            defs.put(def, node);
            node.members(); // a def.json that is no object is refused by SubgraphDef
            for (String f : SubgraphDef.engineFiles(def, node).values()) {
                if (toc.files.containsKey(f) && !held.containsKey(f)) {
                    engineFiles.add(f);
                }
            }
        }
        if (!engineFiles.isEmpty()) { // engine files that came before their def.json: one more pass
            ArchivePass.run(source, header, limits, (path, len, data) -> {
                if (engineFiles.contains(path)) {
                    held.put(path, limits.readWhole(path, len, data));
                }
            });
        }
        List<Subgraph> subgraphs = new ArrayList<>();
        TargetBounds bounds = TargetBounds.of(target);
        for (Kelf.Graph g : graphs) {
            String def = g.definition();
            subgraphs.add(SubgraphDef.read(g.name(), def, defs.get(def), toc, held::get, bounds));
        }
        return new Neff(source, header, order, limits, toc, tool, target, kelfVersion, List.copyOf(subgraphs));
    }

    private static final String INFO = "info.json";
    private static final String DEF = "def.json";

    private static boolean isKelf(String path) {
        return path.startsWith("kelf-") && path.endsWith(".json") && path.indexOf('/') < 0;
    }

    /**
     * Streams the archive again and hands over each subgraph (all of them when {@code only} is
     * null) with its engine streams, as soon as the last of them has been read.
     */
    public void forEachSubgraph(Set<String> only, SubgraphVisitor visitor) {
        Map<String, Subgraph> owner = new HashMap<>();
        Map<String, Map<String, byte[]>> pending = new LinkedHashMap<>();
        for (Subgraph s : subgraphs) {
            if (only == null || only.contains(s.name())) {
                s.streams().values().forEach(p -> owner.put(p, s));
                pending.put(s.name(), new HashMap<>());
            }
        }
        for (Subgraph s : subgraphs) {
            if (pending.containsKey(s.name()) && s.streams().isEmpty()) {
                visitor.visit(s, List.of());
            }
        }
        ArchivePass.run(source, header, limits, (path, len, data) -> {
            Subgraph s = owner.get(path);
            if (s == null) {
                return;
            }
            Map<String, byte[]> got = pending.get(s.name());
            got.put(path, limits.readWhole(path, len, data));
            if (got.size() == new HashSet<>(s.streams().values()).size()) {
                List<EngineStream> streams = new ArrayList<>();
                s.streams().forEach((engine, p) -> streams.add(new EngineStream(engine, p, RecordStream.of(got.get(p)))));
                pending.remove(s.name());
                visitor.visit(s, streams);
            }
        });
    }

    /**
     * Streams the archive again and hands over each engine stream of the chosen subgraphs (all
     * when {@code only} is null) as its entry passes, in archive order, without holding it: memory
     * does not depend on the stream's size. A stream two engines share is handed to each (it is
     * then held, once).
     */
    public void forEachStreamEntry(Set<String> only, StreamEntryVisitor visitor) {
        Map<String, List<Map.Entry<Subgraph, String>>> users = new HashMap<>();
        for (Subgraph s : subgraphs) {
            if (only == null || only.contains(s.name())) {
                s.streams().forEach((engine, p) -> users.computeIfAbsent(p, k -> new ArrayList<>()).add(Map.entry(s, engine)));
            }
        }
        ArchivePass.run(source, header, limits, (path, len, data) -> {
            List<Map.Entry<Subgraph, String>> u = users.get(path);
            if (u == null) {
                return;
            }
            long records = len / RecordStream.RECORD_SIZE;
            if (u.size() == 1) {
                visitor.visit(u.get(0).getKey(), u.get(0).getValue(), path, records, data); // closing it leaves the archive open
                return;
            }
            byte[] b = limits.readWhole(path, len, data);
            for (Map.Entry<Subgraph, String> e : u) {
                visitor.visit(e.getKey(), e.getValue(), path, records, new ByteArrayInputStream(b));
            }
        });
    }

    /** Streams the archive again, every regular file to {@code visitor} in archive order. */
    public void forEachEntry(EntryVisitor visitor) {
        ArchivePass.run(source, header, limits, visitor::visit);
    }

    public NeffHeader header() {
        return header;
    }

    public NeffHeader.HashOrder hashOrder() {
        return hashOrder;
    }

    /** Every regular file of the archive with its size, in archive order. */
    public Map<String, Long> entries() {
        return toc.filesView();
    }

    /** The bounds this NEFF is read within. */
    public NeffLimits limits() {
        return limits;
    }

    /** info.json's {@code tool_version}, or null. */
    public String toolVersion() {
        return toolVersion;
    }

    /** The kelf's {@code target}: the arch the streams were compiled for ({@code cayman}). */
    public String target() {
        return target;
    }

    public String kelfVersion() {
        return kelfVersion;
    }

    public List<Subgraph> subgraphs() {
        return subgraphs;
    }

    /** The subgraph of that name, or a NeffException listing the names there are. */
    public Subgraph subgraph(String name) {
        for (Subgraph s : subgraphs) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        throw new NeffException("no subgraph " + SafeName.printable(name) + "; there are " + subgraphs.stream().map(Subgraph::name).toList());
    }
}
