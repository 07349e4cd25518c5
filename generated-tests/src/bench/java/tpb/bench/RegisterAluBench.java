package tpb.bench;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.UnsafeBuffer;
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
import tpb.bench.sbe.RegisterAluDecoder;
import tpb.bench.sbe.RegisterAluEncoder;
import tpb.codec.ViolationSink;
import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.DataSrc;
import tpb.isa.DtypeWire;
import tpb.isa.RegisterAluFlyweight;
import tpb.isa.RegisterAluRecord;
import tpb.isa.Validator;

/**
 * RegisterAlu records: decode every field, encode every field, validate — generated code side
 * by side with the memory floor (one long per record), a hand-written VarHandle loop, and SBE's
 * generated codec for the same 64-byte layout. Scores are per pass over all records; the README
 * divides by the record count.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class RegisterAluBench {
    static final int RECORD = 64;
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final ViolationSink IGNORE = (r, f, o, rule, m) -> { };
    private static final AluOpType[] OPS = Arrays.stream(AluOpType.values()).filter(AluOpWire::encodes).toArray(AluOpType[]::new);

    @Param({"1000", "1000000"})
    int records;

    byte[] buffer;
    byte[] out;
    /** The same records in a direct buffer, and a direct buffer to encode into. */
    ByteBuffer direct;
    ByteBuffer directOut;
    UnsafeBuffer sbeBuffer;
    UnsafeBuffer sbeOut;
    final RegisterAluFlyweight flyweight = new RegisterAluFlyweight();
    final RegisterAluDecoder sbeDecoder = new RegisterAluDecoder();
    final RegisterAluEncoder sbeEncoder = new RegisterAluEncoder();

    @Setup
    public void setup() {
        buffer = new byte[records * RECORD];
        out = new byte[records * RECORD];
        Random random = new Random(42);
        for (int i = 0; i < records; i++) {
            RegisterAluRecord.builder().op(OPS[random.nextInt(OPS.length)]).dtype(DtypeWire.INT32).dstDtype(DtypeWire.INT32)
                    .srcDatasrc(random.nextBoolean() ? DataSrc.IMMEDIATE : DataSrc.REGISTER)
                    .src0Lo(random.nextInt(62)).src1Lo(random.nextInt(62)).dstLo(random.nextInt(62))
                    .immediate(random.nextInt()).build().encodeTo(buffer, i * RECORD);
        }
        direct = ByteBuffer.allocateDirect(buffer.length);
        direct.put(buffer).clear();
        directOut = ByteBuffer.allocateDirect(out.length);
        sbeBuffer = new UnsafeBuffer(buffer);
        sbeOut = new UnsafeBuffer(out);
    }

    // ---- memory floor -----------------------------------------------------------------------

    @Benchmark
    public long floorOneLongPerRecord() {
        long sum = 0;
        byte[] b = buffer;
        for (int off = 0; off < b.length; off += RECORD) {
            sum += (long) I64.get(b, off);
        }
        return sum;
    }

    // ---- decode every field -----------------------------------------------------------------

    @Benchmark
    public long decodeGenerated() {
        long sum = 0;
        byte[] b = buffer;
        RegisterAluFlyweight r = flyweight;
        for (int off = 0; off < b.length; off += RECORD) {
            sum += everyField(r.wrap(b, off));
        }
        return sum;
    }

    /** The generated static accessors: no flyweight state at all. */
    /** Every field of the record {@code r} views, summed: what both decode benchmarks read. */
    private static long everyField(RegisterAluFlyweight r) {
        return r.headerOpcodeRaw() + r.headerInstWordLen() + r.headerDebugCmdRaw() + r.headerDebugHint()
                + r.eventsWaitModeRaw() + r.eventsWaitIdx() + r.eventsUpdateModeRaw() + r.eventsUpdateIdx()
                + r.eventsSemaphoreValue() + r.opRaw() + r.dtypeRaw() + r.srcDatasrcRaw() + r.dstDtypeRaw()
                + r.src0Lo() + r.src0Hi() + r.src1Lo() + r.src1Hi() + r.dstLo() + r.dstHi() + r.immediate();
    }

    /** {@link #decodeGenerated} over a direct buffer: the same flyweight, wrapped around off-heap memory. */
    @Benchmark
    public long decodeGeneratedDirect() {
        long sum = 0;
        ByteBuffer b = direct;
        RegisterAluFlyweight r = flyweight;
        for (int off = 0, end = b.capacity(); off < end; off += RECORD) {
            sum += everyField(r.wrap(b, off));
        }
        return sum;
    }

    /**
     * {@link #decodeGeneratedDirect} in a fork whose codecs read the buffer through its view
     * VarHandles ({@code tpb.codec.memory=view}): the path the memory segment replaced on Java 22+.
     */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Dtpb.codec.memory=view"})
    public long decodeGeneratedDirectView() {
        return decodeGeneratedDirect();
    }

    /**
     * {@link #decodeGeneratedDirect} in a fork whose codecs read the buffer through
     * {@code sun.misc.Unsafe} ({@code tpb.codec.memory=unsafe}; the default on Java 17-21, and on
     * JDK 24+ it prints the JDK's warning): the speed the other paths are held to.
     */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Dtpb.codec.memory=unsafe"})
    public long decodeGeneratedDirectUnsafe() {
        return decodeGeneratedDirect();
    }

    /** {@link #decodeGeneratedDirect} through the buffer's {@code MemorySegment} ({@code tpb.codec.memory=segment}, Java 22+). */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Dtpb.codec.memory=segment"})
    public long decodeGeneratedDirectSegment() {
        return decodeGeneratedDirect();
    }

    /** {@link #decodeGeneratedDirect} through the buffer's own absolute getters ({@code tpb.codec.memory=absolute}). */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Dtpb.codec.memory=absolute"})
    public long decodeGeneratedDirectAbsolute() {
        return decodeGeneratedDirect();
    }

    @Benchmark
    public long decodeGeneratedStatic() {
        long sum = 0;
        byte[] b = buffer;
        for (int off = 0; off < b.length; off += RECORD) {
            sum += RegisterAluFlyweight.headerOpcodeRaw(b, off) + RegisterAluFlyweight.headerInstWordLen(b, off)
                    + RegisterAluFlyweight.headerDebugCmdRaw(b, off) + RegisterAluFlyweight.headerDebugHint(b, off)
                    + RegisterAluFlyweight.eventsWaitModeRaw(b, off) + RegisterAluFlyweight.eventsWaitIdx(b, off)
                    + RegisterAluFlyweight.eventsUpdateModeRaw(b, off) + RegisterAluFlyweight.eventsUpdateIdx(b, off)
                    + RegisterAluFlyweight.eventsSemaphoreValue(b, off) + RegisterAluFlyweight.opRaw(b, off)
                    + RegisterAluFlyweight.dtypeRaw(b, off) + RegisterAluFlyweight.srcDatasrcRaw(b, off)
                    + RegisterAluFlyweight.dstDtypeRaw(b, off) + RegisterAluFlyweight.src0Lo(b, off)
                    + RegisterAluFlyweight.src0Hi(b, off) + RegisterAluFlyweight.src1Lo(b, off) + RegisterAluFlyweight.src1Hi(b, off)
                    + RegisterAluFlyweight.dstLo(b, off) + RegisterAluFlyweight.dstHi(b, off) + RegisterAluFlyweight.immediate(b, off);
        }
        return sum;
    }

    @Benchmark
    public long decodeHandwritten() {
        long sum = 0;
        byte[] b = buffer;
        for (int off = 0; off < b.length; off += RECORD) {
            sum += (b[off] & 0xFF) + (b[off + 1] & 0xFF) + (b[off + 2] & 0xFF) + (b[off + 3] & 0xFF)
                    + (b[off + 4] & 0xFF) + (b[off + 5] & 0xFF) + (b[off + 6] & 0xFF) + (b[off + 7] & 0xFF)
                    + ((int) I32.get(b, off + 8) & 0xFFFF_FFFFL) + (b[off + 12] & 0xFF) + (b[off + 13] & 0xFF)
                    + (b[off + 14] & 0xFF) + (b[off + 15] & 0xFF) + (b[off + 16] & 0xFF) + (b[off + 17] & 0xFF)
                    + (b[off + 18] & 0xFF) + (b[off + 19] & 0xFF) + (b[off + 20] & 0xFF) + (b[off + 21] & 0xFF)
                    + (long) I64.get(b, off + 24);
        }
        return sum;
    }

    @Benchmark
    public long decodeSbe() {
        long sum = 0;
        RegisterAluDecoder d = sbeDecoder;
        int end = records * RECORD;
        for (int off = 0; off < end; off += RECORD) {
            d.wrap(sbeBuffer, off, RECORD, 0);
            sum += d.opcode() + d.instWordLen() + d.debugCmd() + d.debugHint() + d.waitMode() + d.waitIdx() + d.updateMode()
                    + d.updateIdx() + d.semaphoreValue() + d.op() + d.dtype() + d.srcDatasrc() + d.dstDtype() + d.src0Lo()
                    + d.src0Hi() + d.src1Lo() + d.src1Hi() + d.dstLo() + d.dstHi() + d.immediate();
        }
        return sum;
    }

    // ---- encode every field -----------------------------------------------------------------

    @Benchmark
    public int encodeGenerated() {
        byte[] b = out;
        RegisterAluFlyweight r = flyweight;
        for (int off = 0, i = 0; off < b.length; off += RECORD, i++) {
            r.wrap(b, off).reset().eventsWaitIdx(i & 0xFF).eventsSemaphoreValue(i).opRaw(0x04).dtypeRaw(8).srcDatasrcRaw(1)
                    .dstDtypeRaw(8).src0Lo(i & 0x3F).src1Lo(1).dstLo(2).immediate(i);
        }
        return b[b.length - 1];
    }

    /** {@link #encodeGenerated} into a direct buffer. */
    @Benchmark
    public int encodeGeneratedDirect() {
        ByteBuffer b = directOut;
        RegisterAluFlyweight r = flyweight;
        for (int off = 0, i = 0, end = b.capacity(); off < end; off += RECORD, i++) {
            r.wrap(b, off).reset().eventsWaitIdx(i & 0xFF).eventsSemaphoreValue(i).opRaw(0x04).dtypeRaw(8).srcDatasrcRaw(1)
                    .dstDtypeRaw(8).src0Lo(i & 0x3F).src1Lo(1).dstLo(2).immediate(i);
        }
        return b.get(b.capacity() - 1);
    }

    /** {@link #encodeGeneratedDirect} through the buffer's view VarHandles, as {@link #decodeGeneratedDirectView}. */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Dtpb.codec.memory=view"})
    public int encodeGeneratedDirectView() {
        return encodeGeneratedDirect();
    }

    /** {@link #encodeGeneratedDirect} through {@code Unsafe}, as {@link #decodeGeneratedDirectUnsafe}. */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Dtpb.codec.memory=unsafe"})
    public int encodeGeneratedDirectUnsafe() {
        return encodeGeneratedDirect();
    }

    /** {@link #encodeGeneratedDirect} through the buffer's {@code MemorySegment}, as {@link #decodeGeneratedDirectSegment}. */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Dtpb.codec.memory=segment"})
    public int encodeGeneratedDirectSegment() {
        return encodeGeneratedDirect();
    }

    /** {@link #encodeGeneratedDirect} through the buffer's absolute setters, as {@link #decodeGeneratedDirectAbsolute}. */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Dtpb.codec.memory=absolute"})
    public int encodeGeneratedDirectAbsolute() {
        return encodeGeneratedDirect();
    }

    @Benchmark
    public int encodeHandwritten() {
        byte[] b = out;
        for (int off = 0, i = 0; off < b.length; off += RECORD, i++) {
            Arrays.fill(b, off, off + RECORD, (byte) 0);
            b[off] = (byte) 0xA8;
            b[off + 1] = 0x10;
            b[off + 5] = (byte) i;
            I32.set(b, off + 8, i);
            b[off + 12] = 0x04;
            b[off + 13] = 8;
            b[off + 14] = 1;
            b[off + 15] = 8;
            b[off + 16] = (byte) (i & 0x3F);
            b[off + 18] = 1;
            b[off + 20] = 2;
            I64.set(b, off + 24, (long) i);
        }
        return b[b.length - 1];
    }

    @Benchmark
    public int encodeSbe() {
        RegisterAluEncoder e = sbeEncoder;
        int end = records * RECORD;
        for (int off = 0, i = 0; off < end; off += RECORD, i++) {
            sbeOut.setMemory(off, RECORD, (byte) 0);
            e.wrap(sbeOut, off).opcode((short) 0xA8).instWordLen((short) 0x10).waitIdx((short) (i & 0xFF)).semaphoreValue(i)
                    .op((short) 4).dtype((short) 8).srcDatasrc((short) 1).dstDtype((short) 8).src0Lo((short) (i & 0x3F))
                    .src1Lo((short) 1).dstLo((short) 2).immediate(i);
        }
        return out[out.length - 1];
    }

    // ---- validate ---------------------------------------------------------------------------

    @Benchmark
    public int validateGenerated() {
        int n = 0;
        byte[] b = buffer;
        for (int off = 0, i = 0; off < b.length; off += RECORD, i++) {
            n += Validator.validate(b, off, i, IGNORE);
        }
        return n;
    }
}
