package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

/** The spill memory is a map: any sequence of stores and reads agrees with java.util.HashMap. */
class SpillMemoryTest {
    @Property(tries = 300)
    void agreesWithAHashMap(@ForAll @Size(max = 400) List<@LongRange(min = -40, max = 2000) Long> keys,
            @ForAll long seed) {
        SpillMemory spill = new SpillMemory();
        Map<Long, Long> ref = new HashMap<>();
        Random r = new Random(seed);
        for (long k : keys) {
            long key = r.nextBoolean() ? k * 8 : ((long) r.nextInt(3) << 32) | k; // spill slots, and other vars
            if (r.nextInt(3) > 0) {
                long v = r.nextLong();
                spill.put(key, v);
                ref.put(key, v);
            }
            assertEquals(ref.containsKey(key), spill.contains(key));
            assertEquals(ref.getOrDefault(key, 7L), spill.get(key, 7L));
        }
        for (Map.Entry<Long, Long> e : ref.entrySet()) {
            assertEquals(e.getValue(), spill.get(e.getKey(), 0));
        }
    }
}
