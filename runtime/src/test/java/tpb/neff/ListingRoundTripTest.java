package tpb.neff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
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

    /**
     * asm(disasm(x)) == x for every engine stream of every real NEFF beside the fixtures (the
     * attention and Qwen3 programs), and their ACTIVATEs' function ids and dtype pairs list by name.
     * The names expected here are read off the bytes independently of the listing: +0x23 of each
     * ACTIVATE (0x21) record holds 7, 29, 36 or 128, which every table-set profile those NEFFs pack
     * names exp_400p, reciprocal_sqrt_40000p, silu_32p and copy_1p (ActivationNamesTest); the pair
     * byte (+0x20 of ACTIVATE, +0x0C of TENSOR_TENSOR 0x41, +0x0D of TENSOR_SCALAR_AFFINE_SELECT 0x7A)
     * holds 0xAA or 0x66, two nibbles of DtypeWire 10 (FP32) or 6 (BFLOAT16), facts §5.3.
     */
    @ParameterizedTest
    @MethodSource("realNeffs")
    void everyRealStreamListsByNameAndAssemblesBack(Path file) throws IOException {
        Neff neff = Neff.of(Files.readAllBytes(file));
        Arch arch = Arch.byName(neff.target());
        Map<Integer, String> functions = Map.of(7, "exp", 29, "reciprocal_sqrt", 36, "silu", 128, "copy");
        Map<Integer, String> dtypes = Map.of(0xA, "FP32", 0x6, "BFLOAT16");
        Map<Integer, Integer> pairAt = Map.of(0x21, 0x20, 0x41, 0x0C, 0x7A, 0x0D);
        int[] named = {0, 0};
        neff.forEachSubgraph(null, (sg, streams) -> {
            for (EngineStream es : streams) {
                byte[] b = java.util.Arrays.copyOf(es.stream().bytes(), es.stream().length());
                StringBuilder text = new StringBuilder();
                try {
                    Disassembler.listing(new java.io.ByteArrayInputStream(b), false, arch, text);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                assertArrayEquals(b, new Assembler(arch).assemble(text.toString()), file.getFileName() + " " + es.path());
                String[] lines = text.toString().lines().filter(l -> !l.startsWith("L")).toArray(String[]::new);
                for (int r = 0; r < b.length / 64; r++) {
                    int opcode = b[r * 64] & 0xFF;
                    String where = file.getFileName() + " " + es.path() + " record " + r + ": " + lines[r];
                    if (opcode == 0x21) {
                        String fn = functions.get(b[r * 64 + 0x23] & 0xFF);
                        assertTrue(fn != null && lines[r].contains(" activation_func=" + fn + " "), where);
                        named[0]++;
                    }
                    Integer at = pairAt.get(opcode);
                    if (at != null && b[r * 64 + at] != 0) {
                        int pair = b[r * 64 + at] & 0xFF;
                        String lo = dtypes.get(pair & 0xF);
                        String hi = dtypes.get(pair >> 4);
                        assertTrue(lo != null && lines[r].contains(".tags.lo=" + lo + " ") && lines[r].contains(".tags.hi=" + hi + " ")
                                && !lines[r].contains(".tags="), where);
                        named[1]++;
                    }
                }
            }
        });
        assertTrue(named[0] > 0 && named[1] > 0, file + ": " + named[0] + " ACTIVATEs, " + named[1] + " dtype pairs"); // each program has both
    }

    static List<Path> realNeffs() throws IOException {
        try (var files = Files.list(Path.of("src/test/resources/neff/real"))) {
            return files.filter(f -> f.toString().endsWith(".neff")).sorted().toList();
        }
    }

    private static byte[] bytes(String file) {
        try (InputStream in = ListingRoundTripTest.class.getResourceAsStream("/neff/" + file)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
