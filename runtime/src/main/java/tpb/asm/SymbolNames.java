package tpb.asm;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tpb.isa.Symbols;

/**
 * Each enum's and LUT's names as the listing writes them ({@link Symbols#name}), to the value
 * {@link Symbols#value} gives each, in a {@link NameTable}: the assembler reads a name from its
 * line with no String made. A name not in it (another spelling {@code Symbols.value} also takes,
 * as {@code fp16} for {@code FP16}) is asked of {@code Symbols.value} as before.
 */
final class SymbolNames {
    /** The values listed, as {@link Hints#values}: wider enums' names past them are asked of Symbols. */
    private static final long LISTED = 1L << 16;
    private static final Map<String, NameTable<Long>> TABLES = new ConcurrentHashMap<>();

    private SymbolNames() {}

    /** The names of {@code table}, found on first use. */
    static NameTable<Long> of(String table) {
        NameTable<Long> t = TABLES.get(table);
        if (t == null) {
            t = TABLES.computeIfAbsent(table, SymbolNames::list);
        }
        return t;
    }

    private static NameTable<Long> list(String table) {
        Map<String, Long> names = new HashMap<>();
        for (long v = 0; v < LISTED; v++) {
            String name = Symbols.name(table, v);
            if (name != null) {
                Long value = Symbols.value(table, name);
                if (value != null) {
                    names.put(name, value);
                }
            }
        }
        return new NameTable<>(names);
    }
}
