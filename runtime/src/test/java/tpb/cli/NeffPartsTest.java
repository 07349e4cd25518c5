package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.data.Npy;
import tpb.neff.NeffParts;

/** The fuzzer's base NEFF is valid: every command reads it, and the data level copies a to out. */
class NeffPartsTest {
    @Test
    void theBaseNeffPassesEveryCommand(@TempDir Path root) throws Exception {
        Path c = Files.createDirectory(root.resolve("case"));
        Path neff = c.resolve("in.neff");
        Files.write(neff, new NeffParts().bytes());
        for (EveryNeffCommand.Run r : EveryNeffCommand.runAll(c, neff)) {
            assertEquals(0, r.result().code(), r::toString);
            EveryNeffCommand.check(r);
        }
        assertEquals(List.of(), EveryNeffCommand.strays(root));
        // the Pool stream DMAs a into SBUF and back out to out: the same 8 floats, as tensor_map.json shapes them
        assertEquals(Npy.parse(EveryNeffCommand.inputA()), Npy.read(c.resolve("out/data/out.npy")));
    }
}
