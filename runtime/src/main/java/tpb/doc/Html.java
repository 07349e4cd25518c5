package tpb.doc;

/** A tiny HTML builder: escaping in one place, so no spec text can break a page. */
final class Html {
    private final StringBuilder b = new StringBuilder(8192);

    static String esc(Object o) {
        String s = String.valueOf(o);
        StringBuilder out = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    Html raw(String s) {
        b.append(s);
        return this;
    }

    Html text(Object s) {
        b.append(esc(s));
        return this;
    }

    Html tag(String open, Object text, String close) {
        return raw(open).text(text).raw(close);
    }

    Html page(String title, String cssPath) {
        return raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").text(title)
                .raw("</title><link rel=\"stylesheet\" href=\"").raw(cssPath).raw("\"></head><body>\n");
    }

    String end() {
        return b.append("</body></html>\n").toString();
    }
}
