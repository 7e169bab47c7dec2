package dev.brain.memory.admin.transfer;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.memory.admin.transfer.repository.ExportRepository;
import dev.brain.memory.admin.transfer.repository.ExportRepository.Line;
import dev.brain.memory.embedding.service.Embedder;
import dev.brain.memory.pair.PairAccess.PairId;

/**
 * Export (memory.md §13): the header line, then the pair's nodes, edges and entries and the tenant's synapses
 * as JSON lines, weights explicit. The lines are built by PostgreSQL ({@link ExportRepository}) and read
 * {@value #PAGE} rows per statement in id order; only one page is held in memory. Each page is its own short
 * statement (no long transaction): rows written during an export may or may not appear.
 */
@ApplicationScoped
public class MemoryExport {

    /** Kinds in export order: nodes before the edges and entries that reference them by key. */
    public enum Kind {
        NODE,
        EDGE,
        ENTRY,
        SYNAPSE
    }

    /** Largest chunk (whole lines). */
    public static final int MAX_CHUNK_BYTES = 1 << 20;
    /** Rows per statement. */
    static final int PAGE = 100;

    private final ExportRepository repository;
    private final Embedder embedder;
    private final ObjectMapper json;
    private final Clock clock;

    public MemoryExport(ExportRepository repository, Embedder embedder, ObjectMapper json, Clock clock) {
        this.repository = repository;
        this.embedder = embedder;
        this.json = json;
        this.clock = clock;
    }

    /** The header line of every export. */
    public String header() {
        return json.createObjectNode().put("kind", "header").put("format", "brain-memory").put("version", 1)
                .put("model", embedder.model()).put("dimension", embedder.dimension())
                .put("exported_at", OffsetDateTime.now(clock).toString()).toString();
    }

    /**
     * Chunks of whole lines, each ≤ {@value #MAX_CHUNK_BYTES} bytes, read lazily page by page.
     *
     * @param pair null = no pair data (synapses only)
     */
    public Iterator<byte[]> chunks(String tenant, PairId pair, List<Kind> kinds) {
        return new Chunks(tenant, pair, kinds);
    }

    private final class Chunks implements Iterator<byte[]> {
        private final String tenant;
        private final PairId pair;
        private final List<Kind> kinds;
        private final Deque<String> lines = new ArrayDeque<>();
        private int kind = 0;
        private long after = 0;

        Chunks(String tenant, PairId pair, List<Kind> kinds) {
            this.tenant = tenant;
            this.pair = pair;
            this.kinds = kinds;
            lines.add(header());
        }

        @Override
        public boolean hasNext() {
            fill();
            return !lines.isEmpty();
        }

        @Override
        public byte[] next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            StringBuilder chunk = new StringBuilder();
            int bytes = 0;
            while (true) {
                fill();
                String line = lines.peekFirst();
                if (line == null) {
                    break;
                }
                int size = line.getBytes(StandardCharsets.UTF_8).length + 1;
                if (bytes > 0 && bytes + size > MAX_CHUNK_BYTES) {
                    break;
                }
                lines.removeFirst();
                chunk.append(line).append('\n');
                bytes += size;
            }
            return chunk.toString().getBytes(StandardCharsets.UTF_8);
        }

        /** Reads the next page when the buffer is empty and kinds remain. */
        private void fill() {
            while (lines.isEmpty() && kind < kinds.size()) {
                Kind k = kinds.get(kind);
                if (pair == null && k != Kind.SYNAPSE) {
                    kind++;
                    continue;
                }
                int read = page(k);
                if (read < PAGE) {
                    kind++;
                    after = 0;
                }
            }
        }

        /** Reads the next page of kind {@code k} after the last id read; returns the rows read. */
        private int page(Kind k) {
            List<Line> page = switch (k) {
                case NODE -> repository.nodes(pair.userId(), pair.agentId(), after, PAGE);
                case EDGE -> repository.edges(pair.userId(), pair.agentId(), after, PAGE);
                case ENTRY -> repository.entries(pair.userId(), pair.agentId(), after, PAGE);
                case SYNAPSE -> repository.synapses(tenant, pair == null ? null : pair.userId(),
                        pair == null ? null : pair.agentId(), after, PAGE);
            };
            for (Line line : page) {
                after = line.id();
                lines.addLast(line.json());
            }
            return page.size();
        }
    }
}
