package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.neff.Fixture;
import tpb.neff.SyncFixtureTestAccess;

/**
 * {@code tpb run} of a NEFF at the sync level, its report's every key: the run's
 * status ("complete" only when every subgraph completes), each subgraph's status and message
 * (present only when the run has one), and the waits a timeline shows for a deadlock. The
 * deadlock is SyncFixtureTest's: sg01's PE record 8 waits for S4 >= 3, which reaches 1.
 */
class NeffSyncReportTest {
    private static JsonNode json(CliRun r) throws Exception {
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void aCompleteRunsReport() throws Exception {
        CliRun r = CliRun.of("run", Fixture.path().toString(), "--subgraph", "sg01", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode j = json(r);
        assertEquals("sync", j.get("level").asText());
        assertEquals("complete", j.get("status").asText());
        assertEquals(1, j.get("subgraphs").size());
        JsonNode sg = j.get("subgraphs").get(0);
        assertEquals("sg01", sg.get("subgraph").asText());
        assertEquals("complete", sg.get("status").asText());
        assertFalse(sg.has("message"), sg.toString());
    }

    @Test
    void aDeadlocksReportAndTimeline(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("raised.neff");
        Files.write(bad, SyncFixtureTestAccess.raisedWait());
        CliRun r = CliRun.of("run", bad.toString(), "--subgraph", "sg01", "--json");
        assertEquals(1, r.code());
        JsonNode j = json(r);
        assertEquals("incomplete", j.get("status").asText());
        JsonNode sg = j.get("subgraphs").get(0);
        assertEquals("deadlock", sg.get("status").asText());
        assertEquals("every engine left waits on a semaphore no engine will update", sg.get("message").asText());
        Path html = dir.resolve("t.html");
        CliRun t = CliRun.of("run", bad.toString(), "--subgraph", "sg01", "--timeline", html.toString());
        assertEquals(1, t.code());
        String page = Files.readString(html);
        assertTrue(page.contains("semaphore 4 >= 3, it is 1"), "pe's wait shown");
        // with --trace-events too: the timeline is drawn from the traced run
        Path both = dir.resolve("both.html");
        CliRun b = CliRun.of("run", bad.toString(), "--subgraph", "sg01", "--timeline", both.toString(), "--trace-events",
                dir.resolve("t.json").toString());
        assertEquals(1, b.code());
        assertTrue(Files.readString(both).contains("semaphore 4 >= 3, it is 1"), "pe's wait shown with --trace-events");
        // the timeline on stdout: the page is the output, the exit code still the run's
        CliRun page1 = CliRun.of("run", bad.toString(), "--subgraph", "sg01", "--timeline", "-");
        assertEquals(1, page1.code());
        assertTrue(page1.out().contains("semaphore 4 >= 3, it is 1"), "the page on stdout");
    }
}
