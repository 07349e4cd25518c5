package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.isa.Arm;
import tpb.isa.IsaInfo;
import tpb.isa.Opcode;
import tpb.spec.model.IsaModel;

/** check-spec, diff and doc on copies of the shipped spec. */
class SpecToolsTest {
    static final Path SHIPPED = Path.of("../isa-spec/src/main/resources");
    /** The highest opcode value the shipped spec leaves free (whichever it is: adding an opcode moves it), as the tools print it. */
    static final String FREE = String.format("0x%02X", IntStream.range(0, IsaInfo.OPCODE_VALUES).filter(v -> Opcode.fromValue(v) == null)
            .max().orElseThrow());

    static Path copy(Path to) throws Exception {
        try (Stream<Path> walk = Files.walk(SHIPPED)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path dst = to.resolve(SHIPPED.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dst);
                } else {
                    Files.copy(p, dst);
                }
            }
        }
        return to;
    }

    static void edit(Path file, String from, String to) throws Exception {
        String s = Files.readString(file);
        assertTrue(s.contains(from), from);
        Files.writeString(file, s.replace(from, to));
    }

    @Test
    void checkSpecOnTheShippedSpec() {
        CliRun r = CliRun.of("check-spec", SHIPPED.toString());
        assertEquals(0, r.code(), r.out());
        IsaModel m = SpecSource.of(SHIPPED.toString()).loadOrFail();
        int arms = Arm.values().length - 1;
        // paths as given on the command line, so they open from where tpb ran
        assertEquals(SHIPPED + "/isa/tpb/isa.yaml: ok: " + arms + " arms (" + SpecCommandTest.LAID_OUT.size() + " with a layout), "
                + m.enums().size() + " enums, " + m.luts().size() + " LUTs, " + m.groups().size() + " groups, " + m.archs().size()
                + " arch profiles, " + m.conflicts().size() + " conflicts, " + m.features().size() + " module features\n", r.out(),
                "arm counts come from the generated Arm catalogue, the rest from the loaded spec");
    }

    @Test
    void checkSpecReportsLikeTheProcessor(@TempDir Path dir) throws Exception {
        Path spec = copy(dir.resolve("spec"));
        edit(spec.resolve("isa/tpb/luts/branch.yaml"), "  IS_GTIMM: IS_LEIMM", "  IS_GTIMM: IS_LTIMM");
        edit(spec.resolve("isa/tpb/arms/sp-register.yaml"), "{name: src0_hi, at: 0x11", "{name: src0_hi, at: 0x10");
        CliRun r = CliRun.of("check-spec", spec.toString());
        assertEquals(1, r.code());
        assertEquals("""
                isa/tpb/arms/sp-register.yaml:19:5: field 'src0_hi' [+0x10, +0x11) overlaps field 'src0_lo' [+0x10, +0x11)
                isa/tpb/luts/branch.yaml:32:3: LUT BranchNegation is declared an involution but IS_LEIMM -> IS_GTIMM -> IS_LTIMM
                isa/tpb/luts/branch.yaml:36:3: LUT BranchNegation is declared an involution but IS_GTIMM -> IS_LTIMM -> IS_GEIMM
                tpb: isa/tpb/isa.yaml: 3 error(s)
                """.replaceAll("(?m)^(tpb: )?isa/", "$1" + spec + "/isa/"), r.err());
        assertEquals("", r.out(), "diagnostics go to stderr, as every command's do");
        assertEquals(1, CliRun.of("check-spec", dir.resolve("none").toString()).code());
    }

    /**
     * Two slips are two errors, each with its hint — not also the knock-ons of the arm
     * left out for its misspelt opcode ("defined twice" by the opaque arm its value would get, the
     * conflicts about it, the arch terminator naming it) that the same run printed before.
     */
    @Test
    void twoSlipsAreTwoErrors(@TempDir Path dir) throws Exception {
        Path spec = copy(dir.resolve("spec"));
        edit(spec.resolve("isa/tpb/arms/sp-register.yaml"), "opcode: AluOp\n", "opcode: AluOpp\n");
        edit(spec.resolve("isa/tpb/arms/sp-register.yaml"), "enum: DtypeWire, doc: \"wire dtype of the source\"", "enum: DtypeWir, doc: \"wire dtype of the source\"");
        CliRun r = CliRun.of("check-spec", spec.toString());
        assertEquals(1, r.code());
        assertEquals("""
                isa/tpb/arms/sp-register.yaml:7:9: unknown opcode 'AluOpp'; did you mean 'AluOp'?
                isa/tpb/arms/sp-register.yaml:15:45: unknown enum 'DtypeWir'; did you mean 'DtypeWire'?
                tpb: isa/tpb/isa.yaml: 2 error(s)
                """.replaceAll("(?m)^(tpb: )?isa/", "$1" + spec + "/isa/"), r.err());
    }

    /** An include: that names no file gets the nearest file of its directory, as written in the include. */
    @Test
    void aMisspeltIncludeGetsADidYouMean(@TempDir Path dir) throws Exception {
        Path spec = copy(dir.resolve("spec"));
        edit(spec.resolve("isa/tpb/isa.yaml"), "  - arms/datapath-ctrl.yaml\n", "  - arms/datapath-ctl.yaml\n");
        List<String> lines = Files.readAllLines(spec.resolve("isa/tpb/isa.yaml"));
        int line = 1 + lines.indexOf("  - arms/datapath-ctl.yaml");
        CliRun r = CliRun.of("check-spec", spec.toString());
        assertEquals(1, r.code());
        assertEquals(spec + "/isa/tpb/isa.yaml:" + line + ":5: included file 'arms/datapath-ctl.yaml' not found; looked in " + spec
                + "/isa/tpb/arms/datapath-ctl.yaml; did you mean 'arms/datapath-ctrl.yaml'?\ntpb: " + spec + "/isa/tpb/isa.yaml: 1 error(s)\n", r.err());
    }

    /**
     * A directory is searched for its one isa.yaml: none, or two, is one line naming the directory
     * (and the roots found, in order), exit 1. The built-in spec's files are said to come from
     * the class path.
     */
    @Test
    void aSpecDirectoryHoldsExactlyOneRoot(@TempDir Path dir) throws Exception {
        Path none = Files.createDirectories(dir.resolve("none/sub"));
        Files.writeString(none.resolve("other.yaml"), "a: 1\n");
        CliRun empty = CliRun.of("check-spec", dir.resolve("none").toString());
        assertEquals("tpb: " + dir.resolve("none") + ": holds no isa.yaml\n", empty.err());
        assertEquals(1, empty.code());
        Path two = dir.resolve("two");
        Files.createDirectories(two.resolve("b"));
        Files.createDirectories(two.resolve("a"));
        Files.writeString(two.resolve("b/isa.yaml"), "");
        Files.writeString(two.resolve("a/isa.yaml"), "");
        CliRun several = CliRun.of("diff", "builtin", two.toString());
        assertEquals("tpb: " + two + ": holds several isa.yaml files [" + two.resolve("a/isa.yaml") + ", " + two.resolve("b/isa.yaml")
                + "]; name one\n", several.err());
        assertEquals(1, several.code());
        assertEquals("the tpb class path", SpecSource.of("builtin").files().where("isa/tpb/isa.yaml"));
    }

    @Test
    void aNewOpcodeWithoutSinceGetsAHint(@TempDir Path dir) throws Exception {
        Path spec = copy(dir.resolve("spec"));
        edit(spec.resolve("isa/tpb/enums/opcode.yaml"), "  - {name: Invalid,", "  - {name: SpecToolsTestOnly, value: " + FREE + "}\n  - {name: Invalid,");
        CliRun r = CliRun.of("check-spec", spec.toString());
        assertEquals(1, r.code(), r.err());
        // at the opcode's own line, where since: goes (not at the masks it disagrees with)
        List<String> lines = Files.readAllLines(spec.resolve("isa/tpb/enums/opcode.yaml"));
        int line = 1 + lines.indexOf(lines.stream().filter(l -> l.contains("SpecToolsTestOnly")).findFirst().orElseThrow());
        assertEquals(spec + "/isa/tpb/enums/opcode.yaml:" + line + ":5: opcode " + FREE + " (SpecToolsTestOnly) has no since:, so it lives in every"
                + " generation, but the opcode masks of arch SUNDA (isa/tpb/arch/profiles.yaml:16:7) do not hold it; give a new opcode since: N,"
                + " the first generation that has it\ntpb: " + spec + "/isa/tpb/isa.yaml: 1 error(s)\n", r.err());
    }

    @Test
    void diffMarksBreakingAndCompatibleChanges(@TempDir Path dir) throws Exception {
        Path spec = copy(dir.resolve("spec"));
        edit(spec.resolve("isa/tpb/luts/alu.yaml"), "  is_le: 0x15", "  is_le: 0x17");
        edit(spec.resolve("isa/tpb/enums/opcode.yaml"), "  - {name: Invalid,", "  - {name: SpecToolsTestOnly, value: " + FREE + ", since: 5}\n  - {name: Invalid,");
        edit(spec.resolve("isa/tpb/arms/sp-dma.yaml"), "  - {name: no_rearm, at: 0x3B, type: u8", "  - {name: no_rearm, at: 0x3A, type: u8");
        edit(spec.resolve("isa/tpb/arms/sp-dma.yaml"), "0x3B: \"01 01\"", "0x3A: \"01 00 01\"");
        edit(spec.resolve("isa/tpb/features.yaml"), "  - {arm: ResetQueueInstance, message",
                "  - {arm: DMATrigger, message: \"invented\"}\n  - {arm: ResetQueueInstance, message");
        CliRun r = CliRun.of("diff", "builtin", spec.toString());
        assertEquals(1, r.code());
        assertEquals("""
                compatible  enum Opcode: value SpecToolsTestOnly (FREE) added
                BREAKING    lut AluOpWire: is_le wire value reassigned 0x15 -> 0x17
                BREAKING    arm SwitchQueueInstance: field no_rearm moved +0x3B -> +0x3A
                compatible  arm SpecToolsTestOnly: added (opcode FREE, opaque)
                BREAKING    feature neff_feature_SQI_no_rearm: now required by DMATrigger
                5 change(s), 3 breaking
                """.replace("FREE", FREE), r.out());
        CliRun same = CliRun.of("diff", "builtin", SHIPPED.toString());
        assertEquals(0, same.code());
        assertEquals("0 change(s), 0 breaking\n", same.out());
    }

    /**
     * An open enum closed is breaking (its fields become enums to the codecs and the validator
     * refuses the numbers it does not name); a field that stops naming its numbers through an open
     * enum only changes the listing.
     */
    @Test
    void diffTellsAnOpenEnumsNamesFromARestriction(@TempDir Path dir) throws Exception {
        Path spec = copy(dir.resolve("spec"));
        edit(spec.resolve("isa/tpb/enums/datapath.yaml"), "enum: ActivationFunction\ntype: u8\nopen: true\n", "enum: ActivationFunction\ntype: u8\n");
        edit(spec.resolve("isa/tpb/arms/datapath-dve.yaml"), "type: u8, enum: AffineSelectMode,", "type: u8,");
        CliRun r = CliRun.of("diff", "builtin", spec.toString());
        assertEquals(1, r.code());
        assertEquals("""
                BREAKING    enum ActivationFunction: open -> closed
                BREAKING    arm Activate: field activation_func encoding u8 names ActivationFunction -> u8 enum ActivationFunction
                BREAKING    arm ActivateQuantize: field activation_func encoding u8 names ActivationFunction -> u8 enum ActivationFunction
                compatible  arm TensorScalarAffineSelect: field mode encoding u8 names AffineSelectMode -> u8 raw
                4 change(s), 3 breaking
                """, r.out());
    }

    @Test
    void diffComparesEachGenerationLayout(@TempDir Path dir) throws Exception {
        Path spec = copy(dir.resolve("spec"));
        Path pe = spec.resolve("isa/tpb/arms/datapath-pe.yaml");
        edit(pe, "name: flags\n      at: 0x2A\n      type: u8", "name: flags\n      at: 0x2A\n      type: i8");
        edit(pe, "{name: transpose_mode, at: 0x22, type: u8, doc: \"the cayman offset, carried to mariana (the mariana struct body is not quoted)\", source: {ref: \"dpfacts §2.2 («PEPATH» §3.2 gives +0x22 for cayman only)\", confidence: INFERRED}}",
                "{name: transpose_mode, at: 0x22, type: u8, doc: \"the cayman offset, carried to mariana (the mariana struct body is not quoted)\", source: {ref: \"dpfacts §2.2 («PEPATH» §3.2 gives +0x22 for cayman only)\", confidence: STRONG}}");
        CliRun r = CliRun.of("diff", "builtin", spec.toString());
        assertEquals(1, r.code(), r.err());
        assertEquals("""
                BREAKING    arm Matmul on MARIANA: field flags encoding u8 raw -> i8 raw
                compatible  arm Ldweights on MARIANA: field transpose_mode confidence INFERRED -> STRONG
                2 change(s), 1 breaking
                """, r.out());
    }

    /** doc -o DIR makes a new DIR (its line counts the arm pages), and refuses a DIR that is a file, leaving it alone. */
    @Test
    void docMakesANewDirectoryAndRefusesAFile(@TempDir Path dir) throws Exception {
        Path site = dir.resolve("site");
        CliRun r = CliRun.of("doc", "-o", site.toString());
        assertEquals("", r.err());
        assertEquals(site + ": " + (Arm.values().length - 1) + " arm pages, index.html\n", r.out());
        assertTrue(Files.isRegularFile(site.resolve("index.html")));
        Path file = Files.writeString(dir.resolve("file"), "mine");
        CliRun refused = CliRun.of("doc", "-o", file.toString());
        assertEquals("tpb: " + file + ": exists and is not a directory\n", refused.err());
        assertEquals(1, refused.code());
        assertEquals("mine", Files.readString(file));
    }

    @Test
    void docWritesEveryPage(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.of("doc", "-o", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(Arm.values().length - 1, Files.list(dir.resolve("arms")).count(), "one page per arm of the generated catalogue");
        String alu = Files.readString(dir.resolve("arms/RegisterAlu.html"));
        assertTrue(alu.contains("<title>RegisterAlu — AWS Neuron TPB 64-byte instruction records</title>"));
        assertTrue(alu.contains("<title>dst_lo +0x14, 1 byte, CONFIRMED</title><rect x=\"253\" y=\"66\" width=\"50\" height=\"42\" fill=\"#2e7d32\"/>"), alu);
        String index = Files.readString(dir.resolve("index.html"));
        assertTrue(index.contains("<td class=\"cell sentinel\" title=\"Invalid [sentinel]\"><a href=\"arms/Invalid.html\">FF<br><small>Invalid</small></a></td>"), index);
        assertTrue(index.contains("<td class=\"cell reserved\" title=\"reserved\">0B</td>"));
        String assumed = Files.readString(dir.resolve("assumptions.html"));
        assertTrue(assumed.contains("<tr><td><a href=\"arms/TensorScalarArith.html\">arm TensorScalarArith opcode binding</a></td>"),
                "an assumption about an arm links to the arm's page");
        // opcode-map cells wrap long arm names instead of cutting them to "TensorScal…"
        String css = Files.readString(dir.resolve("style.css"));
        String cell = css.substring(css.indexOf(".opmap td {"), css.indexOf("}", css.indexOf(".opmap td {")));
        assertTrue(cell.contains("overflow-wrap: anywhere") && !cell.contains("text-overflow: ellipsis"), cell);
        long opaque = Arm.values().length - 1 - SpecCommandTest.LAID_OUT.size();
        assertTrue(assumed.contains(opaque + " opaque arms"), "the assumptions page should count " + opaque + " opaque arms");
    }
}
