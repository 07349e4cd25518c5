package tpb.neff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tpb.codec.FieldInfo;
import tpb.codec.Violation;
import tpb.codec.ViolationSink;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.DtypeWire;
import tpb.isa.OpaqueRecord;
import tpb.isa.PreambleFlyweight;
import tpb.isa.RawRecord;
import tpb.isa.Validator;
import tpb.stream.RecordStream;

/**
 * A second audit of the spec against real compiler output: every record of both fixture NEFFs
 * (matmul_small: 2 subgraphs; matmul_large: 59,590 records) and of every shared NEFF of real/ (the
 * ten attention ones and the Qwen3 attention one clean, the two Qwen3 MoE ones with their known findings) is decoded with the layout of the generation its kelf names (CAYMAN), and
 * <ul>
 * <li>decodes to an arm with a layout (not .raw, not an opaque arm),</li>
 * <li>has no non-zero byte outside a named field (reserved and opaque fields are not "named"),</li>
 * <li>validates on its arch with no violation,</li>
 * <li>has no enum field whose value the sources call illegal on that generation: the value must
 * live in the generation (since/until), and a DtypeWire tag must be base-legal or explicit-only
 * (facts §5.3: 0, INVALID, is always illegal) — the class of error that read every real MATMUL's
 * out_dtype as INVALID before MatmulOutDtype (conflict matmul-out-dtype-zero).</li>
 * </ul>
 * The findings are counted per arm and field so a failure names them all at once.
 */
class RecordAuditTest {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.publicLookup();

    /** {@code fromValue(long)} and {@code livesIn(int)} of each enum the spec names, by table name. */
    private final Map<String, MethodHandle[]> enums = new HashMap<>();

    @ParameterizedTest
    @ValueSource(strings = {"matmul_small.neff", "matmul_large.neff", "real/attention-fused.neff", "real/attention-baseline.neff",
            "real/attention-fused-fp32-s512.neff", "real/attention-baseline-fp32-s512.neff", "real/attention-fused-bf16-s512.neff",
            "real/attention-baseline-bf16-s512.neff", "real/attention-fused-fp32-s1024.neff", "real/attention-baseline-fp32-s1024.neff",
            "real/attention-fused-bf16-s1024.neff", "real/attention-baseline-bf16-s1024.neff", "real/qwen3-attn-tkg-v6.neff"})
    void everyRecordIsNamedLegalAndValid(String file) throws Exception {
        assertEquals("{}", findings(file), file);
    }

    /**
     * The Qwen3 MoE NEFFs, whose findings are each explained (the attention one is clean since
     * TensorScalarAffineSelect's layout was read from its two records, and the MoE ones' 0xDA extension records decode since
     * PseudoExtension holds inst_word_len 0, conflict pseudo-extension; before, each was "no typed decode"): each of those
     * extension records sets +0x0F (0x10 in 640, 0x08 in 272) inside the arm's opaque payload, a byte no source names; and every RegisterAlu carries
     * dst_dtype 0, which the compiler writes and the sources call illegal (conflict
     * register-alu-dst-dtype-zero).
     */
    @Test
    void theQwen3NeffsFindingsAreTheKnownOnes() throws Exception {
        assertEquals("{PseudoExtension +0x0F: non-zero byte outside a named field=144, RegisterAlu dst_dtype = 0: DtypeWire INVALID is never legal (facts §5.3)=416}",
                findings("real/qwen3-moe-tkg-v6b.neff"));
        assertEquals("{PseudoExtension +0x0F: non-zero byte outside a named field=768, RegisterAlu dst_dtype = 0: DtypeWire INVALID is never legal (facts §5.3)=2288}",
                findings("real/qwen3-moe-captured.neff"));
    }

    private String findings(String file) throws Exception {
        Neff neff = Neff.of(bytes(file));
        Arch arch = Arch.byName(neff.target());
        assertEquals("CAYMAN", arch.name());
        Map<String, Integer> findings = new TreeMap<>();
        int[] records = {0};
        PreambleFlyweight<?>[] flyweights = new PreambleFlyweight<?>[Arm.values().length];
        neff.forEachSubgraph(null, (sg, streams) -> {
            for (EngineStream es : streams) {
                RecordStream s = es.stream();
                for (int i = 0; i < s.length() / RecordStream.STRIDE; i++) {
                    audit(s.bytes(), RecordStream.offsetOf(i), i, arch, flyweights, findings);
                    records[0]++;
                }
            }
        });
        assertTrue(records[0] > 0);
        return findings.toString();
    }

    private void audit(byte[] b, int off, int index, Arch arch, PreambleFlyweight<?>[] flyweights, Map<String, Integer> findings) {
        Arm arm = Decoder.identify(b, off);
        Object decoded = Decoder.decode(b, off);
        if (decoded instanceof RawRecord || decoded instanceof OpaqueRecord) {
            findings.merge(arm.specName() + ": no typed decode", 1, Integer::sum);
            return;
        }
        List<FieldInfo> fields = arm.fields();
        boolean[] named = new boolean[RecordStream.RECORD_SIZE];
        for (FieldInfo f : fields) {
            boolean isNamed = !f.isReserved() && !(f.encoding() instanceof FieldInfo.Encoding.Opaque);
            for (int k = f.offset(); k < f.offset() + f.width(); k++) {
                named[k] |= isNamed;
            }
        }
        for (int k = 0; k < named.length; k++) {
            if (!named[k] && b[off + k] != 0) {
                findings.merge(String.format("%s +0x%02X: non-zero byte outside a named field", arm.specName(), k), 1, Integer::sum);
            }
        }
        List<Violation> violations = new ArrayList<>();
        Validator.validate(b, off, index, arch, ViolationSink.into(violations));
        for (Violation v : violations) {
            findings.merge(arm.specName() + " " + v.field() + ": " + v.rule() + ": " + v.message(), 1, Integer::sum);
        }
        PreambleFlyweight<?> record = flyweights[arm.ordinal()];
        if (record == null) {
            record = arm.flyweight();
            flyweights[arm.ordinal()] = record;
        }
        record.wrap(b, off);
        for (int field = 0; field < fields.size(); field++) {
            FieldInfo f = fields.get(field);
            if (!(f.encoding() instanceof FieldInfo.Encoding.Enumerated e)) {
                continue;
            }
            for (int el = 0; el < f.elements(); el++) {
                long raw = record.get(field, el);
                String illegal = illegal(e.table(), raw, arch);
                if (illegal != null) {
                    findings.merge(arm.specName() + " " + f.name() + " = " + raw + ": " + illegal, 1, Integer::sum);
                }
            }
        }
    }

    /** Why the sources call {@code raw} illegal in enum {@code table} on {@code arch}, or null. */
    private String illegal(String table, long raw, Arch arch) {
        MethodHandle[] h = enums.computeIfAbsent(table, RecordAuditTest::handles);
        Object v;
        boolean lives;
        try {
            v = h[0].invoke(raw);
            lives = v != null && (boolean) h[1].invoke(v, arch.generation());
        } catch (Throwable t) {
            throw new AssertionError(table + ".fromValue/livesIn failed", t);
        }
        if (v == null) {
            return "not a value of " + table;
        }
        if (!lives) {
            return "not a value of " + table + " on " + arch.name();
        }
        if (v instanceof DtypeWire d && !d.isBaseLegal() && !d.isExplicitOnly()) {
            return "DtypeWire " + d.specName() + " is never legal (facts §5.3)";
        }
        return null;
    }

    private static MethodHandle[] handles(String table) {
        try {
            Class<?> c = Class.forName("tpb.isa." + table);
            return new MethodHandle[] {
                LOOKUP.findStatic(c, "fromValue", MethodType.methodType(c, long.class)),
                LOOKUP.findVirtual(c, "livesIn", MethodType.methodType(boolean.class, int.class))
            };
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("enum " + table + " has no generated fromValue/livesIn", e);
        }
    }

    private static byte[] bytes(String file) {
        try (InputStream in = RecordAuditTest.class.getResourceAsStream("/neff/" + file)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
