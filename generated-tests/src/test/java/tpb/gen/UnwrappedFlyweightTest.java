package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tpb.codec.Flyweight;
import tpb.isa.MatmulFlyweight;
import tpb.isa.PreambleFlyweight;
import tpb.isa.RegisterAluFlyweight;

/**
 * A flyweight used before any {@code wrap} throws {@link IndexOutOfBoundsException} from every
 * accessor, as {@code PreambleFlyweight}'s javadoc says; it never reads or writes memory it does
 * not own (an unchecked access at address 0 plus the field's offset would take the JVM down). The
 * accessors are found by reflection on every flyweight the spec makes ({@link AllFlyweights}) and
 * on every group view they hand out, so an arm or field added to the spec is covered unasked.
 */
class UnwrappedFlyweightTest {
    /** What views nothing and so has nothing to throw: the flyweight's bookkeeping and metadata. */
    private static final Set<String> BOOKKEEPING = Set.of("wrap", "buffer", "offset", "fields", "arm", "owner", "groupAt", "groupOffset", "dims",
            "hashCode", "equals", "toString", "getClass", "notify", "notifyAll", "wait");

    @Test
    void everyAccessorOfAFreshFlyweightThrows() throws Exception {
        List<String> calls = new ArrayList<>();
        for (PreambleFlyweight<?> fw : AllFlyweights.make()) {
            callEverything(fw, fw.getClass().getSimpleName(), calls);
        }
        // every arm and layout has dozens of accessors: a reflection that found none would pass vacuously
        assertTrue(calls.size() > 5_000, calls.size() + " accessors called");
    }

    /** Calls every public instance accessor of {@code target}; a method handing out a group view is followed into the view. */
    private static void callEverything(Object target, String path, List<String> calls) throws Exception {
        Method[] methods = target.getClass().getMethods();
        java.util.Arrays.sort(methods, Comparator.comparing(Method::toString));
        for (Method m : methods) {
            if (Modifier.isStatic(m.getModifiers()) || BOOKKEEPING.contains(m.getName()) || m.isBridge()) {
                continue;
            }
            String where = path + "." + m.getName() + java.util.Arrays.toString(m.getParameterTypes());
            if (m.getName().equals("set") && target instanceof Flyweight fw) {
                setEveryField(fw, where, calls);
                continue;
            }
            Object[] args = arguments(m.getParameterTypes());
            if (m.getParameterCount() == 0 && m.getReturnType().getSimpleName().endsWith("View")) {
                callEverything(m.invoke(target), path + "." + m.getName() + "()", calls);
                continue;
            }
            try {
                m.invoke(target, args);
                fail(where + " returned on a flyweight never wrapped");
            } catch (InvocationTargetException e) {
                assertInstanceOf(IndexOutOfBoundsException.class, e.getCause(), where);
            }
            calls.add(where);
        }
    }

    /** {@code set} of every field: a field the spec fixes is refused as ever, any other finds no record. */
    private static void setEveryField(Flyweight fw, String where, List<String> calls) {
        int unwrapped = 0;
        for (int f = 0; f < fw.fields().size(); f++) {
            int field = f;
            RuntimeException e = assertThrows(RuntimeException.class, () -> fw.set(field, 0, 0), where + " field " + f);
            if (e instanceof IllegalArgumentException) {
                assertTrue(e.getMessage().endsWith(" is fixed by the spec"), where + " field " + f + ": " + e.getMessage());
            } else {
                assertInstanceOf(IndexOutOfBoundsException.class, e, where + " field " + f);
                unwrapped++;
            }
            calls.add(where + " field " + f);
        }
        assertTrue(unwrapped > 0, where + ": no settable field");
    }

    /** An argument of each type that is valid on its own (index 0, value 0, the first constant), so only the missing wrap can fail. */
    private static Object[] arguments(Class<?>[] types) {
        Object[] out = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            Class<?> t = types[i];
            if (t == int.class) {
                out[i] = 0;
            } else if (t == long.class) {
                out[i] = 0L;
            } else if (t == byte.class) {
                out[i] = (byte) 0;
            } else if (t == String.class) {
                out[i] = "";
            } else if (t == byte[].class) {
                out[i] = new byte[64];
            } else if (t.isEnum()) {
                out[i] = t.getEnumConstants()[0];
            } else {
                throw new AssertionError("no argument for a " + t);
            }
        }
        return out;
    }

    /** Calls a user makes by mistake, written out: reads, a setter, a group view's element, reset. */
    @Test
    void theCallsThatCrashedThrow() {
        assertInstanceOf(IndexOutOfBoundsException.class, catching(() -> new RegisterAluFlyweight().opRaw()));
        assertInstanceOf(IndexOutOfBoundsException.class, catching(() -> new RegisterAluFlyweight().dstLo(7)));
        assertInstanceOf(IndexOutOfBoundsException.class, catching(() -> new MatmulFlyweight().headerOpcodeRaw()));
        assertInstanceOf(IndexOutOfBoundsException.class, catching(() -> new MatmulFlyweight().srcMemPattern().num(0)));
        assertInstanceOf(IndexOutOfBoundsException.class, catching(() -> new MatmulFlyweight().reset()));
    }

    private static RuntimeException catching(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("no exception");
    }
}
