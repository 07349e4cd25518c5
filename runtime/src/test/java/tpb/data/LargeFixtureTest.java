package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.cli.Tpb;

/**
 * The production-size fixture, {@code matmul_large.neff} (x fp16 (128, 32768) @ y fp16 (32768,
 * 65536) -> output0 fp16 (128, 65536)), run as a user runs it — {@code tpb run --level data} with
 * a 4 GiB y.npy mapped and the output staged — on {@link MatmulValues} (random fp16 with
 * subnormals, zeros, ±65504 and the planted +inf, NaN and -inf), then checked against
 * {@link MatmulOracle} in 64-column blocks: the first (the -inf column 5; rows 1 and 2 carry the
 * planted inf and NaN of x), both sides of the cores' boundary (32768), the last, and four more.
 *
 * <p>The bound for K = 32768 (derived in {@link MatmulOracle}): |sim - oracle| <= 2 gamma(32767)
 * sum|x y| + ulp16, gamma(32767) = 32767 u / (1 - 32767 u) = 0.0019569 with u = 2^-24 — the
 * simulator's K-tile and PSUM/spill order against the oracle's straight k order, each within
 * gamma(K - 1) of the exact sum in any order.
 *
 * <p>Tagged big: it writes 4 GiB to the temporary directory and runs 2.75 x 10^11 MACs — about
 * 30 s of CPU for the run, 15 s to write y, a few seconds for the oracle: 55 s of wall at load
 * 5-8, 175 s at load 24-28. The planted NaN and infinities stay in their rows and column only
 * through the bit-exact PE transpose (NKI nc_transpose, the arch profile's pe_transpose_bit_exact):
 * as products with the identity they would reach whole rows.
 */
@Tag("big")
class LargeFixtureTest {
    static final Path FIXTURE = Path.of("src/test/resources/neff/matmul_large.neff");

    @TempDir
    Path dir;

    @Test
    void largeFixtureEqualsTheOracleInColumnBlocks() throws IOException {
        assertEquals(0.0019569, MatmulOracle.gamma(32767), 5e-8);
        MatmulValues x = MatmulValues.x(11, 128, 32768, true);
        MatmulValues y = MatmulValues.y(11, 32768, 65536, true);
        x.write(dir.resolve("x.npy"));
        y.write(dir.resolve("y.npy"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Tpb.run(new PrintWriter(out), new PrintWriter(err), "run", FIXTURE.toString(), "--level", "data",
                "--input", "x=" + dir.resolve("x.npy"), "--input", "y=" + dir.resolve("y.npy"), "--output-dir", dir.resolve("out").toString());
        assertEquals("", err.toString());
        assertEquals(0, code);
        Files.delete(dir.resolve("y.npy"));
        List<String> bad = new ArrayList<>();
        try (FileChannel ch = FileChannel.open(dir.resolve("out/output0.npy"), StandardOpenOption.READ)) {
            Npy.Header h = Npy.header(ch);
            assertEquals("float16 (128, 65536)", h.type().numpyName() + " " + Npy.shapeText(h.shape()));
            Region o = Region.map(ch, h.dataOffset(), h.dataBytes(), FileChannel.MapMode.READ_ONLY);
            for (int n0 : new int[] {0, 4096, 20000, 32704, 32768, 40960, 61440, 65472}) {
                bad.addAll(MatmulOracle.check(x, y, o, n0, 64));
            }
        }
        assertEquals(List.of(), bad.size() > 5 ? bad.subList(0, 5) : bad);
    }
}
