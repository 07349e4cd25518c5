package tpb.neff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tpb.asm.Assembler;
import tpb.asm.Disassembler;
import tpb.isa.Arch;

/**
 * asm(disasm(x)) == x for every engine stream of both fixture NEFFs, listed with the arch their
 * kelf names (the compact $S[..] terms and dma.2d's bracket operands included), and the compact
 * terms are there: every MATMUL of both NEFFs carries update 0x13 (dpfacts §2.1 check), which lists
 * as {@code $S[n]++@complete}.
 */
class ListingRoundTripTest {
    @ParameterizedTest
    @CsvSource({"matmul_small.neff, 58, 8", "matmul_large.neff, 59590, 33280"})
    void everyStreamListsAndAssemblesBack(String file, int records, int matmuls) {
        Neff neff = Neff.of(bytes(file));
        Arch arch = Arch.byName(neff.target());
        int[] seen = {0, 0};
        neff.forEachSubgraph(null, (sg, streams) -> {
            for (EngineStream es : streams) {
                StringBuilder text = new StringBuilder();
                try {
                    Disassembler.listing(new java.io.ByteArrayInputStream(es.stream().bytes(), 0, es.stream().length()), false, arch, text);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                assertArrayEquals(java.util.Arrays.copyOf(es.stream().bytes(), es.stream().length()),
                        new Assembler(arch).assemble(text.toString()), file + " " + es.path());
                seen[0] += es.stream().length() / 64;
                seen[1] += (int) text.toString().lines().filter(l -> l.contains(" matmul $S[") && l.contains("]++@complete ")).count();
            }
        });
        assertEquals(records, seen[0]);
        // 4 MATMULs per subgraph in the small NEFF, 16,640 in the large (dpfacts §2.1 counts sg00's: 4 + 16,640 = 16,644)
        assertEquals(matmuls, seen[1], "MATMUL lines with $S[n]++@complete");
    }

    private static byte[] bytes(String file) {
        try (InputStream in = ListingRoundTripTest.class.getResourceAsStream("/neff/" + file)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
