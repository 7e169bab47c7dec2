package dev.brain.memory.admin.reembed;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.brain.memory.admin.reembed.repository.ReembedRepository;
import dev.brain.memory.admin.reembed.repository.ReembedRepository.NodeLayers;
import dev.brain.memory.admin.reembed.repository.ReembedRepository.Text;
import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.embedding.service.Embedder;
import dev.brain.memory.jobs.JobRuns;
import dev.brain.memory.log.repository.PipelineLogLines;
import dev.brain.memory.longterm.edges.EdgeRecompute;
import dev.brain.memory.longterm.partition.repository.PairLock;
import dev.brain.memory.longterm.promotion.Trigger1;
import dev.brain.memory.longterm.promotion.repository.NodeWriteRepository;
import dev.brain.memory.longterm.vectors.TextVectors;
import dev.brain.memory.pair.PairAccess.PairId;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * The admin {@code Reembed} (memory.md §5.5, §13): the nodes and short-term entries of a pair — or of every pair
 * of the tenant — get the current provider's vector of their content, then the edges follow, pair by pair.
 *
 * <ol>
 * <li><b>Vectors</b>, {@value #BATCH} rows per step (one embedding call): each step is a short transaction under
 * the pair lock that reads the rows, embeds them and writes the vectors that differ. Promotion, usage and
 * Trigger 3 of the pair wait at most one step.</li>
 * <li><b>Edges</b>, one transaction per pair under the pair lock. Without {@code rebuild}: every edge whose
 * frozen {@code embedding_cosine_initial} differs from the cosine of its endpoints' vectors gets that cosine, and
 * its weights are recomputed by Trigger 2 ({@link EdgeRecompute#forEdges}); reasons stay frozen. With
 * {@code rebuild}: the pair's edges are dropped and Trigger 1 runs for every node in id (= creation) order against
 * the nodes created before it — the edges a fresh promotion in that order would make.</li>
 * </ol>
 * A failure rolls back the step it happens in; steps already committed stay, and a second call completes the
 * work (every step compares with what is stored). Each call leaves a {@code job_run} row ({@value #JOB}) and one
 * {@code memory.reembed} line per pair.
 */
@ApplicationScoped
public class Reembed {

    public static final String JOB = "REEMBED";
    /** Rows per embedding call and vector step: the embedder's batch limit. */
    static final int BATCH = Embedder.MAX_TEXTS;
    /** Nodes per statement of the edge step. */
    static final int NODE_PAGE = 500;
    /** Edge rows inserted per statement by a rebuild. */
    static final int INSERT_ROWS = 5_000;
    /** Seconds an edge step may take (a rebuild of a large pair is long). */
    static final int EDGE_TIMEOUT_SECONDS = 3600;

    /** The answer: rows re-embedded, edges recomputed (without rebuild) and edges created by a rebuild. */
    public record Result(long nodes, long entries, long edgesRecomputed, long edgesRebuilt, long durationMs) {
    }

    /** One pair's counts. */
    record PairCounts(long nodes, long nodesChanged, long entries, long entriesChanged, long edgesRecomputed,
            long edgesDropped, long edgesRebuilt, long edgePairsCapped, List<Long> edgeErrors) {
    }

    private record EdgeCounts(long recomputed, long dropped, long rebuilt, long capped, List<Long> errors) {
    }

    private final ReembedRepository repository;
    private final TextVectors vectors;
    private final EdgeRecompute edgeRecompute;
    private final Trigger1 trigger1;
    private final NodeWriteRepository nodes;
    private final JobRuns runs;
    private final PipelineLogLines log;
    private final MemoryConfig config;
    private final Embedder embedder;
    private final PairLock pairLock;
    private final Clock clock;

    public Reembed(ReembedRepository repository, TextVectors vectors, EdgeRecompute edgeRecompute, Trigger1 trigger1,
            NodeWriteRepository nodes, JobRuns runs, PipelineLogLines log, MemoryConfig config, Embedder embedder,
            PairLock pairLock, Clock clock) {
        this.repository = repository;
        this.vectors = vectors;
        this.edgeRecompute = edgeRecompute;
        this.trigger1 = trigger1;
        this.nodes = nodes;
        this.runs = runs;
        this.log = log;
        this.config = config;
        this.embedder = embedder;
        this.pairLock = pairLock;
        this.clock = clock;
    }

    /**
     * Re-embeds {@code pair} (validated, the caller's) or, when null, every pair of {@code tenant} that holds a node
     * or an entry. Counts are summed over the pairs.
     */
    public Result run(String tenant, PairId pair, boolean rebuild) {
        long started = System.nanoTime();
        long[] sums = new long[4];
        runs.runUnlocked(JOB, "manual", () -> {
            List<PairId> pairs = pair != null ? List.of(pair) : repository.pairsOf(tenant);
            long edgeErrors = 0;
            for (PairId p : pairs) {
                PairCounts c = reembed(p, rebuild);
                sums[0] += c.nodes();
                sums[1] += c.entries();
                sums[2] += c.edgesRecomputed();
                sums[3] += c.edgesRebuilt();
                edgeErrors += c.edgeErrors().size();
            }
            Map<String, Long> counts = new LinkedHashMap<>();
            counts.put("pairs", (long) pairs.size());
            counts.put("nodes_reembedded", sums[0]);
            counts.put("entries_reembedded", sums[1]);
            counts.put("edges_recomputed", sums[2]);
            counts.put("edges_rebuilt", sums[3]);
            counts.put("edge_errors", edgeErrors);
            return counts;
        });
        return new Result(sums[0], sums[1], sums[2], sums[3], (System.nanoTime() - started) / 1_000_000);
    }

    /** One pair: its node vectors, its entry vectors, then its edges; logs one line. */
    PairCounts reembed(PairId pair, boolean rebuild) {
        long started = System.nanoTime();
        String userId = pair.userId();
        String agentId = pair.agentId();
        long[] nodeCounts = vectorSteps(0L, (after, limit) -> repository.nodeTexts(userId, agentId, (Long) after,
                limit), Text::id, (rows, v) -> repository.writeNodeVectors(userId, agentId, rows, v), pair);
        long[] entryCounts = vectorSteps("", (after, limit) -> repository.entryTexts(userId, agentId, (String) after,
                limit), Text::key, (rows, v) -> repository.writeEntryVectors(userId, agentId, rows, v), pair);
        return QuarkusTransaction.requiringNew().timeout(EDGE_TIMEOUT_SECONDS).call(() -> {
            lock(pair);
            EdgeCounts e = rebuild ? rebuild(pair) : recompute(pair);
            PairCounts counts = new PairCounts(nodeCounts[0], nodeCounts[1], entryCounts[0], entryCounts[1],
                    e.recomputed(), e.dropped(), e.rebuilt(), e.capped(), e.errors());
            logLine(pair, rebuild, counts, started);
            return counts;
        });
    }

    @FunctionalInterface
    private interface Page {
        List<Text> next(Object after, int limit);
    }

    @FunctionalInterface
    private interface Position {
        Object of(Text row);
    }

    @FunctionalInterface
    private interface Write {
        int write(List<Text> rows, List<float[]> vectors);
    }

    /** Steps of {@value #BATCH} rows until the table has no more rows of the pair; returns {rows, rows changed}. */
    private long[] vectorSteps(Object start, Page page, Position position, Write write, PairId pair) {
        long[] counts = new long[2];
        Object[] after = { start };
        while (true) {
            int done = QuarkusTransaction.requiringNew().call(() -> {
                lock(pair);
                List<Text> rows = page.next(after[0], BATCH);
                if (rows.isEmpty()) {
                    return 0;
                }
                List<float[]> computed = vectors.embed(rows.stream().map(Text::content).toList());
                counts[1] += write.write(rows, computed);
                after[0] = position.of(rows.get(rows.size() - 1));
                return rows.size();
            });
            counts[0] += done;
            if (done < BATCH) {
                return counts;
            }
        }
    }

    /** Without rebuild: the frozen cosine follows the vectors, and the edges it changed are recomputed. */
    private EdgeCounts recompute(PairId pair) {
        long recomputed = 0;
        List<Long> errors = new ArrayList<>();
        long after = 0;
        while (true) {
            List<Long> ids = repository.nodeIds(pair.userId(), pair.agentId(), after, NODE_PAGE);
            if (ids.isEmpty()) {
                break;
            }
            after = ids.get(ids.size() - 1);
            List<Long> rewritten = repository.rewriteCosines(pair.userId(), pair.agentId(), ids);
            EdgeRecompute.Result r = edgeRecompute.forEdges(pair.userId(), pair.agentId(), rewritten);
            recomputed += r.edgesRecomputed();
            errors.addAll(r.edgeErrors());
        }
        return new EdgeCounts(recomputed, 0, 0, 0, errors.stream().distinct().sorted().toList());
    }

    /**
     * With rebuild: the pair's edges go, then Trigger 1 for each node in id order against the nodes with a lower
     * id (the transaction holds the pair lock, so no node arrives meanwhile and the k-th node has k − 1 older
     * ones: the exact-scan decision needs no count).
     */
    private EdgeCounts rebuild(PairId pair) {
        String userId = pair.userId();
        String agentId = pair.agentId();
        OffsetDateTime now = OffsetDateTime.now(clock);
        long dropped = repository.deleteEdges(userId, agentId);
        long inserted = 0;
        long capped = 0;
        long older = 0;
        long after = 0;
        ArrayNode rows = JsonNodeFactory.instance.arrayNode();
        while (true) {
            List<NodeLayers> page = repository.nodeLayers(userId, agentId, after, NODE_PAGE);
            if (page.isEmpty()) {
                break;
            }
            for (NodeLayers node : page) {
                boolean exact = older <= config.vector().exactScanMaxNodes();
                Trigger1.Candidates found = trigger1.candidates(userId, agentId, node.embedding(), node.data(),
                        node.id(), exact);
                Trigger1.Edges edges = trigger1.edges(node.id(), node.absoluteWeight(), node.data(), found.all());
                rows.addAll(edges.rows());
                capped += edges.capped();
                older++;
                if (rows.size() >= INSERT_ROWS) {
                    inserted += nodes.insertEdges(userId, agentId, rows.toString(), now);
                    rows.removeAll();
                }
            }
            after = page.get(page.size() - 1).id();
        }
        if (!rows.isEmpty()) {
            inserted += nodes.insertEdges(userId, agentId, rows.toString(), now);
        }
        if (inserted != dropped) {
            nodes.adjustStats(userId, agentId, 0, 0, inserted - dropped);
        }
        return new EdgeCounts(0, dropped, inserted, capped, List.of());
    }

    private void lock(PairId pair) {
        pairLock.lock(pair.userId(), pair.agentId());
    }

    private void logLine(PairId pair, boolean rebuild, PairCounts c, long started) {
        ObjectNode line = JsonNodeFactory.instance.objectNode().put("job", JOB).put("model", embedder.model())
                .put("dimension", embedder.dimension()).put("rebuild", rebuild);
        ObjectNode measure = line.putObject("measure").put("nodes_reembedded", c.nodes())
                .put("nodes_changed", c.nodesChanged()).put("entries_reembedded", c.entries())
                .put("entries_changed", c.entriesChanged()).put("edges_recomputed", c.edgesRecomputed())
                .put("edges_dropped", c.edgesDropped()).put("edges_rebuilt", c.edgesRebuilt())
                .put("edge_pairs_capped", c.edgePairsCapped());
        measure.put("edge_errors", c.edgeErrors().size());
        ArrayNode errors = measure.putArray("edge_error_nodes");
        c.edgeErrors().stream().limit(100).forEach(errors::add);
        measure.put("duration_ms", (System.nanoTime() - started) / 1_000_000);
        log.write("background", "system", "memory.reembed", "note", line.toString(), pair.userId(), pair.agentId());
    }
}
