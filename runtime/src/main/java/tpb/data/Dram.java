package tpb.data;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The DRAM side of a program: its vars by id and name, the DGE table (def.json's
 * {@code dge-table} var: entry {@code i} names var {@code list[i]}), and the id of the
 * {@code state-buffer} var, through which a static DMA address reaches the SBUF.
 */
public final class Dram {
    private final Map<Integer, DramVar> byId = new LinkedHashMap<>();
    private final Map<String, DramVar> byName = new LinkedHashMap<>();
    private int[] dgeTable = new int[0];
    private int stateBufferId = -1;
    private final AccessLog log = new AccessLog();

    /** The DRAM bytes this core's records read and wrote (the cross-core race check). */
    public AccessLog log() {
        return log;
    }

    public Dram add(DramVar v) {
        if (byId.putIfAbsent(v.id(), v) != null || byName.putIfAbsent(v.name(), v) != null) {
            throw new DataFault("var " + v.name() + " (id " + v.id() + ") is declared twice");
        }
        return this;
    }

    public Dram dgeTable(int... varIds) {
        dgeTable = varIds.clone();
        return this;
    }

    public Dram stateBuffer(int varId) {
        stateBufferId = varId;
        return this;
    }

    public boolean isStateBuffer(int varId) {
        return varId == stateBufferId;
    }

    public DramVar byId(int id) {
        DramVar v = byId.get(id);
        if (v == null) {
            throw new DataFault("no DRAM var with id " + id);
        }
        return v;
    }

    public DramVar byName(String name) {
        return byName.get(name);
    }

    /** The var DGE table entry {@code entry} names. */
    public int dgeEntry(int entry) {
        if (entry < 0 || entry >= dgeTable.length) {
            throw new DataFault("DGE table entry " + entry + " does not exist (" + dgeTable.length + " entries)");
        }
        return dgeTable[entry];
    }

    public Collection<DramVar> vars() {
        return byId.values();
    }
}
