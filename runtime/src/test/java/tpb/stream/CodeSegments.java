package tpb.stream;

import java.util.List;

/**
 * ib_addrs_one_eng_t (seed002 §4; facts §9.1): an engine's instruction stream lives in three dmem
 * code ranges (one_offset, model_switch_offset, core_offset). {@link #readWrite} is ib_read_write:
 * a linear stream offset is translated into (segment, in-segment offset) and every transfer is
 * split where a segment ends.
 *
 * <p>The sources give the three ranges and the clamp but not how ib_translate_addr orders them;
 * this model lays the linear offsets out segment after segment in the order above (ASSUMED).
 */
final class CodeSegments {
    /** One code range: a window of {@code size} bytes at {@code base} in a dmem. */
    public record Segment(String name, Dmem dmem, long base, long size) {
        public Segment {
            if (base < 0 || size < 0 || base + size > dmem.size()) {
                throw new IllegalArgumentException("segment " + name + " [" + base + ", " + (base + size)
                        + ") does not fit its " + dmem.size() + "-byte dmem");
            }
        }
    }

    private final List<Segment> segments;

    public CodeSegments(List<Segment> segments) {
        this.segments = List.copyOf(segments);
    }

    public long capacity() {
        long n = 0;
        for (Segment s : segments) {
            n += s.size();
        }
        return n;
    }

    /** ib_translate_addr: which segment holds linear offset {@code offset}, and where in it. */
    Translation translate(long offset) {
        long start = 0;
        for (Segment s : segments) {
            if (offset >= start && offset < start + s.size()) {
                return new Translation(s, offset - start);
            }
            start += s.size();
        }
        throw new StreamException(String.format("stream offset 0x%X maps to no code segment (the %d segments hold 0x%X bytes)",
                offset, segments.size(), start));
    }

    record Translation(Segment segment, long inSegment) {}

    /** Copies {@code size} bytes between {@code buffer} and the stream at linear {@code offset}. */
    public void readWrite(long offset, byte[] buffer, int bufferOffset, int size, boolean read) {
        int cursor = 0;
        while (cursor < size) {
            Translation t = translate(offset + cursor);
            Segment s = t.segment();
            // clamp this chunk at the segment end (the cmovnb at 0x323d3b)
            int chunk = (int) Math.min(s.size() - t.inSegment(), size - cursor);
            if (read) {
                s.dmem().copyOut(buffer, bufferOffset + cursor, s.base() + t.inSegment(), chunk);
            } else {
                s.dmem().copyIn(buffer, bufferOffset + cursor, s.base() + t.inSegment(), chunk);
            }
            cursor += chunk;
        }
    }

    public void write(long offset, byte[] buffer) {
        readWrite(offset, buffer, 0, buffer.length, false);
    }

    public byte[] read(long offset, int size) {
        byte[] out = new byte[size];
        readWrite(offset, out, 0, size, true);
        return out;
    }
}
