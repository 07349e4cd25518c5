package tpb.cli;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tpb.isa.Arch;
import tpb.neff.NeffParts;

/**
 * What {@link NeffParts#withDmaQueue}'s two blocks should leave in {@code out}, by the plainest
 * walk: every side byte by byte, dimension 0 innermost, addresses in {@link BigInteger} (no wrap to
 * hide), byte {@code i} of the source to byte {@code i} of the destination. Written apart from the
 * runtime to judge it: a data-level run that completes must have written exactly these bytes.
 * The SBUF is cayman's: an address is partition {@code a / 2^18} (of 128) at byte {@code a % 2^18},
 * which must be below its 229,376 bytes; {@code a} and {@code out} hold 32 bytes each. Walks of
 * more than {@link #MOST} bytes are not walked ({@link Result#unchecked}).
 */
final class CopyOracle {
    static final long MOST = 1 << 16;
    private static final long STRIDE = Arch.CAYMAN.sbufPartitionStride();
    private static final long PARTITIONS = Arch.CAYMAN.sbufPartitions();
    private static final long ROW = Arch.CAYMAN.sbufBytesPerPartition();
    private static final long SBUF_BYTES = PARTITIONS * ROW;

    /**
     * {@code runnable}: every byte of both blocks lies in its memory and the sides of each move the same
     * bytes (a copy), {@code out} then the result; {@code withinReaderBounds}: also inside the bounds the
     * NEFF reader states (1 to 8 dimensions, sizes at most 2^32, offsets in [0, 2^62], steps in
     * [-2^62, 2^62], a write no larger than its target), so a run must not refuse it.
     */
    record Result(boolean runnable, boolean unchecked, boolean withinReaderBounds, byte[] out, String why) {}

    private CopyOracle() {}

    static Result run(NeffParts p) {
        byte[] a = new byte[32];
        byte[] src = tpb.data.Npy.parse(EveryNeffCommand.inputA()).data();
        System.arraycopy(src, 0, a, 0, 32);
        byte[] out = new byte[32];
        Map<Long, Byte> sbuf = new HashMap<>();
        boolean bounds = true;
        for (int b = 0; b < 2; b++) {
            Map<String, Object> d = p.descriptor(b);
            Side from = Side.of(d, "from");
            Side to = Side.of(d, "to");
            if (from == null || to == null) {
                return new Result(false, false, false, null, "block " + b + ": a side the reader cannot take");
            }
            bounds &= from.readerBounds() && to.readerBounds() && to.bytes().compareTo(BigInteger.valueOf(to.holds())) <= 0;
            if (!from.bytes().equals(to.bytes())) {
                return new Result(false, false, false, null, "block " + b + ": a copy of " + from.bytes() + " bytes into " + to.bytes());
            }
            if (from.bytes().compareTo(BigInteger.valueOf(MOST)) > 0) {
                return new Result(false, true, false, null, "block " + b + ": " + from.bytes() + " bytes, more than the oracle walks");
            }
            List<Long> fa = from.addresses();
            List<Long> ta = to.addresses();
            if (fa == null || ta == null) {
                return new Result(false, false, false, null, "block " + b + ": a byte outside its memory");
            }
            for (int i = 0; i < fa.size(); i++) {
                byte v = from.var.equals("SB") ? sbuf.getOrDefault(fa.get(i), (byte) 0) : a[(int) (long) fa.get(i)];
                if (to.var.equals("SB")) {
                    sbuf.put(ta.get(i), v);
                } else {
                    out[(int) (long) ta.get(i)] = v;
                }
            }
        }
        return new Result(true, false, bounds, out, "runnable");
    }

    /** One side as the JSON holds it; null when a value is no whole number or the lists differ in length. */
    private record Side(String var, BigInteger offset, BigInteger[] sizes, BigInteger[] steps) {
        @SuppressWarnings("unchecked")
        static Side of(Map<String, Object> d, String side) {
            try {
                String var = ((NeffParts.Raw) d.get(side)).text().replace("\"", "");
                BigInteger off = new BigInteger(((NeffParts.Raw) d.get(side + "_off")).text());
                List<Object> sz = (List<Object>) d.get(side + "_sizes");
                List<Object> st = (List<Object>) d.get(side + "_steps");
                if (sz.size() != st.size()) {
                    return null;
                }
                BigInteger[] sizes = new BigInteger[sz.size()];
                BigInteger[] steps = new BigInteger[st.size()];
                for (int i = 0; i < sizes.length; i++) {
                    sizes[i] = new BigInteger(((NeffParts.Raw) sz.get(i)).text());
                    steps[i] = new BigInteger(((NeffParts.Raw) st.get(i)).text());
                    if (sizes[i].signum() < 0) {
                        return null;
                    }
                }
                return new Side(var, off, sizes, steps);
            } catch (NumberFormatException | ClassCastException e) {
                return null;
            }
        }

        BigInteger bytes() {
            BigInteger n = BigInteger.ONE;
            for (BigInteger s : sizes) {
                n = n.multiply(s);
            }
            return n;
        }

        long holds() {
            return var.equals("SB") ? SBUF_BYTES : 32;
        }

        boolean readerBounds() {
            BigInteger max = BigInteger.ONE.shiftLeft(62);
            if (sizes.length < 1 || sizes.length > 8 || offset.signum() < 0 || offset.compareTo(max) > 0) {
                return false;
            }
            for (int i = 0; i < sizes.length; i++) {
                if (sizes[i].compareTo(BigInteger.ONE.shiftLeft(32)) > 0 || steps[i].abs().compareTo(max) > 0) {
                    return false;
                }
            }
            return bytes().compareTo(max) <= 0;
        }

        /** Every byte's address in walk order, or null when one falls outside the side's memory. */
        List<Long> addresses() {
            int n = bytes().intValueExact();
            List<Long> out = new java.util.ArrayList<>(n);
            int[] at = new int[sizes.length];
            for (int i = 0; i < n; i++) {
                BigInteger addr = offset;
                for (int k = 0; k < sizes.length; k++) {
                    addr = addr.add(steps[k].multiply(BigInteger.valueOf(at[k])));
                }
                if (!inside(addr)) {
                    return null;
                }
                out.add(addr.longValueExact());
                for (int k = 0; k < sizes.length; k++) {
                    if (++at[k] < sizes[k].intValueExact()) {
                        break;
                    }
                    at[k] = 0;
                }
            }
            return out;
        }

        private boolean inside(BigInteger addr) {
            if (addr.signum() < 0) {
                return false;
            }
            if (!var.equals("SB")) {
                return addr.compareTo(BigInteger.valueOf(32)) < 0;
            }
            BigInteger[] pb = addr.divideAndRemainder(BigInteger.valueOf(STRIDE));
            return pb[0].compareTo(BigInteger.valueOf(PARTITIONS)) < 0 && pb[1].longValueExact() < ROW;
        }
    }
}
