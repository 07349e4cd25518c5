package tpb.processor.write;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.TypeName;
import javax.lang.model.element.Modifier;
import tpb.spec.Names;
import tpb.spec.model.ArmDef;
import tpb.spec.model.FieldDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.LutDef;
import tpb.spec.model.ScalarType;
import tpb.spec.model.ViewDef;

/** What every writer shares: the model, the target package, and how spec names become Java types. */
final class Ctx {
    static final String CODEC = "tpb.codec";
    static final ClassName FIELD_INFO = ClassName.get(CODEC, "FieldInfo");
    static final ClassName CHECKS = ClassName.get(CODEC, "Checks");
    static final ClassName CHARS = ClassName.get(CODEC, "Chars");
    /** The flyweights' instance accessors' memory: an array or a direct buffer, one path. */
    static final ClassName MEMORY = ClassName.get(CODEC, "Memory");
    static final ClassName BYTES = ClassName.get(CODEC, "Bytes");
    static final ClassName MALFORMED = ClassName.get(CODEC, "MalformedRecordException");
    static final ClassName FATAL = ClassName.get(CODEC, "FatalEncodingException");
    static final ClassName SINK = ClassName.get(CODEC, "ViolationSink");
    static final ClassName VIOLATION = ClassName.get(CODEC, "Violation");
    static final ClassName ENCODABLE = ClassName.get(CODEC, "Encodable");
    static final ClassName FLYWEIGHT = ClassName.get(CODEC, "Flyweight");
    static final ClassName TEST_VECTOR = ClassName.get(CODEC, "TestVector");
    static final ClassName APERTURE = ClassName.get(CODEC, "Aperture");

    final IsaModel model;
    final String pkg;
    final String specPath;
    final ClassName endian;
    /** The record's byte order over {@link #MEMORY}'s addresses. */
    final ClassName memory;

    Ctx(IsaModel model, String pkg, String specPath) {
        this.model = model;
        this.pkg = pkg;
        this.specPath = specPath;
        this.endian = ClassName.get(CODEC, model.record().littleEndian() ? "LittleEndian" : "BigEndian");
        this.memory = ClassName.get(CODEC, model.record().littleEndian() ? "LittleEndianMemory" : "BigEndianMemory");
    }

    AnnotationSpec generated() {
        return AnnotationSpec.builder(ClassName.get("javax.annotation.processing", "Generated"))
                .addMember("value", "$S", "tpb.processor.IsaProcessor")
                .addMember("comments", "$S", specPath)
                .build();
    }

    ClassName type(String specName) {
        return ClassName.get(pkg, Names.pascal(specName));
    }

    /**
     * The record type of an arm. Every opaque arm (an opcode the spec gives no layout: preamble
     * plus payload, the same fields for all of them) shares {@code OpaqueRecord}, which carries its
     * {@code Arm}; one class instead of one per opcode keeps the generated code, and the loop's
     * javac time, proportional to the arms the spec lays out.
     */
    ClassName record(ArmDef arm) {
        return arm.opaque() ? opaqueRecord() : ClassName.get(pkg, Names.pascal(arm.name()) + "Record");
    }

    /** The flyweight of an arm; the opaque arms share {@code OpaqueFlyweight}, made for one {@code Arm}. */
    ClassName flyweight(ArmDef arm) {
        return arm.opaque() ? opaqueFlyweight() : ClassName.get(pkg, Names.pascal(arm.name()) + "Flyweight");
    }

    /** The base of every flyweight: the buffer, wrap and the record preamble's accessors, written once. */
    ClassName preambleFlyweight() {
        return ClassName.get(pkg, "PreambleFlyweight");
    }

    ClassName opaqueRecord() {
        return ClassName.get(pkg, "OpaqueRecord");
    }

    ClassName opaqueFlyweight() {
        return ClassName.get(pkg, "OpaqueFlyweight");
    }

    /** Whether the spec has opaque arms, so that the shared opaque types are generated. */
    boolean hasOpaqueArms() {
        return model.arms().stream().anyMatch(ArmDef::opaque);
    }

    /** The opaque arms' shared fields (the first one's: the loader gives them all the same). */
    ArmDef opaqueSample() {
        return model.arms().stream().filter(ArmDef::opaque).findFirst().orElseThrow();
    }

    /**
     * Whether some arm overrides a constant of group {@code group} where the record preamble places
     * it: that group's struct then has a {@code decodeFieldsAt} that leaves its constants to the arm.
     */
    boolean overriddenWithin(String group) {
        return model.record().preamble().stream()
                .anyMatch(f -> group.equals(f.groupRef()) && model.arms().stream().anyMatch(a -> overridesWithin(a, f)));
    }

    /** Whether {@code arm} overrides a constant inside the preamble group field {@code f}. */
    static boolean overridesWithin(ArmDef arm, FieldDef f) {
        return f.kind() == FieldDef.Kind.GROUP && arm != null
                && arm.overrides().stream().anyMatch(o -> o.path().startsWith(f.name() + "."));
    }

    ClassName viewRecord(ArmDef arm, ViewDef view) {
        return ClassName.get(pkg, Names.pascal(arm.name()) + Names.pascal(view.name()) + "Record");
    }

    ClassName viewFlyweight(ArmDef arm, ViewDef view) {
        return ClassName.get(pkg, Names.pascal(arm.name()) + Names.pascal(view.name()) + "Flyweight");
    }

    ClassName cls(String simple) {
        return ClassName.get(pkg, simple);
    }

    String armConstant(ArmDef arm) {
        return Names.upperSnake(arm.name());
    }

    /** Java type of one scalar element: int up to 16 bits and i32, long for u32 and 64-bit types. */
    static TypeName scalarJava(ScalarType t) {
        return t.width <= 2 || t == ScalarType.I32 ? TypeName.INT : TypeName.LONG;
    }

    /** Java type a record component of this field has. */
    TypeName componentType(FieldDef f) {
        return switch (f.kind()) {
            case GROUP -> type(f.groupRef());
            case CHAR -> ClassName.get(String.class);
            case BYTES -> ArrayTypeName.of(TypeName.BYTE);
            case SCALAR -> {
                if (f.count() > 1) {
                    yield ArrayTypeName.of(scalarJava(f.scalar()));
                }
                if (f.enumRef() != null) {
                    yield type(f.enumRef());
                }
                if (f.lutRef() != null) {
                    yield type(lut(f).from());
                }
                yield scalarJava(f.scalar());
            }
        };
    }

    LutDef lut(FieldDef f) {
        return model.lut(f.lutRef()).orElseThrow();
    }

    /** Whether this field is the record's opcode (set by the arm, never a component). */
    boolean isOpcodeField(FieldDef f) {
        return model.record().opcodeEnum().equals(f.enumRef());
    }

    /** A {@code public static final} String or int constant. */
    static FieldSpec constant(String name, Object value) {
        return FieldSpec.builder(value instanceof String ? ClassName.get(String.class) : TypeName.INT, name,
                        Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .initializer(value instanceof String ? "$S" : "$L", value).build();
    }

    boolean isMember(FieldDef f) {
        return !f.isConst() && !f.reserved() && !isOpcodeField(f);
    }
}
