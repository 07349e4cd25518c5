package tpb.profile;

import java.io.ByteArrayOutputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * One gzip member (RFC 1952) inflated in memory, strictly: the header's flags and fields read as
 * the RFC lays them out, the deflate stream to its end, the trailer's CRC-32 and size checked, and
 * nothing after it. {@link java.util.zip.GZIPInputStream} reads on into whatever follows a member
 * (a second member, or junk it then ignores) and reports a cut-short file as an exception with no
 * message; a profile is one member, so anything else is refused with a line saying what.
 */
final class Gzip {
    private static final int FTEXT = 1, FHCRC = 2, FEXTRA = 4, FNAME = 8, FCOMMENT = 16;

    private Gzip() {}

    /** Whether {@code b} starts with gzip's magic bytes. */
    static boolean starts(byte[] b) {
        return b.length >= 2 && (b[0] & 0xFF) == 0x1f && (b[1] & 0xFF) == 0x8b;
    }

    /** The member's inflated bytes, at most {@code max} of them. */
    static byte[] inflate(String file, byte[] b, int max) {
        int at = 10;
        if (b.length < 18) {
            throw new ProfileException(file + ": gzip stream cut short (" + b.length + " bytes, less than gzip's 18-byte frame)");
        }
        if ((b[2] & 0xFF) != 8) {
            throw new ProfileException(file + ": gzip compression method " + (b[2] & 0xFF) + " at byte 2; only 8 (deflate) exists");
        }
        int flags = b[3] & 0xFF;
        if ((flags & ~(FTEXT | FHCRC | FEXTRA | FNAME | FCOMMENT)) != 0) {
            throw new ProfileException(file + ": gzip header flags 0x" + Integer.toHexString(flags) + " at byte 3 set reserved bits");
        }
        if ((flags & FEXTRA) != 0) {
            at = need(file, b, at, 2);
            at = need(file, b, at, (b[at - 2] & 0xFF) | (b[at - 1] & 0xFF) << 8);
        }
        if ((flags & FNAME) != 0) {
            at = zeroTerminated(file, b, at);
        }
        if ((flags & FCOMMENT) != 0) {
            at = zeroTerminated(file, b, at);
        }
        if ((flags & FHCRC) != 0) {
            at = need(file, b, at, 2);
        }
        Inflater inf = new Inflater(true);
        try {
            inf.setInput(b, at, b.length - at);
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(max, Math.max(1024, b.length * 4)));
            byte[] buf = new byte[1 << 16];
            CRC32 crc = new CRC32();
            long total = 0;
            while (!inf.finished()) {
                int n = inf.inflate(buf);
                if (n == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    throw new ProfileException(file + ": gzip stream cut short: the compressed data ends at byte " + b.length
                            + " before the stream does (truncated file)");
                }
                total += n;
                if (total > max) {
                    throw new ProfileException(file + ": inflates past " + max + " bytes of JSON (the bound Profile.MAX_JSON_BYTES)");
                }
                crc.update(buf, 0, n);
                out.write(buf, 0, n);
            }
            int end = b.length - inf.getRemaining();
            if (inf.getRemaining() < 8) {
                throw new ProfileException(file + ": gzip stream cut short: its 8-byte trailer (CRC-32 and size) is missing (truncated file)");
            }
            long crcWant = NtffReader.u32(b, end);
            long sizeWant = NtffReader.u32(b, end + 4);
            if (crcWant != crc.getValue()) {
                throw new ProfileException(file + ": gzip CRC-32 mismatch (trailer at byte " + end + " says 0x" + Long.toHexString(crcWant)
                        + ", the data is 0x" + Long.toHexString(crc.getValue()) + "): damaged file");
            }
            if (sizeWant != (total & 0xFFFFFFFFL)) {
                throw new ProfileException(file + ": gzip size mismatch (trailer says " + sizeWant + " bytes, the data is " + total + "): damaged file");
            }
            if (end + 8 != b.length) {
                throw new ProfileException(file + ": " + (b.length - end - 8) + " bytes after the gzip stream (from byte " + (end + 8)
                        + "): not one gzip'd profile");
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw new ProfileException(file + ": gzip data damaged: " + tpb.neff.SafeName.printable(String.valueOf(e.getMessage())));
        } finally {
            inf.end();
        }
    }

    private static int need(String file, byte[] b, int at, int n) {
        if (n > b.length - at) {
            throw new ProfileException(file + ": gzip header cut short (truncated file)");
        }
        return at + n;
    }

    private static int zeroTerminated(String file, byte[] b, int at) {
        for (int i = at; i < b.length; i++) {
            if (b[i] == 0) {
                return i + 1;
            }
        }
        throw new ProfileException(file + ": gzip header cut short (truncated file)");
    }
}
