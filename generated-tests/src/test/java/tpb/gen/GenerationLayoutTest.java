package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.codec.TestVector;
import tpb.codec.Violation;
import tpb.codec.ViolationSink;
import tpb.isa.Arch;
import tpb.isa.MatmulOutDtype;
import tpb.isa.MatmulRecord;
import tpb.isa.PeLwOrder;
import tpb.isa.TestVectors;
import tpb.isa.Validator;

/**
 * The validator reads an arm with a generation layout (a view with {@code generation:}) through
 * that layout on its generation: each such view's vectors validate on their arch and are refused on
 * cayman, whose layout is the arm's own. The bytes are the spec's own vectors (datapath-pe.yaml).
 */
class GenerationLayoutTest {
    private static byte[] vector(String id) {
        return TestVectors.all().stream().filter(v -> v.id().equals(id)).findFirst().map(TestVector::bytes)
                .orElseThrow(() -> new AssertionError("no vector " + id));
    }

    private static String violations(byte[] b, String arch) {
        List<Violation> out = new ArrayList<>();
        Validator.validate(b, 0, 0, Arch.byName(arch), ViolationSink.into(out));
        return out.toString();
    }

    @Test
    void everyGenerationVectorValidatesOnItsArch() {
        int seen = 0;
        for (TestVector v : TestVectors.all()) {
            String arch = v.view() == null ? null : switch (v.view()) {
                case "Sunda" -> "SUNDA";
                case "Mariana" -> "MARIANA";
                default -> null;
            };
            if (arch != null) {
                assertEquals("[]", violations(v.bytes(), arch), v.id());
                seen++;
            }
        }
        // Matmul.Sunda 2 (one a real sunda record), Matmul.Mariana 1, Ldweights.Sunda 2 (one real), Ldweights.Mariana 2 (datapath-pe.yaml)
        assertEquals(7, seen);
    }

    @Test
    void ldweightsBackgroundTransposeIsMarianaOnly() {
        // +0x0C = 2: bg_xpose_mode on mariana («XGEN» §2.4 QUIRK); reserved0[4] on cayman and sunda
        byte[] b = vector("Ldweights.Mariana/v3_encoder_arch40");
        assertEquals("[]", violations(b, "MARIANA"));
        assertEquals("[record 0 (+0x0C) reserved0: reserved: reserved bytes must be zero]", violations(b, "CAYMAN"));
        // on SUNDA also the source, 0x37cfe: beyond its 192 KiB SBUF partition (conflict sbuf-aperture-width)
        assertEquals("[record 0 (+0x0C) reserved0: reserved: reserved bytes must be zero, record 0 (+0x10) src_mem_pattern.start.word: "
                + "aperture: the immediate address lies in no SBUF/PSUM aperture]", violations(b, "SUNDA"));
        // no arch: the arm's own (cayman) layout
        assertEquals("[record 0 (+0x0C) reserved0: reserved: reserved bytes must be zero]", Validator.validate(b, 0).toString());
    }

    @Test
    void ldweightsLoadOrderIsBitFiveOfTheMarianaFlags() {
        // flags 0x20 at +0x2F: bit 5 load_order = 1 = FIRST_COL_FIRST («PEPATH» §3.1: xpose 1, scalar 2, seed 2, load_order 1)
        byte[] b = vector("Ldweights.Mariana/first_col_first");
        assertEquals(0x20, b[0x2F]);
        assertEquals(PeLwOrder.FIRST_COL_FIRST, PeLwOrder.fromValue((b[0x2F] >> 5) & 1));
        assertEquals("[]", violations(b, "MARIANA"));
    }

    @Test
    void matmulSundaFieldsAreCaymanReservedBytes() {
        // quant_offset +0x24 = 1, xbus_sel +0x2E = 0x10 («XGEN» §2.4 SUNDA column); cayman and mariana reserve both
        byte[] b = vector("Matmul.Sunda/v2_encoder_fields");
        assertEquals("[]", violations(b, "SUNDA"));
        assertEquals("[record 0 (+0x24) reserved_quant: reserved: reserved bytes must be zero, "
                + "record 0 (+0x2E) reserved_xbs: reserved: reserved bytes must be zero]", violations(b, "CAYMAN"));
        assertEquals("[record 0 (+0x24) reserved_quant: reserved: reserved bytes must be zero, "
                + "record 0 (+0x2E) reserved_xbs: reserved: reserved bytes must be zero]", violations(b, "MARIANA"));
    }

    @Test
    void matmulBf16OutputIsMarianaOnly() {
        // out_dtype 6 BFLOAT16: "BF16 (v4+)" (the v5 header comment); on cayman the arm's guard refuses it
        byte[] b = vector("Matmul.Mariana/flags_and_bf16");
        assertEquals("[]", violations(b, "MARIANA"));
        assertEquals("[record 0 (+0x28) out_dtype: guard: out_dtype is FP32 (or 0, which means FP32) before v4; BF16 only from v4 on]",
                violations(b, "CAYMAN"));
        // sunda has no out_dtype: +0x28..+0x2A are no field there, and the validator does not flag bytes no field describes;
        // the source, 0x37f00, is beyond SUNDA's 192 KiB SBUF partition (conflict sbuf-aperture-width)
        assertEquals("[record 0 (+0x10) src_mem_pattern.start.word: aperture: the immediate address lies in no SBUF/PSUM aperture]",
                violations(b, "SUNDA"));
    }

    @Test
    void aRealMatmulReadsOutDtypeAsFp32() {
        // fixture sg00/PE.bin record 4 (the Matmul/fixture_single vector): +0x28 = 0, which DtypeWire calls INVALID
        MatmulRecord r = MatmulRecord.decode(vector("Matmul/fixture_single"), 0);
        assertEquals(MatmulOutDtype.DEFAULT_FP32, r.outDtype());
        assertFalse(r.outDtype().specName().contains("INVALID"));
    }
}
