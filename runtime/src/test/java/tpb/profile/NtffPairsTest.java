package tpb.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The six public NTFF + export pairs (the same run each: {@code neff/real/README.md}): the NTFF
 * read here equals the vendor's export of it, instruction by instruction, packet by packet,
 * update by update, in the export's units (ns, rounded down from the NTFF's picosecond ticks).
 */
class NtffPairsTest {
    static Path resource(String name) {
        try {
            return Path.of(Objects.requireNonNull(NtffPairsTest.class.getResource("/neff/real/profiles/" + name), name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    record Ins(String subgraph, String engine, long pc, long startNs, long durationNs) {}

    record Dma(String subgraph, int engine, int queue, long startNs, long durationNs, long bytes, int crc) {}

    record Sem(String subgraph, int semaphore, long value, long ns) {}

    static List<Ins> instructions(Trace t) {
        return t.instructions().stream().map(i -> new Ins(i.subgraph(), i.engine(), i.pc(), t.ns(i.startTick()), t.ns(i.endTick() - i.startTick())))
                .sorted(Comparator.comparing(Ins::subgraph).thenComparing(Ins::engine).thenComparingLong(Ins::startNs).thenComparingLong(Ins::pc)).toList();
    }

    static List<Dma> dma(Trace t) {
        return t.dma().stream().map(p -> new Dma(p.subgraph(), p.engine(), p.queue(), t.ns(p.startTick()), t.ns(p.endTick() - p.startTick()), p.bytes(), p.crc()))
                .sorted(Comparator.comparing(Dma::subgraph).thenComparingInt(Dma::engine).thenComparingInt(Dma::queue).thenComparingLong(Dma::startNs)
                        .thenComparingLong(Dma::durationNs))
                .toList();
    }

    static List<Sem> semaphores(Trace t) {
        return t.semaphores().stream().map(s -> new Sem(s.subgraph(), s.semaphore(), s.value(), t.ns(s.tick())))
                .sorted(Comparator.comparing(Sem::subgraph).thenComparingLong(Sem::ns).thenComparingInt(Sem::semaphore).thenComparingLong(Sem::value)).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"attention-baseline-bf16-s512", "attention-baseline-fp32-s512", "attention-baseline", "attention-fused-bf16-s512",
            "attention-fused-fp32-s512", "attention-fused"})
    void theNtffIsItsExport(String name) {
        ProfileFile ntff = ProfileFile.read(resource(name + ".ntff"));
        ProfileFile json = ProfileFile.read(resource(name + ".profile.json.gz"));
        Trace n = ntff.trace(), j = json.trace();
        assertEquals("ntff", n.format());
        assertEquals("json", j.format());
        assertEquals(j.uuid(), n.uuid());
        assertEquals(j.neffName(), n.neffName());
        assertEquals(0, n.unknownRecords(), n.records()::toString);
        assertEquals(instructions(j), instructions(n));
        assertEquals(dma(j), dma(n));
        assertEquals(semaphores(j), semaphores(n));
        // the export's opcode names are the arms' the NTFF's own program records decode to, these five spelled otherwise
        Map<String, List<String>> alias = Map.of("NOP", List.of("NO_OP"), "ACT_TABLE_LOAD", List.of("ACTIVATION_TABLE_LOAD"),
                "COMPARE_BRANCH", List.of("COMPARE_AND_BRANCH", "UNCONDITIONAL_BRANCH"), "DMA_DIRECT2D", List.of("DMAMEMCPY"),
                "EVENT_SEMAPHORE_RANGE_CLEAR", List.of("GROUP_RESET_SEMAPHORES"));
        Summary s = Summary.of(n);
        ExportReader.Exported e = json.exported();
        assertEquals(e.totalNs(), s.totalNs(), 1e-3, "total_time: the run's end less its start, exactly");
        assertEquals(e.dmaActiveNs(), s.dmaActiveNs(), 1e-3, "dma_active_time: the union of the packets' intervals, exactly");
        assertEquals(e.dmaPacketNs(), s.dmaPacketNs(), 1e-3, "dma_packet_time: the sum of their durations, exactly");
        assertEquals(json.trace().dma().size(), s.dmaPackets());
        assertEquals(json.trace().dma().stream().mapToLong(Trace.DmaPacket::bytes).sum(), s.dmaBytes());
        Summary fromExport = Summary.of(j);
        for (String engine : Trace.ENGINES) {
            Summary.Engine x = s.engines().get(engine);
            assertEquals(fromExport.engines().get(engine).instructions(), x.instructions(), engine);
            // instruction time: the sum of durations, EVENT_SEMAPHORE aside; the NTFF's picoseconds give the export's figure exactly
            assertEquals(e.instructionNs().get(engine), x.instructionNs(), 1e-3, engine + " instruction time");
            // active time: the union of its working instructions' intervals over both cores; exact too
            assertEquals(e.activeNs().get(engine), x.activeNs(), 1e-3, engine + " active time");
        }
        // every measured instruction's opcode is the arm its record in the NTFF's own program decodes to
        long differ = 0;
        for (int k = 0; k < n.instructions().size(); k++) {
            Trace.Instruction i = n.instructions().get(k);
            Trace.Instruction m = j.instructions().stream().filter(x -> x.subgraph().equals(i.subgraph()) && x.engine().equals(i.engine())
                    && x.pc() == i.pc() && x.startTick() / j.ticksPerNs() == n.ns(i.startTick())).findFirst().orElseThrow();
            String want = m.opcode();
            if (!(i.opcode().equals(want) || i.opcode().startsWith(want + "_") || alias.getOrDefault(want, List.of()).contains(i.opcode()))) {
                differ++;
                System.out.println(name + " " + i + " export " + m.opcode());
            }
        }
        assertEquals(0, differ);
    }
}
