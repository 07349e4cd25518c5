package tpb.data;

import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Layouts;
import tpb.isa.LdweightsFlyweight;
import tpb.isa.LdweightsMarianaFlyweight;
import tpb.isa.PeLwOrder;

/**
 * The order an LDWEIGHTS record loads its stationary tile in, on one arch, from the spec: the
 * record's own load_order bit where the generation's layout has one (the v4+ LD_WEIGHT_FLAGS byte,
 * view Ldweights.Mariana, which {@link Layouts#flyweight} gives on that generation), else the arch
 * profile's constant {@code pe_lw_load_order} (cayman: LAST_COL_FIRST, INFERRED from the fixture;
 * the constant's source says why).
 */
final class LoadOrder {
    private final PeLwOrder profile;
    private final LdweightsMarianaFlyweight flags;

    LoadOrder(Arch arch) {
        this.profile = PeLwOrder.fromValue(arch.peLwLoadOrder());
        this.flags = Layouts.flyweight(Arm.LDWEIGHTS, arch) instanceof LdweightsMarianaFlyweight f ? f : null;
    }

    /** Whether the record at {@code at} is an LDWEIGHTS (the records whose order this class picks). */
    static boolean isLoad(byte[] b, int at) {
        return LdweightsFlyweight.matches(b, at);
    }

    /** The order the LDWEIGHTS record at {@code at} loads in. */
    PeLwOrder of(byte[] b, int at) {
        return flags == null ? profile : PeLwOrder.fromValue(flags.wrap(b, at).flagsLoadOrder());
    }
}
