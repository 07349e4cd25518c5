package tpb.sim;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tpb.isa.Arch;
import tpb.isa.DMATriggerFlyweight;
import tpb.isa.Decoder;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.SwitchQueueInstanceFlyweight;
import tpb.isa.SyncKind;
import tpb.neff.Direct2dBounds;
import tpb.neff.DmaBlock;
import tpb.neff.DmaDescriptor;
import tpb.neff.DmaQueue;
import tpb.neff.Subgraph;

/**
 * A subgraph's DMA queues as the machine levels run them: which block a DMATrigger fires and what
 * its completion adds to which semaphore, and which semaphores a SwitchQueueInstance clears.
 *
 * <p>Which block: block {@code +0x30} of the named queue, its {@code block_id} (facts §3.10,
 * CONFIRMED; conflict dma-trigger-0x30). The real NEFFs decide between the readings: the qwen3
 * NEFFs' triggers hold 0, 1, 2, ... in order, each the {@code id} of one block of the queue's
 * engine file, and the first (0) is awaited ({@code $S[24]>=16}), so +0x30 is no count of entries
 * to fire (seed000 §4.3's reading would fire nothing); a per-trigger fireCount cursor (facts
 * §7.5) starts every trigger record at block 0, which in these straight-line streams would fire
 * block 0 twenty times and leave $S[25].. at 0. The block id is read here; where a stream
 * loops, the stream level keeps its cursor model ({@link Machine}).
 *
 * <p>What completion adds: the block's queue's {@code num_queues} to the block's
 * {@code semaphore}, once per block ({@link DmaQueue#completionIncrement}, INFERRED from the real
 * NEFFs). Every level takes the transfer to complete as the trigger runs, as it does a
 * DMA_DIRECT2D's (SyncKind COMPLETION).
 *
 * <p>SwitchQueueInstance "sets both queue semaphore groups to 0" (facts §7.5, CONFIRMED): here the
 * queue's {@code semaphore_set}, the one group def.json declares. ResetQueueInstance rewinds
 * cursors only (facts §7.5), which the block-id reading does not use: no effect at this level.
 *
 * <p>This is also the cost model's view of a trigger: {@link #fired} gives, for a record, the
 * block with its descriptors, bytes, semaphore and increment; and every level's view of a
 * DMA_DIRECT2D record's walk ({@link #direct2d}), checked against the subgraph's vars and the SBUF
 * ({@link Direct2dBounds}) before any level reads it.
 */
public final class DmaQueues {
    /** No queues: a trigger is its EVENTS tuple and nothing else (streams run without a NEFF). */
    public static final DmaQueues NONE = new DmaQueues(List.of(), List.of(), null, null);

    /** A trigger's effect: the block it fires, and what the block's completion adds to which semaphore. */
    public record Fire(DmaBlock block, int semaphore, int increment) {
        /** The bytes the block's descriptors read. */
        public long bytes() {
            return block.bytes();
        }

        public int descriptors() {
            return block.descriptors().size();
        }

        public String queue() {
            return block.queue();
        }
    }

    private final Map<String, DmaQueue> queues = new HashMap<>();
    private final Map<String, Map<Integer, DmaBlock>> blocks = new HashMap<>();
    private final boolean modelled;
    /** Why an engine file's dma list was not read (null: all were), named by a trigger of a block not held. */
    private final String unread;

    /** What a DMA_DIRECT2D record's sides can touch (null: streams without a NEFF, no vars to check against). */
    private final Direct2dBounds direct2d;

    private DmaQueues(List<DmaQueue> queues, List<DmaBlock> blocks, String unread, Direct2dBounds direct2d) {
        this.unread = unread;
        this.direct2d = direct2d;
        queues.forEach(q -> this.queues.put(q.name(), q));
        for (DmaBlock b : blocks) {
            Map<Integer, DmaBlock> of = this.blocks.computeIfAbsent(b.queue(), k -> new HashMap<>());
            of.putIfAbsent(b.id(), b); // one id per block of a queue: SubgraphDef refuses a second
        }
        this.modelled = !queues.isEmpty() || !blocks.isEmpty();
    }

    /** The queues and blocks of {@code sg}. */
    public static DmaQueues of(Subgraph sg) {
        return new DmaQueues(sg.dmaQueues(), sg.dmaBlocks(), sg.dmaUnread(), Direct2dBounds.of(sg));
    }

    /**
     * The DMA_DIRECT2D record at {@code b[at]} as a descriptor ({@link DmaDescriptor#direct2d}), its
     * walk checked against what its sides name on {@code arch} ({@link Direct2dBounds}): a
     * {@link SimFault} with the one line saying why when it leaves them. Unchecked for streams that
     * came without a NEFF ({@link #NONE}), which name no vars.
     */
    public DmaDescriptor direct2d(byte[] b, int at, Arch arch) {
        check(b, at, arch);
        return DmaDescriptor.direct2d(new DmaDirect2dFlyweight().wrap(b, at));
    }

    /** {@link #direct2d}'s check alone (the sync level's, before a record's completion counts): nothing at all without a NEFF. */
    public void check(byte[] b, int at, Arch arch) {
        String problem = direct2d == null ? null : direct2d.problem(new DmaDirect2dFlyweight().wrap(b, at), arch);
        if (problem != null) {
            throw new SimFault(problem);
        }
    }

    /** Whether any queue is declared: without, triggers are left to their EVENTS tuple (as before DMA queues were read). */
    public boolean modelled() {
        return modelled;
    }

    /** What trigger {@code queue, block} does; a {@link SimFault} naming the queue and block when no engine file lists the block. */
    public Fire fire(String queue, long block) {
        DmaQueue q = queues.get(queue);
        Map<Integer, DmaBlock> of = blocks.get(queue);
        DmaBlock b = of == null || block > Integer.MAX_VALUE ? null : of.get((int) block);
        if (q == null || b == null) {
            throw new SimFault("dma.trigger fires block " + block + " of queue \"" + queue + "\", which "
                    + (q == null ? "def.json's dma_queue does not declare" : "no engine's dma list holds (" + (of == null ? 0 : of.size()) + " blocks)")
                    + (unread == null ? "" : "; a dma list was not read: " + unread));
        }
        return new Fire(b, b.semaphore(), q.completionIncrement());
    }

    /** The trigger at {@code b[at]}'s effect, or null when the record is no DMATrigger (the cost model's per-record view). */
    public Fire fired(byte[] b, int at) {
        if (SemaphoreBank.syncKind(Decoder.identify(b, at)) != SyncKind.QUEUE_TRIGGER) {
            return null;
        }
        return fire(new DMATriggerFlyweight().wrap(b, at).queueName(), DMATriggerFlyweight.blockId(b, at));
    }

    /** The semaphores a SwitchQueueInstance of {@code queue} clears; a {@link SimFault} when def.json declares no such queue. */
    public int[] cleared(String queue) {
        DmaQueue q = queues.get(queue);
        if (q == null) {
            throw new SimFault("dma.switch names queue \"" + queue + "\", which def.json's dma_queue does not declare");
        }
        return q.semaphoreSet().stream().mapToInt(Integer::intValue).toArray();
    }

    static String switchQueue(byte[] b, int at) {
        return new SwitchQueueInstanceFlyweight().wrap(b, at).queueName();
    }
}
