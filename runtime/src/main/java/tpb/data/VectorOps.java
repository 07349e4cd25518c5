package tpb.data;

import org.apache.commons.numbers.gamma.Erf;
import org.apache.commons.numbers.gamma.Erfc;
import tpb.isa.AluOpType;
import tpb.isa.DtypeWire;

/**
 * Element-wise semantics of the ACT, DVE and Pool datapath records, on access patterns whose
 * operands the record glue ({@link DataSemantics}) has decoded. Arithmetic on float dtypes is
 * fp32: inputs widen exactly, each operation rounds once to fp32 (computing in double and
 * rounding is exact for + - x / of fp32 values), and the result rounds to the output dtype to
 * nearest even. These arithmetic choices are ASSUMED where the sources are silent
 * (docs/data-level.md).
 */
public final class VectorOps {
    private VectorOps() {
    }

    private static void sameShape(String what, AccessPattern a, AccessPattern b) {
        if (a.channels() != b.channels() || a.count() != b.count()) {
            throw new DataFault(what + ": " + a.channels() + " x " + a.count() + " elements against "
                    + b.channels() + " x " + b.count());
        }
    }

    /**
     * COPY (0x46) and CAST (0x47): element i of src to element i of dst. With equal dtypes the
     * bytes move unchanged (the compiler writes a "reinterpreted" dtype such as INT32 for an fp32
     * copy, B:tt, so a copy must not depend on the value); otherwise the value converts.
     */
    public static void copy(AccessPattern src, AccessPattern dst) {
        sameShape("COPY/CAST", src, dst);
        for (int p = 0; p < src.channels(); p++) {
            if (src.dtype() == dst.dtype()) {
                src.copyRawTo(p, dst);
            } else {
                dst.write(p, src.read(p));
            }
        }
    }

    /** TENSOR_TENSOR (0x41): dst = src0 op src1 per element (header slot order, datapath-facts §4). */
    public static void tensorTensor(AluOpType op, AccessPattern src0, AccessPattern src1, AccessPattern dst) {
        sameShape("TENSOR_TENSOR src0/src1", src0, src1);
        sameShape("TENSOR_TENSOR src/dst", src0, dst);
        boolean fp = Elements.isFloat(src0.dtype()) || Elements.isFloat(src1.dtype()) || Elements.isFloat(dst.dtype());
        for (int p = 0; p < dst.channels(); p++) {
            double[] a = src0.read(p);
            double[] b = src1.read(p);
            double[] out = new double[a.length];
            for (int i = 0; i < a.length; i++) {
                double v = alu(op, a[i], b[i]);
                out[i] = fp ? (float) v : v;
            }
            dst.write(p, out);
        }
    }

    /** One ALU operation; an op with no value semantics here is a fault naming it. */
    public static double alu(AluOpType op, double a, double b) {
        return switch (op) {
            case BYPASS -> a;
            case ADD -> a + b;
            case SUBTRACT -> a - b;
            case MULT -> a * b;
            case DIVIDE -> a / b;
            case MAX -> Math.max(a, b);
            case MIN -> Math.min(a, b);
            case IS_EQUAL -> a == b ? 1 : 0;
            case NOT_EQUAL -> a != b ? 1 : 0;
            case IS_GT -> a > b ? 1 : 0;
            case IS_GE -> a >= b ? 1 : 0;
            case IS_LT -> a < b ? 1 : 0;
            case IS_LE -> a <= b ? 1 : 0;
            default -> throw new DataFault("ALU op " + op.specName() + " has no data-level semantics");
        };
    }

    /**
     * TENSOR_REDUCE (0x42): each run of {@code run} consecutive source elements (in walk order,
     * dimension 0 innermost) combines by {@code op} into one destination element, in fp32, left to
     * right; {@code negate} multiplies the result by -1.0.
     */
    public static void reduce(AluOpType op, int run, boolean negate, AccessPattern src, AccessPattern dst) {
        if (src.channels() != dst.channels() || (long) dst.count() * run != src.count()) {
            throw new DataFault("TENSOR_REDUCE reduces " + src.channels() + " x " + src.count() + " elements in runs of " + run
                    + " but dst holds " + dst.channels() + " x " + dst.count());
        }
        for (int p = 0; p < src.channels(); p++) {
            double[] in = src.read(p);
            double[] out = new double[dst.count()];
            for (int o = 0; o < out.length; o++) {
                float acc = (float) in[o * run];
                for (int i = 1; i < run; i++) {
                    acc = (float) alu(op, acc, (float) in[o * run + i]);
                }
                out[o] = negate ? -acc : acc;
            }
            dst.write(p, out);
        }
    }

    /** RECIPROCAL (0x48): {@code dst = 1 / src} per element, in fp32. */
    public static void reciprocal(AccessPattern src, AccessPattern dst) {
        sameShape("RECIPROCAL", src, dst);
        for (int p = 0; p < src.channels(); p++) {
            double[] v = src.read(p);
            for (int i = 0; i < v.length; i++) {
                v[i] = 1.0f / (float) v[i];
            }
            dst.write(p, v);
        }
    }

    /**
     * TENSOR_SCALAR (0x43): {@code dst = (src op0 s0[p]) op1 s1[p]} per element of lane p, in fp32;
     * a null scalar array is a bypassed step.
     */
    public static void tensorScalar(AluOpType op0, double[] s0, AluOpType op1, double[] s1, AccessPattern src, AccessPattern dst) {
        sameShape("TENSOR_SCALAR", src, dst);
        for (int p = 0; p < src.channels(); p++) {
            double[] v = src.read(p);
            for (int i = 0; i < v.length; i++) {
                float x = (float) v[i];
                if (s0 != null) {
                    x = (float) alu(op0, x, s0[p]);
                }
                if (s1 != null) {
                    x = (float) alu(op1, x, s1[p]);
                }
                v[i] = x;
            }
            dst.write(p, v);
        }
    }

    /**
     * COPY_PREDICATED / CAST_PREDICATED: where {@code pred} is non-zero ({@code whenTrue}) or zero
     * (otherwise) the element takes src's value (its bytes when the dtypes match, converted when not);
     * elsewhere dst keeps what it holds.
     */
    public static void merge(AccessPattern pred, boolean takeWhenZero, AccessPattern src, AccessPattern dst) {
        sameShape("predicated copy predicate/src", pred, src);
        sameShape("predicated copy src/dst", src, dst);
        boolean raw = src.dtype() == dst.dtype();
        int eb = Elements.size(dst.dtype());
        for (int p = 0; p < dst.channels(); p++) {
            double[] c = pred.read(p);
            byte[] from = src.row(p);
            byte[] to = dst.row(p);
            double[] v = raw ? null : src.read(p);
            double[] old = raw ? null : dst.read(p);
            for (int i = 0; i < c.length; i++) {
                boolean take = (c[i] != 0) != takeWhenZero;
                if (raw) {
                    if (take) {
                        System.arraycopy(from, src.byteOffset(i), to, dst.byteOffset(i), eb);
                    }
                } else if (take) {
                    old[i] = v[i];
                }
            }
            if (!raw) {
                dst.write(p, old);
            }
        }
    }

    /** COPY_PREDICATED_SCALAR: lane p's scalar into the elements whose predicate is zero ({@code falseTakes}) or non-zero. */
    public static void mergeScalar(AccessPattern pred, boolean falseTakes, double[] scalar, AccessPattern dst) {
        sameShape("COPY_PREDICATED_SCALAR predicate/dst", pred, dst);
        for (int p = 0; p < dst.channels(); p++) {
            double[] c = pred.read(p);
            double[] v = dst.read(p);
            for (int i = 0; i < c.length; i++) {
                if ((c[i] == 0) == falseTakes) {
                    v[i] = scalar[p];
                }
            }
            dst.write(p, v);
        }
    }

    /**
     * TENSOR_TENSOR bitvec (0x51): {@code dst = src0 op src1} on bit patterns, as NKI says the
     * Vector Engine treats bitvec operands ("as bit patterns without any data type casting"): each
     * operand's bits in its own width, the result's low bits in dst's width. Integer dtypes only.
     */
    public static void tensorTensorBits(AluOpType op, AccessPattern src0, AccessPattern src1, AccessPattern dst) {
        sameShape("TENSOR_TENSOR bitvec src0/src1", src0, src1);
        sameShape("TENSOR_TENSOR bitvec src/dst", src0, dst);
        for (AccessPattern a : new AccessPattern[] {src0, src1, dst}) {
            if (Elements.isFloat(a.dtype())) {
                throw new DataFault("TENSOR_TENSOR bitvec on " + a.dtype().specName() + ": bitvec ops take integer dtypes");
            }
        }
        int width = 8 * Elements.size(src0.dtype());
        for (int p = 0; p < dst.channels(); p++) {
            byte[] r0 = src0.row(p);
            byte[] r1 = src1.row(p);
            byte[] out = dst.row(p);
            for (int i = 0; i < dst.count(); i++) {
                long a = Elements.bits(r0, src0.byteOffset(i), src0.dtype());
                long b = Elements.bits(r1, src1.byteOffset(i), src1.dtype());
                Elements.putBits(out, dst.byteOffset(i), dst.dtype(), bitOp(op, a, b, width));
            }
        }
    }

    /** One bit-vector ALU op on {@code width}-bit patterns (the shift amount is b's value). */
    static long bitOp(AluOpType op, long a, long b, int width) {
        long signedA = a << (64 - width) >> (64 - width);
        // Java takes a long shift's count mod 64; a count past the pattern's width gives 0 or the sign (data-level.md, ASSUMED)
        int shift = (int) Math.min(b, Long.SIZE - 1);
        return switch (op) {
            case BYPASS -> a;
            case BITWISE_NOT -> ~a;
            case BITWISE_AND -> a & b;
            case BITWISE_OR -> a | b;
            case BITWISE_XOR -> a ^ b;
            case LOGICAL_AND -> a != 0 && b != 0 ? 1 : 0;
            case LOGICAL_OR -> a != 0 || b != 0 ? 1 : 0;
            case LOGICAL_XOR -> (a != 0) != (b != 0) ? 1 : 0;
            case ARITH_SHIFT_LEFT, LOGICAL_SHIFT_LEFT -> shift >= width ? 0 : a << shift;
            case ARITH_SHIFT_RIGHT -> signedA >> Math.min(shift, width - 1);
            case LOGICAL_SHIFT_RIGHT -> shift >= width ? 0 : a >>> shift;
            case IS_EQUAL -> a == b ? 1 : 0;
            case NOT_EQUAL -> a != b ? 1 : 0;
            default -> throw new DataFault("ALU op " + op.specName() + " has no bit-vector semantics at the data level");
        };
    }

    /**
     * MEMSET (0x49): every element of dst gets {@code setValue}'s low bits (all 32 for 4-byte
     * dtypes, 16 for 2-byte, 8 for 1-byte: datapath-facts §6 «CLA»), written as raw bits.
     */
    public static void memset(AccessPattern dst, long setValue) {
        int size = Elements.size(dst.dtype());
        for (int p = 0; p < dst.channels(); p++) {
            byte[] row = dst.row(p);
            for (int i = 0; i < dst.count(); i++) {
                int at = dst.byteOffset(i);
                for (int k = 0; k < size; k++) {
                    row[at + k] = (byte) (setValue >>> (8 * k));
                }
            }
        }
    }

    /**
     * IOTA (0x7E, «IOTA» §2): element (d0, d1, d2, d3) of partition c gets
     * {@code base + sum_d idx_d * step_d + c * channel_multiplier} (the arithmetic is tagged
     * INFERRED by the source), written in dst's dtype.
     */
    public static void iota(int base, int[] step, int[] num, int channelMultiplier, AccessPattern dst) {
        long[] rel = affineOffsets("IOTA generates", step, num, dst);
        for (int c = 0; c < dst.channels(); c++) {
            double[] out = new double[rel.length];
            for (int i = 0; i < rel.length; i++) {
                out[i] = base + rel[i] + (long) c * channelMultiplier;
            }
            dst.write(c, out);
        }
    }

    /**
     * An affine select (NKI nki.isa.affine_select): element i of partition c keeps {@code src}'s
     * value where the affine expression base + Σ idx·step + c·channel_multiplier (IOTA's, in DATA4D's
     * order: dimension 0 the innermost) is not zero, and takes {@code fill} where it is zero. That is
     * NKI's "compare with 0 by cmp_op, on_false_value where false" with cmp_op not_equal, the one
     * predicate under which the compiler's IDAffineSelect(mask, fill=1) records make an identity
     * (AffineSelectMode FILL_WHERE_ZERO); other compares are not modelled.
     */
    public static void affineSelect(int base, int[] step, int[] num, int channelMultiplier, double fill, AccessPattern src,
            AccessPattern dst) {
        long[] rel = affineOffsets("the affine select's expression has", step, num, dst);
        if (src.count() != dst.count() || src.channels() != dst.channels()) {
            throw new DataFault("the affine select's data holds " + src.channels() + " x " + src.count() + " elements but dst "
                    + dst.channels() + " x " + dst.count());
        }
        for (int c = 0; c < dst.channels(); c++) {
            double[] out = src.read(c);
            for (int i = 0; i < rel.length; i++) {
                if (base + rel[i] + (long) c * channelMultiplier == 0) {
                    out[i] = fill;
                }
            }
            dst.write(c, out);
        }
    }

    /** Σ idx·step of each element of a DATA4D pattern, dimension 0 the innermost; as many as {@code dst} holds a partition. */
    private static long[] affineOffsets(String what, int[] step, int[] num, AccessPattern dst) {
        long count = 1;
        for (int n : num) {
            count *= n;
        }
        if (count != dst.count()) {
            throw new DataFault(what + " " + count + " elements per partition but dst holds " + dst.count());
        }
        int[] idx = new int[num.length];
        long[] rel = new long[(int) count];
        for (int i = 0; i < rel.length; i++) {
            long v = 0;
            for (int d = 0; d < num.length; d++) {
                v += (long) idx[d] * step[d];
            }
            rel[i] = v;
            for (int d = 0; d < num.length && ++idx[d] == num[d]; d++) {
                idx[d] = 0;
            }
        }
        return rel;
    }

    /**
     * The activation functions the data level computes, by the names the NEFF's own table sets give
     * them (act_info.json, the table set's profile: "exp_400p", "reciprocal_sqrt_40000p", "ln_400p",
     * "silu", ...). The hardware evaluates each by a piecewise table (not modelled); here each is its
     * mathematical definition in double, rounded to fp32 once: sigmoid as NKI's page states it
     * (1/(1+exp(-x))), softplus ln(1+e^x) and mish x·tanh(softplus(x)) as theirs state them
     * (nki.language.softplus: "softplus(x) = log(1 + exp(x))"; nki.language.mish: "mish(x) = x *
     * tanh(softplus(x))"), the others by their standard definitions (ASSUMED where NKI names the
     * function without a formula: silu x·sigmoid(x), gelu_apprx_tanh
     * 0.5x(1+tanh(sqrt(2/pi)(x+0.044715x^3)))); erf as NKI's page states it
     * (2/sqrt(pi) times the integral of exp(-t^2) from 0 to x, by Apache Commons Numbers, within a
     * few double ulps), its derivative 2/sqrt(pi)·exp(-x^2); gelu x·Φ(x) (torch.nn.functional.gelu,
     * the un-approximated GELU of Hendrycks and Gimpel, ASSUMED for the table set's plain "gelu"
     * beside its two approximations) and its derivative Φ(x) + x·φ(x); gelu_apprx_sigmoid
     * x·sigmoid(1.702x) and its derivative; silu's derivative sigmoid(x)(1 + x(1 - sigmoid(x))). A
     * name not here (leaky_relu and parametric_relu, whose alpha is an operand no source places,
     * and derivative_leaky_relu) is a fault naming it.
     */
    public enum Function {
        IDENTITY(x -> x), RELU(x -> Math.max(x, 0)), EXP(Math::exp), COPY(x -> x), SQUARE(x -> x * x), ABS(Math::abs),
        SIGN(Math::signum), TANH(Math::tanh), SIGMOID(VectorOps::sigmoid), SILU(x -> x * sigmoid(x)),
        SOFTPLUS(VectorOps::softplus), MISH(x -> x * Math.tanh(softplus(x))),
        GELU_APPRX_TANH(x -> 0.5 * x * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (x + 0.044715 * x * x * x)))),
        SQRT(Math::sqrt), RECIPROCAL(x -> 1 / x), RECIPROCAL_SQRT(x -> 1 / Math.sqrt(x)),
        ABS_RECIPROCAL_SQRT(x -> 1 / Math.sqrt(Math.abs(x))), LN(Math::log), SIN(Math::sin), ARCTAN(Math::atan),
        IS_FINITE(x -> Double.isFinite(x) ? 1 : 0), MEMSET_ZERO(x -> 0), DERIVATIVE_IDENTITY(x -> 1),
        DERIVATIVE_RELU(x -> x > 0 ? 1 : 0), DERIVATIVE_TANH(x -> 1 - Math.tanh(x) * Math.tanh(x)),
        DERIVATIVE_SIGMOID(x -> sigmoid(x) * (1 - sigmoid(x))),
        ERF(Erf::value), DERIVATIVE_ERF(x -> 2 / Math.sqrt(Math.PI) * Math.exp(-x * x)),
        GELU(x -> x * phi(x)), DERIVATIVE_GELU(x -> phi(x) + x * Math.exp(-x * x / 2) / Math.sqrt(2 * Math.PI)),
        GELU_APPRX_SIGMOID(x -> x * sigmoid(GELU_SIGMOID_SCALE * x)),
        DERIVATIVE_GELU_APPRX_SIGMOID(x -> {
            double s = sigmoid(GELU_SIGMOID_SCALE * x);
            return s + GELU_SIGMOID_SCALE * x * s * (1 - s);
        }),
        DERIVATIVE_SILU(x -> sigmoid(x) * (1 + x * (1 - sigmoid(x))));

        private final java.util.function.DoubleUnaryOperator f;

        Function(java.util.function.DoubleUnaryOperator f) {
            this.f = f;
        }

        /** The function's value at fp32 {@code x}, rounded to fp32. */
        public float apply(float x) {
            return (float) f.applyAsDouble(x);
        }

        /** A profile name without its table's piece count ("exp_400p" is "exp"). */
        static String baseName(String funcName) {
            return funcName.replaceFirst("_\\d+p$", "");
        }

        /** The function a table-set profile name stands for ("exp_400p" is exp), or null. */
        public static Function ofProfileName(String funcName) {
            String base = baseName(funcName);
            for (Function fn : values()) {
                if (fn.name().equalsIgnoreCase(base)) {
                    return fn;
                }
            }
            return null;
        }
    }

    /**
     * gelu_apprx_sigmoid's x·sigmoid(1.702·x): the constant of Hendrycks and Gimpel's sigmoid
     * approximation (arXiv:1606.08415 §2); NKI names the function ("GELU approximation using
     * sigmoid") without a formula, so the paper's is ASSUMED.
     */
    static final double GELU_SIGMOID_SCALE = 1.702;

    /** The standard normal distribution function Φ(x) = (1 + erf(x/√2))/2, by erfc for x < 0 (no cancellation in the tail). */
    private static double phi(double x) {
        return x < 0 ? Erfc.value(-x / Math.sqrt(2)) / 2 : (1 + Erf.value(x / Math.sqrt(2))) / 2;
    }

    private static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    private static double softplus(double x) {
        return x > 30 ? x : Math.log1p(Math.exp(x));   // ln(1 + e^x); past 30 it is x to double precision
    }

    /**
     * ACTIVATE (0x21, «ACTPWL» §3.2): {@code out = func(scale * in + bias)} per element, in fp32
     * (the hardware evaluates func by a piecewise table; exp here is Math.exp rounded to fp32,
     * so exp agrees with the hardware only within the table's error). COPY is the identity after
     * the scale and bias, as every function is (nki.isa.activation: the optional scale and bias come
     * "before the activation function is applied"; INFERRED for copy, DataAssumptions).
     */
    public static void activate(Function f, float scale, float bias, AccessPattern src, AccessPattern dst) {
        activate(f, scale, bias, src, dst, null);
    }

    /** As above, adding each lane's activated values to {@code sums} (see the pointer form). */
    public static void activate(Function f, float scale, float bias, AccessPattern src, AccessPattern dst, float[] sums) {
        double[] lanes = new double[src.channels()];
        java.util.Arrays.fill(lanes, bias);
        activate(f, scale, lanes, src, dst, sums);
    }

    /** ACTIVATE with lane p's bias {@code bias[p]} (a bias given by pointer, one value a partition). */
    public static void activate(Function f, float scale, double[] biases, AccessPattern src, AccessPattern dst) {
        activate(f, scale, biases, src, dst, null);
    }

    /**
     * As above; when {@code sums} is not null, lane p's activated values (fp32, before they are
     * rounded to dst's dtype) are added to {@code sums[p]} one at a time in the walk's order, each
     * add rounded to fp32: the reduce registers' sum (NKI nki.isa.activation: the reduction is
     * "performed on the value after activation function is applied"; the order and the fp32
     * rounding ASSUMED).
     */
    public static void activate(Function f, float scale, double[] biases, AccessPattern src, AccessPattern dst, float[] sums) {
        double[] scales = new double[src.channels()];
        java.util.Arrays.fill(scales, scale);
        activate(f, scales, biases, src, dst, sums);
    }

    /** As above with lane p's scale {@code scales[p]} (a scale given by pointer, one value a partition). */
    public static void activate(Function f, double[] scales, double[] biases, AccessPattern src, AccessPattern dst, float[] sums) {
        sameShape("ACTIVATE", src, dst);
        for (int p = 0; p < src.channels(); p++) {
            float bias = (float) biases[p];
            float scale = (float) scales[p];
            double[] in = src.read(p);
            double[] out = new double[in.length];
            for (int i = 0; i < in.length; i++) {
                float x = (float) ((float) (scale * (float) in[i]) + bias);
                out[i] = f.apply(x);
            }
            if (sums != null) {
                float sum = sums[p];
                for (double v : out) {
                    sum = (float) (sum + v);
                }
                sums[p] = sum;
            }
            dst.write(p, out);
        }
    }

    static DtypeWire dtype(int raw, String what) {
        DtypeWire t = DtypeWire.fromValue(raw);
        if (t == null) {
            throw new DataFault(what + " dtype tag " + raw + " is not a dtype");
        }
        return t;
    }
}
