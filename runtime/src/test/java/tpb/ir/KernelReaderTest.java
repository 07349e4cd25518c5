package tpb.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Malformed kernels: file:line:column and the rule broken. */
class KernelReaderTest {
    static String errors(String text) {
        KernelException e = assertThrows(KernelException.class, () -> KernelReader.read("k.yaml", text));
        return String.join("\n", e.diagnostics().stream().map(Object::toString).toList());
    }

    /** k.yaml:line:column of the first occurrence of {@code snippet} in {@code text}. */
    static String at(String text, String snippet) {
        int idx = text.indexOf(snippet);
        int line = 1;
        int start = 0;
        for (int i = 0; i < idx; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                start = i + 1;
            }
        }
        return "k.yaml:" + line + ":" + (idx - start + 1);
    }

    static String kernel(String... insts) {
        return "kernel: k\nregisters: [a, b, {name: w, is_64bit: true}]\nfunctions:\n  - name: main\n    blocks:\n      - name: start\n        insts:\n"
                + String.join("\n", List.of(insts).stream().map(i -> "          - " + i).toList()) + "\n          - {inst: Exit}\n"
                + "  - name: other\n    blocks:\n      - name: elsewhere\n        insts:\n          - {inst: Return}\n";
    }

    @Test
    void readsAKernel() {
        Module m = KernelReader.read("k.yaml", kernel("{inst: RegisterAlu, op: add, dst: a, src0: a, src1: 1}"));
        assertEquals(2, m.functions().size());
        assertEquals(new Register("w", true), m.register("w"));
        Inst.RegisterAlu alu = (Inst.RegisterAlu) m.functions().get(0).blocks().get(0).insts().get(0);
        assertEquals(Operand.of(1), alu.src1());
    }

    @Test
    void unknownRegister() {
        String k = kernel("{inst: RegisterAlu, op: add, dst: a, src0: aa, src1: 1}");
        assertEquals(at(k, "aa,") + ": unknown register 'aa'; did you mean 'a'?", errors(k));
    }

    @Test
    void unknownBlockAndBranchToAnotherFunction() {
        String k = kernel("{inst: CompareAndBranch, comp_op: IS_EQIMM, lhs: a, rhs: 0, on_true: start, on_false: nowhere}",
                "{inst: UnconditionalBranch, target: elsewhere}");
        assertEquals(at(k, "nowhere") + ": unknown block 'nowhere'\n" + at(k, "elsewhere}")
                + ": branch to block 'elsewhere' of function 'other': a branch stays in its function 'main'", errors(k));
    }

    @Test
    void widthsMustMatch() {
        String k = kernel("{inst: RegisterAlu, op: add, is_64bit: true, dst: w, src0: a, src1: 1}");
        assertEquals(at(k, "a, src1") + ": 64-bit op on 32-bit register 'a'", errors(k));
        String m = kernel("{inst: RegisterMove, dst: w, src: w}");
        assertEquals(at(m, "w}") + ": 64bit REG MOVE instr must have ImmediateValue src", errors(m));
    }

    @Test
    void immediatesMustFit() {
        String k = kernel("{inst: RegisterAlu, op: add, dst: a, src0: a, src1: 0x100000000}");
        assertEquals(at(k, "0x100000000") + ": immediate 4294967296 does not fit 32 bits", errors(k));
    }

    @Test
    void aluOpsWithoutAnEncodingAndCompareFamilies() {
        String k = kernel("{inst: RegisterAlu, op: average, dst: a, src0: a, src1: b}");
        assertEquals(at(k, "average") + ": ALU op 'average' has no encoding: Invalid enum variant for enum AluOpType", errors(k));
        String c = kernel("{inst: CompareAndBranch, comp_op: IS_LTIMM, lhs: a, rhs: b, on_true: start, on_false: start}");
        assertEquals(at(c, "b, on_true") + ": comp_op IS_LTIMM takes an immediate rhs", errors(c));
    }

    @Test
    void resetQueueInstanceNeedsTheNoRearmFeature() {
        String k = kernel("{inst: SwitchQueueInstance, queue: q0}", "{inst: ResetQueueInstance, queue: q0}");
        assertEquals(at(k, "{inst: ResetQueueInstance") + ": ResetQueueInstance needs the module feature neff_feature_SQI_no_rearm "
                + "(else assertion 1106): add a SwitchQueueInstance with no_rearm set before it", errors(k));
        KernelReader.read("k.yaml", kernel("{inst: SwitchQueueInstance, queue: q0, no_rearm: true}", "{inst: ResetQueueInstance, queue: q0}"));
        // in order: the encoder asserts the feature at the rearm (a later setter was accepted before: the bug) ...
        String late = kernel("{inst: ResetQueueInstance, queue: q0}", "{inst: SwitchQueueInstance, queue: q0, no_rearm: true}");
        assertEquals(at(late, "{inst: ResetQueueInstance") + ": ResetQueueInstance needs the module feature neff_feature_SQI_no_rearm "
                + "(else assertion 1106): add a SwitchQueueInstance with no_rearm set before it", errors(late));
        // ... and then clears it (seed000 §4.4): a second rearm needs a second no_rearm switch
        String twice = kernel("{inst: SwitchQueueInstance, queue: q0, no_rearm: true}", "{inst: ResetQueueInstance, queue: q0}",
                "{inst: ResetQueueInstance, queue: q1}");
        assertEquals(at(twice, "{inst: ResetQueueInstance, queue: q1") + ": ResetQueueInstance needs the module feature "
                + "neff_feature_SQI_no_rearm (else assertion 1106): the ResetQueueInstance at " + at(twice, "{inst: ResetQueueInstance")
                        .substring("k.yaml:".length()) + " cleared it; add a SwitchQueueInstance with no_rearm set between them", errors(twice));
        KernelReader.read("k.yaml", kernel("{inst: SwitchQueueInstance, queue: q0, no_rearm: true}", "{inst: ResetQueueInstance, queue: q0}",
                "{inst: SwitchQueueInstance, queue: q1, no_rearm: true}", "{inst: ResetQueueInstance, queue: q1}"));
    }

    @Test
    void namesAreAsLongAsTheirRecordFieldsHold() {
        // seed000 §4.3-4.4: strncpy(+0x0C, name, 0x1F) and checkQueueNameLen <= 31, so 31 characters
        // fit (with no NUL); Call's 36-byte field keeps a NUL (the compiler copies at most 35)
        String q31 = "q".repeat(31);
        KernelReader.read("k.yaml", kernel("{inst: SwitchQueueInstance, queue: " + q31 + "}", "{inst: DMATrigger, queue: " + q31 + "}"));
        String k = kernel("{inst: DMATrigger, queue: " + q31 + "x}");
        assertEquals(at(k, q31 + "x") + ": queue name '" + q31 + "x' is longer than 31 characters (the record holds 31 bytes)", errors(k));
        String c = kernel("{inst: Call, callee: " + "f".repeat(36) + "}");
        assertEquals(at(c, "fff") + ": callee name '" + "f".repeat(36) + "' is longer than 35 characters (the record holds 36 bytes)"
                + "\n" + at(c, "fff") + ": unknown function '" + "f".repeat(36) + "'", errors(c));
    }

    @Test
    void aWaitThresholdIsAValueOrA32BitRegister() {
        String both = kernel("{inst: EventSemaphore, wait: {sem: s, value: 1, register: a}}");
        assertEquals(at(both, "a}}") + ": a wait compares with a 'value' or a 'register', not both", errors(both));
        String wide = kernel("{inst: EventSemaphore, wait: {sem: s, register: w}}");
        assertEquals(at(wide, "w}}") + ": 32-bit op on 64-bit register 'w'", errors(wide));
        String unknown = kernel("{inst: EventSemaphore, wait: {sem: s, register: q}}");
        assertEquals(at(unknown, "q}}") + ": unknown register 'q'; did you mean 'a'?", errors(unknown));
        Inst.EventSemaphore e = (Inst.EventSemaphore) KernelReader.read("k.yaml", kernel("{inst: EventSemaphore, wait: {sem: s, register: b}}"))
                .functions().get(0).blocks().get(0).insts().get(0);
        assertEquals(new Register("b", false), e.waitReg());
    }

    @Test
    void structure() {
        assertEquals("k.yaml:8:13: Break outside a loop", errors(kernel("{inst: Break}")));
        String k = kernel("{inst: RegisterAdd}");
        assertEquals(at(k, "RegisterAdd") + ": unknown instruction 'RegisterAdd'; did you mean 'RegisterAlu'?", errors(k));
        assertEquals("k.yaml:4:5: function 'main' falls off its last block: end it with Exit, Return or UnconditionalBranch",
                errors("kernel: k\nregisters: [a]\nfunctions:\n  - name: main\n    insts:\n      - {inst: NoOp}\n"));
        String l = kernel("{inst: Loop, var: a, lb: 0, ub: 4, stride: 0, body: []}");
        assertEquals(at(l, "0, body") + ": stride must be positive (the lowered back edge tests var < ub)", errors(l));
    }

    @Test
    void oneErrorForOneMistake() {
        // a key the parser skips after an earlier error is still a key of the instruction, not an unknown one
        String m = kernel("{inst: RegisterMove, dst: q, src: 1}");
        assertEquals(at(m, "q,") + ": unknown register 'q'; did you mean 'a'?", errors(m));
        // a branch target that is not a string is reported once, where it is read
        String c = kernel("{inst: CompareAndBranch, comp_op: IS_EQIMM, lhs: a, rhs: 0, on_true: [start], on_false: start}");
        assertEquals(at(c, "[start]") + ": 'on_true' must be a string", errors(c));
    }

    /** One instruction of each kind, every key given (the loops' bodies hold the Break). */
    static final Map<String, String> EXAMPLES = examples(
            "{inst: RegisterAlu, op: add, is_64bit: false, dst: a, src0: a, src1: 1, dtype: INT32}",
            "{inst: RegisterMove, dst: w, src: 5, dtype: INT32}",
            "{inst: CompareAndBranch, comp_op: IS_EQIMM, lhs: a, rhs: 0, dtype: INT32, on_true: start, on_false: start}",
            "{inst: UnconditionalBranch, target: start}",
            "{inst: BranchHint, target: start, hint: LikelyTaken}",
            "{inst: Call, callee: other, args_table_var_id: 3}",
            "{inst: Return}", "{inst: Exit}", "{inst: NoOp, engine: SP}", "{inst: AllEngineBarrier}", "{inst: Drain}",
            "{inst: DMATrigger, queue: q0, block_id: 1}",
            "{inst: SwitchQueueInstance, queue: q0, no_rearm: true}",
            "{inst: ResetQueueInstance, queue: q0}",
            "{inst: EventSemaphore, wait: {sem: s, register: b}, update: {sem: t, mode: sem_inc, value: 2}}",
            "{inst: GroupResetSemaphores, semaphores: [s, t]}",
            "{inst: CoreBarrier, barrier_reg: 1, index: 2}",
            "{inst: Loop, var: a, lb: 0, ub: 4, stride: 1, body: [{inst: Break}]}",
            "{inst: DynamicForLoop, var: a, lb: 0, ub_const: 1, ub_coef: 2, ub_reg: b, stride: 2, body: []}",
            "{inst: DoWhile, pred: a, body: []}");

    private static Map<String, String> examples(String... insts) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String i : insts) {
            out.put(i.substring("{inst: ".length()).split("[,}]")[0], i);
        }
        return out;
    }

    @Test
    void everyKindOfTheTableReadsFromItsExample() {
        // Break is read inside the Loop's body; a kind added to the table needs an example here
        Set<String> kinds = new LinkedHashSet<>(EXAMPLES.keySet());
        kinds.add("Break");
        assertEquals(Set.copyOf(InstKinds.names()), kinds);
        for (String example : EXAMPLES.values()) {
            // ResetQueueInstance needs a no_rearm switch before it (the module-feature rule)
            String before = example.contains("ResetQueueInstance") ? "{inst: SwitchQueueInstance, queue: q0, no_rearm: true}" : "{inst: NoOp}";
            Module m = KernelReader.read("k.yaml", kernel(before, example));
            assertEquals(3, m.functions().get(0).blocks().get(0).insts().size(), example);
        }
        // the kinds "did you mean" offers are the table's, to its last entry
        String k = kernel("{inst: DoWhil, pred: a, body: []}");
        assertEquals(at(k, "DoWhil") + ": unknown instruction 'DoWhil'; did you mean 'DoWhile'?", errors(k));
    }

    @Test
    void everyInstRecordIsReadByOneKind() {
        // Inst is sealed: a record the reader cannot make, or two kinds making one record, shows here
        List<Class<?>> types = InstKinds.names().stream().<Class<?>>map(n -> InstKinds.get(n).type()).toList();
        assertEquals(Set.of(Inst.class.getPermittedSubclasses()), Set.copyOf(types));
        assertEquals(types.size(), Set.copyOf(types).size());
    }

    @Test
    void theReadmeTableOfKindsIsTheReadersTable() throws Exception {
        // docs/compiler.md "Kernel files": one row per kind (or per kinds without keys), its keys in backticks ("`wait: {sem, value}`" is key wait)
        Map<String, Set<String>> readme = new LinkedHashMap<>();
        String text = Files.readString(Path.of("../docs/compiler.md"));
        int start = text.indexOf("| `inst:` | keys |");
        String rows = text.substring(start, text.indexOf("\n\n", start));
        Matcher row = Pattern.compile("(?m)^\\| (`[A-Za-z]+`(?:, `[A-Za-z]+`)*) \\| (.*) \\|$").matcher(rows);
        while (row.find()) {
            Set<String> keys = new LinkedHashSet<>();
            Matcher key = Pattern.compile("`([a-z_0-9]+)[`:]").matcher(row.group(2));
            while (key.find()) {
                keys.add(key.group(1));
            }
            for (String kind : row.group(1).replace("`", "").split(", ")) {
                readme.put(kind, keys);
            }
        }
        Map<String, Set<String>> table = new LinkedHashMap<>();
        for (String kind : InstKinds.names()) {
            table.put(kind, new LinkedHashSet<>(InstKinds.get(kind).keys()));
        }
        assertEquals(table, readme);
    }

    @Test
    void jsonIsReadToo() {
        Module m = KernelReader.read("k.json", "{\"kernel\": \"j\", \"registers\": [\"a\"], \"functions\": [{\"name\": \"main\", \"insts\": "
                + "[{\"inst\": \"RegisterMove\", \"dst\": \"a\", \"src\": 2}, {\"inst\": \"Exit\"}]}], \"expect\": {\"a\": 2}}");
        assertEquals(2L, m.expect().get("a"));
    }
}
