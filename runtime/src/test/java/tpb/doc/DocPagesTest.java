package tpb.doc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.spec.load.LoadResult;
import tpb.spec.load.SpecFiles;
import tpb.spec.load.SpecLoader;
import tpb.spec.model.ArmDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Layout;

/** The doc pages' pieces without a browser: vectors decoded from their bytes, label wrapping, map-cell words, escaping. */
class DocPagesTest {
    static final IsaModel MODEL = load("isa/tpb/isa.yaml", "../isa-spec/src/main/resources");
    /** generated-tests' made-up ISA: a u16 opcode, 8-byte big-endian records. */
    static final IsaModel WIDE = load("isa/wide/isa.yaml", "../generated-tests/src/test/resources");

    private static IsaModel load(String root, String dir) {
        LoadResult r = SpecLoader.load(root, SpecFiles.directory(Path.of(dir)));
        assertTrue(r.model() != null && !r.diagnostics().hasErrors(), () -> root + " loads: " + r.diagnostics());
        return r.model();
    }

    @Test
    void aVectorShowsEachSetFieldDecodedFromItsBytes() {
        ArmDef alu = MODEL.arm("RegisterAlu").orElseThrow();
        Vector v = Vector.of(MODEL, Layout.arm(MODEL, alu), alu.examples().stream().filter(e -> e.name().equals("not_equal_reg")).findFirst()
                .orElseThrow());
        // sp-register.yaml's bytes "a8 10 00 00" at 0 and "18 08 00 08 04 00 05 00 03 00" at 0x0C, read back by hand:
        // 0xA8 is opcode AluOp; 0x10 the const inst_word_len 16; 0x18 is not_equal's wire value in LUT AluOpWire
        // (seed000 §2.1; its ordinal 0x13 would be wrong); 0x08 INT32 twice; src_datasrc 0 REGISTER is listed because the
        // example sets it although its byte is zero; the register numbers 4, 5, 3 at +0x10/+0x12/+0x14
        assertEquals(List.of(
                new Vector.Field("+0x00", "header.opcode", "AluOp (0xA8)", "a8"),
                new Vector.Field("+0x01", "header.inst_word_len", "16 (0x10)", "10"),
                new Vector.Field("+0x0C", "op", "not_equal (0x18)", "18"),
                new Vector.Field("+0x0D", "dtype", "INT32 (0x8)", "08"),
                new Vector.Field("+0x0E", "src_datasrc", "REGISTER (0x0)", "00"),
                new Vector.Field("+0x0F", "dst_dtype", "INT32 (0x8)", "08"),
                new Vector.Field("+0x10", "src0_lo", "4", "04"),
                new Vector.Field("+0x12", "src1_lo", "5", "05"),
                new Vector.Field("+0x14", "dst_lo", "3", "03")), v.fields());
        assertEquals("00: a8 10 00 00 00 00 00 00 00 00 00 00 18 08 00 08 \n", v.dump().get(0));
        assertEquals(MODEL.record().size() / 16, v.dump().size(), "a dump line per 16 bytes of the record");
    }

    @Test
    void fieldValuesReadInEitherByteOrderAndSign() {
        byte[] b = {(byte) 0xFD, (byte) 0xFF, 0x01, 0x02};
        assertEquals(-3, Vector.read(b, 0, 2, true, true), "0xFFFD little-endian, signed");
        assertEquals(0xFFFD, Vector.read(b, 0, 2, true, false), "0xFFFD little-endian, unsigned");
        assertEquals(0x0102, Vector.read(b, 2, 2, false, false), "01 02 big-endian");
        assertEquals(0x0201, Vector.read(b, 2, 2, true, false), "01 02 little-endian");
    }

    @Test
    void labelsWrapAfterUnderscoresAndBreakOnlyTooLongWords() {
        assertEquals(List.of("inst_", "word_", "len"), LayoutSvg.wrap("inst_word_len", 6));
        assertEquals(List.of("src0_lo"), LayoutSvg.wrap("src0_lo", 7));
        assertEquals(List.of("src0_", "lo"), LayoutSvg.wrap("src0_lo", 6));
        assertEquals(List.of("transp", "ose_", "mode"), LayoutSvg.wrap("transpose_mode", 6));
        assertEquals(List.of("transpose_", "mode"), LayoutSvg.wrap("transpose_mode", 10));
    }

    @Test
    void theTwoHalvesOfAFieldPairReadDifferently() {
        // src0_lo and src0_hi would both read "src0_…" if cut: each box holds its whole name
        ArmDef alu = MODEL.arm("RegisterAlu").orElseThrow();
        LayoutSvg svg = LayoutSvg.of(Layout.arm(MODEL, alu), MODEL.record().size());
        List<String> labels = svg.boxes().stream().map(b -> String.join("", b.lines().stream().map(LayoutSvg.Text::text).toList())).toList();
        assertTrue(labels.contains("src0_lo") && labels.contains("src0_hi"), labels.toString());
    }

    @Test
    void mapCellsBreakBetweenWords() {
        assertEquals(List.of(new IndexPage.Word("Tensor", false), new IndexPage.Word("Scalar", true), new IndexPage.Word("Ptr", true),
                new IndexPage.Word("Arith", true), new IndexPage.Word("Op", true)), IndexPage.words("TensorScalarPtrArithOp"));
        assertEquals(List.of(new IndexPage.Word("DMA", false), new IndexPage.Word("Trigger", true)), IndexPage.words("DMATrigger"));
        assertEquals(List.of(new IndexPage.Word("Pseudo", false), new IndexPage.Word("Inst ", true), new IndexPage.Word("×2", true)),
                IndexPage.words("PseudoInst ×2"));
        assertEquals(List.of(new IndexPage.Word("Invalid", false)), IndexPage.words("Invalid"));
    }

    @Test
    void theMapCoversEveryValueOfTheOpcodeField() {
        IndexPage index = IndexPage.of(MODEL);
        // u8 opcode: 2^8 values in rows of 16
        assertEquals(MODEL.opcodeValues() / 16, index.rows().size());
        assertEquals(MODEL.opcodeValues(), index.rows().stream().mapToInt(r -> r.cells().size()).sum());
        assertEquals("FF", index.rows().get(index.rows().size() - 1).cells().get(15).code());
    }

    @Test
    void aWideOpcodeMapShowsTheRowsThatHoldOpcodes() {
        IndexPage index = IndexPage.of(WIDE);
        // WideOp: Halt 0x0001, Move 0x0110, Jump 0x0210, Mark 0x0300, Swap 0x1001, End 0xFFFF: six rows of 16 out of 4096
        assertEquals(List.of("000_", "011_", "021_", "030_", "100_", "FFF_"), index.rows().stream().map(IndexPage.MapRow::label).toList());
        IndexPage.Cell move = index.rows().get(1).cells().get(0);
        assertEquals("0110", move.code());
        assertEquals("Move", move.arm());
        assertEquals("sentinel", index.rows().get(5).cells().get(15).kind(), "End is tagged sentinel");
        assertEquals("pseudo", index.rows().get(3).cells().get(0).kind(), "Mark is tagged pseudo");
        assertTrue(new DocSite(WIDE).pages().get("arms/Move.html").contains("<svg class=\"layout\""), "the arm pages render");
    }

    @Test
    void aBigEndianVectorDecodes() {
        ArmDef swap = WIDE.arm("Swap").orElseThrow();
        Vector v = Vector.of(WIDE, Layout.arm(WIDE, swap), swap.examples().get(0));
        // wide isa.yaml's "10 01 12 34 00 ff ff ff": opcode 0x1001 Swap, a 0x1234 = 4660, b 0x00FF = 255, c 0xFFFF as i16 = -1
        assertEquals(List.of(
                new Vector.Field("+0x00", "op", "Swap (0x1001)", "10 01"),
                new Vector.Field("+0x02", "a", "4660 (0x1234)", "12 34"),
                new Vector.Field("+0x04", "b", "255 (0xFF)", "00 ff"),
                new Vector.Field("+0x06", "c", "-1", "ff ff")), v.fields());
        LayoutSvg svg = LayoutSvg.of(Layout.arm(WIDE, swap), WIDE.record().size());
        assertEquals(8, svg.columns().size(), "an 8-byte record has 8 byte columns");
    }

    @Test
    void specTextIsEscapedByTheTemplates() {
        String html = Templates.render("conflict", new Conflict("<b>id</b>", List.of(), "a & b", "\"q\""));
        assertEquals("<div class=\"conflict\"><b>&lt;b&gt;id&lt;/b&gt;</b><ul></ul><p>Real records: a &amp; b</p><p>Emitted: &quot;q&quot;</p></div>\n",
                html);
    }
}
