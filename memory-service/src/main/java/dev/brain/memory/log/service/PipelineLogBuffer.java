package dev.brain.memory.log.service;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.log.LogLine;
import dev.brain.memory.log.repository.PipelineLogRepository;
import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;

/**
 * The in-memory buffer of the pipeline log and its writer (memory.md §10): callers reserve room for a whole call
 * ({@code buffer-capacity} lines at most), one writer thread flushes every {@code flush-seconds}, as soon as
 * {@code max-batch} lines wait, and on graceful shutdown — each batch one multi-row INSERT. A crash loses at most
 * the unflushed lines; a batch the database rejects is dropped, logged and counted (forensics, not data).
 */
@Singleton
public class PipelineLogBuffer {

    /** Room reserved for {@code size} lines; {@link #fill} or {@link #release} it exactly once. */
    public record Reservation(int size) {
    }

    private final PipelineLogRepository repository;
    private volatile int maxBatch;
    private final int flushSeconds;
    private final Object lock = new Object();
    private final ArrayDeque<LogLine> lines = new ArrayDeque<>();
    private final ReentrantLock flushing = new ReentrantLock();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong written = new AtomicLong();
    private int capacity;
    private int reserved;
    private volatile boolean paused;
    private volatile boolean ticksPaused;
    private ScheduledExecutorService writer;

    public PipelineLogBuffer(PipelineLogRepository repository, MemoryConfig config) {
        this.repository = repository;
        this.maxBatch = Math.max(1, config.pipelineLog().maxBatch());
        this.flushSeconds = Math.max(1, config.pipelineLog().flushSeconds());
        this.capacity = config.pipelineLog().bufferCapacity();
    }

    void start(@Observes StartupEvent event) {
        writer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "pipeline-log-writer");
            t.setDaemon(true);
            return t;
        });
        writer.scheduleWithFixedDelay(() -> {
            if (!ticksPaused) {
                scheduledFlush();
            }
        }, flushSeconds, flushSeconds, TimeUnit.SECONDS);
    }

    /** Graceful shutdown: stop the writer, then write what is still buffered. */
    void stop(@Observes ShutdownEvent event) {
        if (writer != null) {
            writer.shutdown();
            try {
                writer.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        paused = false;
        int n = flush();
        Log.infof("pipeline log writer stopped: %d lines flushed at shutdown, %d dropped in total", n, dropped.get());
    }

    /** Room for {@code size} more lines, or null when the buffer is full (the caller answers RESOURCE_EXHAUSTED). */
    public Reservation reserve(int size) {
        synchronized (lock) {
            if (lines.size() + reserved + size > capacity) {
                return null;
            }
            reserved += size;
            return new Reservation(size);
        }
    }

    /** Enqueues the reserved lines ({@code lines.size()} must equal the reservation). */
    public void fill(Reservation reservation, List<LogLine> batch) {
        boolean full;
        synchronized (lock) {
            reserved -= reservation.size();
            lines.addAll(batch);
            full = lines.size() >= maxBatch;
        }
        if (full && !paused && writer != null && !writer.isShutdown()) {
            writer.execute(this::scheduledFlush);
        }
    }

    public void release(Reservation reservation) {
        synchronized (lock) {
            reserved -= reservation.size();
        }
    }

    /** The service's own buffered lines: dropped and counted when the buffer is full, never an error. */
    public boolean offer(LogLine line) {
        Reservation r = reserve(1);
        if (r == null) {
            dropped.incrementAndGet();
            return false;
        }
        fill(r, List.of(line));
        return true;
    }

    /** Writes everything buffered now, in batches of {@code max-batch}; returns the lines written. */
    public int flush() {
        flushing.lock();
        try {
            int total = 0;
            int max = maxBatch;
            while (true) {
                List<LogLine> batch = new ArrayList<>(max);
                synchronized (lock) {
                    while (batch.size() < max && !lines.isEmpty()) {
                        batch.add(lines.poll());
                    }
                }
                if (batch.isEmpty()) {
                    return total;
                }
                try {
                    total += repository.insert(batch);
                    written.addAndGet(batch.size());
                } catch (RuntimeException e) {
                    dropped.addAndGet(batch.size());
                    Log.errorf(e, "pipeline log: a batch of %d lines could not be written and is dropped", batch.size());
                }
            }
        } finally {
            flushing.unlock();
        }
    }

    /**
     * Drops the buffered lines of one pair (DeletePartition) and returns how many. A batch the writer is inserting
     * at this moment is waited for first, so once this returns no line of the pair buffered before the call can
     * reach the table any more: what was written is in the table for the caller's delete, the rest is gone.
     */
    public int purge(String userId, String agentId) {
        flushing.lock();
        try {
            synchronized (lock) {
                int before = lines.size();
                lines.removeIf(line -> userId.equals(line.userId()) && agentId.equals(line.agentId()));
                return before - lines.size();
            }
        } finally {
            flushing.unlock();
        }
    }

    private void scheduledFlush() {
        if (paused) {
            return;
        }
        try {
            flush();
        } catch (RuntimeException e) {
            Log.errorf(e, "pipeline log flush failed");
        }
    }

    /** Lines waiting to be written. */
    public int size() {
        synchronized (lock) {
            return lines.size();
        }
    }

    /** Lines dropped so far (buffer full for the service's own lines, or a batch the database rejected). */
    public long dropped() {
        return dropped.get();
    }

    // --- test seams (package-private) ------------------------------------------------------------------------

    void capacity(int capacity) {
        synchronized (lock) {
            this.capacity = capacity;
        }
    }

    /** Stops all writing by the writer thread (interval and max-batch); {@link #flush} still writes. */
    void pause(boolean paused) {
        this.paused = paused;
    }

    /** Stops only the interval flushes (the max-batch trigger and shutdown still write). */
    void pauseTicks(boolean paused) {
        this.ticksPaused = paused;
    }

    void maxBatch(int maxBatch) {
        this.maxBatch = maxBatch;
    }
}
