package tpb.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.isa.ActivateFlyweight;
import tpb.isa.Arch;
import tpb.isa.Validator;

/**
 * Conflict sbuf-aperture-width: each generation's SBUF quadrant apertures are as
 * wide as its SBUF partition (facts §6: 192, 224, 256 KiB), so an ACTIVATE source at 0x30000 lies
 * beyond SUNDA's SBUF and inside CAYMAN's, and one at 0x38000 beyond CAYMAN's and inside MARIANA's.
 * Before, every profile took the runtime list's 0x38000 for all three.
 */
class ApertureWidthTest {
    static List<String> apertureViolations(long src, Arch arch) {
        byte[] b = new byte[64];
        new ActivateFlyweight().wrap(b, 0).reset().srcMemPatternStartWordAddress(src);
        List<String> found = new ArrayList<>();
        Validator.validate(b, 0, 0, arch, (r, field, off, rule, message) -> {
            if (rule.equals("aperture")) {
                found.add(field + ": " + message);
            }
        });
        return found;
    }

    @Test
    void theSbufEndsWhereTheGenerationsPartitionEnds() {
        String beyond = "src_mem_pattern.start.word: the immediate address lies in no SBUF/PSUM aperture";
        assertEquals(List.of(), apertureViolations(0x2FFFC, Arch.SUNDA));
        assertEquals(List.of(beyond), apertureViolations(0x30000, Arch.SUNDA));
        assertEquals(List.of(), apertureViolations(0x30000, Arch.CAYMAN));
        assertEquals(List.of(), apertureViolations(0x37FFC, Arch.CAYMAN));
        assertEquals(List.of(beyond), apertureViolations(0x38000, Arch.CAYMAN));
        assertEquals(List.of(), apertureViolations(0x38000, Arch.MARIANA));
        assertEquals(List.of(), apertureViolations(0x3FFFC, Arch.MARIANA));
        // the quadrant bases are every generation's: q1 starts at 0x800000
        assertEquals(List.of(), apertureViolations(0x800000 + 0x2FFFC, Arch.SUNDA));
        assertEquals(List.of(beyond), apertureViolations(0x800000 + 0x30000, Arch.SUNDA));
    }
}
