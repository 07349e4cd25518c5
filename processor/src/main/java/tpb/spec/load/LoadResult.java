package tpb.spec.load;

import tpb.spec.Diagnostics;
import tpb.spec.model.IsaModel;

/** A loaded spec: the model (null when it could not be built) and every diagnostic found. */
public record LoadResult(IsaModel model, Diagnostics diagnostics) {
    public boolean ok() {
        return model != null && !diagnostics.hasErrors();
    }
}
