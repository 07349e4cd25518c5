package tpb.profile;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The NTFF's header: a protobuf message (wire format read with protobuf-java's
 * {@link CodedInputStream}, bounded by its size and recursion limits), of which this reader knows
 * the fields below. The schema is learnt from the eight public NTFFs ({@code docs/ntff.md}, "The
 * header", with each field's evidence and confidence); field numbers are the wire's, names are
 * this project's. Every other field is skipped, as protobuf allows.
 *
 * <pre>
 * message Header {                 // at file offset 128, Preamble.headerBytes long
 *   string neff_name = 1;          // "fused.neff"
 *   bytes uuid_string = 2;         // the uuid as a C string: cut at its first 00 byte, or followed by stale bytes (versions 4 and 5 have no other)
 *   Neff neff = 4;                 //   { Subgraphs subgraphs = 4 { repeated Subgraph subgraph = 1; } bytes uuid = 5; }
 *   Run run = 15;                  // { bytes uuid = 1; uint64 start_tick = 2; uint64 end_tick = 3; }   (version 6 only)
 *   repeated Section section = 16; // { uint32 queue_type = 1; uint64 offset = 5; uint64 size = 6; uint32 core = 7; }   (version 6)
 * }
 * message Subgraph { string name = 1; uint32 core = 3; repeated Program program = 4; repeated Section section = 6;   (versions 4 and 5; no core: the subgraph's)
 *                    repeated DmaQueue queue = 7; uint64 duration_ticks = 14; }
 * message Program  { uint32 engine = 1; uint64 address = 2; bytes records = 3 (versions 4 and 5: inline); uint64 offset = 7; uint64 size = 8; }
 * message DmaQueue { uint32 engine = 1; uint32 queue = 2; string name = 4; }
 * </pre>
 *
 * @param uuid the NEFF's uuid in lower-case hex: 32 digits, or fewer when the file holds only a prefix
 *     (versions 4 and 5 keep it as a C string, cut at the uuid's first 00 byte), or null when absent
 * @param startTick the run's start, or -1 when the header does not say (versions 4 and 5: {@link NtffReader} places the run)
 * @param endTick the run's end, or -1 likewise
 */
record NtffHeader(String neffName, String uuid, long startTick, long endTick, List<Subgraph> subgraphs, List<Section> sections) {
    /** Most subgraphs, programs per subgraph, queues per subgraph and sections a header may list (ASSUMED bounds; the public NTFFs have 2, 5, 35 and 22). */
    static final int MAX_SUBGRAPHS = 256, MAX_PROGRAMS = 16, MAX_QUEUES = 4096, MAX_SECTIONS = 4096;
    /** Nesting the header may have (ASSUMED; the schema above nests 4 deep). */
    static final int MAX_DEPTH = 16;
    /** The NEFF header's uuid: 16 bytes (bytes 204-219 of the NEFF). */
    static final int UUID_BYTES = 16;

    /** One subgraph as it ran: its name, the NeuronCore it ran on, each engine's program, the DMA queues, and its duration in ticks (field 14; -1 when absent). */
    record Subgraph(String name, int core, List<Program> programs, List<DmaQueue> queues, long durationTicks) {}

    /**
     * One engine's program as the runtime loaded it: engine index (0 pe, 1 act, 2 pool, 3 dve, 4
     * sp), device address, and its 64-byte records: where in the trace data and how long (version
     * 6), or {@code inline} in the header (versions 4 and 5; null otherwise).
     */
    record Program(int engine, long address, long offset, long size, byte[] inline) {}

    /** A DMA queue: DMA engine, queue index, name. */
    record DmaQueue(int engine, int queue, String name) {}

    /** A run of records of one notification-queue type of one core: where in the trace data and how long. */
    record Section(int queueType, long offset, long size, int core) {}

    /** The header in {@code b[at, at + length)}; a malformed one is a {@link ProfileException} naming {@code file}. */
    static NtffHeader parse(String file, int version, byte[] b, int at, int length) {
        try {
            CodedInputStream in = CodedInputStream.newInstance(b, at, length);
            in.setRecursionLimit(MAX_DEPTH);
            String name = null, uuid = null, cString = null;
            long start = -1, end = -1;
            List<Subgraph> subgraphs = new ArrayList<>();
            List<Section> sections = new ArrayList<>();
            for (int tag; (tag = in.readTag()) != 0;) {
                switch (tag) {
                    case 1 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> name = utf8(in);
                    case 2 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> {
                        // a C string: the uuid's 16 bytes then stale ones up to a 00, or fewer when the uuid holds a 00 (docs/ntff.md, "Versions 5 and 4")
                        byte[] c = in.readByteArray();
                        cString = HexFormat.of().formatHex(c, 0, Math.min(UUID_BYTES, c.length));
                    }
                    case 4 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> {
                        int old = in.pushLimit(in.readRawVarint32());
                        for (int t; (t = in.readTag()) != 0;) {
                            if (t == (4 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED)) {
                                int o2 = in.pushLimit(in.readRawVarint32());
                                for (int t2; (t2 = in.readTag()) != 0;) {
                                    if (t2 == (1 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED)) {
                                        if (subgraphs.size() == MAX_SUBGRAPHS) {
                                            throw new ProfileException(file + ": header lists more than " + MAX_SUBGRAPHS + " subgraphs (the bound NtffHeader.MAX_SUBGRAPHS)");
                                        }
                                        subgraphs.add(subgraph(file, in, sections));
                                    } else if (!in.skipField(t2)) {
                                        break;
                                    }
                                }
                                in.popLimit(o2);
                            } else if (!in.skipField(t)) {
                                break;
                            }
                        }
                        in.popLimit(old);
                    }
                    case 15 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> {
                        int old = in.pushLimit(in.readRawVarint32());
                        for (int t; (t = in.readTag()) != 0;) {
                            switch (t) {
                                case 1 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> uuid = HexFormat.of().formatHex(in.readByteArray());
                                case 2 << 3 -> start = in.readUInt64();
                                case 3 << 3 -> end = in.readUInt64();
                                default -> in.skipField(t);
                            }
                        }
                        in.popLimit(old);
                    }
                    case 16 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> {
                        sections.add(section(file, in, sections.size(), -1));
                    }
                    default -> in.skipField(tag);
                }
            }
            if (version == 6 && (uuid == null || start < 0 || end < 0)) {
                throw new ProfileException(file + ": NTFF version 6: header has no run (field 15: uuid, start and end): not an NTFF this reader knows");
            }
            if (uuid == null) {
                uuid = cString;
            }
            if (start >= 0 && end >= 0 && Long.compareUnsigned(end, start) < 0 || end - start > Long.MAX_VALUE / 4) {
                throw new ProfileException(file + ": header's run ends (tick " + Long.toUnsignedString(end) + ") before it starts (tick "
                        + Long.toUnsignedString(start) + ")");
            }
            if (start < 0 || end < 0) {
                start = end = -1;
            }
            return new NtffHeader(name == null ? "" : name, uuid, start, end, List.copyOf(subgraphs), List.copyOf(sections));
        } catch (InvalidProtocolBufferException e) {
            throw new ProfileException(file + ": header (bytes 128-" + (128 + length) + ") is not a valid protobuf message: " + reason(e));
        } catch (IOException e) {
            throw new ProfileException(file + ": header: cannot read: " + reason(e));
        }
    }

    /**
     * A section: top-level in version 6 (its core in field 7), inside its subgraph in versions 4
     * and 5 ({@code core} ≥ 0 then: the subgraph's, known once the subgraph is read, so the core
     * is filled in by {@link #subgraph}). Field 3 (1 on TRACE_DMA sections of version 5) is skipped.
     */
    private static Section section(String file, CodedInputStream in, int listed, long core) throws IOException {
        if (listed == MAX_SECTIONS) {
            throw new ProfileException(file + ": header lists more than " + MAX_SECTIONS + " trace sections (the bound NtffHeader.MAX_SECTIONS)");
        }
        int old = in.pushLimit(in.readRawVarint32());
        long type = 0, off = 0, size = 0;
        for (int t; (t = in.readTag()) != 0;) {
            switch (t) {
                case 1 << 3 -> type = in.readUInt64();
                case 5 << 3 -> off = in.readUInt64();
                case 6 << 3 -> size = in.readUInt64();
                case 7 << 3 -> core = in.readUInt64();
                default -> in.skipField(t);
            }
        }
        in.popLimit(old);
        return new Section(small(file, "a section's queue type", type), off, size, core < 0 ? 0 : small(file, "a section's core", core));
    }

    private static Subgraph subgraph(String file, CodedInputStream in, List<Section> sections) throws IOException {
        int old = in.pushLimit(in.readRawVarint32());
        String name = "";
        long core = 0, duration = -1;
        List<Section> own = new ArrayList<>();
        List<Program> programs = new ArrayList<>();
        List<DmaQueue> queues = new ArrayList<>();
        for (int t; (t = in.readTag()) != 0;) {
            switch (t) {
                case 1 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> name = utf8(in);
                case 3 << 3 -> core = in.readUInt64();
                case 4 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> {
                    if (programs.size() == MAX_PROGRAMS) {
                        throw new ProfileException(file + ": subgraph " + tpb.neff.SafeName.quoted(name) + " lists more than " + MAX_PROGRAMS
                                + " programs (the bound NtffHeader.MAX_PROGRAMS)");
                    }
                    int o = in.pushLimit(in.readRawVarint32());
                    long engine = 0, address = 0, off = 0, size = 0;
                    byte[] inline = null;
                    for (int u; (u = in.readTag()) != 0;) {
                        switch (u) {
                            case 1 << 3 -> engine = in.readUInt64();
                            case 2 << 3 -> address = in.readUInt64();
                            case 3 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> inline = in.readByteArray();
                            case 7 << 3 -> off = in.readUInt64();
                            case 8 << 3 -> size = in.readUInt64();
                            default -> in.skipField(u);
                        }
                    }
                    in.popLimit(o);
                    programs.add(new Program(small(file, "a program's engine", engine), address, off, size, inline));
                }
                case 6 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> own.add(section(file, in, sections.size() + own.size(), 0));
                case 14 << 3 -> duration = in.readUInt64();
                case 7 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> {
                    if (queues.size() == MAX_QUEUES) {
                        throw new ProfileException(file + ": subgraph " + tpb.neff.SafeName.quoted(name) + " lists more than " + MAX_QUEUES
                                + " DMA queues (the bound NtffHeader.MAX_QUEUES)");
                    }
                    int o = in.pushLimit(in.readRawVarint32());
                    long engine = 0, queue = 0;
                    String qname = "";
                    for (int u; (u = in.readTag()) != 0;) {
                        switch (u) {
                            case 1 << 3 -> engine = in.readUInt64();
                            case 2 << 3 -> queue = in.readUInt64();
                            case 4 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> qname = utf8(in);
                            default -> in.skipField(u);
                        }
                    }
                    in.popLimit(o);
                    queues.add(new DmaQueue(small(file, "a DMA queue's engine", engine), small(file, "a DMA queue's index", queue), qname));
                }
                default -> in.skipField(t);
            }
        }
        in.popLimit(old);
        int c = small(file, "subgraph " + tpb.neff.SafeName.quoted(name) + "'s core", core);
        for (Section s : own) {
            sections.add(new Section(s.queueType(), s.offset(), s.size(), c));
        }
        if (duration < 0 || duration > Long.MAX_VALUE / 4) {
            duration = -1; // absent, or beyond any run: the reader says so if it needs it
        }
        return new Subgraph(name, c, List.copyOf(programs), List.copyOf(queues), duration);
    }

    /** A small count or index (at most 65535): anything larger is not what this field holds. */
    private static int small(String file, String what, long v) {
        if (v < 0 || v > 0xFFFF) {
            throw new ProfileException(file + ": header: " + what + " is " + Long.toUnsignedString(v) + ", more than 65535");
        }
        return (int) v;
    }

    private static String reason(IOException e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
        if (m.contains("ended unexpectedly")) {
            return "a field runs past the header's end (the file is truncated, or a length is wrong)";
        }
        if (m.contains("negative size")) {
            return "a field's length is negative";
        }
        return tpb.neff.SafeName.printable(m.length() > 200 ? m.substring(0, 200) + "…" : m);
    }

    /**
     * A string field as strict UTF-8, decoded here rather than by protobuf's {@code Utf8}: that
     * class reaches for {@code sun.misc.Unsafe} when it loads, which Java 24+ run with
     * {@code --sun-misc-unsafe-memory-access=deny} refuses (and otherwise warns of).
     */
    private static String utf8(CodedInputStream in) throws IOException {
        byte[] bytes = in.readByteArray();
        try {
            return java.nio.charset.StandardCharsets.UTF_8.newDecoder().onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new InvalidProtocolBufferException("Protocol message had invalid UTF-8.");
        }
    }
}
