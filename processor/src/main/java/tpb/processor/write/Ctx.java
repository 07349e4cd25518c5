package tpb.processor.write;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
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
    static final ClassName BYTES = ClassName.get(CODEC, "Bytes");
    static final ClassName MALFORMED = ClassName.get(CODEC, "MalformedRecordException");
    static final ClassName FATAL = ClassName.get(CODEC, "FatalEncodingException");
    static final ClassName SINK = ClassName.get(CODEC, "ViolationSink");
    static final ClassName VIOLATION = ClassName.get(CODEC, "Violation");
    static final ClassName ENCODABLE = ClassName.get(CODEC, "Encodable");
    static final ClassName TEST_VECTOR = ClassName.get(CODEC, "TestVector");
    static final ClassName APERTURE = ClassName.get(CODEC, "Aperture");

    final IsaModel model;
    final String pkg;
    final String specPath;
    final ClassName endian;

    Ctx(IsaModel model, String pkg, String specPath) {
        this.model = model;
        this.pkg = pkg;
        this.specPath = specPath;
        this.endian = ClassName.get(CODEC, model.record().littleEndian() ? "LittleEndian" : "BigEndian");
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

    ClassName record(ArmDef arm) {
        return ClassName.get(pkg, Names.pascal(arm.name()) + "Record");
    }

    ClassName flyweight(ArmDef arm) {
        return ClassName.get(pkg, Names.pascal(arm.name()) + "Flyweight");
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

    boolean isMember(FieldDef f) {
        return !f.isConst() && !f.reserved() && !isOpcodeField(f);
    }
}
