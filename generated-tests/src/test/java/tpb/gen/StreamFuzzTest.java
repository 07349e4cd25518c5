package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import tpb.asm.Assembler;
import tpb.asm.Disassembler;
import tpb.codec.Violation;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.IsaInfo;
import tpb.stream.RecordReader;
import tpb.stream.StreamException;
import tpb.stream.StreamValidator;

/**
 * The stream tools over ten million records in streams of random lengths: random bytes,
 * records of random arms with random field values, and byte counts that are not whole records.
 * No exception escapes but the trailing-bytes report; validation through the bounded reader with a
 * random cap agrees with the whole-stream validation (the first {@code max} violations, the rest
 * counted); every whole stream's listing assembles back to the same bytes. Seeded per shard, so a
 * failure repeats. Tagged {@code big} (a minute or two); {@code ./mvnw verify} runs it.
 */
@Tag("big")
class StreamFuzzTest {
    private static final RecordSynth SYNTH = new RecordSynth("tpb.isa", !IsaInfo.BIG_ENDIAN, IsaInfo.RECORD_SIZE,
            IsaInfo.OPCODE_OFFSET, IsaInfo.OPCODE_WIDTH);
    private static final Arm[] ARMS = Arrays.stream(Arm.values()).filter(a -> a != Arm.UNKNOWN).toArray(Arm[]::new);
    /** Ten million; {@code -Dtpb.fuzz.records=N} for a quick look. */
    static final long RECORDS = Long.getLong("tpb.fuzz.records", 10_000_000);

    /**
     * Independent shards, each with its own seed and an equal share of the records, run on every
     * core: the work is the same ten million records whatever the machine, and a failure names the
     * shard's seed, which repeats it alone ({@link #shard}).
     */
    static final int SHARDS = 8;
    static final long SEED = 20261201;

    @Test
    void tenMillionRandomRecords() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
        try {
            List<Future<Integer>> shards = new ArrayList<>();
            for (int k = 0; k < SHARDS; k++) {
                long seed = SEED + k;
                shards.add(pool.submit(() -> shard(seed, RECORDS / SHARDS)));
            }
            int streams = 0;
            for (Future<Integer> f : shards) {
                try {
                    streams += f.get();
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof Error err) {
                        throw err; // the shard's assertion, as the test's own
                    }
                    throw e;
                }
            }
            assertTrue(streams > RECORDS / 10_000, "many streams: " + streams);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Streams of random lengths from {@code seed} until they hold {@code quota} records; the number of streams. */
    static int shard(long seed, long quota) throws IOException {
        Random random = new Random(seed);
        Assembler asm = new Assembler();
        long records = 0;
        int streams = 0;
        while (records < quota) {
            // mostly short streams; now and then one past a disassembler chunk (labels across chunks), and the
            // length edges: no record, one, a chunk less one, a chunk, a chunk and one
            int n = switch (random.nextInt(50)) {
                case 0 -> Disassembler.CHUNK + random.nextInt(2 * Disassembler.CHUNK);
                case 1 -> 0;
                case 2 -> 1;
                case 3 -> Disassembler.CHUNK - 1 + random.nextInt(3);
                default -> random.nextInt(4096);
            };
            // trailing bytes: one and 63 (a record less one) as often as the 61 between
            int trailing = random.nextInt(8) != 0 ? 0 : switch (random.nextInt(3)) {
                case 0 -> 1;
                case 1 -> 63;
                default -> 1 + random.nextInt(63);
            };
            byte[] b = stream(random, n, trailing);
            Arch arch = random.nextBoolean() ? null : Arch.values()[random.nextInt(Arch.values().length)];
            boolean requireExit = random.nextBoolean();
            String where = "seed " + seed + ", stream " + streams;

            StreamValidator.Report whole = StreamValidator.validate(b, arch, requireExit);
            long max = 1 + random.nextInt(20);
            List<Violation> capped = new ArrayList<>();
            StreamValidator.Summary s = StreamValidator.validate(new RecordReader(new ByteArrayInputStream(b), 1 + random.nextInt(300)),
                    arch, requireExit, max, capped::add);
            assertEquals(n, s.records(), where);
            assertEquals(whole.violations().subList(0, Math.min(whole.violations().size(), (int) max)), capped, where);
            assertEquals(whole.violations().size(), s.reported() + s.suppressed(), where);
            if (trailing != 0 || n == 0) {
                assertNotNull(s.streamError(), where);
            } else {
                assertNull(s.streamError(), where);
            }

            StringBuilder text = new StringBuilder();
            if (trailing != 0) {
                StreamException e = assertThrows(StreamException.class,
                        () -> Disassembler.listing(new ByteArrayInputStream(b), random.nextBoolean(), text), where);
                assertTrue(e.getMessage().startsWith("stream length " + b.length + " is not a multiple of 64"), e.getMessage());
            } else {
                Disassembler.listing(new ByteArrayInputStream(b), random.nextBoolean(), text);
                assertArrayEquals(b, asm.assemble(text.toString(), Assembler.Options.NO_VALIDATION), where);
            }
            records += n;
            streams++;
        }
        return streams;
    }

    /** {@code n} records, a third random bytes, a third random bytes under a live opcode, a third synthesised; then {@code trailing} bytes. */
    static byte[] stream(Random random, int n, int trailing) {
        byte[] b = new byte[n * 64 + trailing];
        random.nextBytes(b);
        for (int i = 0; i < n; i++) {
            switch (random.nextInt(3)) {
                case 0 -> { }
                case 1 -> {
                    b[i * 64] = (byte) ARMS[random.nextInt(ARMS.length)].opcode();
                    b[i * 64 + 1] = 0x10;
                }
                default -> {
                    Arm arm = ARMS[random.nextInt(ARMS.length)];
                    System.arraycopy(SYNTH.make(arm.fields(), arm.opcode(), random), 0, b, i * 64, 64);
                }
            }
        }
        if (n > 0 && random.nextInt(4) == 0) {
            // an EXIT last a quarter of the time, so the final-instruction rule's passing side is reached too
            System.arraycopy(SYNTH.make(Arm.EXIT.fields(), Arm.EXIT.opcode(), random), 0, b, (n - 1) * 64, 64);
        }
        return b;
    }
}
