package tpb.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;
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
import tpb.asm.Disassembler;
import tpb.codec.ViolationSink;
import tpb.isa.AluOpType;
import tpb.isa.DtypeWire;
import tpb.isa.ExitRecord;
import tpb.isa.NoOpRecord;
import tpb.isa.RegisterAluRecord;
import tpb.isa.Validator;
import tpb.stream.ExitScan;
import tpb.stream.RecordStream;

/**
 * A 64 MiB stream (1,048,576 records; the EXIT is the last record, so the scan reads them all):
 * the EXIT scan and the walker beside the memory floor of one byte per record, then validate
 * and disassemble. Scores are per pass; the README divides by the record count.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 6, time = 1)
@Fork(1)
public class StreamBench {
    static final int RECORDS = 1 << 20;
    static final int DISASM_RECORDS = 1 << 14;
    private static final ViolationSink IGNORE = (r, f, o, rule, m) -> { };

    byte[] bytes;
    RecordStream stream;
    final StringBuilder text = new StringBuilder(256);

    @Setup
    public void setup() {
        bytes = new byte[RECORDS * 64];
        Random random = new Random(7);
        byte[] nop = NoOpRecord.builder().build().toBytes();
        for (int i = 0; i < RECORDS - 1; i++) {
            if (random.nextBoolean()) {
                System.arraycopy(nop, 0, bytes, i * 64, 64);
            } else {
                RegisterAluRecord.builder().op(AluOpType.ADD).dtype(DtypeWire.INT32).dstLo(random.nextInt(62))
                        .src0Lo(random.nextInt(62)).src1Lo(random.nextInt(62)).build().encodeTo(bytes, i * 64);
            }
        }
        ExitRecord.builder().build().encodeTo(bytes, (RECORDS - 1) * 64);
        stream = RecordStream.of(bytes);
    }

    @Benchmark
    public int floorOneBytePerRecord() {
        byte[] b = bytes;
        int sum = 0;
        for (int off = 0; off < b.length; off += 64) {
            sum += b[off];
        }
        return sum;
    }

    @Benchmark
    public int exitScan() {
        return ExitScan.firstExit(stream);
    }

    @Benchmark
    public int walkerCountOpcode() {
        return Walker.countOpcode(stream, 0xA4);
    }

    @Benchmark
    public int walkerVisitor() {
        int[] sum = new int[1];
        Walker.walk(stream, (i, b, off) -> sum[0] += b[off]);
        return sum[0];
    }

    @Benchmark
    public int validate() {
        byte[] b = bytes;
        int n = 0;
        for (int off = 0, i = 0; off < b.length; off += 64, i++) {
            n += Validator.validate(b, off, i, IGNORE);
        }
        return n;
    }

    @Benchmark
    public int disassemble() {
        int n = 0;
        for (int i = 0; i < DISASM_RECORDS; i++) {
            text.setLength(0);
            n += Disassembler.text(bytes, i * 64, RECORDS).length();
        }
        return n;
    }
}
