package tpb.neff;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
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
    private final Map<String, Long> entries;
    private final String toolVersion;
    private final String target;
    private final String kelfVersion;
    private final List<Subgraph> subgraphs;

    private Neff(Source source, NeffHeader header, NeffHeader.HashOrder hashOrder, Map<String, Long> entries, String toolVersion,
            String target, String kelfVersion, List<Subgraph> subgraphs) {
        this.source = source;
        this.header = header;
        this.hashOrder = hashOrder;
        this.entries = entries;
        this.toolVersion = toolVersion;
        this.target = target;
        this.kelfVersion = kelfVersion;
        this.subgraphs = subgraphs;
    }

    public static Neff open(Path file) {
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
        });
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

    /** Reads and checks everything but the engine streams' contents; a damaged file is a NeffException. */
    public static Neff open(Source source) {
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
        Map<String, Long> entries = new LinkedHashMap<>();
        Map<String, byte[]> descriptions = new HashMap<>();
        byte[] digest = read(source, header, (path, len, data) -> {
            entries.put(path, len);
            if (isDescription(path)) {
                descriptions.put(path, data.readAllBytes());
            }
        });
        NeffHeader.HashOrder order = header.check(digest);
        String tool = null;
        if (descriptions.containsKey("info.json")) {
            tool = Json.text(Json.parse("info.json", descriptions.get("info.json")), "tool_version");
        }
        String target = null;
        String kelfVersion = null;
        List<Subgraph> subgraphs = new ArrayList<>();
        List<String> kelfs = entries.keySet().stream().filter(Neff::isKelf).sorted().toList();
        if (kelfs.isEmpty()) {
            throw new NeffException("archive: no kelf-*.json (the subgraph list) in " + entries.size() + " entries");
        }
        for (String kelf : kelfs) {
            JsonNode k = Json.parse(kelf, descriptions.get(kelf));
            String t = Json.text(k, "target");
            if (t == null) {
                throw new NeffException(kelf + ": no \"target\"");
            }
            if (target != null && !target.equals(t)) {
                throw new NeffException(kelf + ": target " + t + " differs from " + target);
            }
            target = t;
            kelfVersion = Json.text(k, "version");
            JsonNode graphs = k.get("graphs");
            if (graphs == null || !graphs.isArray()) {
                throw new NeffException(kelf + ": no \"graphs\" array");
            }
            for (JsonNode g : graphs) {
                String name = Json.text(g, "name");
                String def = Json.text(g, "definition");
                if (name == null || def == null) {
                    throw new NeffException(kelf + ": a graph without \"name\" and \"definition\"");
                }
                String defPath = ArchivePath.check(kelf + ": subgraph " + name + "'s definition", def);
                byte[] defBytes = descriptions.get(defPath);
                if (defBytes == null) {
                    throw new NeffException(kelf + ": subgraph " + name + "'s definition " + defPath + " is not in the archive");
                }
                subgraphs.add(SubgraphDef.read(name, defPath, Json.parse(defPath, defBytes), entries));
            }
        }
        return new Neff(source, header, order, Collections.unmodifiableMap(entries), tool, target, kelfVersion, List.copyOf(subgraphs));
    }

    private static boolean isKelf(String path) {
        return path.startsWith("kelf-") && path.endsWith(".json") && path.indexOf('/') < 0;
    }

    /** The small JSON files opening keeps: the subgraph list, the tool version, every def.json. */
    private static boolean isDescription(String path) {
        return isKelf(path) || path.equals("info.json") || path.equals("def.json") || path.endsWith("/def.json");
    }

    /**
     * One pass over the payload: gzip, then tar, each regular file handed to {@code visitor};
     * returns the digest of every payload byte (the tar, the gzip trailer and any bytes after it).
     */
    private static byte[] read(Source source, NeffHeader header, EntryVisitor visitor) {
        MessageDigest md = header.newDigest();
        try (InputStream file = source.open()) {
            file.readNBytes(NeffHeader.SIZE);
            // mark/reset must not pass through to the source: gzip would rewind it and bytes would be digested twice
            DigestInputStream payload = new DigestInputStream(file, md) {
                @Override
                public boolean markSupported() {
                    return false;
                }
            };
            try (GzipCompressorInputStream gz = new GzipCompressorInputStream(payload, false);
                    TarArchiveInputStream tar = new TarArchiveInputStream(gz)) {
                TarArchiveEntry e;
                while ((e = tar.getNextEntry()) != null) {
                    String path = ArchivePath.check("archive", e.getName());
                    if (e.isFile()) {
                        visitor.visit(path, e.getSize(), tar);
                    }
                }
                gz.transferTo(OutputStream.nullOutputStream()); // the rest of the tar's padding, so the gzip trailer's CRC is checked
                payload.transferTo(OutputStream.nullOutputStream()); // bytes after the gzip stream count towards the hash
            }
            return md.digest();
        } catch (EOFException e) {
            throw new NeffException("payload: truncated gzip or tar stream");
        } catch (IOException e) {
            throw new NeffException("payload: bad gzip or tar stream: " + e.getMessage());
        }
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
        read(source, header, (path, len, data) -> {
            Subgraph s = owner.get(path);
            if (s == null) {
                return;
            }
            Map<String, byte[]> got = pending.get(s.name());
            byte[] b = data.readNBytes((int) len);
            if (b.length != len) {
                throw new NeffException(path + ": truncated in the archive");
            }
            got.put(path, b);
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
        read(source, header, (path, len, data) -> {
            List<Map.Entry<Subgraph, String>> u = users.get(path);
            if (u == null) {
                return;
            }
            long records = len / RecordStream.RECORD_SIZE;
            if (u.size() == 1) {
                // the visitor may close what it is given: the archive stream stays open
                visitor.visit(u.get(0).getKey(), u.get(0).getValue(), path, records, new FilterInputStream(data) {
                    @Override
                    public void close() {
                    }
                });
                return;
            }
            byte[] b = data.readNBytes((int) len);
            for (Map.Entry<Subgraph, String> e : u) {
                visitor.visit(e.getKey(), e.getValue(), path, records, new ByteArrayInputStream(b));
            }
        });
    }

    /** Streams the archive again, every regular file to {@code visitor} in archive order. */
    public void forEachEntry(EntryVisitor visitor) {
        read(source, header, visitor);
    }

    public NeffHeader header() {
        return header;
    }

    public NeffHeader.HashOrder hashOrder() {
        return hashOrder;
    }

    /** Every regular file of the archive with its size, in archive order. */
    public Map<String, Long> entries() {
        return entries;
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
        throw new NeffException("no subgraph " + name + "; there are " + subgraphs.stream().map(Subgraph::name).toList());
    }
}
