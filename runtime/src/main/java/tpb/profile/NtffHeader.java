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
 *   Neff neff = 4;                 //   { Subgraphs subgraphs = 4 { repeated Subgraph subgraph = 1; } bytes uuid = 5; }
 *   Run run = 15;                  // { bytes uuid = 1; uint64 start_tick = 2; uint64 end_tick = 3; }
 *   repeated Section section = 16; // { uint32 queue_type = 1; uint64 offset = 5; uint64 size = 6; uint32 core = 7; }
 * }
 * message Subgraph { string name = 1; uint32 core = 3; repeated Program program = 4; repeated DmaQueue queue = 7; }
 * message Program  { uint32 engine = 1; uint64 address = 2; uint64 offset = 7; uint64 size = 8; }
 * message DmaQueue { uint32 engine = 1; uint32 queue = 2; string name = 4; }
 * </pre>
 */
record NtffHeader(String neffName, String uuid, long startTick, long endTick, List<Subgraph> subgraphs, List<Section> sections) {
    /** Most subgraphs, programs per subgraph, queues per subgraph and sections a header may list (ASSUMED bounds; the public NTFFs have 2, 5, 35 and 22). */
    static final int MAX_SUBGRAPHS = 256, MAX_PROGRAMS = 16, MAX_QUEUES = 4096, MAX_SECTIONS = 4096;
    /** Nesting the header may have (ASSUMED; the schema above nests 4 deep). */
    static final int MAX_DEPTH = 16;

    /** One subgraph as it ran: its name, the NeuronCore it ran on, each engine's program and the DMA queues. */
    record Subgraph(String name, int core, List<Program> programs, List<DmaQueue> queues) {}

    /** One engine's program as the runtime loaded it: engine index (0 pe, 1 act, 2 pool, 3 dve, 4 sp), device address, where in the trace data and how long. */
    record Program(int engine, long address, long offset, long size) {}

    /** A DMA queue: DMA engine, queue index, name. */
    record DmaQueue(int engine, int queue, String name) {}

    /** A run of records of one notification-queue type of one core: where in the trace data and how long. */
    record Section(int queueType, long offset, long size, int core) {}

    /** The header in {@code b[at, at + length)}; a malformed one is a {@link ProfileException} naming {@code file}. */
    static NtffHeader parse(String file, byte[] b, int at, int length) {
        try {
            CodedInputStream in = CodedInputStream.newInstance(b, at, length);
            in.setRecursionLimit(MAX_DEPTH);
            String name = null, uuid = null;
            long start = -1, end = -1;
            List<Subgraph> subgraphs = new ArrayList<>();
            List<Section> sections = new ArrayList<>();
            for (int tag; (tag = in.readTag()) != 0;) {
                switch (tag) {
                    case 1 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> name = in.readStringRequireUtf8();
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
                                        subgraphs.add(subgraph(file, in));
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
                        if (sections.size() == MAX_SECTIONS) {
                            throw new ProfileException(file + ": header lists more than " + MAX_SECTIONS + " trace sections (the bound NtffHeader.MAX_SECTIONS)");
                        }
                        int old = in.pushLimit(in.readRawVarint32());
                        long type = 0, off = 0, size = 0, core = 0;
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
                        sections.add(new Section(small(file, "a section's queue type", type), off, size, small(file, "a section's core", core)));
                    }
                    default -> in.skipField(tag);
                }
            }
            if (uuid == null || start < 0 || end < 0) {
                throw new ProfileException(file + ": header has no run (field 15: uuid, start and end): not an NTFF this reader knows");
            }
            if (Long.compareUnsigned(end, start) < 0 || end - start > Long.MAX_VALUE / 4) {
                throw new ProfileException(file + ": header's run ends (tick " + Long.toUnsignedString(end) + ") before it starts (tick "
                        + Long.toUnsignedString(start) + ")");
            }
            return new NtffHeader(name == null ? "" : name, uuid, start, end, List.copyOf(subgraphs), List.copyOf(sections));
        } catch (InvalidProtocolBufferException e) {
            throw new ProfileException(file + ": header (bytes 128-" + (128 + length) + ") is not a valid protobuf message: " + reason(e));
        } catch (IOException e) {
            throw new ProfileException(file + ": header: cannot read: " + reason(e));
        }
    }

    private static Subgraph subgraph(String file, CodedInputStream in) throws IOException {
        int old = in.pushLimit(in.readRawVarint32());
        String name = "";
        long core = 0;
        List<Program> programs = new ArrayList<>();
        List<DmaQueue> queues = new ArrayList<>();
        for (int t; (t = in.readTag()) != 0;) {
            switch (t) {
                case 1 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> name = in.readStringRequireUtf8();
                case 3 << 3 -> core = in.readUInt64();
                case 4 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> {
                    if (programs.size() == MAX_PROGRAMS) {
                        throw new ProfileException(file + ": subgraph " + tpb.neff.SafeName.quoted(name) + " lists more than " + MAX_PROGRAMS
                                + " programs (the bound NtffHeader.MAX_PROGRAMS)");
                    }
                    int o = in.pushLimit(in.readRawVarint32());
                    long engine = 0, address = 0, off = 0, size = 0;
                    for (int u; (u = in.readTag()) != 0;) {
                        switch (u) {
                            case 1 << 3 -> engine = in.readUInt64();
                            case 2 << 3 -> address = in.readUInt64();
                            case 7 << 3 -> off = in.readUInt64();
                            case 8 << 3 -> size = in.readUInt64();
                            default -> in.skipField(u);
                        }
                    }
                    in.popLimit(o);
                    programs.add(new Program(small(file, "a program's engine", engine), address, off, size));
                }
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
                            case 4 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED -> qname = in.readStringRequireUtf8();
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
        return new Subgraph(name, small(file, "subgraph " + tpb.neff.SafeName.quoted(name) + "'s core", core), List.copyOf(programs), List.copyOf(queues));
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
}
