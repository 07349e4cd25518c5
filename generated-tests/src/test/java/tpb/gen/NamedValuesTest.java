package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import tpb.asm.AsmException;
import tpb.asm.Assembler;
import tpb.asm.Disassembler;
import tpb.isa.ActivateFlyweight;
import tpb.isa.ActivateRecord;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;
import tpb.isa.LdweightsFlyweight;
import tpb.isa.Symbols;
import tpb.isa.Validator;

/**
 * Values a listing writes by name, back to the same bytes: ACTIVATE's function id through the open
 * enum ActivationFunction (any of the 256 ids, named or not) and its DTYPE_PAIR byte through its two
 * DtypeWire nibbles (any of the 256 pairs). The names come from the spec (ActivationFunction: the
 * NEFF table sets' exp 7, copy 128, ...; DtypeWire: FP32 10, BFLOAT16 6, facts §5.3).
 */
class NamedValuesTest {
    private static final Assembler ASM = new Assembler();

    private static byte[] activate(int function, int pair) {
        byte[] b = new byte[64];
        new ActivateFlyweight().wrap(b, 0).reset().activationFunc(function).inBiasDtypeTags(pair);
        return b;
    }

    @Property(tries = 600)
    void anyFunctionAndAnyPairListByNameAndAssembleBack(@ForAll @IntRange(min = 0, max = 255) int function,
            @ForAll @IntRange(min = 0, max = 255) int pair) {
        byte[] b = activate(function, pair);
        String line = Disassembler.text(b, 0, 1);
        assertArrayEquals(b, ASM.assemble(line, Assembler.Options.NO_VALIDATION), line);
        String name = Symbols.name("ActivationFunction", function);
        if (function != 0) {
            assertTrue((line + " ").contains(" activation_func=" + (name != null ? name : Integer.toString(function)) + " "), line);
        }
        // every nibble is a DtypeWire tag (0..15 all named), so the pair never lists whole; a zero nibble is left out
        assertFalse(line.contains(".tags="), line);
        for (String[] run : new String[][] {{"lo", Integer.toString(pair & 0xF)}, {"hi", Integer.toString(pair >> 4)}}) {
            int tag = Integer.parseInt(run[1]);
            assertEquals(tag != 0, (line + " ").contains(" in_bias_dtype.tags." + run[0] + "=" + DtypeWire.fromValue(tag).specName() + " "), line);
        }
    }

    /**
     * Mariana's LD_WEIGHT_FLAGS byte (+0x2F of view Ldweights.Mariana) lists by its five runs,
     * which cover all eight bits, so no byte lists whole; load_order by PeLwOrder's names.
     */
    @Property(tries = 256)
    void anyMarianaLoadFlagsListByRunsAndAssembleBack(@ForAll @IntRange(min = 0, max = 255) int flags) {
        byte[] b = new byte[64];
        new LdweightsFlyweight().wrap(b, 0).reset();
        b[0x2F] = (byte) flags;
        String line = Disassembler.text(Arch.MARIANA, b, 0, 1);
        assertArrayEquals(b, new Assembler(Arch.MARIANA).assemble(line, Assembler.Options.NO_VALIDATION), line);
        assertFalse(line.contains(" flags="), line);
        assertEquals((flags & 0x20) != 0, line.contains(" flags.load_order=FIRST_COL_FIRST"), line);
        assertEquals((flags & 1) != 0, line.contains(" flags.xpose_mode=1"), line);
    }

    @Property(tries = 256)
    void everyFunctionIdIsLegalToTheCodecs(@ForAll @IntRange(min = 0, max = 255) int function) {
        byte[] b = activate(function, 0xAA);
        List<String> fields = new ArrayList<>();
        Validator.validate(b, 0, 0, (r, field, offset, rule, message) -> fields.add(field));
        assertFalse(fields.contains("activation_func"), fields.toString());
        assertEquals(function, ActivateRecord.decode(b, 0).activationFunc());
    }

    @Test
    void aNameOrANumberAssemblesTheSame() {
        String base = "act [0x4000; 1,1,1; 64,1,1], [0x2000000; 1,1,1; 64,1,1] out_dtype=FP32 num_active_channels=128 ";
        byte[] named = ASM.assemble(base + "activation_func=exp in_bias_dtype.tags.lo=FP32 in_bias_dtype.tags.hi=BFLOAT16");
        assertArrayEquals(named, ASM.assemble(base + "activation_func=7 in_bias_dtype.tags=0x6a"));
        assertArrayEquals(named, ASM.assemble(base + "activation_func=7 in_bias_dtype.tags.hi=6 in_bias_dtype.tags.lo=10"));
        assertEquals(7, named[0x23]);
        assertEquals(0x6A, named[0x20] & 0xFF);
        // an id no table set names is a number in both directions
        byte[] unnamed = ASM.assemble(base + "activation_func=200");
        assertTrue(Disassembler.text(unnamed, 0, 1).contains(" activation_func=200"));
    }

    /** Each error at the column of what is wrong (the value, or the name given twice: its second writing). */
    @Test
    void aWrongNameOrRunSaysWhere() {
        String base = "act [0x4000; 1,1,1; 64,1,1], [0x2000000; 1,1,1; 64,1,1] ";
        expect(base + "activation_func=exq", "exq", "'exq' is not a value of ActivationFunction; did you mean 'exp'?");
        expect(base + "in_bias_dtype.tags.lo=FP33", "FP33", "'FP33' is not a value of DtypeWire; did you mean 'FP32'?");
        expect(base + "in_bias_dtype.tags.lo=16", "16", "in_bias_dtype.tags.lo: 16 does not fit its 4 bits");
        expect(base + "in_bias_dtype.tags.lo=FP32 in_bias_dtype.tags.lo=FP16", "in_bias_dtype.tags.lo=FP16",
                "field 'in_bias_dtype.tags.lo' is given twice");
        expect(base + "in_bias_dtype.tags.lo=FP32 in_bias_dtype.tags=7", "in_bias_dtype.tags=7", "field 'in_bias_dtype.tags' is given twice");
        expect(base + "in_bias_dtype.tags=7 in_bias_dtype.tags.hi=FP32", "in_bias_dtype.tags.hi", "field 'in_bias_dtype.tags.hi' is given twice");
    }

    private static void expect(String line, String at, String message) {
        AsmException e = assertThrows(AsmException.class, () -> ASM.assemble(line, Assembler.Options.NO_VALIDATION));
        assertEquals("1:" + (line.lastIndexOf(at) + 1) + ": " + message, e.line() + ":" + e.column() + ": " + e.getMessage());
    }
}
