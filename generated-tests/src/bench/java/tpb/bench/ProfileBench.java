package tpb.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tpb.profile.ProfileFile;
import tpb.profile.Summary;

/**
 * Reading a measured profile once its bytes are in memory: the largest public NTFF
 * ({@code qwen3-attn-tkg-v6.ntff}, 954 KB: 2,292 instructions, 13,603 DMA packets, 2,535
 * semaphore updates) into the trace model and its summary, beside two baselines in the same run:
 * the vendor's JSON export of a run ({@code attention-baseline}: 213 KB gzip'd, 4.6 MB of JSON) read
 * into the same model, and a CRC-32 of the NTFF's bytes (the floor: one pass over the file).
 * Run from the project root (bench/run does).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ProfileBench {
    static final String DIR = "runtime/src/test/resources/neff/real/profiles/";
    byte[] ntff;
    byte[] pairNtff;
    byte[] export;

    @Setup
    public void setup() {
        try {
            ntff = Files.readAllBytes(Path.of(DIR + "qwen3-attn-tkg-v6.ntff"));
            pairNtff = Files.readAllBytes(Path.of(DIR + "attention-baseline.ntff"));
            export = Files.readAllBytes(Path.of(DIR + "attention-baseline.profile.json.gz"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Benchmark
    public double ntffLargest() {
        return Summary.of(ProfileFile.of("qwen3-attn-tkg-v6.ntff", ntff).trace()).dmaActiveNs();
    }

    @Benchmark
    public double ntffOfThePair() {
        return Summary.of(ProfileFile.of("attention-baseline.ntff", pairNtff).trace()).dmaActiveNs();
    }

    @Benchmark
    public double exportOfThePairBaseline() {
        return Summary.of(ProfileFile.of("attention-baseline.profile.json.gz", export).trace()).dmaActiveNs();
    }

    @Benchmark
    public long crcOfTheLargestBaseline() {
        CRC32 c = new CRC32();
        c.update(ntff);
        return c.getValue();
    }
}
