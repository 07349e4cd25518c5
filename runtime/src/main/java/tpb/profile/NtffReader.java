package tpb.profile;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tpb.asm.Disassembler;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.IsaInfo;
import tpb.neff.SafeName;

/**
 * An NTFF, neuron-profile's raw trace ({@code neuron-profile capture}), read without the vendor's
 * tool. Its layout is learnt from the public NTFFs beside the vendor's JSON export of the same run
 * ({@code docs/ntff.md} gives each field with its evidence and confidence):
 * <ul>
 * <li>a 128-byte preamble: the NTFF version at byte 0 (4, 5 or 6; another is refused), the
 *     header's length as a u32 at 1;
 * <li>the header ({@link NtffHeader}): the NEFF's name and uuid, the run's start and end (version
 *     6; versions 4 and 5 do not record them: see {@link #placeRun}), per subgraph each engine's
 *     program as loaded and the DMA queues, and the trace sections;
 * <li>the trace data: each engine's program (64-byte records; in versions 4 and 5 inline in the
 *     header instead), then per core one section per notification-queue type of 16-byte records:
 *     8 bytes of payload and a u64 timestamp in ticks, laid out alike in all three versions.
 * </ul>
 * Version 4 (trn1) times its DMA records on another clock than the run's, and the file holds no
 * offset between the two: its DMA packets are counted with their bytes but not placed in the run
 * ({@link Trace#dmaUnplaced}).
 * The file is untrusted: at most {@link #MAX_FILE_BYTES}, every length and offset checked against
 * the bytes there before it is used, and a record of a kind this reader does not know counted,
 * never dropped in silence ({@link Trace#records}).
 */
public final class NtffReader {
    /** The largest NTFF read (ASSUMED bound: the public NTFFs are 110 KB to 954 KB; the model holds about 5 objects per 32 bytes of trace). */
    public static final int MAX_FILE_BYTES = 64 << 20;
    /** The preamble before the header (docs/ntff.md: eight of eight files). */
    static final int PREAMBLE = 128;
    /**
     * The NTFF versions this reader knows (byte 0): 6, the export's {@code metadata.ntff_version} in
     * every shared pair; 5 (runtime 2.27, 26 public files) and 4 (runtime 2.25 on trn1, 2 public
     * files), learnt from public NEFF+NTFF pairs (docs/ntff.md, "Versions 5 and 4").
     */
    static final List<Integer> VERSIONS = List.of(4, 5, 6);
    /**
     * Versions 4 and 5 record no run: its end is this many ticks after the last notification of
     * the first subgraph's core (INFERRED: in the 8 version-6 files the header's end_tick is that
     * many after it in 6, 133,334 in one, 246,249 in qwen3-attn-tkg-v6), its start the first subgraph's duration (field 14)
     * before (docs/ntff.md, "Where the run is").
     */
    static final long RUN_END_AFTER_LAST_NOTIFICATION = 133_333;
    /** The largest header (ASSUMED bound; the public headers are 3,160 to 10,374 bytes). */
    static final int MAX_HEADER_BYTES = 1 << 20;
    /** A trace record's size (docs/ntff.md). */
    static final int RECORD = 16;
    /** A program record's size: the ISA's record, from the spec (docs/ntff.md: the programs' sizes are multiples of it). */
    static final int PROGRAM_RECORD = IsaInfo.RECORD_SIZE;
    /** Ticks in a nanosecond: the NTFF's ticks are picoseconds (docs/ntff.md, "Time"; the export's metadata.ticks_per_nanosec). */
    static final long TICKS_PER_NS = 1000;

    /** The notification-queue types, as the Neuron driver numbers them (aws-neuron-driver share/neuron_driver_shared.h, enum NQ_TYPE). */
    static final int NQ_TRACE = 0, NQ_NOTIFY = 1, NQ_EVENT = 2, NQ_ERROR = 3, NQ_TRACE_DMA = 4, NQ_THROTTLE = 5;

    /** Engine code in an instruction record's byte 3 (bits 2-6), minus one, is the program's engine index: pe, act, pool, dve, sp. */
    static final List<String> ENGINE_OF_CODE = List.of("pe", "act", "pool", "dve", "sp");

    /**
     * DMA engines per NeuronCore: the export numbers a DMA record's engine 16 × (the first core
     * the NTFF's subgraphs ran on) + byte 3's low 7 bits (docs/ntff.md, "DMA": 64-79 on core 4,
     * 80-95 on core 5 in every public pair; the factor is INFERRED from those two cores).
     */
    static final int DMA_ENGINES_PER_CORE = 16;

    private NtffReader() {}

    /**
     * Whether {@code b} is to be read as an NTFF: it starts with a control byte (the version) other
     * than JSON's whitespace and gzip's first magic byte, which no JSON text and no gzip file does.
     * A damaged NTFF is still one: {@link #read} says what is wrong with it.
     */
    public static boolean starts(byte[] b) {
        if (b.length == 0) {
            return false;
        }
        int c = b[0] & 0xFF;
        return c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != 0x1f;
    }

    /** The trace in {@code b}, read from {@code file}. */
    public static Trace read(String file, byte[] b) {
        if (b.length < PREAMBLE + 1) {
            throw new ProfileException(file + ": " + b.length + " bytes, shorter than an NTFF's " + PREAMBLE + "-byte preamble and header");
        }
        long hlen = u32(b, 1);
        if (hlen == 0 || hlen > MAX_HEADER_BYTES) {
            throw new ProfileException(file + ": header length " + hlen + " at byte 1 is " + (hlen == 0 ? "zero" : "more than " + MAX_HEADER_BYTES
                    + " bytes (the bound NtffReader.MAX_HEADER_BYTES)"));
        }
        if (PREAMBLE + hlen > b.length) {
            throw new ProfileException(file + ": header length " + hlen + " at byte 1 runs past the end of the file (" + b.length + " bytes): truncated");
        }
        int version = b[0] & 0xFF;
        if (!VERSIONS.contains(version)) {
            throw new ProfileException(file + ": NTFF version " + version + ": this reader reads 4, 5 and 6");
        }
        NtffHeader h = NtffHeader.parse(file, version, b, PREAMBLE, (int) hlen);
        int data = PREAMBLE + (int) hlen;
        return new Decode(file, version, b, data, h).run();
    }

    /** One pass over the trace sections into a {@link Trace}. */
    private static final class Decode {
        final String file;
        final int version;
        final byte[] b;
        final int data;
        final NtffHeader h;
        /** The run: the header's (version 6), or placed by {@link #placeRun} (versions 4 and 5). */
        long start, end;
        /** Why the DMA records cannot be placed in the run, or null when they can. */
        String dmaUnplaced;
        final Map<String, Long> records = new LinkedHashMap<>();
        final List<Trace.Instruction> instructions = new ArrayList<>();
        final List<Trace.DmaPacket> dma = new ArrayList<>();
        final List<Trace.SemaphoreUpdate> semaphores = new ArrayList<>();
        final Map<Integer, NtffHeader.Subgraph> byCore = new HashMap<>();
        int dmaBase;

        Decode(String file, int version, byte[] b, int data, NtffHeader h) {
            this.file = file;
            this.version = version;
            this.b = b;
            this.data = data;
            this.h = h;
        }

        Trace run() {
            dmaBase = DMA_ENGINES_PER_CORE * h.subgraphs().stream().mapToInt(NtffHeader.Subgraph::core).min().orElse(0);
            for (NtffHeader.Subgraph sg : h.subgraphs()) {
                if (byCore.putIfAbsent(sg.core(), sg) != null) {
                    throw new ProfileException(file + ": header: two subgraphs on core " + sg.core());
                }
                for (NtffHeader.Program p : sg.programs()) {
                    String what = "subgraph " + SafeName.quoted(sg.name()) + "'s program of engine " + p.engine();
                    if (p.inline() == null) {
                        span(what, p.offset(), p.size(), PROGRAM_RECORD);
                    } else if (p.inline().length % PROGRAM_RECORD != 0) {
                        throw new ProfileException(file + ": header: " + what + " is " + p.inline().length + " bytes, not a whole number of "
                                + PROGRAM_RECORD + "-byte records");
                    }
                    if (p.engine() >= ENGINE_OF_CODE.size()) {
                        throw new ProfileException(file + ": header: subgraph " + SafeName.quoted(sg.name()) + " has a program of engine "
                                + p.engine() + "; this reader knows engines 0-" + (ENGINE_OF_CODE.size() - 1));
                    }
                }
            }
            for (NtffHeader.Section s : h.sections()) {
                span("section of queue type " + s.queueType() + " on core " + s.core(), s.offset(), s.size(), RECORD);
            }
            disjoint();
            if (h.startTick() >= 0) {
                start = h.startTick();
                end = h.endTick();
            } else {
                placeRun();
            }
            if (version == 4) {
                dmaUnplaced = "NTFF version 4 times DMA records on another clock than the run's, and holds no offset between the two";
            }
            for (NtffHeader.Section s : h.sections()) {
                if (s.size() == 0) {
                    continue;
                }
                NtffHeader.Subgraph sg = byCore.get(s.core());
                if (sg == null) {
                    count("unknown: records of a core no subgraph ran on", s.size() / RECORD);
                    continue;
                }
                int at = data + (int) s.offset();
                int n = (int) (s.size() / RECORD);
                switch (s.queueType()) {
                    case NQ_TRACE -> instructions(sg, at, n);
                    case NQ_NOTIFY -> notifications(sg, at, n);
                    case NQ_TRACE_DMA -> dma(sg, at, n);
                    case NQ_THROTTLE -> count("throttle", n);
                    default -> count("unknown: notification queue type " + s.queueType(), n);
                }
            }
            return new Trace(file, "ntff", h.neffName(), h.uuid(), TICKS_PER_NS, end - start, List.copyOf(instructions), List.copyOf(dma),
                    List.copyOf(semaphores), java.util.Collections.unmodifiableMap(records), dmaUnplaced);
        }

        /**
         * Versions 4 and 5 record neither the run's start nor its end. The run ends
         * {@link #RUN_END_AFTER_LAST_NOTIFICATION} ticks after the last notification (queue type 1)
         * of the first subgraph's core and lasts that subgraph's duration (its field 14). INFERRED
         * (docs/ntff.md, "Where the run is"): the end rule holds to the tick in 6 of the 8 version-6
         * files (one more: 133,334 ticks; qwen3-attn-tkg-v6: 246,249), field 14 of the first subgraph is the run's length in every
         * version-6 file, and on the three version-5 runs with a vendor summary this window gives
         * the summary's total, DMA active time, packets and bytes exactly.
         */
        private void placeRun() {
            NtffHeader.Subgraph first = h.subgraphs().isEmpty() ? null : h.subgraphs().get(0);
            String why = "NTFF version " + version + " records no run: it is placed from the first subgraph's duration and last notification";
            if (first == null) {
                throw new ProfileException(file + ": " + why + ", and the header lists no subgraph");
            }
            if (first.durationTicks() < 0) {
                throw new ProfileException(file + ": " + why + ", and subgraph " + SafeName.quoted(first.name()) + " has no duration (field 14)");
            }
            long last = -1;
            boolean any = false;
            for (NtffHeader.Section s : h.sections()) {
                if (s.queueType() == NQ_NOTIFY && s.core() == first.core()) {
                    for (long i = 0; i < s.size() / RECORD; i++) {
                        long t = tick(data + (int) s.offset() + (int) i * RECORD);
                        if (!any || Long.compareUnsigned(t, last) > 0) {
                            last = t;
                            any = true;
                        }
                    }
                }
            }
            if (!any) {
                throw new ProfileException(file + ": " + why + ", and core " + first.core() + " has no notification record");
            }
            if (Long.compareUnsigned(last, -1L - RUN_END_AFTER_LAST_NOTIFICATION) > 0
                    || Long.compareUnsigned(last + RUN_END_AFTER_LAST_NOTIFICATION, first.durationTicks()) < 0) {
                throw new ProfileException(file + ": " + why + ", and the last notification (tick " + Long.toUnsignedString(last)
                        + ") leaves no room for the duration (" + first.durationTicks() + " ticks)");
            }
            end = last + RUN_END_AFTER_LAST_NOTIFICATION;
            start = end - first.durationTicks();
        }

        /**
         * Refuses programs and sections that share bytes. They tile the trace data (docs/ntff.md: 8 of 8
         * files), so each trace byte is read once: a header listing one region under many sections (4,096
         * of them over 64 MiB) would otherwise make the reader walk and keep the same records thousands of
         * times, work and memory by the header's say rather than the file's size.
         */
        private void disjoint() {
            record Region(long offset, long size, String what) {}
            List<Region> regions = new ArrayList<>();
            for (NtffHeader.Subgraph sg : h.subgraphs()) {
                for (NtffHeader.Program p : sg.programs()) {
                    if (p.inline() == null && p.size() > 0) {
                        regions.add(new Region(p.offset(), p.size(), "subgraph " + SafeName.quoted(sg.name()) + "'s program of engine " + p.engine()));
                    }
                }
            }
            for (NtffHeader.Section s : h.sections()) {
                if (s.size() > 0) {
                    regions.add(new Region(s.offset(), s.size(), "section of queue type " + s.queueType() + " on core " + s.core()));
                }
            }
            regions.sort(java.util.Comparator.comparingLong(Region::offset));
            for (int i = 1; i < regions.size(); i++) {
                Region a = regions.get(i - 1), r = regions.get(i);
                if (r.offset() < a.offset() + a.size()) { // both inside the trace data (span): no overflow
                    throw new ProfileException(file + ": header: " + r.what() + " at data offset " + r.offset() + " (" + r.size() + " bytes) overlaps "
                            + a.what() + " at " + a.offset() + " (" + a.size() + " bytes): programs and sections each take their own bytes");
                }
            }
        }

        /** Checks that {@code [offset, offset + size)} lies inside the trace data and is whole records. */
        private void span(String what, long offset, long size, int unit) {
            long room = b.length - data;
            if (offset < 0 || size < 0 || offset > room || size > room - offset) {
                throw new ProfileException(file + ": header: " + what + " at data offset " + Long.toUnsignedString(offset) + ", "
                        + Long.toUnsignedString(size) + " bytes, runs past the end of the file (" + room + " bytes of trace data): truncated or damaged");
            }
            if (size % unit != 0) {
                throw new ProfileException(file + ": header: " + what + " is " + size + " bytes, not a whole number of " + unit + "-byte records");
            }
        }

        void count(String kind, long n) {
            records.merge(kind, n, (a, c) -> a + c == 0 ? null : a + c);
        }

        private long tick(int at) {
            return u64(b, at + 8);
        }

        /** Whether an event at {@code t} lies inside the run. */
        private boolean inRun(long t) {
            return Long.compareUnsigned(t, start) >= 0 && Long.compareUnsigned(t, end) <= 0;
        }

        /**
         * Implicit trace (queue type 0): one record when an instruction starts and one when it ends.
         * Bytes 0-1 and bit 0 of byte 2 hold the instruction's address in 64-byte records, modulo
         * 2^17; byte 3 is 0x80 | engine code << 2 | (1 at the end). Engines overlap their
         * instructions (a PE pipelines matmuls), so an end closes the oldest open start of the
         * same engine and pc. An instruction is the export's when it starts and ends inside the run.
         */
        private void instructions(NtffHeader.Subgraph sg, int at, int n) {
            long[] base = new long[ENGINE_OF_CODE.size()];
            java.util.Arrays.fill(base, -1);
            for (NtffHeader.Program p : sg.programs()) {
                base[p.engine()] = (p.address() >>> 6) & PC_MASK;
            }
            byte[][] program = programs.computeIfAbsent(sg, this::programs); // once a subgraph, however many sections it has
            Map<Long, ArrayDeque<Long>> open = new HashMap<>();
            Map<Long, String[]> decoded = new HashMap<>(); // a loop runs one pc many times: each record decoded once
            long[] inside = new long[ENGINE_OF_CODE.size()], outside = new long[ENGINE_OF_CODE.size()];
            for (int i = 0; i < n; i++) {
                int r = at + i * RECORD;
                int b3 = b[r + 3] & 0xFF;
                int code = (b3 >>> 2) & 0x1F;
                if ((b3 & 0x83) == 0x82 && code >= 1 && code <= ENGINE_OF_CODE.size()) {
                    // byte 3 bit 1: a start-only record of a DMA-issuing instruction, appended after the others (docs/ntff.md, "Flagged records"; SPECULATIVE)
                    count("flagged instruction record (byte 3 bit 1; not decoded)", 1);
                    continue;
                }
                if ((b3 & 0x82) != 0x80 || code < 1 || code > ENGINE_OF_CODE.size() || base[code - 1] < 0) {
                    count(String.format(Locale.ROOT, "unknown: trace record with byte 3 = 0x%02x", b3), 1);
                    continue;
                }
                int engine = code - 1;
                long pc = (((b[r] & 0xFFL) | (b[r + 1] & 0xFFL) << 8 | (b[r + 2] & 1L) << 16) - base[engine]) & PC_MASK;
                long key = (long) engine << 32 | pc;
                long t = tick(r);
                if ((b3 & 1) == 0) {
                    open.computeIfAbsent(key, k -> new ArrayDeque<>()).add(t);
                    count("instruction start", 1);
                    continue;
                }
                count("instruction end", 1);
                ArrayDeque<Long> q = open.get(key);
                if (q == null || q.isEmpty()) {
                    count("instruction end without its start", 1);
                    continue;
                }
                long t0 = q.poll();
                if (!inRun(t0) || !inRun(t) || Long.compareUnsigned(t, t0) < 0) {
                    count("instruction outside the run", 1);
                    outside[engine]++;
                    continue;
                }
                inside[engine]++;
                String[] named = decoded.computeIfAbsent(key, k -> decode(program[engine], pc));
                instructions.add(new Trace.Instruction(sg.name(), ENGINE_OF_CODE.get(engine), pc, named[0], named[1], t0 - start, t - start));
            }
            if (version == 4) {
                // On trn1 one engine's records (the DVE's in both public version-4 files) lie tens of
                // microseconds to milliseconds after the run, all of them: another clock, as the DMA's.
                // Said so rather than shown as an engine that did nothing (docs/ntff.md, "Version 4's clocks").
                for (int e = 0; e < inside.length; e++) {
                    if (inside[e] == 0 && outside[e] > 0) {
                        count("instruction outside the run", -outside[e]);
                        count("instruction of " + ENGINE_OF_CODE.get(e) + " on another clock (NTFF version 4: none lies inside the run), not placed", outside[e]);
                    }
                }
            }
            long unclosed = open.values().stream().mapToLong(ArrayDeque::size).sum();
            if (unclosed > 0) {
                count("instruction start without its end", unclosed);
            }
        }

        /** Each subgraph's programs by engine, copied out of the file once (their bytes are disjoint: {@link #disjoint}). */
        private final Map<NtffHeader.Subgraph, byte[][]> programs = new java.util.IdentityHashMap<>();

        private byte[][] programs(NtffHeader.Subgraph sg) {
            byte[][] program = new byte[ENGINE_OF_CODE.size()][];
            for (NtffHeader.Program p : sg.programs()) {
                program[p.engine()] = p.inline() != null ? p.inline()
                        : java.util.Arrays.copyOfRange(b, data + (int) p.offset(), data + (int) (p.offset() + p.size()));
            }
            return program;
        }

        /** The opcode (the arm in upper snake case) and listing line of record {@code pc} of {@code prog}, or empty strings when the pc is past it. */
        private static String[] decode(byte[] prog, long pc) {
            if (pc * PROGRAM_RECORD + PROGRAM_RECORD > prog.length) {
                return new String[] {"", ""};
            }
            int off = (int) pc * PROGRAM_RECORD;
            return new String[] {snake(Decoder.identify(prog, off)), Disassembler.text(prog, off, prog.length / PROGRAM_RECORD).strip()};
        }

        /**
         * Explicit notifications (queue type 1): byte 1 = 1 a semaphore update (semaphore byte 0,
         * value u32 at 4), byte 1 = 0 an event set or cleared (event byte 0, value u32 at 4).
         */
        private void notifications(NtffHeader.Subgraph sg, int at, int n) {
            for (int i = 0; i < n; i++) {
                int r = at + i * RECORD;
                int kind = b[r + 1] & 0xFF;
                if (kind == 1) {
                    count("semaphore update", 1);
                    long t = tick(r);
                    if (inRun(t)) {
                        semaphores.add(new Trace.SemaphoreUpdate(sg.name(), b[r] & 0xFF, u32(b, r + 4), t - start));
                    }
                } else if (kind == 0) {
                    count("event update", 1);
                } else {
                    count(String.format(Locale.ROOT, "unknown: notification with byte 1 = 0x%02x", kind), 1);
                }
            }
        }

        /**
         * DMA trace (queue type 4): byte 3's low 7 bits the DMA engine (less 64), byte 4 the queue
         * (high nibble) and the record's kind (low nibble): 1 a packet starts, 5 it completes (bytes
         * 0-2 its size, bytes 6-7 its CRC), 6 follows each 5 (meaning not known; counted).
         */
        private void dma(NtffHeader.Subgraph sg, int at, int n) {
            Map<Integer, ArrayDeque<Long>> open = new HashMap<>();
            List<Trace.DmaPacket> packets = new ArrayList<>();
            java.util.Set<Integer> straddling = new java.util.HashSet<>();
            for (int i = 0; i < n; i++) {
                int r = at + i * RECORD;
                int engine = dmaBase + (b[r + 3] & 0x7F);
                int queue = (b[r + 4] & 0xF0) >>> 4;
                int kind = b[r + 4] & 0x0F;
                int key = engine << 8 | queue;
                long t = tick(r);
                switch (kind) {
                    case 1 -> {
                        count("dma packet start", 1);
                        open.computeIfAbsent(key, k -> new ArrayDeque<>()).add(t);
                    }
                    case 5 -> {
                        count("dma packet end", 1);
                        ArrayDeque<Long> q = open.get(key);
                        if (q == null || q.isEmpty()) {
                            count("dma packet end without its start", 1);
                            continue;
                        }
                        long t0 = q.poll();
                        long size = (b[r] & 0xFFL) | (b[r + 1] & 0xFFL) << 8 | (b[r + 2] & 0xFFL) << 16;
                        int crc = (b[r + 6] & 0xFF) | (b[r + 7] & 0xFF) << 8;
                        if (dmaUnplaced != null) {
                            // its own clock: kept as read, neither windowed nor shifted (no offset is known; Trace.dmaUnplaced)
                            count("dma packet on the DMA clock, not placed in the run", 1);
                            packets.add(new Trace.DmaPacket(sg.name(), engine, queue, t0, t, size, crc));
                            continue;
                        }
                        if (Long.compareUnsigned(t0, start) < 0 && Long.compareUnsigned(t, start) > 0) {
                            straddling.add(key);
                        }
                        if (!inRun(t0) || !inRun(t) || Long.compareUnsigned(t, t0) < 0) {
                            count("dma packet outside the run", 1);
                            continue;
                        }
                        packets.add(new Trace.DmaPacket(sg.name(), engine, queue, t0 - start, t - start, size, crc));
                    }
                    case 6 -> count("dma packet kind 6", 1);
                    default -> count(String.format(Locale.ROOT, "unknown: dma record with byte 4 low nibble = %d", kind), 1);
                }
            }
            // The export leaves out every packet of a queue whose packet was under way when the run
            // started (docs/ntff.md, "DMA": 13 such queues in the six public pairs, all 26 of their
            // packets inside the run left out, no other packet left out; why: not known, INFERRED).
            for (Trace.DmaPacket p : packets) {
                if (straddling.contains(p.engine() << 8 | p.queue())) {
                    count("dma packet of a queue under way at the run's start (the export leaves these out)", 1);
                } else {
                    dma.add(p);
                }
            }
        }
    }

    /** The trace's pc field: 17 bits (docs/ntff.md). */
    static final long PC_MASK = (1L << 17) - 1;

    private static final Map<Arm, String> SNAKE = new java.util.EnumMap<>(Arm.class);

    static {
        for (Arm a : Arm.values()) {
            SNAKE.put(a, a.specName().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT));
        }
    }

    /** {@code EventSemaphore} as {@code EVENT_SEMAPHORE}: the profiler's spelling of an arm. */
    static String snake(Arm arm) {
        return SNAKE.get(arm);
    }

    static long u32(byte[] b, int at) {
        return (b[at] & 0xFFL) | (b[at + 1] & 0xFFL) << 8 | (b[at + 2] & 0xFFL) << 16 | (b[at + 3] & 0xFFL) << 24;
    }

    static long u64(byte[] b, int at) {
        return u32(b, at) | u32(b, at + 4) << 32;
    }
}
