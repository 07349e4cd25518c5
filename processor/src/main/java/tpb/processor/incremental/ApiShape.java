package tpb.processor.incremental;

import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeSpec;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.lang.model.element.Modifier;

/**
 * What other classes compile against in a generated type: its kind, modifiers, supertypes, type
 * variables, annotations, enum constants, nested types, every member's signature, and the
 * initializer of every final field (a constant's value is copied into the classes that use it,
 * JLS 13.1). Method bodies and documentation are left out: a change there needs no other class
 * recompiled (JLS 13.4.22). Private members are kept, so the shape is a superset of the API.
 * What JavaPoet's model does not show (a record's components, a sealed type's permitted
 * subclasses) is taken from the code: every type declaration's header, up to its opening brace.
 */
final class ApiShape {
    private static final Pattern HEADER = Pattern.compile("\\b(?:class|record|interface|enum)\\s+[A-Za-z_$][\\w$]*[^{;]*\\{");

    private ApiShape() {}

    /** The shape of {@code type}, whose source (comments removed, {@link JavaText#code}) is {@code code}. */
    static String of(TypeSpec type, String code) {
        StringBuilder s = new StringBuilder();
        append(s, type);
        Matcher m = HEADER.matcher(code);
        while (m.find()) {
            s.append("header ").append(JavaText.squashed(m.group())).append('\n');
        }
        return s.toString();
    }

    /** The generated-type names among {@code type}'s supertypes (and its nested types'), out of {@code names}. */
    static TreeSet<String> supertypes(TypeSpec type, java.util.Set<String> names) {
        TreeSet<String> found = new TreeSet<>();
        StringBuilder s = new StringBuilder().append(type.superclass()).append(' ').append(type.superinterfaces());
        for (String id : JavaText.identifiers(s.toString())) {
            if (names.contains(id)) {
                found.add(id);
            }
        }
        for (TypeSpec nested : type.typeSpecs()) {
            found.addAll(supertypes(nested, names));
        }
        return found;
    }

    private static void append(StringBuilder s, TypeSpec t) {
        s.append(t.kind()).append(' ').append(t.name()).append(' ').append(t.modifiers())
                .append(" <").append(t.typeVariables()).append("> @").append(t.annotations())
                .append(" extends ").append(t.superclass()).append(" implements ").append(t.superinterfaces()).append(" {\n");
        for (Map.Entry<String, TypeSpec> e : t.enumConstants().entrySet()) {
            s.append("constant ").append(e.getKey()).append('\n');
            if (e.getValue() != null) {
                append(s, e.getValue());
            }
        }
        for (FieldSpec f : t.fieldSpecs()) {
            s.append("field ").append(f.modifiers()).append(' ').append(f.type()).append(' ').append(f.name())
                    .append(" @").append(f.annotations());
            if (f.modifiers().contains(Modifier.FINAL) && f.initializer() != null && !f.initializer().isEmpty()) {
                s.append(" = ").append(f.initializer());
            }
            s.append('\n');
        }
        for (MethodSpec m : t.methodSpecs()) {
            s.append("method ").append(m.modifiers()).append(" <").append(m.typeVariables()).append("> ")
                    .append(m.returnType()).append(' ').append(m.name()).append('(');
            for (ParameterSpec p : m.parameters()) {
                s.append(p.type()).append(' ').append(p.annotations()).append(',');
            }
            s.append(m.varargs() ? "..." : "").append(") throws ").append(m.exceptions())
                    .append(" default ").append(m.defaultValue()).append(" @").append(m.annotations()).append('\n');
        }
        for (TypeSpec nested : t.typeSpecs()) {
            append(s, nested);
        }
        s.append("}\n");
    }
}
