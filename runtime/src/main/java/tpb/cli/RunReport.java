package tpb.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tpb.sim.SimResult;
import tpb.spec.json.Json;

/** How {@code tpb run} reports a run: its end and what it left, as text lines or one JSON object. */
final class RunReport {
    private RunReport() {}

    /**
     * Prints {@code r} checked against {@code expect}; {@code slots}, for a record stream run
     * alone, the register file in order (a slot the run's registers leave out is listed as
     * unwritten). The exit code: OK when the run ended well, met every expectation and raced nowhere.
     */
    static int print(PrintWriter out, boolean json, SimResult r, Expectations expect, RunCommand.Races races, List<String> slots) {
        List<String> unwritten = slots.stream().filter(k -> !r.registers().containsKey(k)).toList();
        List<String> mismatches = expect.mismatches(r);
        if (json) {
            out.print(Json.write(json(r, slots, unwritten, expect.any(), mismatches, races)));
        } else {
            text(out, r, slots, unwritten, expect.any(), mismatches, races);
        }
        out.flush();
        boolean raced = races != null && !races.differences().isEmpty();
        return r.ok() && mismatches.isEmpty() && !raced ? Tpb.OK : Tpb.INVALID_INPUT;
    }

    private static Map<String, Object> json(SimResult r, List<String> slots, List<String> unwritten, boolean checked, List<String> mismatches,
            RunCommand.Races races) {
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("status", r.status().name().toLowerCase(Locale.ROOT));
        if (r.message() != null) {
            j.put("message", r.message());
        }
        j.put("steps", r.steps());
        if (!r.engineSteps().isEmpty()) {
            j.put("engine_steps", new LinkedHashMap<>(r.engineSteps()));
        }
        j.put("registers", new LinkedHashMap<>(r.registers()));
        if (!slots.isEmpty()) {
            j.put("unwritten", unwritten);
        }
        if (!r.skipped().isEmpty()) {
            List<Object> skips = new ArrayList<>();
            for (SimResult.Skip k : r.skipped()) {
                Map<String, Object> sk = new LinkedHashMap<>();
                sk.put("record", k.record());
                sk.put("opcode", k.opcode());
                sk.put("count", k.count());
                sk.put("first_pc", k.firstPc());
                skips.add(sk);
            }
            j.put("skipped", skips);
        }
        j.put("dma_fired", r.fired());
        j.put("memory_checksum", r.memoryChecksum());
        if (checked) {
            j.put("expect", mismatches.isEmpty() ? "ok" : mismatches);
        }
        if (races != null) {
            Map<String, Object> sj = new LinkedHashMap<>();
            sj.put("tried", races.tried());
            sj.put("differences", races.differences());
            j.put("schedules", sj);
        }
        return j;
    }

    private static void text(PrintWriter out, SimResult r, List<String> slots, List<String> unwritten, boolean checked, List<String> mismatches,
            RunCommand.Races races) {
        StringBuilder split = new StringBuilder();
        r.engineSteps().forEach((e, n) -> split.append(split.length() == 0 ? " (" : ", ").append(e).append(' ').append(n));
        out.printf("%s after %d steps%s%s%n", r.status(), r.steps(), split.length() == 0 ? "" : split + ")",
                r.message() == null ? "" : ": " + r.message());
        StringBuilder regs = new StringBuilder();
        r.registers().forEach((k, v) -> regs.append(regs.length() == 0 ? "" : "  ").append(k).append('=').append(v));
        out.println("registers: " + regs);
        if (!unwritten.isEmpty()) {
            out.println("unwritten: " + RunCommand.ranges(slots, unwritten));
        }
        for (SimResult.Skip k : r.skipped()) {
            out.printf("skipped: %s (opcode 0x%02X) %d time(s), first at record %d%n", k.record(), k.opcode(), k.count(), k.firstPc());
        }
        if (!r.fired().isEmpty()) {
            out.println("dma fired: " + String.join(" ", r.fired()));
        }
        if (checked) {
            out.println(mismatches.isEmpty() ? "expect: ok" : "expect: FAILED: " + String.join("; ", mismatches));
        }
        if (races != null) {
            out.println(races.differences().isEmpty() ? "schedules: " + races.tried() + " tried, all end alike"
                    : "schedules: RACE: " + races.differences().size() + " of " + races.tried() + " end otherwise");
            races.differences().forEach(d -> out.println("  " + d));
        }
    }
}
