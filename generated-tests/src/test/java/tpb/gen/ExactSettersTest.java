package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tpb.isa.IsaInfo;
import tpb.isa.MatmulFlyweight;
import tpb.isa.PreambleFlyweight;
import tpb.isa.RegisterAluFlyweight;

/**
 * The setters' two kinds (setters truncated silently): a plain setter keeps the
 * value's low bits, as a cast does, and its {@code Exact} twin refuses a value that does not fit,
 * naming the field, and stores nothing.
 */
class ExactSettersTest {
    /** By hand: src0_lo is the u8 at +0x10 of a REGISTER_ALU record (spec arms/ctrl-alu; facts §3.1). */
    @Test
    void theRegisterAluSourceRegister() {
        byte[] b = new byte[IsaInfo.RECORD_SIZE];
        RegisterAluFlyweight fw = new RegisterAluFlyweight().wrap(b, 0);
        fw.src0Lo(0x1FF); // 9 bits: the low 8 are kept
        assertEquals((byte) 0xFF, b[0x10]);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> fw.src0LoExact(256));
        assertEquals("src0_lo: 256 does not fit u8", e.getMessage());
        assertEquals((byte) 0xFF, b[0x10], "refused: nothing stored");
        fw.src0LoExact(63);
        assertEquals(63, b[0x10]);
    }

    /**
     * By hand: MATMUL's src_mem_pattern is a TENSOR3D at +0x10, its num the u16[3] at +0xA of the
     * group, so num[2] is at +0x1E, little-endian; a group view writes in place.
     */
    @Test
    void aGroupViewWritesInPlace() {
        byte[] b = new byte[IsaInfo.RECORD_SIZE];
        MatmulFlyweight mm = new MatmulFlyweight().wrap(b, 0);
        mm.srcMemPattern().num(0, 128).num(2, 0x1234);
        assertEquals((byte) 0x80, b[0x1A]);
        assertEquals((byte) 0x34, b[0x1E]);
        assertEquals((byte) 0x12, b[0x1F]);
        assertEquals(128, mm.srcMemPatternNum(0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> mm.srcMemPattern().numExact(1, 65536));
        assertEquals("TENSOR3D.num: 65536 does not fit u16", e.getMessage());
    }

    /**
     * Every {@code Exact} setter of every flyweight (each arm's and each generation layout's), on a
     * random record: for each value, either it stores exactly what the plain setter stores, or it
     * refuses with "FIELD: VALUE does not fit TYPE" and stores nothing; and each refuses something.
     */
    @Test
    void everyExactSetterStoresWhatThePlainOneStoresOrRefuses() throws Exception {
        List<PreambleFlyweight<?>> flyweights = AllFlyweights.make();
        long[] values = {0, 1, -1, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF, 0x1_0000, 0xFFFF_FFFFL, 0x1_0000_0000L, Long.MAX_VALUE};
        byte[] record = new byte[IsaInfo.RECORD_SIZE];
        new Random(34).nextBytes(record);
        int setters = 0;
        for (PreambleFlyweight<?> fw : flyweights) {
            fw.wrap(record, 0);
            for (Method exact : fw.getClass().getMethods()) {
                if (!exact.getName().endsWith("Exact") || Modifier.isStatic(exact.getModifiers())) {
                    continue;
                }
                Method plain = fw.getClass().getMethod(exact.getName().replace("Exact", ""), exact.getParameterTypes());
                boolean indexed = exact.getParameterCount() == 2;
                Class<?> type = exact.getParameterTypes()[indexed ? 1 : 0];
                int refused = 0;
                for (long v : values) {
                    Object value = type == int.class ? (Object) (int) v : (Object) v;
                    Object[] args = indexed ? new Object[] {0, value} : new Object[] {value};
                    byte[] before = record.clone();
                    plain.invoke(fw, args);
                    byte[] stored = record.clone();
                    System.arraycopy(before, 0, record, 0, record.length);
                    try {
                        exact.invoke(fw, args);
                        assertArrayEquals(stored, record, exact + " " + v);
                    } catch (InvocationTargetException e) {
                        assertTrue(e.getCause() instanceof IllegalArgumentException, exact + " " + v);
                        assertTrue(e.getCause().getMessage().matches("\\S+: " + value + " does not fit [ui]\\d+"), e.getCause().getMessage());
                        assertArrayEquals(before, record, exact + " " + v + ": refused, nothing stored");
                        refused++;
                    }
                    System.arraycopy(before, 0, record, 0, record.length);
                }
                assertTrue(refused > 0, exact + " refused none of the values");
                setters++;
            }
        }
        assertTrue(setters > 1000, setters + " exact setters");
    }
}
