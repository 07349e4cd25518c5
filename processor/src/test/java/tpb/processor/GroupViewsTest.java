package tpb.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;
import tpb.spec.SpecDraft;

/**
 * Composite views of operand groups: for a mini spec whose arm Nop places a ROW2 (a PTR start, two
 * steps, two nums) the generated code has {@code Row2View}, the shared {@code RowPattern} (ROW1 and
 * ROW2 differ only in their counts), single-field groups that name their bits on their own, a union
 * word's {@code asFloat()}, and a flyweight that holds one view per group operand; the compiled
 * classes read the exact bytes.
 */
class GroupViewsTest {
    static final String GROUPS = """
            ---
            group: PTR
            size: 1
            source: {ref: test, confidence: ASSUMED}
            fields:
              - name: word
                at: 0
                type: u8
                bits:
                  - {name: addr, lsb: 0, width: 7}
                  - {name: reg, lsb: 7, width: 1}
            ---
            group: ROW2
            size: 5
            source: {ref: test, confidence: ASSUMED}
            fields:
              - {name: start, at: 0, group: PTR}
              - {name: step, at: 1, type: i8, count: 2}
              - {name: num, at: 3, type: u8, count: 2}
            ---
            group: ROW1
            size: 3
            source: {ref: test, confidence: ASSUMED}
            fields:
              - {name: start, at: 0, group: PTR}
              - {name: step, at: 1, type: i8}
              - {name: num, at: 2, type: u8}
            ---
            group: WORD
            size: 4
            source: {ref: test, confidence: ASSUMED}
            fields:
              - {name: bits, at: 0, type: u32}
            ---
            arm: Nop
            opcode: Nop
            source: {ref: test, confidence: ASSUMED}
            fields:
              - {name: src, at: 1, group: ROW2}
            examples:
              - {name: n1, fields: {src: {start: {word: 0x85}, step: [-2, 3], num: [7, 9]}}, bytes: {0: "01 85 fe 03 07 09"}}
            """;

    private static Compilation compile() {
        return new SpecCompiler().with("isa.yaml", SpecDraft.ROOT).with("defs.yaml", SpecDraft.DEFS + GROUPS).compile("isa.yaml");
    }

    private static String source(Compilation c, String type) {
        try {
            return c.generatedSourceFile("t." + type).orElseThrow().getCharContent(true).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void everyGroupGetsAView() {
        Compilation c = compile();
        assertThat(c).succeededWithoutWarnings();
        String row2 = source(c, "Row2View");
        assertTrue(row2.contains("public final class Row2View implements RowPattern {"), row2);
        assertTrue(row2.contains("public static final int DIMS = 2;"), row2);
        assertTrue(row2.contains(String.join("\n",
                "    public int step(int index) {",
                "        int at = groupAt + STEP_OFFSET + Objects.checkIndex(index, STEP_COUNT) * 1;",
                "        return (owner.buffer != null ? owner.buffer[owner.offset + at] : Memory.i8(owner.memory, owner.address + at));",
                "    }")), row2); // the owner's array, or a direct buffer's memory
        assertTrue(row2.contains("this.start = new PtrView(owner, groupAt + START_OFFSET);"), row2);
        // ROW1's scalars are read by index too, so code over RowPattern serves both
        String row1 = source(c, "Row1View");
        assertTrue(row1.contains("public final class Row1View implements RowPattern {"), row1);
        assertTrue(row1.contains("public static final int DIMS = 1;"), row1);
        String shape = source(c, "RowPattern");
        assertTrue(shape.contains("public interface RowPattern {"), shape);
        assertTrue(shape.contains("PtrView start();") && shape.contains("int step(int index);") && shape.contains("int dims();"), shape);
        // a group of one field names its bits on their own; a lone word is a union with asFloat
        String ptr = source(c, "PtrView");
        assertTrue(ptr.contains("public long addr() {") && ptr.contains("public long reg() {") && !ptr.contains("implements"), ptr);
        assertTrue(source(c, "WordView").contains("public float asFloat() {"));
        String nop = source(c, "NopFlyweight");
        assertTrue(nop.contains("private final Row2View src = new Row2View(this, SRC_OFFSET);"), nop);
        assertTrue(nop.contains("public static final int SRC_OFFSET = 1;"), nop);
    }

    /** The compiled view reads what the flat accessors read, at the group's offset in the record. */
    @Test
    void theCompiledViewReadsTheRecord() throws Exception {
        Compilation c = compile();
        assertThat(c).succeeded();
        ClassLoader loader = SpecCompiler.load(c);
        Class<?> fwType = loader.loadClass("t.NopFlyweight");
        Object fw = fwType.getConstructor().newInstance();
        // two records side by side: the view follows wrap to the second
        byte[] b = {1, (byte) 0x85, (byte) 0xFE, 3, 7, 9, 0, 0, 1, (byte) 0x02, 1, 2, 3, 4, 0, 0};
        fwType.getMethod("wrap", byte[].class, int.class).invoke(fw, b, 0);
        Object src = fwType.getMethod("src").invoke(fw);
        Class<?> view = src.getClass();
        assertEquals(2, view.getMethod("dims").invoke(src));
        assertEquals(-2, view.getMethod("step", int.class).invoke(src, 0));
        assertEquals(3, view.getMethod("step", int.class).invoke(src, 1));
        assertEquals(9, view.getMethod("num", int.class).invoke(src, 1));
        Object start = view.getMethod("start").invoke(src);
        assertEquals(5L, start.getClass().getMethod("addr").invoke(start));
        assertEquals(1L, start.getClass().getMethod("reg").invoke(start));
        fwType.getMethod("wrap", byte[].class, int.class).invoke(fw, b, 8);
        assertEquals(src, fwType.getMethod("src").invoke(fw));
        assertEquals(1, view.getMethod("step", int.class).invoke(src, 0));
        assertEquals(2, view.getMethod("step", int.class).invoke(src, 1));
        assertEquals(2L, start.getClass().getMethod("addr").invoke(start));
        assertEquals(0L, start.getClass().getMethod("reg").invoke(start));
    }
}
