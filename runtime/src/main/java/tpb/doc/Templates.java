package tpb.doc;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import com.github.mustachejava.MustacheFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The doc site's templates: Mustache files under {@code tpb/doc/} on the class path, rendered by
 * mustache.java. Every {@code {{value}}} is HTML-escaped by the engine, so no spec text can break
 * a page; the templates use no triple-mustache (unescaped) tags.
 */
final class Templates {
    private static final MustacheFactory FACTORY = new DefaultMustacheFactory("tpb/doc");

    private Templates() {}

    /** {@code name}.mustache rendered against {@code scope} (a view record). */
    static String render(String name, Object scope) {
        Mustache m = FACTORY.compile(name + ".mustache");
        StringWriter out = new StringWriter(16384);
        m.execute(out, scope);
        return out.toString();
    }

    /** A static resource of the site (the style sheet), as UTF-8 text. */
    static String resource(String name) {
        try (InputStream in = Templates.class.getResourceAsStream("/tpb/doc/" + name)) {
            if (in == null) {
                throw new IllegalStateException("tpb/doc/" + name + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
