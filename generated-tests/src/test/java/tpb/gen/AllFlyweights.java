package tpb.gen;

import java.util.ArrayList;
import java.util.List;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Layouts;
import tpb.isa.PreambleFlyweight;

/** Every flyweight the spec makes: each arm's own, and its layout on each generation ({@link Layouts}); new ones on each call. */
final class AllFlyweights {
    private AllFlyweights() {}

    static List<PreambleFlyweight<?>> make() {
        List<PreambleFlyweight<?>> out = new ArrayList<>();
        for (Arm a : Arm.values()) {
            if (a != Arm.UNKNOWN) {
                out.add((PreambleFlyweight<?>) a.flyweight());
                for (Arch arch : Arch.values()) {
                    out.add(Layouts.flyweight(a, arch));
                }
            }
        }
        return out;
    }
}
