package tpb.asm;

import java.util.EnumMap;
import java.util.Map;
import tpb.isa.Arm;
import tpb.spec.Syntax;

/** Each arm's parsed syntax line (from the generated catalogue), parsed once. */
final class Syntaxes {
    private static final Map<Arm, Syntax> BY_ARM = new EnumMap<>(Arm.class);

    static {
        for (Arm a : Arm.values()) {
            if (a != Arm.UNKNOWN) {
                BY_ARM.put(a, Syntax.parse(a.syntax()));
            }
        }
    }

    private Syntaxes() {}

    static Syntax of(Arm arm) {
        return BY_ARM.get(arm);
    }

    static Map<Arm, Syntax> all() {
        return BY_ARM;
    }
}
