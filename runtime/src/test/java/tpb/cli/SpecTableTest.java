package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code tpb spec}'s table checked against itself: its rows in opcode order (then arm name), and
 * its closing count equal to the rows it printed, counted here from the STRUCT column.
 */
class SpecTableTest {
    private static List<String[]> rows(String out) {
        return out.lines().filter(l -> l.startsWith("0x")).map(l -> l.trim().split(" +")).toList();
    }

    private static void assertSorted(List<String[]> rows) {
        for (int i = 1; i < rows.size(); i++) {
            int before = Integer.parseInt(rows.get(i - 1)[0].substring(2), 16);
            int now = Integer.parseInt(rows.get(i)[0].substring(2), 16);
            assertTrue(before < now || before == now && rows.get(i - 1)[2].compareTo(rows.get(i)[2]) < 0,
                    String.join(" ", rows.get(i - 1)) + " before " + String.join(" ", rows.get(i)));
        }
    }

    @Test
    void allArmsInOpcodeOrderWithTheirCount() {
        CliRun r = CliRun.of("spec", "--all");
        assertEquals(0, r.code(), r.err());
        List<String[]> rows = rows(r.out());
        assertSorted(rows);
        long opaque = rows.stream().filter(c -> c[3].equals("(opaque)")).count();
        assertTrue(opaque > 0 && opaque < rows.size(), "the spec has opaque arms and arms with a layout");
        assertTrue(r.out().endsWith("\n" + (rows.size() - opaque) + " arms with a layout, " + opaque + " opaque\n"), r.out());
    }

    @Test
    void theDefaultTableLeavesTheOpaqueArmsOutAndCountsThem() {
        List<String[]> all = rows(CliRun.of("spec", "--all").out());
        long opaque = all.stream().filter(c -> c[3].equals("(opaque)")).count();
        CliRun r = CliRun.of("spec");
        List<String[]> rows = rows(r.out());
        assertSorted(rows);
        assertEquals(all.size() - opaque, rows.size());
        assertTrue(r.out().endsWith("\n" + rows.size() + " arms with a layout; " + opaque + " opaque arms not shown (--all)\n"), r.out());
    }
}
