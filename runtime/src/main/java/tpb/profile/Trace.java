package tpb.profile;

import java.util.List;
import java.util.Map;

/**
 * What neuron-profile measured of one run of one NEFF, from either of its files: the raw trace
 * ({@link NtffReader}, {@code docs/ntff.md}) or the vendor's JSON export of it ({@link ExportReader}).
 * Times are in the profiler's ticks ({@link #ticksPerNs} to a nanosecond) from the start of the
 * run; the export's own figures in nanoseconds are {@code tick / ticksPerNs}, rounded down, as the
 * export rounds them ({@code docs/ntff.md}, "Time").
 *
 * @param file the file read, as reports name it
 * @param format {@code "ntff"} or {@code "json"}
 * @param neffName the NEFF's file name as the profiler recorded it ({@code file.neff})
 * @param uuid the NEFF header's 16-byte uuid (bytes 204-219 of the NEFF) in lower-case hex; fewer than 32 digits when the file
 *     holds only the uuid's bytes before its first 00 byte (NTFF versions 4 and 5); null when the file does not say
 * @param ticksPerNs ticks in a nanosecond (1000: the NTFF's ticks are picoseconds)
 * @param totalTicks the run's length: from the profiler's start of the run to its end
 * @param instructions every instruction that ran inside the run, in the file's order
 * @param dma every DMA packet that moved inside the run
 * @param semaphores every semaphore update inside the run
 * @param records how many trace records of each kind the file held ({@code docs/ntff.md}); kinds this reader does not know start with {@code "unknown"}
 * @param dmaUnplaced null when the DMA packets' times are on the run's clock; else why they cannot be placed in the run (NTFF
 *     version 4: another clock, and no offset in the file): then {@link #dma} holds every packet of the file with its bytes and
 *     its times on that other clock, as read, and which of them moved inside the run is not known
 */
public record Trace(String file, String format, String neffName, String uuid, long ticksPerNs, long totalTicks, List<Instruction> instructions,
        List<DmaPacket> dma, List<SemaphoreUpdate> semaphores, Map<String, Long> records, String dmaUnplaced) {

    /** A trace whose DMA packets are on the run's clock. */
    public Trace(String file, String format, String neffName, String uuid, long ticksPerNs, long totalTicks, List<Instruction> instructions,
            List<DmaPacket> dma, List<SemaphoreUpdate> semaphores, Map<String, Long> records) {
        this(file, format, neffName, uuid, ticksPerNs, totalTicks, instructions, dma, semaphores, records, null);
    }

    /** The engines as the NEFF names them, in the order reports list them. */
    public static final List<String> ENGINES = List.of("pe", "act", "dve", "pool", "sp");

    /**
     * One instruction: its subgraph, engine (as the NEFF names it), pc in that engine's stream as
     * the runtime loaded it, opcode (the profiler's name, or the arm's in upper snake case for an
     * NTFF), operands (the export's text, or the decoded listing line for an NTFF), start and end.
     */
    public record Instruction(String subgraph, String engine, long pc, String opcode, String operands, long startTick, long endTick) {}

    /** One DMA packet: the subgraph, the DMA engine and queue it moved on, its start and end, its bytes and the hardware's CRC of them. */
    public record DmaPacket(String subgraph, int engine, int queue, long startTick, long endTick, long bytes, int crc) {}

    /** One semaphore update: the subgraph, the semaphore, the value it took and when. */
    public record SemaphoreUpdate(String subgraph, int semaphore, long value, long tick) {}

    /** {@code tick} in whole nanoseconds, rounded down as the export rounds. */
    public long ns(long tick) {
        return Math.floorDiv(tick, ticksPerNs);
    }

    /**
     * Refuses a profile of another NEFF: the profile's uuid (the NEFF header's, bytes 204-219, which
     * the NTFF and the export both record) must be {@code neffUuid}. NTFF versions 4 and 5 keep
     * the uuid as a C string, cut at its first 00 byte: a shorter {@link #uuid} must be the start
     * of {@code neffUuid}, and the NEFF's next byte 00. A profile that records no uuid (an export
     * without {@code neff_header}) cannot be checked and passes.
     */
    public void requireNeff(String neffFile, byte[] neffUuid) {
        String want = java.util.HexFormat.of().formatHex(neffUuid);
        if (uuid == null) {
            return;
        }
        boolean prefix = uuid.length() < want.length();
        boolean same = prefix ? want.startsWith(uuid) && want.startsWith("00", uuid.length()) : uuid.equals(want);
        if (!same) {
            throw new ProfileException(file + ": a profile of " + tpb.neff.SafeName.quoted(neffName) + " (uuid " + (prefix ? "starting " : "") + uuid
                    + (prefix ? ", cut at its first 00 byte" : "") + "), not of " + neffFile + " (uuid " + want + ")");
        }
    }

    /** How many records of kinds this reader does not know. */
    public long unknownRecords() {
        return records.entrySet().stream().filter(e -> e.getKey().startsWith("unknown")).mapToLong(Map.Entry::getValue).sum();
    }
}
