package tpb.doc;

/**
 * What every page's template sees through {@code page.mustache}: the title, and the way up from
 * the page to the site root ("" or "../") for the style sheet and the navigation links.
 */
interface Page {
    String title();

    String up();

    /** The template that renders this page. */
    String template();

    default String render() {
        return Templates.render(template(), this);
    }
}
