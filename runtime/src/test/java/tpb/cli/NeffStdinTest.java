package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import org.junit.jupiter.api.Test;
import tpb.neff.Fixture;

/**
 * A NEFF on a stdin that cannot mark and reset (a pipe, as System.in is): tpb peeks at its first
 * 16 bytes through a buffer of its own and hands the whole stream on (the peek was only
 * tested on a ByteArrayInputStream, which marks by itself).
 */
class NeffStdinTest {
    /** The fixture's bytes behind a stream that refuses mark and reset. */
    private static InputStream pipe(byte[] b) {
        ByteArrayInputStream in = new ByteArrayInputStream(b);
        return new InputStream() {
            @Override
            public int read() {
                return in.read();
            }

            @Override
            public int read(byte[] buf, int off, int len) {
                return in.read(buf, off, len);
            }
        };
    }

    @Test
    void aNeffOnAPipeIsPeekedAndReadWhole() {
        InputStream saved = Inputs.stdin;
        try {
            CliRun expected = CliRun.of("disasm", Fixture.path().toString(), "--engine", "pe");
            Inputs.stdin = pipe(Fixture.bytes());
            CliRun got = CliRun.of("disasm", "-", "--engine", "pe");
            assertEquals(0, got.code(), got.err());
            assertEquals(expected.out(), got.out());
            Inputs.stdin = pipe(Fixture.bytes());
            CliRun valid = CliRun.of("validate", "-");
            assertEquals(CliRun.of("validate", Fixture.path().toString()).out(), valid.out());
        } finally {
            Inputs.stdin = saved;
        }
    }
}
