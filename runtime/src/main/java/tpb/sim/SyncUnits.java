package tpb.sim;

import java.util.ArrayList;
import java.util.List;
import tpb.codec.BigEndian;
import tpb.codec.FieldInfo;
import tpb.codec.LittleEndian;
import tpb.isa.Arm;
import tpb.isa.IsaInfo;
import tpb.isa.Symbols;
import tpb.isa.UpdateMode;
import tpb.isa.WaitMode;

/**
 * Each arm's synchronisation units, read from the spec's compact terms rather than named here: a
 * group's {@code terms:} say which of its fields are a wait's or an update's mode, index and value
 * (EVENTS: {@code wait_mode, wait_idx, semaphore_value} and {@code update_mode, update_idx,
 * semaphore_value}; EVENTS_EXTENDED, which EventSemaphore places as {@code ext}, its own), and an
 * arm's own fixed-form {@code terms:} name the fields of an update with no mode byte (DMA_DIRECT2D's
 * completion: {@code semaphore}, {@code sem_increment}). {@link Symbols#terms()} and
 * {@link Symbols#armTerms} give them; each arm's {@link Arm#fields()} place them. A term whose mode is
 * a {@link WaitMode} is a wait, an {@link UpdateMode} an update; the wait and the update of one
 * placement (the same field prefix) make one unit, in field order. Bytes that select no arm
 * ({@link Arm#UNKNOWN}) carry the preamble's EVENTS unit, which every arm places first.
 */
final class SyncUnits {
    private SyncUnits() {}

    /** A field of the record: its offset and width (1, 2, 4 or 8 bytes, read in the record's byte order, IsaInfo). */
    record Field(int offset, int width) {
        long read(byte[] b, int at) {
            if (IsaInfo.BIG_ENDIAN) {
                return switch (width) {
                    case 1 -> b[at + offset] & 0xFF;
                    case 2 -> BigEndian.u16(b, at + offset);
                    case 4 -> BigEndian.u32(b, at + offset);
                    default -> BigEndian.i64(b, at + offset);
                };
            }
            return switch (width) {
                case 1 -> b[at + offset] & 0xFF;
                case 2 -> LittleEndian.u16(b, at + offset);
                case 4 -> LittleEndian.u32(b, at + offset);
                default -> LittleEndian.i64(b, at + offset);
            };
        }
    }

    /**
     * One unit: a wait (mode, semaphore index, threshold) and an update (mode, index, value), each
     * null when the placement has none; an arm's own fixed-form term has no update mode
     * ({@code fixed}), its operation is its arm's SyncKind's.
     */
    record Unit(Field waitMode, Field waitIdx, Field waitValue, Field updateMode, Field updateIdx, Field updateValue, boolean fixed) {}

    private static final Unit[][] UNITS = new Unit[Arm.values().length][];

    static {
        Unit preamble = null;
        for (Arm arm : Arm.values()) {
            UNITS[arm.ordinal()] = build(arm);
            if (preamble == null && !arm.fields().isEmpty() && UNITS[arm.ordinal()].length > 0) {
                preamble = UNITS[arm.ordinal()][0];
            }
        }
        // bytes that select no arm (UNKNOWN, no fields) still carry the record's preamble, whose EVENTS
        // every arm places first at the same offsets
        for (Arm arm : Arm.values()) {
            if (arm.fields().isEmpty() && preamble != null) {
                UNITS[arm.ordinal()] = new Unit[] {preamble};
            }
        }
    }

    /**
     * One unit's values in a record, as the machine levels run them: a wait (semaphore, WaitMode
     * wire byte, threshold or register id) and an update (semaphore, UpdateMode wire byte, value).
     * The modes stay wire bytes, read through the spec's WaitTest/UpdateOp when the record runs, so
     * an event mode faults there with the table's message.
     */
    record Values(int waitIdx, int waitMode, long waitValue, int updateIdx, int updateMode, long updateValue) {}

    /**
     * The units of the record at {@code b[at]} that wait or update, in field order (an EventSemaphore:
     * its EVENTS, then its extended block), read through {@link #of}; an arm's fixed-form units (a DMA's
     * completion) are left to the levels that run the arm. None for a record that does neither.
     */
    static Values[] read(byte[] b, int at, Arm arm) {
        List<Values> out = new ArrayList<>(2);
        for (Unit u : of(arm)) {
            if (u.fixed()) {
                continue;
            }
            Values v = new Values(u.waitIdx() == null ? 0 : (int) u.waitIdx().read(b, at), u.waitMode() == null ? 0 : (int) u.waitMode().read(b, at),
                    u.waitValue() == null ? 0 : u.waitValue().read(b, at), u.updateIdx() == null ? 0 : (int) u.updateIdx().read(b, at),
                    u.updateMode() == null ? 0 : (int) u.updateMode().read(b, at), u.updateValue() == null ? 0 : u.updateValue().read(b, at));
            if (v.waitMode() != WaitMode.NONE.value() || v.updateMode() != UpdateMode.NONE.value()) {
                out.add(v);
            }
        }
        return out.toArray(new Values[0]);
    }

    /** The units of {@code arm}'s records, in field order (the preamble's EVENTS first). */
    static Unit[] of(Arm arm) {
        return UNITS[arm.ordinal()];
    }

    private static Unit[] build(Arm arm) {
        List<FieldInfo> fields = arm.fields();
        List<String> prefixes = new ArrayList<>();
        List<Field[]> waits = new ArrayList<>();
        List<Field[]> updates = new ArrayList<>();
        for (FieldInfo f : fields) {
            for (String[] term : Symbols.terms()) {
                if (!f.name().equals(term[0]) && !f.name().endsWith("." + term[0])) {
                    continue;
                }
                String prefix = f.name().substring(0, f.name().length() - term[0].length());
                Field index = field(fields, prefix + term[1]);
                Field value = field(fields, prefix + term[2]);
                boolean wait = WaitMode.class.getSimpleName().equals(f.table());
                if (index == null || value == null || !(wait || UpdateMode.class.getSimpleName().equals(f.table()))) {
                    continue;
                }
                int p = prefixes.indexOf(prefix);
                if (p < 0) {
                    prefixes.add(prefix);
                    waits.add(null);
                    updates.add(null);
                    p = prefixes.size() - 1;
                }
                (wait ? waits : updates).set(p, new Field[] {new Field(f.offset(), f.width()), index, value});
            }
        }
        List<Unit> out = new ArrayList<>();
        for (int p = 0; p < prefixes.size(); p++) {
            Field[] w = waits.get(p);
            Field[] u = updates.get(p);
            out.add(new Unit(w == null ? null : w[0], w == null ? null : w[1], w == null ? null : w[2], u == null ? null : u[0],
                    u == null ? null : u[1], u == null ? null : u[2], false));
        }
        for (String[] term : Symbols.armTerms(arm.specName())) {
            Field index = field(fields, term[1]);
            Field value = field(fields, term[2]);
            if (index != null && value != null) {
                out.add(new Unit(null, null, null, null, index, value, true));
            }
        }
        return out.toArray(new Unit[0]);
    }

    private static Field field(List<FieldInfo> fields, String name) {
        for (FieldInfo f : fields) {
            if (f.name().equals(name)) {
                return new Field(f.offset(), f.width());
            }
        }
        return null;
    }
}
