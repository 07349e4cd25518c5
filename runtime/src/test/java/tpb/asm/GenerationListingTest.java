package tpb.asm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;
import tpb.codec.TestVector;
import tpb.isa.Arch;
import tpb.isa.Layouts;
import tpb.isa.TestVectors;

/**
 * The listing and the assembler read and write an arm through its layout on the listing's arch
 * (tpb.isa.Layouts, from the spec's views with generation:): every generation vector of the spec
 * round-trips through disasm and asm on its arch, the line says when the arm's own layout would
 * read it otherwise, and a field of one generation's layout is refused on the others.
 */
class GenerationListingTest {
    private static String listing(byte[] b, Arch arch) {
        StringBuilder out = new StringBuilder();
        try {
            Disassembler.listing(new ByteArrayInputStream(b), false, arch, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static byte[] vector(String id) {
        return TestVectors.all().stream().filter(v -> v.id().equals(id)).findFirst().map(TestVector::bytes).orElseThrow();
    }

    @Test
    void everyGenerationLayoutRoundTripsOnItsArch() {
        int seen = 0;
        for (TestVector v : TestVectors.all()) {
            for (Arch arch : Arch.values()) {
                if (v.view() != null && v.view().equals(Layouts.view(tpb.isa.Decoder.identify(v.bytes(), 0), arch))) {
                    String text = listing(v.bytes(), arch);
                    assertArrayEquals(v.bytes(), new Assembler(arch).assemble(text), v.id() + " on " + arch.name() + ": " + text);
                    seen++;
                }
            }
        }
        assertEquals(7, seen); // Matmul.Sunda x2, Matmul.Mariana, Ldweights.Sunda x2, Ldweights.Mariana x2 (datapath-pe.yaml)
    }

    @Test
    void ldweightsBackgroundTransposeListsOnMarianaAndSaysSo() {
        byte[] b = vector("Ldweights.Mariana/v3_encoder_arch40");
        assertEquals("     0  0x000000  ldweights $S[8]>=16 [0x37cfe; -1,0,-32; 32,1,4] bg_xpose_mode=2 in_dtype=FP16 transpose_mode=1"
                + "  ; MARIANA layout Ldweights.Mariana (own layout: .raw)\n", listing(b, Arch.MARIANA));
        // cayman (whose layout is the arm's own): +0x0C is reserved0, so the record is .raw; with no arch the same
        // reading, and the listing says once which layout it used
        assertEquals("     0  0x000000  .raw ", listing(b, Arch.CAYMAN).substring(0, 23));
        assertEquals(listing(b, Arch.CAYMAN).replace("\n", "") + "  ; Ldweights: its own layout (no --arch; SUNDA and MARIANA have their own)\n",
                listing(b, null));
    }

    @Test
    void oneRecordsTextReadsItThroughItsArchsLayout() {
        // the text a NEFF run's trace, deadlock report and trace events print: the same reading and the same
        // note as the listing's line; with no arch the arm's own layout, which reads this mariana record as .raw
        byte[] b = vector("Ldweights.Mariana/v3_encoder_arch40");
        assertEquals(listing(b, Arch.MARIANA).substring("     0  0x000000  ".length()).strip(), Disassembler.text(Arch.MARIANA, b, 0, 1));
        assertEquals(Disassembler.text(b, 0, 1), Disassembler.text(null, b, 0, 1));
        assertEquals(".raw ", Disassembler.text(null, b, 0, 1).substring(0, 5));
    }

    @Test
    void aRecordBothLayoutsReadAlikeHasNoNote() {
        // fixture sg00/PE.bin record 8: no mariana-only byte set, so the mariana and cayman readings print the same
        byte[] b = vector("Ldweights/fixture_plain_load");
        assertEquals(listing(b, Arch.CAYMAN), listing(b, Arch.MARIANA));
        assertEquals(listing(b, Arch.CAYMAN), listing(b, Arch.SUNDA));
    }

    @Test
    void aGenerationFieldIsRefusedElsewhere() {
        String text = "ldweights [0x37cfe; -1,0,-32; 32,1,4] bg_xpose_mode=2 in_dtype=FP16 num_active_rows=128 num_active_cols=128";
        AsmException e = assertThrows(AsmException.class, () -> new Assembler(Arch.CAYMAN).assemble(text));
        // column 39: "ldweights [0x37cfe; -1,0,-32; 32,1,4] " is 38 characters
        assertEquals("1:39: no field 'bg_xpose_mode' in Ldweights (a field of its layout on MARIANA: give --arch)", e.line() + ":" + e.column() + ": " + e.getMessage());
        AsmException none = assertThrows(AsmException.class, () -> new Assembler().assemble(text));
        assertEquals(e.getMessage(), none.getMessage());
        // on mariana: +0x0C = 2
        assertEquals(2, new Assembler(Arch.MARIANA).assemble(text)[0x0C]);
    }
}
