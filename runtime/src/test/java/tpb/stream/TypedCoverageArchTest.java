package tpb.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.neff.EngineStream;
import tpb.neff.Neff;

/**
 * {@code disasm --stats} counts a record as the listing reads it (every sunda
 * LDWEIGHTS and MATMUL of 56 public NEFFs counted raw, 12-67 % typed, though the listing decoded
 * them with the sunda layout). The record: the first MATMUL of matmul_small.neff sg00/PE.bin with
 * +0x2E = 0x10, the value B:pe-mm says the V2 encoder writes there (dpfacts §2.2): SUNDA's xbus_sel,
 * a field of view Matmul.Sunda; on CAYMAN the reserved byte reserved_xbs, which the arm's own typed
 * decode needs zero.
 */
class TypedCoverageArchTest {
    static byte[] sundaMatmul() throws IOException {
        byte[] neff;
        try (InputStream in = TypedCoverageArchTest.class.getResourceAsStream("/neff/matmul_small.neff")) {
            neff = in.readAllBytes();
        }
        byte[] rec = new byte[RecordStream.STRIDE];
        boolean[] found = {false};
        Neff.of(neff).forEachSubgraph(null, (sg, streams) -> {
            for (EngineStream es : streams) {
                RecordStream s = es.stream();
                for (int i = 0; i < s.count() && !found[0]; i++) {
                    int off = RecordStream.offsetOf(i);
                    if (Decoder.identify(s.bytes(), off) == Arm.MATMUL && s.bytes()[off + 0x22] == 0) {
                        System.arraycopy(s.bytes(), off, rec, 0, rec.length);
                        found[0] = true;
                    }
                }
            }
        });
        rec[0x2E] = 0x10;
        return rec;
    }

    @Test
    void aSundaMatmulIsTypedThroughTheSundaLayout() throws IOException {
        byte[] rec = sundaMatmul();
        assertEquals("1 records: 0 typed (0.0 %), 0 opaque arm, 1 raw", TypedCoverage.of(new RecordReader(new ByteArrayInputStream(rec))).toString());
        assertEquals("1 records: 0 typed (0.0 %), 0 opaque arm, 1 raw",
                TypedCoverage.of(new RecordReader(new ByteArrayInputStream(rec)), Arch.CAYMAN).toString());
        assertEquals("1 records: 1 typed (100.0 %), 0 opaque arm, 0 raw",
                TypedCoverage.of(new RecordReader(new ByteArrayInputStream(rec)), Arch.SUNDA).toString());
    }
}
