package tpb.spec.check;

import java.util.ArrayList;
import java.util.List;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.model.ArmDef;
import tpb.spec.model.BitDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.LutDef;
import tpb.spec.model.ScalarType;
import tpb.spec.model.ViewDef;

/**
 * Every field lies inside its record or group and overlaps no other; constants, enums, LUT
 * outputs and bit fields fit the bytes they are given; a select reads bytes inside the record, and
 * so does the opcode (the encoders write it at {@code opcode.at} whether or not the preamble
 * declares a field there).
 */
final class LayoutRule implements Rule {
    @Override
    public void check(IsaModel model, Diagnostics diags) {
        for (GroupDef g : model.groups()) {
            place(model, g.fields(), g.size(), "group " + g.name(), diags);
        }
        int size = model.record().size();
        place(model, model.record().preamble(), size, "record", diags);
        int opAt = model.record().opcodeAt();
        int opEnd = opAt + model.opcodeWidth();
        if (opAt < 0 || opEnd > size) {
            diags.error(model.record().opcodePos(), Message.OPCODE_OUTSIDE, opAt, opEnd, size);
        }
        for (ArmDef a : model.arms()) {
            List<FieldDef> all = new ArrayList<>(model.record().preamble());
            all.addAll(a.fields());
            place(model, all, size, "record", diags, model.record().preamble().size());
            if (a.select() != null && (a.select().at() < 0 || a.select().at() + a.select().type().width > size)) {
                diags.error(a.select().pos(), Message.SELECT_CONFLICT, a.name(), "the select bytes leave the record");
            }
            for (ViewDef v : a.views()) {
                List<FieldDef> vall = new ArrayList<>(model.record().preamble());
                vall.addAll(v.fields());
                place(model, vall, size, "record", diags, model.record().preamble().size());
            }
        }
    }

    private static void place(IsaModel model, List<FieldDef> fields, int size, String what, Diagnostics diags) {
        place(model, fields, size, what, diags, 0);
    }

    /** Checks fields from index {@code from} on (earlier ones were checked where they were declared). */
    private static void place(IsaModel model, List<FieldDef> fields, int size, String what, Diagnostics diags, int from) {
        for (int j = from; j < fields.size(); j++) {
            FieldDef f = fields.get(j);
            if (f.at() < 0 || f.end() > size) {
                diags.error(f.pos(), Message.FIELD_OUTSIDE, f.name(), f.at(), f.end(), size, what);
                continue;
            }
            for (int i = 0; i < j; i++) {
                FieldDef o = fields.get(i);
                if (f.at() < o.end() && o.at() < f.end()) {
                    diags.error(f.pos(), Message.FIELD_OVERLAP, f.name(), f.at(), f.end(), o.name(), o.at(), o.end());
                    break;
                }
            }
            checkFits(model, f, diags);
        }
    }

    private static void checkFits(IsaModel model, FieldDef f, Diagnostics diags) {
        ScalarType t = f.scalar();
        if (t == null) {
            return;
        }
        if (f.constValue() != null && !t.fits(f.constValue())) {
            diags.error(f.pos(), Message.VALUE_OUT_OF_RANGE, "const of field '" + f.name() + "'", f.constValue(), t.specName());
        }
        if (f.namingEnum() != null) {
            EnumDef e = model.enumDef(f.namingEnum()).orElse(null);
            if (e != null && e.type().width > t.width) {
                diags.error(f.pos(), Message.VALUE_OUT_OF_RANGE, "field '" + f.name() + "'", "enum " + e.name() + " (" + e.type().specName() + ")", t.specName());
            }
            if (e != null && f.constValue() != null && e.byValue(f.constValue()) == null) {
                diags.error(f.pos(), Message.VALUE_OUT_OF_RANGE, "const of field '" + f.name() + "'", f.constValue(), "enum " + e.name());
            }
        }
        if (f.lutRef() != null) {
            LutDef l = model.lut(f.lutRef()).orElse(null);
            if (l != null && l.toEnum() != null) {
                diags.error(f.pos(), Message.FIELD_SIZE, f.name(), "LUT " + l.name() + " yields values of enum " + l.toEnum()
                        + "; give the field 'enum: " + l.toEnum() + "' instead");
            } else if (l != null && l.entries().stream().map(LutDef.Entry::value).distinct().count() != l.entries().size()) {
                // LutRule reports it at the LUT entry that repeats a wire value, naming both keys
            } else if (l != null) {
                for (LutDef.Entry e : l.entries()) {
                    // values that do not fit the LUT's own type are the LUT's error, reported there
                    boolean lutFits = l.toScalar() == null || l.toScalar().fits(e.value());
                    if (lutFits && !t.fits(e.value())) {
                        diags.error(f.pos(), Message.LUT_VALUE_OUT_OF_RANGE, l.name(), e.value(), e.key(), "field '" + f.name() + "' (" + t.specName() + ")");
                        break;
                    }
                }
            }
        }
        for (BitDef b : f.bits()) {
            if (b.lsb() < 0 || b.width() < 1 || b.lsb() + b.width() > t.width * 8) {
                diags.error(b.pos(), Message.BITS_OUTSIDE, b.name(), b.lsb(), b.lsb() + b.width() - 1, t.width * 8);
            }
        }
    }
}
