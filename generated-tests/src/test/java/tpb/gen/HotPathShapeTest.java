package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import tpb.isa.Arm;
import tpb.isa.ExitFlyweight;
import tpb.isa.ExitRecord;
import tpb.isa.IsaInfo;
import tpb.isa.LibraryReloadIndexRecord;
import tpb.stream.ExitScan;

/**
 * The hot paths' shape, read from the class files the build made (ASM), so a change that costs
 * speed fails the build on any machine, however noisy: a timed test could not tell. What each
 * assertion guards was measured with JMH and the JIT's code (README, "Speed"): a field read is one
 * array load or one array-view VarHandle access with no virtual call; wrap skips the reference
 * store (and the collector's barrier) when the buffer is the same; reset stores whole words with
 * no loop; the EXIT scan is the generated two-byte check, not identify's switch; the validator
 * dispatches on the opcode once.
 */
class HotPathShapeTest {
    private static final String ISA = "tpb/isa/";
    private static final String LE = "tpb/codec/LittleEndian";
    private static final String BE = "tpb/codec/BigEndian";
    /** The flyweights' accessors' path over a direct buffer: Memory and the byte-order classes over it. */
    private static final String MEMORY = "tpb/codec/(Memory|LittleEndianMemory|BigEndianMemory)";

    /** One method's instructions, as ASM visits them: opcodes, calls (owner.name), fields, loops. */
    record Body(List<Integer> opcodes, List<String> calls, List<String> fields, int backwardJumps) {
        long count(int opcode) {
            return opcodes.stream().filter(o -> o == opcode).count();
        }

        boolean branches() {
            return opcodes.stream().anyMatch(o -> o >= Opcodes.IFEQ && o <= Opcodes.IF_ACMPNE || o == Opcodes.IFNULL
                    || o == Opcodes.IFNONNULL || o == Opcodes.TABLESWITCH || o == Opcodes.LOOKUPSWITCH);
        }

        boolean virtualCalls() {
            return opcodes.contains(Opcodes.INVOKEVIRTUAL) || opcodes.contains(Opcodes.INVOKEINTERFACE)
                    || opcodes.contains(Opcodes.INVOKEDYNAMIC);
        }
    }

    /** Every method of {@code cls} (internal name) keyed by {@code name + descriptor}. */
    static Map<String, Body> methods(String cls) {
        Map<String, Body> out = new TreeMap<>();
        try (InputStream in = HotPathShapeTest.class.getClassLoader().getResourceAsStream(cls + ".class")) {
            if (in == null) {
                throw new IllegalStateException("no class file " + cls);
            }
            new ClassReader(in).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exceptions) {
                    List<Integer> ops = new ArrayList<>();
                    List<String> calls = new ArrayList<>();
                    List<String> fields = new ArrayList<>();
                    Set<Label> seen = new HashSet<>();
                    int[] back = new int[1];
                    return new MethodVisitor(Opcodes.ASM9) {
                        @Override
                        public void visitLabel(Label label) {
                            seen.add(label);
                        }

                        @Override
                        public void visitInsn(int opcode) {
                            ops.add(opcode);
                        }

                        @Override
                        public void visitIntInsn(int opcode, int operand) {
                            ops.add(opcode);
                        }

                        @Override
                        public void visitVarInsn(int opcode, int var) {
                            ops.add(opcode);
                        }

                        @Override
                        public void visitTypeInsn(int opcode, String type) {
                            ops.add(opcode);
                        }

                        @Override
                        public void visitFieldInsn(int opcode, String owner, String fname, String fdesc) {
                            ops.add(opcode);
                            fields.add((opcode == Opcodes.PUTFIELD || opcode == Opcodes.PUTSTATIC ? "put " : "get ") + fname);
                        }

                        @Override
                        public void visitMethodInsn(int opcode, String owner, String mname, String mdesc, boolean itf) {
                            ops.add(opcode);
                            calls.add(owner + "." + mname);
                        }

                        @Override
                        public void visitInvokeDynamicInsn(String iname, String idesc, org.objectweb.asm.Handle h, Object... args) {
                            ops.add(Opcodes.INVOKEDYNAMIC);
                        }

                        @Override
                        public void visitJumpInsn(int opcode, Label label) {
                            ops.add(opcode);
                            if (seen.contains(label)) {
                                back[0]++;
                            }
                        }

                        @Override
                        public void visitLdcInsn(Object value) {
                            ops.add(Opcodes.LDC);
                        }

                        @Override
                        public void visitIincInsn(int var, int increment) {
                            ops.add(Opcodes.IINC);
                        }

                        @Override
                        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
                            ops.add(Opcodes.TABLESWITCH);
                        }

                        @Override
                        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
                            ops.add(Opcodes.LOOKUPSWITCH);
                        }

                        @Override
                        public void visitEnd() {
                            out.put(name + desc, new Body(ops, calls, fields, back[0]));
                        }
                    };
                }
            }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The flyweight classes of every arm with a layout, and the opaque arms' shared one. */
    static Set<String> flyweights() {
        Set<String> out = new LinkedHashSet<>();
        for (Arm a : Arm.values()) {
            if (a != Arm.UNKNOWN) {
                out.add(a.flyweight().getClass().getName().replace('.', '/'));
            }
        }
        return out;
    }

    @Test
    void wrapStoresTheBufferReferenceOnlyWhenItChanges() {
        Body wrap = methods(ISA + "PreambleFlyweight").get("wrap([BI)L" + ISA + "PreambleFlyweight;");
        // the reference store runs the collector's barrier: a fence per record once both objects are old
        assertEquals(List.of("get buffer", "put buffer", "put memory", "put offset"), wrap.fields(),
                "compare, store the references only when different, then the offset");
        assertEquals(1, wrap.count(Opcodes.IF_ACMPEQ), "one reference comparison guards the store");
        assertEquals("tpb/codec/Checks.room", wrap.calls().get(0));
        // over a buffer the same (storing them on every wrap made the direct path 2-4x slower), and the
        // buffer's Memory made only when the buffer changes
        Body onBuffer = methods(ISA + "PreambleFlyweight").get("wrap(Ljava/nio/ByteBuffer;I)L" + ISA + "PreambleFlyweight;");
        assertEquals(List.of("get memory", "get memory", "put memory", "get buffer", "put buffer", "put offset", "get memory", "put address"),
                onBuffer.fields(), "compare, store the references only when different, then the offset and the address");
        assertEquals(1, onBuffer.calls().stream().filter(c -> c.equals("tpb/codec/Memory.of")).count(), onBuffer.calls().toString());
    }

    /**
     * Every static field reader {@code name(byte[] buffer, int offset)} of every flyweight is one
     * array load or one call of the codec's endian reader, with no branch, loop or virtual call;
     * every instance reader of the same name is, over an array, the static one over the flyweight's
     * two fields, and over a direct buffer one call of the codec's memory reader at the
     * flyweight's address: one null test between them.
     */
    @Test
    void everyFieldReadIsOneLoadWithoutDispatch() {
        int readers = checkReaders(ISA + "PreambleFlyweight");
        for (String cls : flyweights()) {
            readers += checkReaders(cls);
        }
        // RegisterAlu alone has 20 scalar fields (9 preamble + 11): at least those are checked
        assertTrue(readers >= 20, readers + " readers");
    }

    private static int checkReaders(String cls) {
        int n = 0;
        for (Map.Entry<String, Body> e : methods(cls).entrySet()) {
            String sig = e.getKey();
            if (!(sig.endsWith("([BI)I") || sig.endsWith("([BI)J")) || sig.startsWith("matches")) {
                continue;
            }
            Body b = e.getValue();
            String name = sig.substring(0, sig.indexOf('('));
            long loads = b.count(Opcodes.BALOAD);
            long endian = b.calls().stream().filter(c -> c.startsWith(LE + ".") || c.startsWith(BE + ".")).count();
            assertEquals(1, loads + endian, cls + "." + sig + ": one array load or one endian read, got " + b);
            assertEquals(endian, b.calls().size(), cls + "." + sig + ": no other call " + b.calls());
            assertFalse(b.branches() || b.virtualCalls() || b.backwardJumps() > 0, cls + "." + sig + ": straight-line " + b);
            Body instance = methods(cls).get(name + "()" + sig.substring(sig.length() - 1));
            if (instance != null) {
                assertEquals(2, instance.calls().size(), cls + "." + name + "(): the static reader or a memory read " + instance.calls());
                assertEquals(cls + "." + name, instance.calls().get(0), cls + "." + name + "(): the static reader first");
                assertTrue(instance.calls().get(1).matches(MEMORY + "\\.(u8|i8|u16|i16|u32|i32|i64)"), cls + "." + name + "(): " + instance.calls());
                // over a buffer, the record's address: one field, the only one an access loads where Unsafe
                // serves it (the memory argument is unused there, and the JIT drops its load)
                assertEquals(List.of("get buffer", "get buffer", "get offset", "get memory", "get address"), instance.fields());
                assertEquals(1, instance.count(Opcodes.IFNULL) + instance.count(Opcodes.IFNONNULL), cls + "." + name + "(): one null test");
                assertFalse(instance.virtualCalls() || instance.backwardJumps() > 0);
            }
            n++;
        }
        return n;
    }

    /** The endian readers and writers the flyweights call: one array-view VarHandle access each. */
    @Test
    void endianAccessIsOneArrayViewVarHandleAccess() {
        for (String cls : List.of(LE, BE)) {
            for (Map.Entry<String, Body> e : methods(cls).entrySet()) {
                if (e.getKey().startsWith("<")) {
                    continue;
                }
                Body b = e.getValue();
                assertEquals(1, b.count(Opcodes.GETSTATIC), cls + "." + e.getKey() + " " + b);
                assertEquals(1, b.calls().size(), cls + "." + e.getKey() + " " + b.calls());
                String call = b.calls().get(0);
                assertTrue(call.equals("java/lang/invoke/VarHandle.get") || call.equals("java/lang/invoke/VarHandle.set"), call);
                assertFalse(b.branches(), cls + "." + e.getKey());
            }
        }
    }

    /**
     * The operand-group views (Tensor3dView ...) are made once with their flyweight: a view accessor
     * returns a final field, and every reader is at most one array load or endian read through the
     * owner's buffer and offset, with no allocation, loop or virtual call (an index check and an
     * enum's static fromValue are the only calls besides the endian read); every setter is at most
     * one store, with no allocation or loop.
     */
    @Test
    void groupViewsReadWithoutAllocationOrDispatch() throws Exception {
        Set<Class<?>> views = new LinkedHashSet<>();
        List<Class<?>> owners = new ArrayList<>(List.of(Class.forName("tpb.isa.PreambleFlyweight")));
        for (String cls : flyweights()) {
            owners.add(Class.forName(cls.replace('/', '.')));
        }
        while (!owners.isEmpty()) {
            for (java.lang.reflect.Field f : owners.remove(0).getDeclaredFields()) {
                if (f.getType().getSimpleName().endsWith("View") && views.add(f.getType())) {
                    owners.add(f.getType());
                }
            }
        }
        assertTrue(views.size() >= 5, views.toString());
        int readers = 0;
        for (Class<?> v : views) {
            String cls = v.getName().replace('.', '/');
            for (Map.Entry<String, Body> e : methods(cls).entrySet()) {
                if (e.getKey().startsWith("<")) {
                    continue;
                }
                Body b = e.getValue();
                if (e.getKey().endsWith(")L" + cls + ";")) {
                    // a setter (it returns its view): one store, no allocation or loop; a typed one asks its enum for the value
                    assertFalse(b.opcodes().contains(Opcodes.NEW) || b.backwardJumps() > 0, cls + "." + e.getKey() + " " + b);
                    assertTrue(b.count(Opcodes.BASTORE) + b.calls().stream().filter(c -> c.matches("(" + LE + "|" + BE + ")\\.put\\d+")).count() <= 1,
                            cls + "." + e.getKey() + " " + b);
                    assertTrue(b.calls().stream().filter(c -> c.matches(MEMORY + "\\.put\\d+")).count() <= 1, cls + "." + e.getKey() + " " + b);
                    continue;
                }
                assertFalse(b.opcodes().contains(Opcodes.NEW) || b.virtualCalls() || b.backwardJumps() > 0, cls + "." + e.getKey() + " " + b);
                assertTrue(b.count(Opcodes.BALOAD) + b.calls().stream().filter(c -> c.startsWith(LE + ".") || c.startsWith(BE + ".")).count() <= 1,
                        cls + "." + e.getKey() + " " + b);
                assertTrue(b.calls().stream().filter(c -> c.matches(MEMORY + "\\.(u|i)\\d+")).count() <= 1, cls + "." + e.getKey() + " " + b);
                readers++;
            }
        }
        // the flyweight's accessor of a view returns the final field, nothing else
        for (String cls : flyweights()) {
            for (Map.Entry<String, Body> e : methods(cls).entrySet()) {
                if (e.getKey().startsWith("<") || !e.getKey().endsWith("View;")) {
                    continue;
                }
                Body b = e.getValue();
                assertTrue(b.calls().isEmpty() && b.fields().size() == 1 && !b.opcodes().contains(Opcodes.NEW), cls + "." + e.getKey() + " " + b);
            }
        }
        assertTrue(readers >= 20, readers + " view readers");
    }

    /** reset() stores the spec's reset image a word at a time: no zeroing loop, one store per 8 bytes. */
    @Test
    void resetStoresWholeWordsWithoutALoop() {
        int words = IsaInfo.RECORD_SIZE / Long.BYTES; // 64 / 8 = 8 stores of eight bytes, no tail
        for (String cls : flyweights()) {
            Body reset = methods(cls).get("reset()L" + cls + ";");
            assertEquals(0, reset.backwardJumps(), cls + ".reset has a loop");
            assertEquals(words, reset.calls().stream().filter(c -> c.equals(LE + ".put64")).count(), cls + ".reset, array " + reset.calls());
            assertEquals(words, reset.calls().stream().filter(c -> c.equals("tpb/codec/LittleEndianMemory.put64")).count(),
                    cls + ".reset, direct buffer " + reset.calls());
            assertFalse(reset.calls().contains("tpb/codec/Bytes.zero"), cls);
            assertFalse(reset.virtualCalls() && !cls.endsWith("OpaqueFlyweight"), cls + ".reset " + reset.calls());
        }
    }

    /**
     * The EXIT scan is the generated check of the spec's Exit arm: two byte loads (opcode, then the
     * sub-opcode), no switch, no call; ExitScan calls it and not Decoder.identify.
     */
    @Test
    void exitCheckIsTheGeneratedTwoByteTest() {
        Body matches = methods(ISA + "ExitFlyweight").get("matches([BI)Z");
        assertEquals(2, matches.count(Opcodes.BALOAD), matches.toString());
        assertTrue(matches.calls().isEmpty(), matches.calls().toString());
        assertFalse(matches.opcodes().contains(Opcodes.TABLESWITCH) || matches.opcodes().contains(Opcodes.LOOKUPSWITCH));
        Body isExit = methods("tpb/stream/ExitScan").get("isExit([BI)Z");
        assertEquals(List.of(ISA + "ExitFlyweight.matches"), isExit.calls());
        // and it means what the spec says: the EXIT record (opcode and sub-opcode from the spec) is one, the
        // other PSEUDO_INST sub-form (LibraryReloadIndex, same opcode) is not
        byte[] exit = ExitRecord.builder().build().toBytes();
        byte[] reload = LibraryReloadIndexRecord.builder().build().toBytes();
        assertEquals(Arm.EXIT.opcode(), exit[IsaInfo.OPCODE_OFFSET] & 0xFF);
        assertEquals(Arm.EXIT.opcode(), reload[IsaInfo.OPCODE_OFFSET] & 0xFF);
        assertTrue(ExitFlyweight.matches(exit, 0));
        assertFalse(ExitFlyweight.matches(reload, 0));
    }

    /** The validator jumps on the opcode once; it does not call identify and switch again on the arm. */
    @Test
    void validatorDispatchesOnTheOpcodeOnce() {
        Body validate = methods(ISA + "Validator").get("validate([BIILtpb/codec/ViolationSink;)I");
        assertEquals(1, validate.count(Opcodes.TABLESWITCH) + validate.count(Opcodes.LOOKUPSWITCH), validate.toString());
        assertFalse(validate.calls().contains(ISA + "Decoder.identify"), validate.calls().toString());
        assertFalse(validate.calls().stream().anyMatch(c -> c.endsWith(".ordinal")), validate.calls().toString());
    }
}
