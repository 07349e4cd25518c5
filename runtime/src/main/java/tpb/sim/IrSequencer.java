package tpb.sim;

import java.util.concurrent.SynchronousQueue;
import tpb.ir.Module;
import tpb.isa.EngineType;

/**
 * One engine's {@link IrSimulator} as a {@link Sequencer}, so the structured IR can run engines
 * together. The IR simulator is recursive (loops and calls run natively), so it cannot return
 * mid-run the way the sequencer loops do; instead each engine runs on a thread of its own that
 * executes only while the scheduler has handed it the turn — a coroutine. Exactly one of the
 * scheduler and the engines runs at any time, so a group run stays deterministic.
 */
final class IrSequencer implements Sequencer, IrSimulator.Turns {
    private final IrSimulator sim;
    private final Machine m;
    private final String name;
    /** Scheduler to engine: a turn of this many steps. */
    private final SynchronousQueue<Long> turn = new SynchronousQueue<>();
    /** Engine to scheduler: how the turn ended (an {@link Outcome}), or what it threw. */
    private final SynchronousQueue<Object> ended = new SynchronousQueue<>();
    private Thread thread;
    private long left;

    IrSequencer(Module module, EngineType engine, Machine machine) {
        this.sim = new IrSimulator(module, engine, machine, this);
        this.m = machine;
        this.name = engine.specName();
    }

    IrSimulator simulator() {
        return sim;
    }

    String name() {
        return name;
    }

    @Override
    public Outcome slice(long quantum) {
        if (thread == null) {
            thread = new Thread(this::body, "tpb-ir-" + name);
            thread.setDaemon(true);
            thread.start();
        }
        Object how = exchange(quantum);
        if (how instanceof RuntimeException e) {
            throw e;
        }
        if (how instanceof Error e) {
            throw e;
        }
        return (Outcome) how;
    }

    /** Hands the engine its turn and waits for the turn to end. */
    private Object exchange(long quantum) {
        try {
            turn.put(quantum);
            return ended.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + name + " ran", e);
        }
    }

    /** The engine's thread: wait for the first turn, run the entry, report how it ended. */
    private void body() {
        Object how;
        try {
            left = turn.take();
            how = sim.runEntry();
        } catch (Stopped stop) {
            return; // the group is over
        } catch (InterruptedException e) {
            return;
        } catch (RuntimeException | Error e) {
            how = e;
        }
        try {
            ended.put(how);
        } catch (InterruptedException e) {
            // the group is over
        }
    }

    @Override
    public void beforeStep() {
        if (left == 0) {
            pause(Outcome.YIELD);
        }
        left--;
    }

    @Override
    public void pause(Outcome why) {
        try {
            ended.put(why);
            left = turn.take();
        } catch (InterruptedException e) {
            throw new Stopped();
        }
    }

    /** Ends the engine's thread (parked waiting for a turn, or already done) before the group returns. */
    @Override
    public void close() {
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Unwinds an engine thread whose group is over. */
    private static final class Stopped extends RuntimeException {
        Stopped() {
            super(null, null, false, false);
        }
    }

    @Override
    public Machine machine() {
        return m;
    }

    @Override
    public String at() {
        return String.valueOf(sim.at);
    }

    @Override
    public int waitSemaphore() {
        return sim.waitSem;
    }

    @Override
    public long waitThreshold() {
        return sim.waitThreshold;
    }

    @Override
    public String thresholdName() {
        return sim.waitRegister;
    }
}
