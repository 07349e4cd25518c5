package tpb.doc;

import java.util.Locale;

/**
 * What every page's template sees through {@code page.mustache}: the title, and the way up from
 * the page to the site root ("" or "../") for the style sheet and the navigation links. A page
 * record {@code FooPage} is rendered by {@code foo.mustache}.
 */
interface Page {
    String title();

    /** The way up to the site root: "" for a page at the root. */
    default String up() {
        return "";
    }

    default String render() {
        String name = getClass().getSimpleName();
        return Templates.render(name.substring(0, name.length() - "Page".length()).toLowerCase(Locale.ROOT), this);
    }
}
