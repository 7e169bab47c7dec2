package dev.brain.memory.log.service;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.log.LogLine;
import dev.brain.memory.log.repository.PipelineLogRepository;
import dev.brain.memory.log.repository.PipelineLogRepository.After;
import dev.brain.memory.log.repository.PipelineLogRepository.Filter;
import io.grpc.Status;
import io.quarkus.logging.Log;

/**
 * Writes and reads the pipeline log (memory.md §10). Lines are buffered ({@link PipelineLogBuffer}) except
 * {@code turn_raw}, which is durable data: inserted before the call returns. A call is all or nothing: room for its
 * buffered lines is reserved first (none → RESOURCE_EXHAUSTED), then its {@code turn_raw} lines are committed, and
 * only then are the buffered lines enqueued.
 */
@ApplicationScoped
public class PipelineLogs {

    public static final String TURN_RAW = "turn_raw";

    private final PipelineLogBuffer buffer;
    private final PipelineLogRepository repository;
    private final MemoryConfig config;

    public PipelineLogs(PipelineLogBuffer buffer, PipelineLogRepository repository, MemoryConfig config) {
        this.buffer = buffer;
        this.repository = repository;
        this.config = config;
    }

    /** @return lines accepted (all of them) */
    public int write(List<LogLine> lines) {
        List<LogLine> raw = new ArrayList<>();
        List<LogLine> buffered = new ArrayList<>();
        for (LogLine l : lines) {
            (TURN_RAW.equals(l.art()) ? raw : buffered).add(l);
        }
        PipelineLogBuffer.Reservation room = null;
        if (!buffered.isEmpty()) {
            room = buffer.reserve(buffered.size());
            if (room == null) {
                throw Status.RESOURCE_EXHAUSTED.withDescription("pipeline log buffer full (buffer-capacity "
                        + config.pipelineLog().bufferCapacity() + " lines): " + buffered.size()
                        + " entries not accepted, retry later").asRuntimeException();
            }
        }
        try {
            repository.insert(raw);
        } catch (RuntimeException e) {
            if (room != null) {
                buffer.release(room);
            }
            throw e;
        }
        if (room != null) {
            buffer.fill(room, buffered);
        }
        Log.debugf("pipeline log: %d buffered, %d turn_raw written", buffered.size(), raw.size());
        return lines.size();
    }

    /** One page plus one row (the caller sees whether there is a next page). */
    public List<LogLine.Stored> query(Filter filter, After after, int pageSize) {
        return repository.query(filter, after, pageSize + 1);
    }

    /** Whether {@code tenant} is the system tenant, which alone sees rows without a pair. */
    public boolean isSystemTenant(String tenant) {
        return tenant.equals(config.pipelineLog().systemTenant());
    }
}
