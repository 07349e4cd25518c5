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
    private String stateBufferName;
    private final AccessLog log = new AccessLog();

    /** The DRAM bytes this core's records read and wrote (the cross-core race check). */
    public AccessLog log() {
        return log;
    }

    public Dram add(DramVar v) {
        return add(v, v.id());
    }

    /**
     * Var {@code v} under this subgraph's id {@code id}. Var ids are per subgraph, not per NEFF
     * (each subgraph's def.json numbers its own): a var shared by name (an input, output or file var) may carry another id
     * in another subgraph's def.json, and that id may name a different var there. The shared
     * {@link DramVar} (one object, so the cross-core race log sees one var) is indexed here by
     * this subgraph's own id.
     */
    public Dram add(DramVar v, int id) {
        if (byName.containsKey(v.name())) {
            throw new DataFault("var " + v.name() + " (id " + id + ") is declared twice");
        }
        DramVar before = byId.get(id);
        if (before != null) {
            throw new DataFault("var " + v.name() + " has id " + id + ", which var " + before.name() + " of the same def.json has too");
        }
        byId.put(id, v);
        byName.put(v.name(), v);
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

    /** The state-buffer var, by its id and its name (a NEFF's DMA descriptors name it: {@code "SB"}). */
    public Dram stateBuffer(int varId, String name) {
        stateBufferName = name;
        return stateBuffer(varId);
    }

    /** Whether a DMA descriptor's var {@code name} is the state-buffer var: the SBUF. */
    public boolean isStateBuffer(String name) {
        return name.equals(stateBufferName);
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
