package tpb.spec.check;

import tpb.spec.Diagnostics;
import tpb.spec.model.IsaModel;

/** One family of spec checks. Rules report and continue; none throws on a bad spec. */
interface Rule {
    void check(IsaModel model, Diagnostics diags);
}
