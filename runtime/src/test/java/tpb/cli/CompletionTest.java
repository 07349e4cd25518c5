package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code tpb generate-completion}: picocli's bash/zsh completion script, which
 * offers every command tpb has (the list derived from the command tree, not written here) and which
 * bash itself accepts: sourcing it registers the completion function for tpb.
 */
class CompletionTest {
    @Test
    void theScriptOffersEveryCommandAndBashSourcesIt(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.of("generate-completion");
        assertEquals(0, r.code(), r.err());
        List<String> commands = new ArrayList<>(new CommandLine(new Tpb()).getSubcommands().keySet());
        assertTrue(r.out().contains("local commands=\"" + String.join(" ", commands) + "\""), r.out().substring(0, 200));
        // bash is what the tpb launcher itself runs in
        Path script = dir.resolve("tpb-completion.bash");
        Files.writeString(script, r.out());
        Process p = new ProcessBuilder("bash", "-c", "source \"$0\" && complete -p tpb", script.toString()).redirectErrorStream(true).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.getInputStream().transferTo(out);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals("complete -o default -F _complete_tpb tpb\n", out.toString(StandardCharsets.UTF_8));
    }
}
