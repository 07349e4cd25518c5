package tpb.asm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * The compact synchronisation terms and DMA_DIRECT2D's bracket operands (the spec's WaitMode and
 * UpdateMode syntax templates, the EVENTS/EVENTS_EXTENDED terms, dma.2d's syntax line): exact
 * lines for a record AWS's own assembler printed, for fixture records, and asm(disasm(x)) == x for
 * any EVENTS bytes.
 */
class SyncTermsTest {
    private static byte[] record(String... rows) {
        byte[] b = new byte[64];
        for (String row : rows) {
            int at = Integer.parseInt(row.substring(0, 2), 16);
            byte[] bytes = HexFormat.ofDelimiter(" ").parseHex(row.substring(3));
            System.arraycopy(bytes, 0, b, at, bytes.length);
        }
        return b;
    }

    private static String text(byte[] b) {
        return Disassembler.text(b, 0, 1);
    }

    /** The record's line is {@code expected}, and it assembles back to the record. */
    private static void listsAs(String expected, byte[] b) {
        assertEquals(expected, text(b));
        assertArrayEquals(b, new Assembler().assemble(expected));
    }

    @Test
    void theVendorsOwnLine() {
        // «SEQMC» §7.1: pe.bin of the NEFF in libnrt 2.31.24, all 64 bytes; AWS's pe.asm prints it as
        // PSEUDO_TRIGGER_COLLECTIVE $S[10]>0 $S[22]++@complete ctype=ALL_REDUCE input_tensor_id=3 output_tensor_id=4
        //   num_elements=32 dtype=fp32 op=ADD group_id=0;
        // wait 0x04 (SEM_GT_IMM) on 10 with value 0 -> $S[10]>0; update 0x13 (SEM_INC_COMPLETE) on 0x16 = 22 -> $S[22]++@complete
        byte[] b = record("00 c8 10 00 00 04 0a 13 16 00 00 00 00 04 0a 00 00", "10 03 00 00 00 04 00 00 00 20", "20 01");
        listsAs("trigger_collective.ALL_REDUCE $S[10]>0 $S[22]++@complete op=add dtype=FP32 input_tensor_id=3 output_tensor_id=4 "
                + "num_elements=32", b);
    }

    @Test
    void aFixtureLoadReadsItsWaitAtAGlance() {
        // matmul_small.neff sg00/PE.bin record 3: wait SEM_GE_IMM (5) on semaphore 8 for 16
        byte[] b = record("00 01 10 00 00 05 08 00 00 10", "10 fe 7c 03 00 ff ff 00 00 e0 ff 20 00 01 00 04",
                "20 07 00 01 00 00 00 80 80 00 00 00 00 0f 0f");
        listsAs("ldweights $S[8]>=16 [0x37cfe; -1,0,-32; 32,1,4] in_dtype=FP16 transpose_mode=1", b);
    }

    /**
     * The syntax line's implied values (ldweights and matmul: num_active_rows=128 num_active_cols=128
     * row_grp=15 col_grp=15, the whole PE array): a record holding them lists without them, and a
     * line without them assembles them; a record holding another value, 0 included, lists it.
     */
    @Test
    void impliedValuesAreLeftOutAndWrittenBack() {
        // the fixture load above with 64 active rows (+0x26 = 0x40) and row group 0 (+0x2C = 0)
        byte[] b = record("00 01 10 00 00 05 08 00 00 10", "10 fe 7c 03 00 ff ff 00 00 e0 ff 20 00 01 00 04",
                "20 07 00 01 00 00 00 40 80 00 00 00 00 00 0f");
        listsAs("ldweights $S[8]>=16 [0x37cfe; -1,0,-32; 32,1,4] in_dtype=FP16 transpose_mode=1 num_active_rows=64 row_grp=0", b);
        // a bare matmul: its bytes +0x26, +0x27 are 0x80 (128), +0x2C, +0x2D 0x0F; everything else of the payload zero
        byte[] bare = new Assembler().assemble("matmul [0x0; 0,0,0; 0,0,0], [0x0; 0,0,0; 0,0,0]");
        assertEquals("80 80 00 00 00 00 0f 0f", HexFormat.ofDelimiter(" ").formatHex(bare, 0x26, 0x2E));
        assertEquals("matmul [0x0; 0,0,0; 0,0,0], [0x0; 0,0,0; 0,0,0]", text(bare));
    }

    @Test
    void eventSemaphoreWritesItsSecondWaitAndTheUpdate() {
        // the runtime's wait-eq-and-inc builder (facts §3.5): ext wait SEM_EQ_IMM (1) on 3 for 5, update 0x13 on 3
        byte[] b = record("00 a0 10 00 00 05 02 00 00 01", "20 01 03 13 03 05 00 00 00 01");
        // the record's own wait (EVENTS, bare), then the extended block's wait and update, each after its field's name;
        // the update reads no value, so the builder's +0x28 = 1 stays a name=value pair
        listsAs("sem $S[2]>=1 ext:$S[3]==5 ext:$S[3]++@complete ext.sem_update_value=1", b);
    }

    @Test
    void aDmaPatternIsOneBracket() {
        // matmul_small.neff sg00/Pool.bin record 2: DGE entry 0 (mode 0x20) -> SBUF 0x37c00 (static, mode 0x10), 128 rows of 512 bytes
        byte[] b = java.util.Arrays.copyOfRange(tpb.neff.Fixture.files().get("sg00/Pool.bin"), 2 * 64, 3 * 64);
        // its completion (semaphore 24 += sem_increment 16) is the arm's own term, '@dma' (the spec's terms: on DmaDirect2d)
        listsAs("dma.2d $S[24]+=16@dma [0x37c00; 0x0; 0x0; 0x10; 262144,1; 128,1; 0x200], [0x0; 0x0; 0x0; 0x20; 512,1; 128,1; 0x200] "
                + "in_dtype=FP16 out_dtype=FP16", b);
    }

    @Test
    void aDmaCompletionStandsApartFromAnEventsAddAtCompletion() {
        // an EVENTS update that adds at completion ($S[n]+=v@complete) and the DMA completion ($S[n]+=v@dma) on one line
        byte[] b = new Assembler().assemble("dma.2d $S[7]+=3@complete $S[24]+=16@dma");
        String t = text(b);
        assertEquals(true, t.contains("$S[7]+=3@complete") && t.contains("$S[24]+=16@dma"), t);
        assertArrayEquals(b, new Assembler().assemble(t));
        assertEquals(24, b[0x0D]);
        assertEquals(16, b[0x0E]);
        AsmException twice = assertThrows(AsmException.class, () -> new Assembler().assemble("dma.2d $S[24]+=16@dma $S[25]+=16@dma"));
        assertEquals("'$S[25]+=16@dma': DmaDirect2d carries one such term, and '$S[24]+=16@dma' is it", twice.getMessage());
    }

    /** Any completion bytes of a DMA_DIRECT2D list and assemble back to themselves, with any EVENTS. */
    @Property(tries = 2000)
    void anyDmaCompletionRoundTrips(@ForAll byte semaphore, @ForAll byte increment, @ForAll byte update, @ForAll byte updateIdx) {
        byte[] b = new byte[64];
        b[0] = (byte) 0xd4;
        b[1] = 0x10;
        b[6] = update;
        b[7] = updateIdx;
        b[0x0D] = semaphore;
        b[0x0E] = increment;
        String t = text(b);
        assertArrayEquals(b, new Assembler().assemble(t, Assembler.Options.NO_VALIDATION), t);
    }

    @Test
    void aValueNoTermSaysStaysNamed() {
        // wait EVT_SET (6) on event 2 reads no value; semaphore_value 7 stays a name=value pair
        byte[] b = record("00 a4 10 00 00 06 02 00 00 07");
        listsAs("nop $E[2]==1 events.semaphore_value=7", b);
    }

    @Test
    void termsThatDisagreeOnTheSharedValueAreRefused() {
        // EVENTS has one semaphore_value for its wait and its update
        AsmException e = assertThrows(AsmException.class, () -> new Assembler().assemble("nop $S[4]>=16 $S[5]+=2@complete"));
        assertEquals("1:15: the terms share events.semaphore_value: 16 and 2 differ", e.line() + ":" + e.column() + ": " + e.getMessage());
        AsmException twice = assertThrows(AsmException.class, () -> new Assembler().assemble("nop $S[4]>=16 events.semaphore_value=16"));
        assertEquals("field 'events.semaphore_value' is given twice", twice.getMessage());
        AsmException unknown = assertThrows(AsmException.class, () -> new Assembler().assemble("nop $S[4]=>16"));
        assertEquals("1:5: '$S[4]=>16' is no wait or update NoOp can carry (as $S[n]>=v, $S[n]>v, $S[n]++@complete, $S[n]+=v@read, ...)",
                unknown.line() + ":" + unknown.column() + ": " + unknown.getMessage());
    }

    /**
     * Each of these got the generic line. A negative or too-long threshold names
     * the field it does not fit (EVENTS' semaphore_value is a u32 in the spec); a second wait where
     * the arm carries one names the first; a term in another case gives the spec's own spelling.
     */
    @Test
    void aTermThatCannotBeTakenSaysWhy() {
        java.util.function.Function<String, String> why = line -> {
            AsmException e = assertThrows(AsmException.class, () -> new Assembler().assemble(line));
            return e.line() + ":" + e.column() + ": " + e.getMessage();
        };
        assertEquals("1:5: '$S[24]>=-1': -1 does not fit events.semaphore_value (u32)", why.apply("nop $S[24]>=-1"));
        assertEquals("1:5: '$S[30]>=99999999999': 99999999999 does not fit events.semaphore_value (u32)", why.apply("nop $S[30]>=99999999999"));
        assertEquals("1:14: '$S[3]>=4': NoOp carries one such term, and '$S[1]>=2' is it", why.apply("nop $S[1]>=2 $S[3]>=4"));
        assertEquals("1:5: '$S[1]++@Complete': terms are written as the spec writes them, '$S[1]++@complete'", why.apply("nop $S[1]++@Complete"));
        assertEquals("1:5: '$s[1]>=2': terms are written as the spec writes them, '$S[1]>=2'", why.apply("nop $s[1]>=2"));
        // hex, as everywhere else in a listing, is taken
        assertArrayEquals(new Assembler().assemble("nop $S[24]>=16"), new Assembler().assemble("nop $S[0x18]>=0x10"));
    }

    /** Any EVENTS bytes on a NoOp (whose payload is reserved) list and assemble back to themselves. */
    @Property(tries = 3000)
    void anyEventsRoundTrip(@ForAll byte wait, @ForAll byte waitIdx, @ForAll byte update, @ForAll byte updateIdx, @ForAll int value) {
        byte[] b = new byte[64];
        b[0] = (byte) 0xa4;
        b[1] = 0x10;
        b[4] = wait;
        b[5] = waitIdx;
        b[6] = update;
        b[7] = updateIdx;
        b[8] = (byte) value;
        b[9] = (byte) (value >> 8);
        b[10] = (byte) (value >> 16);
        b[11] = (byte) (value >> 24);
        String t = text(b);
        assertArrayEquals(b, new Assembler().assemble(t, Assembler.Options.NO_VALIDATION), t);
    }

    /**
     * The shape lookup (the assembler tried every mode's term on every term) names
     * the term the old way found: for every term of every slot of every arm, filled with indexes
     * and values in decimal and hex, the first term in mode order that matches; and for texts no
     * term matches, no term (or one its check refuses, which sends the assembler the old way).
     */
    @Test
    void theShapeOfATermNamesTheFirstTermThatMatches() {
        int checked = 0;
        for (tpb.isa.Arm arm : tpb.isa.Arm.values()) {
            if (arm == tpb.isa.Arm.UNKNOWN) {
                continue;
            }
            for (SyncTerms.Slot slot : SyncTerms.ownSlots(arm)) {
                if (slot.template() != null) {
                    continue;
                }
                java.util.List<String> words = new java.util.ArrayList<>(java.util.List.of("$S[1]>=", "$S[]>=1", "$S[1]>=1x", "$Q[1]==1",
                        "$S[1", "$S[12345678901]>=1", "$S[1]>=r", "S[1]>=1"));
                for (String t : slot.syntaxes()) {
                    for (String index : new String[] {"0", "7", "0x1f", "4294967295"}) {
                        for (String value : new String[] {"0", "16", "0x10", "4294967295"}) {
                            words.add(t.replace("{index}", index).replace("{value}", value));
                        }
                    }
                }
                for (String word : words) {
                    int first = -1;
                    for (int k = slot.syntaxes().length - 1; k >= 0; k--) {
                        first = SyncTerms.match(slot.syntaxes()[k], word) != null ? k : first;
                    }
                    long[] shaped = slot.shaped(word);
                    if (first >= 0) {
                        long[] m = SyncTerms.match(slot.syntaxes()[first], word);
                        assertEquals(java.util.List.of((long) first, m[0], m[1]), java.util.List.of(shaped[0], shaped[1], shaped[2]),
                                arm + " " + word);
                    } else {
                        assertEquals(true, shaped[0] == -1 || shaped[0] == -2, arm + " " + word); // no term, or each tried and refused
                    }
                    checked++;
                }
            }
        }
        assertEquals(true, checked > 1000, "terms checked: " + checked);
    }
}
