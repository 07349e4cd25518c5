package tpb.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import java.util.Locale;
import tpb.spec.model.BitDef;
import tpb.spec.model.FieldDef;
import tpb.spec.model.Leaf;

/**
 * A flattened field's {@code tpb.codec.FieldInfo} as Java source: typed element, count, encoding,
 * role and byte order, so the tools read types instead of parsing text back.
 */
final class FieldInfoCode {
    private static final ClassName ELEMENT = Ctx.FIELD_INFO.nestedClass("Element");
    private static final ClassName ROLE = Ctx.FIELD_INFO.nestedClass("Role");
    private static final ClassName ENCODING = Ctx.FIELD_INFO.nestedClass("Encoding");
    private static final ClassName BYTE_ORDER = ClassName.get("java.nio", "ByteOrder");
    private static final ClassName BITS = Ctx.FIELD_INFO.nestedClass("Bits");
    private static final ClassName LIST = ClassName.get("java.util", "List");

    private FieldInfoCode() {}

    static CodeBlock of(Leaf l, boolean littleEndian) {
        FieldDef f = l.def();
        boolean scalar = f.kind() == FieldDef.Kind.SCALAR;
        String element = switch (f.kind()) {
            case CHAR -> "CHAR";
            case BYTES -> "BYTES";
            default -> f.scalar().name();
        };
        return CodeBlock.of("new $T($S, $L, $L, $T.$L, $L, $L, $L, $T.$L, $S, $S$L)", Ctx.FIELD_INFO, l.path(), Scalars.hex(l.offset()),
                f.width(), ELEMENT, element, scalar ? Math.max(1, f.count()) : 1, encoding(f),
                f.role() == null ? "null" : CodeBlock.of("$T.$L", ROLE, f.role().toUpperCase(Locale.ROOT)),
                BYTE_ORDER, littleEndian ? "LITTLE_ENDIAN" : "BIG_ENDIAN", l.source().confidence().name(), l.source().ref(), bits(f));
    }

    /** {@code , List.of(new Bits(..), ..)} of a field with bit runs; nothing for one without. */
    private static CodeBlock bits(FieldDef f) {
        if (f.bits().isEmpty()) {
            return CodeBlock.of("");
        }
        CodeBlock.Builder b = CodeBlock.builder().add(", $T.of(", LIST);
        for (int i = 0; i < f.bits().size(); i++) {
            BitDef r = f.bits().get(i);
            b.add(i == 0 ? "" : ", ").add("new $T($S, $L, $L, $S)", BITS, r.name(), r.lsb(), r.width(), r.enumRef());
        }
        return b.add(")").build();
    }

    private static CodeBlock encoding(FieldDef f) {
        if (f.isConst()) {
            return CodeBlock.of("new $T($LL)", ENCODING.nestedClass("Const"), f.constValue());
        } else if (f.reserved()) {
            return CodeBlock.of("new $T()", ENCODING.nestedClass("Reserved"));
        } else if (f.enumRef() != null) {
            return CodeBlock.of("new $T($S)", ENCODING.nestedClass("Enumerated"), f.enumRef());
        } else if (f.namesRef() != null) {
            return CodeBlock.of("new $T($S)", ENCODING.nestedClass("Named"), f.namesRef());
        } else if (f.lutRef() != null) {
            return CodeBlock.of("new $T($S)", ENCODING.nestedClass("Lut"), f.lutRef());
        } else if (f.kind() == FieldDef.Kind.CHAR) {
            return CodeBlock.of("new $T($L)", ENCODING.nestedClass("Text"), f.nulOptional());
        }
        return CodeBlock.of("new $T()", ENCODING.nestedClass(f.kind() == FieldDef.Kind.BYTES ? "Opaque" : "Raw"));
    }
}
