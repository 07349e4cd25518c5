package tpb.data;

import tpb.isa.Arch;

/**
 * The data state of one logical core (one NEFF subgraph): its SBUF and PSUM, sized from the
 * arch profile, and its PE array. Address decoding follows facts §4.1 with the profile's
 * constants: an immediate ADDR4 address below {@code psum_base} is SBUF partition
 * {@code address / sbuf_partition_stride} at byte {@code address % sbuf_partition_stride}; from
 * {@code psum_base} on it is PSUM partition {@code (address - psum_base) / psum_partition_stride}
 * (the stride is INFERRED, see the profile).
 */
public final class CoreState {
    private final Arch arch;
    private final Memory sbuf;
    private final Memory psum;
    private final PeArray pe;
    /** Two run buffers for DMA_DIRECT2D (a run is at most 0x10000 bytes, facts §3.11), allocated once. */
    private final byte[][] dma = new byte[2][0x10000];

    public CoreState(Arch arch) {
        this.arch = arch;
        this.sbuf = new Memory("SBUF", arch.sbufPartitions(), arch.sbufBytesPerPartition());
        this.psum = new Memory("PSUM", arch.psumPartitions(), arch.psumBanks() * arch.psumBankBytes());
        this.pe = new PeArray();
    }

    public Arch arch() {
        return arch;
    }

    public Memory sbuf() {
        return sbuf;
    }

    public Memory psum() {
        return psum;
    }

    /**
     * The ACT engine's reduce registers: one fp32 register a compute lane, a lane a partition
     * (NKI nki.isa.activation: "one 32-bit register per compute lane, 128 registers in total"),
     * zero at the start of a run (ASSUMED, as every other state).
     */
    private float[] actAccumulators;

    /** The ACT engine's reduce registers, indexed by partition. */
    float[] actAccumulators() {
        if (actAccumulators == null) {
            actAccumulators = new float[Math.toIntExact(arch.sbufPartitions())];
        }
        return actAccumulators;
    }

    /** Each engine's register file, by engine name, made at its first use. */
    private final java.util.Map<String, EngineRegisters> registers = new java.util.HashMap<>();
    private EngineRegisters current;

    /** The engine whose records run next: {@link #registers()} is its file. */
    void engine(String name) {
        current = registers.computeIfAbsent(name, n -> new EngineRegisters(arch));
    }

    /** The register file of the engine running the record (an engine with no name given yet: one shared file). */
    EngineRegisters registers() {
        if (current == null) {
            engine("");
        }
        return current;
    }

    /** DMA run buffer {@code which} (0 or 1), at least {@code length} bytes. */
    byte[] dmaBuffer(int which, int length) {
        if (dma[which].length < length) {
            dma[which] = new byte[length];
        }
        return dma[which];
    }

    public PeArray pe() {
        return pe;
    }

    /**
     * The location of an ADDR4 start word, given its fields as the generated flyweights split
     * them (address, and the indirect, dynamic and register markers). Only immediate addresses
     * have data-level semantics; the other modes are faults naming them.
     */
    public Location addr4(long address, long indirect, long dynamic, long register) {
        if (register != 0) {
            throw new DataFault("ADDR4 register mode has no data-level semantics (the register holds the address)");
        }
        if (indirect != 0) {
            throw new DataFault("ADDR4 indirect-gather mode has no data-level semantics");
        }
        if (dynamic != 0) {
            throw new DataFault("ADDR4 dynamic mode has no data-level semantics");
        }
        if (address >= arch.psumBase()) {
            return locate(psum, address - arch.psumBase(), arch.psumPartitionStride());
        }
        return sbufAt(address);
    }

    /** An SBUF address as the DMA and ADDR4 see it: partition {@code a / sbuf_partition_stride}, byte {@code a % stride}. */
    public Location sbufAt(long address) {
        return locate(sbuf, address, arch.sbufPartitionStride());
    }

    /**
     * Partition {@code address / stride} of {@code m} at byte {@code address % stride}, the partition
     * checked as a long before it is an int: a cast first would make 2^62 / 2^18 = 2^44 partition 0
     * (a silent alias of another address), where it is past the memory's partitions.
     */
    private static Location locate(Memory m, long address, long stride) {
        long p = address / stride;
        if (address < 0 || p >= m.partitions()) {
            throw new DataFault(m.name() + " " + (address < 0 ? "address " + address + " is negative"
                    : "partition " + p + " does not exist (" + m.partitions() + " partitions)"));
        }
        return new Location(m, (int) p, address % stride);
    }

    /** {@code length} bytes of the SBUF at SBUF address {@code address} (one partition's row) into {@code buf}. */
    void readSbuf(long address, byte[] buf, int length) {
        Location l = sbufAt(address);
        System.arraycopy(l.memory().row(l.partition(), l.offset(), length), (int) l.offset(), buf, 0, length);
    }
}
