package tpb.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.ir.Module;
import tpb.sim.SimResult;

/** What a kernel says a run must end with — register values and memory bytes — and how a run falls short of it. */
record Expectations(Map<String, Long> registers, List<Module.ExpectMemory> memory) {
    /** {@code expect}'s registers, and the kernel's expected memory (none without a kernel). */
    static Expectations of(Map<String, Long> expect, Module kernel) {
        return new Expectations(expect, kernel == null ? List.of() : kernel.expectMemory());
    }

    /** Whether there is anything to check. */
    boolean any() {
        return !registers.isEmpty() || !memory.isEmpty();
    }

    /** Each way {@code r} differs from what is expected, one line each; memory is checked only after a run that ended well. */
    List<String> mismatches(SimResult r) {
        List<String> out = new ArrayList<>();
        registers.forEach((name, want) -> {
            // a register every engine of a group has comes back as ENGINE.name: each copy must match
            Map<String, Long> copies = new LinkedHashMap<>();
            r.registers().forEach((k, v) -> {
                if (k.equals(name) || k.endsWith("." + name)) {
                    copies.put(k, v);
                }
            });
            if (copies.isEmpty()) {
                copies.put(name, null);
            }
            copies.forEach((k, got) -> {
                if (got == null || !got.equals(want)) {
                    out.add(k + " = " + got + ", expected " + want);
                }
            });
        });
        if (r.ok()) {
            for (Module.ExpectMemory e : memory) {
                byte[] got = Arrays.copyOfRange(r.memory().get(e.region()), e.offset(), e.offset() + e.bytes().length);
                if (!Arrays.equals(got, e.bytes())) {
                    out.add(e.region() + "+" + e.offset() + " holds " + HexFormat.of().formatHex(got) + ", expected "
                            + HexFormat.of().formatHex(e.bytes()));
                }
            }
        }
        return out;
    }
}
