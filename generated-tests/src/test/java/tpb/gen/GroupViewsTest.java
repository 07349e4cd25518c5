package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.CopyFlyweight;
import tpb.isa.IsaInfo;
import tpb.isa.Layouts;
import tpb.isa.MatmulFlyweight;
import tpb.isa.PreambleFlyweight;
import tpb.isa.Tensor1dView;
import tpb.isa.TensorPattern;

/**
 * The composite views of operand groups read exactly what the flat accessors read: on random
 * records, every reader of every view of every flyweight (each arm's, and each generation's
 * layout from {@link Layouts}) equals the flat accessor its path names
 * ({@code srcMemPattern().start().address()} is {@code srcMemPatternStartWordAddress()}), and the
 * dimension counts are the spec's.
 */
class GroupViewsTest {
    /** Every flyweight with its name: the arms' and the generation layouts'. */
    private static Map<String, PreambleFlyweight<?>> flyweights() {
        Map<String, PreambleFlyweight<?>> out = new LinkedHashMap<>();
        for (Arm a : Arm.values()) {
            if (a == Arm.UNKNOWN) {
                continue;
            }
            out.putIfAbsent(a.flyweight().getClass().getSimpleName(), (PreambleFlyweight<?>) a.flyweight());
            for (Arch arch : Arch.values()) {
                PreambleFlyweight<?> f = Layouts.flyweight(a, arch);
                out.putIfAbsent(f.getClass().getSimpleName(), f);
            }
        }
        return out;
    }

    private static final Map<String, PreambleFlyweight<?>> FLYWEIGHTS = flyweights();

    @Property(tries = 60)
    void everyViewReadsWhatTheFlatAccessorsRead(@ForAll @Size(value = 64) byte[] record) throws Exception {
        assertEquals(IsaInfo.RECORD_SIZE, record.length);
        int readers = 0;
        for (PreambleFlyweight<?> fw : FLYWEIGHTS.values()) {
            fw.wrap(record, 0);
            for (Method m : publicMethods(fw.getClass())) {
                if (m.getParameterCount() == 0 && m.getReturnType().getSimpleName().endsWith("View")) {
                    readers += check(fw, m.invoke(fw), m.getName(), false);
                }
            }
        }
        assertTrue(readers > 500, readers + " readers compared");
    }

    /** Every setter of every view, on one random record (a setter's check tries many values; the readers' property tries many records). */
    @Test
    void everyViewSetterWritesWhatTheFlatSetterWrites() throws Exception {
        byte[] record = new byte[IsaInfo.RECORD_SIZE];
        new java.util.Random(34).nextBytes(record);
        int setters = 0;
        for (PreambleFlyweight<?> fw : FLYWEIGHTS.values()) {
            fw.wrap(record, 0);
            for (Method m : publicMethods(fw.getClass())) {
                if (m.getParameterCount() == 0 && m.getReturnType().getSimpleName().endsWith("View")) {
                    setters += check(fw, m.invoke(fw), m.getName(), true);
                }
            }
        }
        assertTrue(setters > 500, setters + " setters and readers compared");
    }

    /**
     * Compares every reader of {@code view} (a group at flat-name prefix {@code prefix}) with the flat
     * accessor, and with {@code setters} every setter with the flat setter; returns how many.
     */
    private static int check(Object fw, Object view, String prefix, boolean setters) throws Exception {
        int n = 0;
        for (Method m : view.getClass().getDeclaredMethods()) {
            if (!Modifier.isPublic(m.getModifiers()) || Modifier.isStatic(m.getModifiers())
                    || List.of("groupOffset", "dims", "asFloat", "asInt").contains(m.getName())) {
                continue;
            }
            String name = prefix + Character.toUpperCase(m.getName().charAt(0)) + m.getName().substring(1);
            if (m.getReturnType() == view.getClass()) { // a setter: it returns its view
                n += setters ? setter(fw, view, m, name) : 0;
                continue;
            }
            if (m.getReturnType().getSimpleName().endsWith("View")) {
                n += check(fw, m.invoke(view), name, setters);
                continue;
            }
            Method flat = flat(fw.getClass(), prefix, m);
            if (m.getParameterCount() == 0) {
                assertEquals(flat.invoke(fw), m.invoke(view), name);
            } else {
                int count = view.getClass().getField(upperSnake(m.getName()) + "_COUNT").getInt(null);
                for (int i = 0; i < count; i++) {
                    Object expected = flat.getParameterCount() == 0 ? flat.invoke(fw) : flat.invoke(fw, i);
                    assertEquals(expected, m.invoke(view, i), name + "(" + i + ")");
                }
                try {
                    m.invoke(view, count);
                    throw new AssertionError(name + "(" + count + ") read past the group");
                } catch (InvocationTargetException e) {
                    assertTrue(e.getCause() instanceof IndexOutOfBoundsException, name);
                }
            }
            n++;
        }
        if (view.getClass().getSimpleName().matches("(ActivationImm|ImmValInstField)View")) {
            long bits = (long) view.getClass().getMethod("bits").invoke(view);
            assertEquals((int) bits, view.getClass().getMethod("asInt").invoke(view));
            assertEquals(Float.floatToRawIntBits(Float.intBitsToFloat((int) bits)),
                    Float.floatToRawIntBits((float) view.getClass().getMethod("asFloat").invoke(view)));
        }
        return n;
    }

    /** Values a setter is given: edges of every width, both signs. */
    private static final long[] VALUES = {0, 1, -1, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0xFFFF, 0x1_0000, 0x1234_5678L, 0xFFFF_FFFFL,
        0x1_0000_0000L, Long.MAX_VALUE};

    /**
     * A view's setter (writable views) writes what the flat setter of the same path
     * writes, byte for byte, for every value of {@link #VALUES} (or each enum constant) at the first
     * and the last index; an exact setter refuses what the flat exact setter refuses, and nothing
     * is stored then.
     */
    private static int setter(Object fw, Object view, Method m, String name) throws Exception {
        boolean indexed = m.getParameterCount() == 2;
        Method flat;
        try {
            flat = fw.getClass().getMethod(name, m.getParameterTypes());
        } catch (NoSuchMethodException oneElement) { // a one-element field a view reads by index (TENSOR1D's, through TensorPattern)
            if (!indexed) {
                throw new AssertionError(fw.getClass().getSimpleName() + ": no flat setter " + name + " for " + m, oneElement);
            }
            flat = fw.getClass().getMethod(name, m.getParameterTypes()[1]);
        }
        boolean flatIndexed = flat.getParameterCount() == 2;
        byte[] record = ((PreambleFlyweight<?>) fw).buffer();
        byte[] before = record.clone();
        Class<?> type = m.getParameterTypes()[indexed ? 1 : 0];
        List<Object> values = new ArrayList<>();
        if (type.isEnum()) {
            values.addAll(List.of(type.getEnumConstants()));
        } else {
            for (long v : VALUES) {
                values.add(type == int.class ? (Object) (int) v : (Object) v);
            }
        }
        int count = indexed ? view.getClass().getField(upperSnake(m.getName().replace("Exact", "")) + "_COUNT").getInt(null) : 1;
        for (int index : new int[] {0, count - 1}) {
            for (Object v : values) {
                Object[] args = indexed ? new Object[] {index, v} : new Object[] {v};
                String viaView = apply(m, view, args, record);
                byte[] written = record.clone();
                System.arraycopy(before, 0, record, 0, record.length);
                String viaFlat = apply(flat, fw, flatIndexed || !indexed ? args : new Object[] {v}, record);
                assertEquals(viaFlat, viaView, name + java.util.Arrays.toString(args));
                assertTrue(java.util.Arrays.equals(record, written), name + java.util.Arrays.toString(args) + " writes what the flat setter writes");
                if (viaView != null) {
                    assertTrue(java.util.Arrays.equals(before, record), name + java.util.Arrays.toString(args) + ": refused, and nothing stored");
                }
                System.arraycopy(before, 0, record, 0, record.length);
            }
        }
        return 1;
    }

    /** Calls {@code m}; the refusal's class and message, or null when it stored. */
    private static String apply(Method m, Object on, Object[] args, byte[] record) throws Exception {
        try {
            m.invoke(on, args);
            return null;
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException refused) {
                return refused.getClass().getSimpleName() + ": " + refused.getMessage().replaceFirst("^\\S+: ", "");
            }
            throw e;
        }
    }

    /**
     * The flat accessor of a view's reader: the same path ({@code prefix} + the reader's name), or,
     * for a bit of a one-field group (ADDR4's {@code address} of its {@code word}), the one accessor
     * under {@code prefix} that ends with it; with the index a counted field takes, or without it
     * for a one-element field read by index (TENSOR1D's, through {@code TensorPattern}).
     */
    private static Method flat(Class<?> fw, String prefix, Method reader) {
        String tail = Character.toUpperCase(reader.getName().charAt(0)) + reader.getName().substring(1);
        List<Method> found = new ArrayList<>();
        for (Method m : publicMethods(fw)) {
            if (m.getParameterCount() > reader.getParameterCount() || m.getReturnType() != reader.getReturnType()) {
                continue;
            }
            if (m.getName().equals(prefix + tail)) {
                return m;
            }
            if (m.getName().startsWith(prefix) && m.getName().endsWith(tail) && m.getParameterCount() == reader.getParameterCount()
                    && m.getName().substring(prefix.length(), m.getName().length() - tail.length()).matches("[A-Z][a-z0-9]*")) {
                found.add(m);
            }
        }
        assertEquals(1, found.size(), () -> fw.getSimpleName() + ": no single flat accessor for " + prefix + "." + reader.getName()
                + " " + found);
        return found.get(0);
    }

    private static List<Method> publicMethods(Class<?> c) {
        List<Method> out = new ArrayList<>();
        for (Method m : c.getMethods()) {
            if (!Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != Object.class) {
                out.add(m);
            }
        }
        return out;
    }

    private static String upperSnake(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
    }

    /** The views' dimensions are the spec's counts, and the tensor groups share one interface. */
    @Test
    void dimensionsComeFromTheSpec() {
        MatmulFlyweight mm = new MatmulFlyweight();
        CopyFlyweight copy = new CopyFlyweight();
        assertEquals(MatmulFlyweight.SRC_MEM_PATTERN_STEP_COUNT, mm.srcMemPattern().dims());
        assertEquals(MatmulFlyweight.DST_MEM_PATTERN_NUM_COUNT, mm.dstMemPattern().dims());
        assertEquals(CopyFlyweight.SRC_MEM_PATTERN_STEP_COUNT, copy.srcMemPattern().dims());
        TensorPattern[] patterns = {mm.srcMemPattern(), copy.dstMemPattern()};
        assertEquals(MatmulFlyweight.SRC_MEM_PATTERN_STEP_COUNT + CopyFlyweight.DST_MEM_PATTERN_STEP_COUNT,
                patterns[0].dims() + patterns[1].dims());
        assertTrue(TensorPattern.class.isAssignableFrom(Tensor1dView.class));
        // one view object per operand, held by the flyweight, following wrap
        assertSame(mm.srcMemPattern(), mm.wrap(new byte[IsaInfo.RECORD_SIZE * 2], IsaInfo.RECORD_SIZE).srcMemPattern());
        assertEquals(IsaInfo.RECORD_SIZE + MatmulFlyweight.SRC_MEM_PATTERN_OFFSET, mm.srcMemPattern().groupOffset());
    }
}
