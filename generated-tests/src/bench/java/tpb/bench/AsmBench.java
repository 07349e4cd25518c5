package tpb.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tpb.asm.Assembler;
import tpb.asm.Disassembler;
import tpb.cli.Tpb;
import tpb.codec.TestVector;
import tpb.isa.Arch;
import tpb.isa.TestVectors;
import tpb.isa.Validator;
import tpb.stream.RecordStream;

/**
 * Assembly and disassembly of two kinds of listing, chosen by {@link #listing}:
 * <ul>
 * <li>{@code examples}: a 4,096-record stream made of the spec's own examples (every arm that has
 * one, each a valid record, repeated in turn): enum and LUT names, arrays, group operands, names
 * and branch targets all go through the generic by-index path of the generated flyweights;
 * <li>{@code matmul_large.pe}, {@code qwen3-moe.pool} and {@code qwen3-moe.act}: real compiler
 * output, one engine's stream of a NEFF in the repository's test resources (21,269
 * LDWEIGHTS/MATMUL-heavy records; 4,749 DMA, register ALU and tensor-load records; 535
 * records, 145 of them ACTIVATEs whose function and dtype pair list by name), listed as
 * {@code tpb disasm} lists it and assembled
 * with that generation's layouts, as {@code tpb asm} assembles it.
 * </ul>
 * Scores are per pass; {@link #records()} gives the count to divide by (bench tables do).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 8, time = 1)
@Fork(1)
public class AsmBench {
    static final int RECORDS = 1 << 12;
    /** The NEFFs' folder, from the repository's root (where bench/run runs JMH). */
    static final String NEFFS = "runtime/src/test/resources/neff/";

    @Param({"examples", "matmul_large.pe", "qwen3-moe.pool", "qwen3-moe.act"})
    public String listing = "examples";

    Assembler assembler = new Assembler();
    RecordStream stream;
    String text;
    byte[] bytes;

    /** The records of the listing the benchmark assembles. */
    int records() {
        return bytes.length / RecordStream.STRIDE;
    }

    @Setup
    public void setup() throws IOException {
        switch (listing) {
            case "examples" -> examples();
            case "matmul_large.pe" -> neffStream(NEFFS + "matmul_large.neff", "pe");
            case "qwen3-moe.pool" -> neffStream(NEFFS + "real/qwen3-moe-captured.neff", "pool");
            case "qwen3-moe.act" -> neffStream(NEFFS + "real/qwen3-moe-captured.neff", "act");
            default -> throw new IllegalArgumentException("no listing " + listing);
        }
        if (!Arrays.equals(bytes, assembler.assemble(text))) {
            throw new IllegalStateException("the listing does not assemble back to the stream");
        }
    }

    /** One engine's stream of sg00, listed by {@code tpb disasm} and read back as {@code tpb asm} reads it. */
    private void neffStream(String neff, String engine) throws IOException {
        Path dir = Files.createTempDirectory("asmbench");
        Path s = dir.resolve("l.s");
        Path bin = dir.resolve("l.bin");
        PrintWriter quiet = new PrintWriter(Writer.nullWriter());
        StringWriter err = new StringWriter();
        if (Tpb.run(quiet, new PrintWriter(err, true), "disasm", neff, "--subgraph", "sg00", "--engine", engine, "-o",
                s.toString()) != 0
                || Tpb.run(quiet, new PrintWriter(err, true), "asm", s.toString(), "-o", bin.toString()) != 0) {
            throw new IllegalStateException("tpb disasm/asm of " + neff + " (run from the repository's root): " + err);
        }
        text = Files.readString(s);
        bytes = Files.readAllBytes(bin);
        Files.delete(s);
        Files.delete(bin);
        Files.delete(dir);
        stream = RecordStream.of(bytes);
        String title = text.substring(0, text.indexOf('\n'));
        Arch arch = null;
        for (Arch a : Arch.values()) {
            if (title.contains(a.name() + " layouts")) {
                arch = a;
            }
        }
        assembler = new Assembler(arch);
    }

    private void examples() {
        List<byte[]> valid = new ArrayList<>();
        for (TestVector v : TestVectors.all()) {
            byte[] b = new byte[RecordStream.RECORD_SIZE];
            v.value().encodeTo(b, 0);
            if (v.view() == null && Validator.validate(b, 0).isEmpty()) {
                valid.add(b);
            }
        }
        bytes = new byte[RECORDS * RecordStream.RECORD_SIZE];
        for (int i = 0; i < RECORDS; i++) {
            System.arraycopy(valid.get(i % valid.size()), 0, bytes, RecordStream.offsetOf(i), RecordStream.RECORD_SIZE);
        }
        stream = RecordStream.of(bytes);
        text = String.join("\n", Disassembler.listing(stream, false));
    }

    /** Validated, as {@code tpb asm} does by default. */
    @Benchmark
    public byte[] assemble() {
        return assembler.assemble(text);
    }

    @Benchmark
    public byte[] assembleNoValidation() {
        return assembler.assemble(text, Assembler.Options.NO_VALIDATION);
    }

    @Benchmark
    public List<String> disassemble() {
        return Disassembler.listing(stream, false);
    }
}
