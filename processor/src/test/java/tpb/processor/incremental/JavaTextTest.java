package tpb.processor.incremental;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JavaTextTest {
    @Test
    void commentsGoTheirLineBreaksStay() {
        assertEquals("int a; \n\n  int b; \n", JavaText.code("int a; /** x\n * y\n */ int b; // z\n"));
    }

    @Test
    void commentMarkersInsideLiteralsAreCode() {
        String code = "String s = \"/* no \\\" // \"; char c = '/'; String t = \"\"\"\n  // kept\n  \"\"\";";
        assertEquals(code, JavaText.code(code));
    }

    @Test
    void squashedIgnoresLayoutOnly() {
        assertEquals("int a; int b;", JavaText.squashed(" int a;\n\n   int b;\n"));
    }
}
