package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import tpb.codec.TestVector;
import tpb.isa.Arm;

/**
 * Every test vector of both specs, through the generated code: the typed value encodes to the
 * source's exact bytes, the bytes decode to the value, and (arms, not views) the generic decoder
 * and validator agree.
 */
class VectorsTest {
    @TestFactory
    Stream<DynamicTest> tpbVectors() {
        return tpb.isa.TestVectors.all().stream().map(v -> DynamicTest.dynamicTest(v.id(), () -> {
            check(v);
            if (v.view() == null) {
                assertEquals(v.value(), tpb.isa.Decoder.decode(v.bytes(), 0));
                assertEquals(List.of(), tpb.isa.Validator.validate(v.bytes(), 0));
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> miniVectors() {
        return tpb.mini.TestVectors.all().stream().map(v -> DynamicTest.dynamicTest(v.id(), () -> {
            check(v);
            assertEquals(v.value(), tpb.mini.Decoder.decode(v.bytes(), 0));
            assertEquals(List.of(), tpb.mini.Validator.validate(v.bytes(), 0));
        }));
    }

    @TestFactory
    Stream<DynamicTest> wideVectors() {
        return tpb.wide.TestVectors.all().stream().map(v -> DynamicTest.dynamicTest(v.id(), () -> {
            check(v);
            assertEquals(v.value(), tpb.wide.Decoder.decode(v.bytes(), 0));
            assertEquals(List.of(), tpb.wide.Validator.validate(v.bytes(), 0));
        }));
    }

    @Test
    void theSpecHasVectorsForEveryArmWithALayout() {
        long withLayout = Arrays.stream(Arm.values()).filter(a -> !a.opaque()).count();
        long covered = tpb.isa.TestVectors.all().stream().filter(v -> v.view() == null).map(TestVector::arm).distinct().count();
        assertEquals(withLayout, covered, "every arm with a layout (the spec decides how many) should have a test vector of its own");
    }

    private static void check(TestVector v) {
        byte[] out = new byte[v.bytes().length + 3];
        v.value().encodeTo(out, 3);
        assertArrayEquals(v.bytes(), Arrays.copyOfRange(out, 3, out.length), "encode " + v.id());
        byte[] shifted = new byte[v.bytes().length + 5];
        System.arraycopy(v.bytes(), 0, shifted, 5, v.bytes().length);
        assertEquals(v.value(), v.decoder().apply(shifted, 5), "decode " + v.id());
    }
}
