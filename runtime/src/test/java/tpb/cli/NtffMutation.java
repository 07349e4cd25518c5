package tpb.cli;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;

/**
 * One structure-aware edit of an NTFF (docs/ntff.md's layout: a 128-byte preamble, the header's
 * length at byte 1, the protobuf header at 128, the trace data after it), for the fuzzer: the file
 * cut at an edge or anywhere, the header's length set to an edge, header bytes set to edge values,
 * a varint of an edge value written over the header (a length, an offset, a count), a top-level
 * section's offset or size set to an edge (past the end, 2^k ± 1), sections duplicated (overlapping,
 * up to past the header's section bound), trace records' bytes and ticks changed, junk appended.
 * Edges: 0, 1, 2^k - 1, 2^k, 2^k + 1 for k = 4, 7, 8, 16, 20, 24, 31, 32, 62, 63 and the file's own
 * lengths. Seeded: a case prints and replays as its family and seed.
 */
record NtffMutation(Family family, long seed, UnaryOperator<byte[]> edit) {
    enum Family { CUT, HEADER_LENGTH, HEADER_BYTES, VARINT, SECTION_FIELD, SECTIONS_REPEATED, RECORDS, APPENDED }

    private static final int PREAMBLE = 128;

    static NtffMutation of(Family f, long seed) {
        return new NtffMutation(f, seed, b -> apply(f, new Random(seed), b.clone()));
    }

    @Override
    public String toString() {
        return family + "#" + seed;
    }

    static long edge(Random r) {
        int[] ks = {4, 7, 8, 16, 20, 24, 31, 32, 62, 63};
        long p = 1L << ks[r.nextInt(ks.length)];
        return switch (r.nextInt(5)) {
            case 0 -> 0;
            case 1 -> 1;
            case 2 -> p - 1;
            case 3 -> p;
            default -> p + 1;
        };
    }

    /** The u32 at byte 1 (an int: a length past 2^31 reads negative, which callers clamp). */
    private static int headerLength(byte[] b) {
        return b.length < 5 ? 0 : (b[1] & 0xFF) | (b[2] & 0xFF) << 8 | (b[3] & 0xFF) << 16 | (b[4] & 0xFF) << 24;
    }

    private static byte[] apply(Family f, Random r, byte[] b) {
        if (b.length <= PREAMBLE + 1 && f != Family.APPENDED) {
            return b; // an earlier edit cut the file to its preamble: nothing of the header left to edit
        }
        int h = (int) Math.max(1, Math.min(headerLength(b) & 0xFFFFFFFFL, b.length - PREAMBLE)); // the header as far as the file holds it
        int data = PREAMBLE + h;
        switch (f) {
            case CUT -> {
                int[] at = {0, 1, 5, PREAMBLE - 1, PREAMBLE, PREAMBLE + 1, data - 1, data, data + 1, b.length - 16, b.length - 1, r.nextInt(b.length)};
                // (b.length > PREAMBLE + 1 here: every index is in range once clamped)
                return Arrays.copyOf(b, Math.max(0, Math.min(b.length, at[r.nextInt(at.length)])));
            }
            case HEADER_LENGTH -> {
                long[] v = {0, 1, h - 1L, h + 1L, 1 << 20, (1 << 20) + 1, Integer.MAX_VALUE, 0xFFFFFFFFL, edge(r)};
                long x = v[r.nextInt(v.length)];
                for (int i = 0; i < 4; i++) {
                    b[1 + i] = (byte) (x >>> 8 * i);
                }
                return b;
            }
            case HEADER_BYTES -> {
                int[] values = {0x00, 0x01, 0x7F, 0x80, 0xFF};
                for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
                    b[PREAMBLE + r.nextInt(h)] = (byte) values[r.nextInt(values.length)];
                }
                return b;
            }
            case VARINT -> {
                byte[] v = varint(edge(r));
                int at = PREAMBLE + r.nextInt(Math.max(1, h - v.length));
                System.arraycopy(v, 0, b, at, Math.max(0, Math.min(v.length, b.length - at)));
                return b;
            }
            case SECTION_FIELD -> {
                List<int[]> sections = topLevel(b, 16);
                if (sections.isEmpty()) {
                    return b;
                }
                int[] s = sections.get(r.nextInt(sections.size()));
                int field = new int[] {1, 5, 6, 7}[r.nextInt(4)]; // queue type, offset, size, core
                long[] v = {edge(r), b.length - data, b.length - data + 16L, 16L * (1 << 24)};
                byte[] message = message(Arrays.copyOfRange(b, s[1], s[2]), field, v[r.nextInt(v.length)]);
                return replace(b, s[0], s[2], field(16, message));
            }
            case SECTIONS_REPEATED -> {
                List<int[]> sections = topLevel(b, 16);
                if (sections.isEmpty()) {
                    return b;
                }
                int[] s = sections.get(r.nextInt(sections.size()));
                int[] counts = {1, 2, 100, 4096, 4097};
                ByteArrayOutputStream copies = new ByteArrayOutputStream();
                for (int i = 0, n = counts[r.nextInt(counts.length)]; i < n; i++) {
                    copies.writeBytes(Arrays.copyOfRange(b, s[0], s[2]));
                }
                return replace(b, s[2], s[2], copies.toByteArray());
            }
            case RECORDS -> {
                int records = (b.length - data) / 16;
                for (int i = 0, n = 1 + r.nextInt(8); i < n && records > 0; i++) {
                    int at = data + 16 * r.nextInt(records);
                    if (r.nextBoolean()) {
                        b[at + r.nextInt(8)] = (byte) r.nextInt(256); // the payload: a kind, an engine, a pc
                    } else {
                        long t = r.nextBoolean() ? edge(r) : -1L - r.nextInt(1000);
                        for (int k = 0; k < 8; k++) {
                            b[at + 8 + k] = (byte) (t >>> 8 * k); // the tick
                        }
                    }
                }
                return b;
            }
            default -> {
                byte[] junk = new byte[new int[] {1, 15, 16, 4096}[r.nextInt(4)]];
                r.nextBytes(junk);
                byte[] out = Arrays.copyOf(b, b.length + junk.length);
                System.arraycopy(junk, 0, out, b.length, junk.length);
                return out;
            }
        }
    }

    /** {@code b} with {@code [from, to)} replaced by {@code with}, the header's length in the preamble made to match. */
    private static byte[] replace(byte[] b, int from, int to, byte[] with) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.write(b, 0, from);
        o.writeBytes(with);
        o.write(b, to, b.length - to);
        byte[] out = o.toByteArray();
        int h = headerLength(b) + with.length - (to - from);
        for (int i = 0; i < 4; i++) {
            out[1 + i] = (byte) (h >>> 8 * i);
        }
        return out;
    }

    /** The header's top-level fields numbered {@code field}: {start of the tag, start of the value, end}. */
    private static List<int[]> topLevel(byte[] b, int field) {
        List<int[]> out = new ArrayList<>();
        int end = Math.min(b.length, PREAMBLE + headerLength(b));
        int[] at = {PREAMBLE};
        while (at[0] < end) {
            int start = at[0];
            long tag = readVarint(b, at, end);
            if (tag < 0) {
                break;
            }
            int type = (int) (tag & 7);
            if (type == 0) {
                if (readVarint(b, at, end) < 0) {
                    break;
                }
            } else if (type == 2) {
                long len = readVarint(b, at, end);
                if (len < 0 || len > end - at[0]) {
                    break;
                }
                if (tag >>> 3 == field) {
                    out.add(new int[] {start, at[0], at[0] + (int) len});
                }
                at[0] += (int) len;
            } else {
                break;
            }
        }
        return out;
    }

    private static long readVarint(byte[] b, int[] at, int end) {
        long v = 0;
        for (int shift = 0; shift < 64 && at[0] < end; shift += 7) {
            int x = b[at[0]++] & 0xFF;
            v |= (long) (x & 0x7F) << shift;
            if ((x & 0x80) == 0) {
                return v;
            }
        }
        return -1;
    }

    /** A message's varint fields with {@code field} set to {@code value} (added when absent); other fields kept. */
    private static byte[] message(byte[] m, int field, long value) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        int[] at = {0};
        boolean set = false;
        while (at[0] < m.length) {
            int start = at[0];
            long tag = readVarint(m, at, m.length);
            if (tag < 0 || (tag & 7) != 0) {
                o.write(m, start, m.length - start);
                break;
            }
            long v = readVarint(m, at, m.length);
            if (v < 0) {
                o.write(m, start, m.length - start);
                break;
            }
            o.writeBytes(varint(tag));
            o.writeBytes(varint(tag >>> 3 == field ? value : v));
            set |= tag >>> 3 == field;
        }
        if (!set) {
            o.writeBytes(varint((long) field << 3));
            o.writeBytes(varint(value));
        }
        return o.toByteArray();
    }

    private static byte[] field(int number, byte[] value) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.writeBytes(varint((long) number << 3 | 2));
        o.writeBytes(varint(value.length));
        o.writeBytes(value);
        return o.toByteArray();
    }

    static byte[] varint(long v) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        while ((v & ~0x7FL) != 0) {
            o.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        o.write((int) v);
        return o.toByteArray();
    }
}
