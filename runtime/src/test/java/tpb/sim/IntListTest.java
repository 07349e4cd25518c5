package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/** IntList holds what was added, in order, past its first growth (16 slots) as well. */
class IntListTest {
    @Property(tries = 200)
    void holdsWhatWasAdded(@ForAll @Size(max = 200) List<Integer> values) {
        IntList l = new IntList();
        values.forEach(l::add);
        assertEquals(values.size(), l.size());
        for (int i = 0; i < values.size(); i++) {
            assertEquals(values.get(i), l.at(i));
        }
        assertArrayEquals(values.stream().mapToInt(Integer::intValue).toArray(), l.toArray());
    }
}
