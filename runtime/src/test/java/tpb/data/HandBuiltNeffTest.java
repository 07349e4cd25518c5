package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import tpb.isa.ActivateFlyweight;
import tpb.isa.Addr8Mode;
import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.Arch;
import tpb.isa.BranchHintFlyweight;
import tpb.isa.CastFlyweight;
import tpb.isa.ClearMode;
import tpb.isa.CopyFlyweight;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.DrainFlyweight;
import tpb.isa.DtypeWire;
import tpb.isa.ExitFlyweight;
import tpb.isa.GroupResetSemaphoresFlyweight;
import tpb.isa.ImmSrcN;
import tpb.isa.InstructionFlushFlyweight;
import tpb.isa.IotaFlyweight;
import tpb.isa.MemsetFlyweight;
import tpb.isa.TensorTensorArithFlyweight;
import tpb.neff.Neff;
import tpb.neff.NeffWriter;

/**
 * NEFFs made here through the generated encoders (flyweight setters), one per datapath semantics:
 * one subgraph, one Pool stream that DMAs the inputs a and b (fp32, 2 x 4) into SBUF partitions
 * 0-1, runs the record under test, and DMAs the result to the output var. Each expected value is
 * computed here by hand (written in the test), not by the simulator's code.
 */
class HandBuiltNeffTest {
    static final float[] A = {1.5f, -2f, 3.25f, 0f, -0.5f, 65504f, 7f, -8f};
    static final float[] B = {0.25f, 4f, -1f, 2f, 3f, 2f, 7f, 1e-3f};
    static final long STRIDE = Arch.CAYMAN.sbufPartitionStride();

    private static byte[] fp32(float[] v) {
        byte[] b = new byte[4 * v.length];
        for (int i = 0; i < v.length; i++) {
            Elements.write(b, 4 * i, DtypeWire.FP32, v[i]);
        }
        return b;
    }

    /** DMA between DRAM var {@code var} (rows of {@code rowBytes}) and SBUF {@code sbuf} on partitions 0-1. */
    private static void dma(byte[] s, int rec, int var, int sbuf, int rowBytes, DtypeWire t, boolean toSbuf) {
        DmaDirect2dFlyweight d = new DmaDirect2dFlyweight().wrap(s, rec * 64).reset();
        d.srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value());
        if (toSbuf) {
            d.srcStartAddrEntry(var).srcStepElem(0, rowBytes).dstStartAddrValue(sbuf).dstStepElem(0, (int) STRIDE);
        } else {
            d.srcStartAddrValue(sbuf).srcStepElem(0, (int) STRIDE).dstStartAddrEntry(var).dstStepElem(0, rowBytes);
        }
        d.srcStepElem(1, 1).dstStepElem(1, 1).srcNumElem(0, 2).srcNumElem(1, 1).dstNumElem(0, 2).dstNumElem(1, 1)
                .srcElemSize(rowBytes).dstElemSize(rowBytes).inDtypeRaw(t.value()).outDtypeRaw(t.value());
    }

    /**
     * Runs: a -> SBUF 0x100, b -> SBUF 0x200 (fp32), {@code op} writes SBUF 0x300 as {@code outType}, 0x300 -> out.
     * Returns the output var's 8 values.
     */
    private static double[] run(Consumer<byte[]> op, DtypeWire outType) {
        return run(outType, List.of(op));
    }

    /** As above with the records {@code ops} between the loads and the store. */
    private static double[] run(DtypeWire outType, List<Consumer<byte[]>> ops) {
        int outBytes = 4 * Elements.size(outType);
        byte[] pool = new byte[(3 + ops.size()) * 64];
        dma(pool, 0, 1, 0x100, 16, DtypeWire.FP32, true);
        dma(pool, 1, 2, 0x200, 16, DtypeWire.FP32, true);
        for (int i = 0; i < ops.size(); i++) {
            byte[] rec = new byte[64];
            ops.get(i).accept(rec);
            System.arraycopy(rec, 0, pool, (2 + i) * 64, 64);
        }
        dma(pool, 2 + ops.size(), 3, 0x300, outBytes, outType, false);
        String def = "{\"pool_instr\": \"Pool.bin\", \"act\": \"Activation.json\", \"var\": {"
                + "\"SB\": {\"type\": \"state-buffer\", \"var_id\": 0},"
                + "\"a\": {\"type\": \"input\", \"size\": 32, \"var_id\": 1},"
                + "\"b\": {\"type\": \"input\", \"size\": 32, \"var_id\": 2},"
                + "\"out\": {\"type\": \"output\", \"size\": " + 2 * outBytes + ", \"var_id\": 3}}}";
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("kelf-0.json", "{\"graphs\": [{\"definition\": \"sg00/def.json\", \"name\": \"sg00\"}], \"target\": \"cayman\"}"
                .getBytes(StandardCharsets.UTF_8));
        files.put("sg00/def.json", def.getBytes(StandardCharsets.UTF_8));
        files.put("sg00/Pool.bin", pool);
        // the fixture's own activation table set: func ids as its profile names them
        for (Map.Entry<String, byte[]> e : actFiles().entrySet()) {
            files.put(e.getKey(), e.getValue());
        }
        NeffImage image = NeffImage.read(Neff.of(NeffWriter.write("hand.neff", files)));
        Npy.Array a = new Npy.Array(NpyType.FLOAT32, new int[] {32 / 4}, fp32(A));
        Npy.Array b = new Npy.Array(NpyType.FLOAT32, new int[] {32 / 4}, fp32(B));
        byte[] out = new DataRun(image, Arch.CAYMAN, Map.of("a", a, "b", b)).run(null).get("out").data();
        double[] v = new double[8];
        for (int i = 0; i < 8; i++) {
            v[i] = Elements.read(out, i * Elements.size(outType), outType);
        }
        return v;
    }

    private static Map<String, byte[]> actFiles() {
        Map<String, byte[]> f = new LinkedHashMap<>();
        Neff.open(FixtureImageTest.FIXTURE).forEachEntry((path, size, data) -> {
            if (path.equals("sg00/Activation.json") || path.equals("sg00/act_info.json") || path.equals("sg00/exp_and_others.json")) {
                f.put(path, data.readNBytes((int) size));
            }
        });
        return f;
    }

    /** A TENSOR3D/TENSOR4D of 4 consecutive elements on partitions 0-1 at SBUF {@code addr}. */
    private interface Pattern {
        void set(long address, int[] step, int[] num);
    }

    private static void four(Pattern p, long address, int dims) {
        int[] step = new int[dims];
        int[] num = new int[dims];
        Arrays.fill(step, 1);
        Arrays.fill(num, 1);
        num[0] = 4;
        p.set(address, step, num);
    }

    private static double[] tensorTensor(AluOpType op) {
        return run(r -> tensorTensor(r, op), DtypeWire.FP32);
    }

    /** TENSOR_TENSOR {@code op}: SBUF 0x100 and 0x200 into 0x300, fp32, 4 elements on partitions 0-1. */
    private static void tensorTensor(byte[] r, AluOpType op) {
        TensorTensorArithFlyweight t = new TensorTensorArithFlyweight().wrap(r, 0).reset();
        t.in0In1DtypeTagsLo(DtypeWire.FP32.value()).in0In1DtypeTagsHi(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP32.value())
                .opRaw(AluOpWire.encode(op)).numActiveChannels(2);
        four((a, s, n) -> { t.src0MemPatternStartWordAddress(a); for (int i = 0; i < 3; i++) { t.src0MemPatternStep(i, s[i]); t.src0MemPatternNum(i, n[i]); } }, 0x100, 3);
        four((a, s, n) -> { t.src1MemPatternStartWordAddress(a); for (int i = 0; i < 3; i++) { t.src1MemPatternStep(i, s[i]); t.src1MemPatternNum(i, n[i]); } }, 0x200, 3);
        four((a, s, n) -> { t.dstMemPatternStartWordAddress(a); for (int i = 0; i < 3; i++) { t.dstMemPatternStep(i, s[i]); t.dstMemPatternNum(i, n[i]); } }, 0x300, 3);
    }

    @Test
    void tensorTensorAddMultMax() {
        // by hand: A + B, A * B, max(A, B), each rounded to fp32 (65504 * 2 = 131008 is exact in fp32)
        assertEquals(List.of(1.75, 2.0, 2.25, 2.0, 2.5, 65506.0, 14.0, (double) (-8f + 1e-3f)), list(tensorTensor(AluOpType.ADD)));
        assertEquals(List.of(0.375, -8.0, -3.25, 0.0, -1.5, 131008.0, 49.0, (double) (-8f * 1e-3f)), list(tensorTensor(AluOpType.MULT)));
        assertEquals(List.of(1.5, 4.0, 3.25, 2.0, 3.0, 65504.0, 7.0, (double) 1e-3f), list(tensorTensor(AluOpType.MAX)));
    }

    /**
     * Records the synchronisation level runs whole have no data effect: a group reset, a drain, an
     * instruction flush and a branch hint between the add and the store leave a + b to be stored;
     * an Exit there ends the engine, so the store never runs and out keeps its zeros.
     */
    @Test
    void syncOnlyRecordsBetweenTheData() {
        Consumer<byte[]> add = r -> tensorTensor(r, AluOpType.ADD);
        assertEquals(list(tensorTensor(AluOpType.ADD)), list(run(DtypeWire.FP32, List.of(add,
                r -> new GroupResetSemaphoresFlyweight().wrap(r, 0).reset().clearModeRaw(ClearMode.RANGE.value()).rangeFirst(0).rangeLast(15),
                r -> new DrainFlyweight().wrap(r, 0).reset(),
                r -> new InstructionFlushFlyweight().wrap(r, 0).reset(),
                r -> new BranchHintFlyweight().wrap(r, 0).reset()))));
        assertEquals(List.of(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
                list(run(DtypeWire.FP32, List.of(add, r -> new ExitFlyweight().wrap(r, 0).reset()))));
    }

    @Test
    void memsetFillsBits() {
        double[] v = run(r -> {
            MemsetFlyweight m = new MemsetFlyweight().wrap(r, 0).reset();
            m.dstElementCount(4).dtypeRaw(DtypeWire.FP32.value()).numActiveChannels(2).setValue(Float.floatToRawIntBits(-1.25f));
            four((a, s, n) -> { m.dstMemPatternStartWordAddress(a); for (int i = 0; i < 4; i++) { m.dstMemPatternStep(i, s[i]); m.dstMemPatternNum(i, n[i]); } }, 0x300, 4);
        }, DtypeWire.FP32);
        assertEquals(List.of(-1.25, -1.25, -1.25, -1.25, -1.25, -1.25, -1.25, -1.25), list(v));
    }

    private static double[] castTo(DtypeWire out, boolean viaCopy) {
        return run(r -> {
            if (viaCopy) {
                CopyFlyweight c = new CopyFlyweight().wrap(r, 0).reset();
                c.inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(out.value()).numActiveChannels(2);
                four((a, s, n) -> { c.srcMemPatternStartWordAddress(a); for (int i = 0; i < 4; i++) { c.srcMemPatternStep(i, s[i]); c.srcMemPatternNum(i, n[i]); } }, 0x100, 4);
                four((a, s, n) -> { c.dstMemPatternStartWordAddress(a); for (int i = 0; i < 4; i++) { c.dstMemPatternStep(i, s[i]); c.dstMemPatternNum(i, n[i]); } }, 0x300, 4);
            } else {
                CastFlyweight c = new CastFlyweight().wrap(r, 0).reset();
                c.inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(out.value()).numActiveChannels(2);
                four((a, s, n) -> { c.srcMemPatternStartWordAddress(a); for (int i = 0; i < 4; i++) { c.srcMemPatternStep(i, s[i]); c.srcMemPatternNum(i, n[i]); } }, 0x100, 4);
                four((a, s, n) -> { c.dstMemPatternStartWordAddress(a); for (int i = 0; i < 4; i++) { c.dstMemPatternStep(i, s[i]); c.dstMemPatternNum(i, n[i]); } }, 0x300, 4);
            }
        }, out);
    }

    @Test
    void castFp32ToFp16AndBf16AndCopy() {
        // fp16: every A value is exact in fp16 (65504 is fp16's largest); bf16: 3.25 exact, 65504 -> 65536
        // (8 significant bits: 65504 = 0x1.ffcp15 rounds up), 7 and -8 exact
        assertEquals(List.of(1.5, -2.0, 3.25, 0.0, -0.5, 65504.0, 7.0, -8.0), list(castTo(DtypeWire.FP16, false)));
        assertEquals(List.of(1.5, -2.0, 3.25, 0.0, -0.5, 65536.0, 7.0, -8.0), list(castTo(DtypeWire.BFLOAT16, false)));
        assertEquals(List.of(1.5, -2.0, 3.25, 0.0, -0.5, 65504.0, 7.0, -8.0), list(castTo(DtypeWire.FP32, true)));
    }

    private static double[] activate(int func, float scale, float bias) {
        return run(r -> {
            ActivateFlyweight t = new ActivateFlyweight().wrap(r, 0).reset();
            t.inBiasDtypeTagsLo(DtypeWire.FP32.value()).inBiasDtypeTagsHi(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP32.value())
                    .numActiveChannels(2).activationFunc(func).biasSrcNRaw(ImmSrcN.INSTRUCTION_IMMEDIATE.value())
                    .scaleValueBits(Float.floatToRawIntBits(scale)).biasBits(Float.floatToRawIntBits(bias));
            four((a, s, n) -> { t.srcMemPatternStartWordAddress(a); for (int i = 0; i < 3; i++) { t.srcMemPatternStep(i, s[i]); t.srcMemPatternNum(i, n[i]); } }, 0x100, 3);
            four((a, s, n) -> { t.dstMemPatternStartWordAddress(a); for (int i = 0; i < 3; i++) { t.dstMemPatternStep(i, s[i]); t.dstMemPatternNum(i, n[i]); } }, 0x300, 3);
        }, DtypeWire.FP32);
    }

    @Test
    void activateIdentityReluExp() {
        // the fixture's table set: 1 identity_1p, 2 relu_1p, 7 exp_400p. out = f(2 * a + 1)
        assertEquals(List.of(4.0, -3.0, 7.5, 1.0, 0.0, 131009.0, 15.0, -15.0), list(activate(1, 2f, 1f)));
        assertEquals(List.of(4.0, 0.0, 7.5, 1.0, 0.0, 131009.0, 15.0, 0.0), list(activate(2, 2f, 1f)));
        double[] e = activate(7, 1f, 0f);
        assertEquals((double) (float) Math.exp(1.5), e[0]);
        assertEquals((double) (float) Math.exp(-2), e[1]);
        assertEquals(Double.POSITIVE_INFINITY, e[5]);   // exp(65504) overflows fp32
    }

    @Test
    void iotaCountsAcrossPartitions() {
        double[] v = run(r -> {
            IotaFlyweight t = new IotaFlyweight().wrap(r, 0).reset();
            t.srcDataPatternBase(-3).outDtypeRaw(DtypeWire.INT32.value()).numActiveChannels(2).channelMultiplier(100);
            t.srcDataPatternStep(0, 5);
            t.srcDataPatternNum(0, 4);
            for (int i = 1; i < 4; i++) {
                t.srcDataPatternStep(i, 1);
                t.srcDataPatternNum(i, 1);
            }
            four((a, s, n) -> { t.dstMemPatternStartWordAddress(a); for (int i = 0; i < 4; i++) { t.dstMemPatternStep(i, s[i]); t.dstMemPatternNum(i, n[i]); } }, 0x300, 4);
        }, DtypeWire.INT32);
        // -3 + 5 i + 100 c
        assertEquals(List.of(-3.0, 2.0, 7.0, 12.0, 97.0, 102.0, 107.0, 112.0), list(v));
    }

    private static List<Double> list(double[] v) {
        List<Double> l = new ArrayList<>();
        for (double d : v) {
            l.add(d);
        }
        return l;
    }
}
