package tpb.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;
import tpb.neff.Neff;

/**
 * The assembler is total over its input: whatever the text, it gives records or
 * errors, each one line {@code FILE:line:column: message}, never an exception of its own. Before
 * the fix a {@code dma.2d} line whose operand was not a bracket group (240 of 27,000 mutated
 * listings) ended in {@code StringIndexOutOfBoundsException}: the message listing the operand's
 * parts cut the group's name off each field's name, and dma.2d's operands are whole fields.
 */
class AssemblerTotalityTest {
    @Test
    void aDma2dOperandThatIsNoGroupIsOneLine() {
        String takes = "this operand takes [dst_start_addr.value; dst_start_addr.entry; dst_start_addr.var_hi; dst_start_addr.mode; "
                + "dst_step_elem[2]; dst_num_elem[2]; dst_elem_size]";
        for (String line : List.of("dma.2d x", "dma.2d []", "dma.2d [x]", "dma.2d x, y", "dma.2d \u00a0x", "dma.2d [1;2]", "dma.2d \u00e9")) {
            AsmException e = assertThrows(AsmException.class, () -> new Assembler().assemble(line), line);
            assertEquals(1, e.describe("t.s").lines().count(), line);
            assertTrue(e.describe("t.s").startsWith("t.s:1:"), e.describe("t.s"));
            if (!line.contains("\u00e9") && !line.contains("\u00a0")) {
                assertTrue(e.describe("t.s").endsWith(takes), e.describe("t.s"));
            }
        }
    }

    /** A listing's numbers are ASCII (Java's parsers take any script's digits), and hex in sync terms as everywhere else. */
    @Test
    void numbersAreAsciiDigitsAndSyncTermsTakeHex() {
        assertEquals(java.util.HexFormat.of().formatHex(new Assembler().assemble("sem $S[24]>=16")),
                java.util.HexFormat.of().formatHex(new Assembler().assemble("sem $S[0x18]>=0x10")));
        assertEquals("t.s:1:5: '$S[\u0661\u0662]>=12' is no wait or update EventSemaphore can carry (as $S[n]>=v, $S[n]>v, $S[n]++@complete, "
                + "$S[n]+=v@read, ...)", assertThrows(AsmException.class, () -> new Assembler().assemble("sem $S[\u0661\u0662]>=12")).describe("t.s"));
        assertEquals("t.s:1:64: immediate takes a number, not '0x\uff21'", assertThrows(AsmException.class,
                () -> new Assembler().assemble("alu.add r3, r3, r0 dtype=INT32 src_datasrc=IMMEDIATE immediate=0x\uff21")).describe("t.s"));
        assertEquals(null, Lexer.parseNumber("\uff11\uff12"));
        assertEquals(10L, Lexer.parseNumber("0xa"));
        assertEquals(5L, Lexer.parseNumber("0b101"));
        assertEquals(null, Lexer.parseNumber("0b102"));
    }

    /** A register threshold is a register operand like any other (r99 and r4294967295 assembled; only run faulted). */
    @Test
    void aRegisterThresholdIsInsideTheRegisterFile() {
        long n = tpb.isa.Arch.SUNDA.isaRegisterCount();
        new Assembler().assemble("sem $S[24]>=r" + (n - 1));
        for (String r : List.of("r" + n, "r99", "r4294967295")) {
            assertEquals("t.s:1:5: '$S[24]>=" + r + "': " + r + " is outside the " + n + "-register file (r0-r" + (n - 1)
                    + "; --no-validate assembles it anyway)", assertThrows(AsmException.class, () -> new Assembler().assemble("sem $S[24]>=" + r))
                    .describe("t.s"));
        }
        new Assembler().assemble("sem $S[24]>=r99", Assembler.Options.NO_VALIDATION);
    }

    /** A file of NUL bytes assembled to an empty stream with exit 0; a NUL is no listing text. */
    @Test
    void aNulIsNoListingText() {
        assertEquals("t.s:2:3: a NUL character: an assembly listing is text",
                assertThrows(AsmException.class, () -> new Assembler().assemble("nop\nno\u0000p\n")).describe("t.s"));
        assertEquals("t.s:1:1: a NUL character: an assembly listing is text",
                assertThrows(AsmException.class, () -> new Assembler().assemble("\u0000\u0000\u0000\u0000")).describe("t.s"));
    }

    static final List<String> LINES = listing();

    /** Every line of both fixture NEFFs' listings (matmul_small whole, matmul_large's first stream of each engine). */
    static List<String> listing() {
        List<String> lines = new ArrayList<>();
        for (String name : List.of("/neff/matmul_small.neff", "/neff/matmul_large.neff")) {
            try (InputStream in = AssemblerTotalityTest.class.getResourceAsStream(name)) {
                Neff neff = Neff.of(in.readAllBytes());
                neff.forEachSubgraph(java.util.Set.of("sg00"), (sg, streams) -> streams.forEach(s -> {
                    String text = Disassembler.text(s.stream().bytes(), 0, Math.min(s.stream().count(), 400));
                    text.lines().map(l -> l.replaceFirst("^\\s*\\d+\\s+0x[0-9a-f]+\\s+", "")).forEach(lines::add);
                }));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return lines;
    }

    @Provide
    Arbitrary<Tuple.Tuple3<Integer, Integer, String>> mutations() {
        Arbitrary<String> inserted = Arbitraries.of("x", "[", "]", ";", ",", "=", "$", "\u00a0", "\ufeff", "\u0000", "\u00e9", "0x", "-", "r99",
                "\u0661\u0662", "\uff11", "@", "  ", "[]", "[x]", "\n");
        return net.jqwik.api.Combinators.combine(Arbitraries.integers().between(0, LINES.size() - 1), Arbitraries.integers().between(0, 200),
                inserted).as(Tuple::of);
    }

    /** A real line with one thing inserted, or a character deleted: records or one-line errors, never an exception of another kind. */
    @Property(tries = 2000)
    void everyMutatedListingLineIsRecordsOrOneLineErrors(@ForAll("mutations") Tuple.Tuple3<Integer, Integer, String> m) {
        String line = LINES.get(m.get1());
        int at = Math.min(m.get2(), line.length());
        String mutated = m.get2() % 3 == 0 && at < line.length() ? line.substring(0, at) + line.substring(at + 1)
                : line.substring(0, at) + m.get3() + line.substring(at);
        try {
            new Assembler().assemble(mutated);
        } catch (AsmException e) {
            String d = e.describe("t.s");
            assertTrue(d.matches("(?s)t\\.s:\\d+:\\d+: .+"), d);
        }
    }

    /**
     * The long run of the same fuzzer, in the big group: 30,000 mutated real lines, every one records or
     * one-line errors.
     */
    @Property(tries = 30_000)
    @net.jqwik.api.Tag("big")
    void thirtyThousandMutatedLinesAreRecordsOrOneLineErrors(@ForAll("mutations") Tuple.Tuple3<Integer, Integer, String> m) {
        everyMutatedListingLineIsRecordsOrOneLineErrors(m);
    }
}
