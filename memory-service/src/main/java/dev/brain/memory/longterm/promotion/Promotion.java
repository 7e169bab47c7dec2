package dev.brain.memory.longterm.promotion;

import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.log.repository.PipelineLogLines;
import dev.brain.memory.longterm.partition.repository.PairLock;
import dev.brain.memory.longterm.promotion.repository.NodeWriteRepository;
import dev.brain.memory.longterm.weights.LayerData;
import dev.brain.memory.longterm.weights.NodeWeights;
import dev.brain.memory.longterm.weights.Precision;
import dev.brain.memory.longterm.weights.TimeRef;
import dev.brain.memory.longterm.weights.Timeline;
import dev.brain.memory.shortterm.EntryRow;
import dev.brain.memory.shortterm.repository.EntryRepository;
import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * Promotion of one short-term entry (memory.md §6), in the spec's order and as one transaction: pair lock,
 * entry re-read FOR UPDATE, candidates by index (inactive included) before any insert, match → duplicate or
 * half-reactivation, else the node, its Trigger 1 edges in one batched insert, the entry deleted, stats and the
 * {@code promotion.match} line. A failure rolls all of it back; attempts + 1 and last_error are then written in
 * a new transaction, and the entry is {@code failed} at {@code promotion.max-attempts}.
 */
@ApplicationScoped
public class Promotion {

    public static final String NEW_NODE = "new_node";
    public static final String DUPLICATE = "duplicate";
    public static final String REACTIVATED = "reactivated";
    public static final String NOT_PENDING = "not_pending";
    public static final String FAILED = "failed";

    /** What one promotion did. {@code bestCosine} is null when the pair had no candidate. */
    public record Result(String outcome, long nodeId, long hitNodeId, long edgesCreated, Double bestCosine,
            long edgePairsCapped, String message) {
    }

    private final EntryRepository entries;
    private final NodeWriteRepository nodes;
    private final PipelineLogLines log;
    private final PromotionHooks hooks;
    private final MemoryConfig config;
    private final NodeWeights nodeWeights;
    private final Trigger1 trigger1;
    private final PairLock pairLock;
    private final Clock clock;

    public Promotion(EntryRepository entries, NodeWriteRepository nodes, PipelineLogLines log, PromotionHooks hooks,
            MemoryConfig config, NodeWeights nodeWeights, Trigger1 trigger1, PairLock pairLock, Clock clock) {
        this.entries = entries;
        this.nodes = nodes;
        this.log = log;
        this.hooks = hooks;
        this.config = config;
        this.nodeWeights = nodeWeights;
        this.trigger1 = trigger1;
        this.pairLock = pairLock;
        this.clock = clock;
    }

    /** Promotes the entry in its own transaction; {@code source} goes into the log line (job or system). */
    public Result promote(String userId, String agentId, long entryId, String source) {
        try {
            return QuarkusTransaction.requiringNew().call(() -> promoteInTransaction(userId, agentId, entryId, source));
        } catch (RuntimeException e) {
            String error = oneLine(e);
            Log.warnf("promotion of entry %d failed: %s", entryId, error);
            QuarkusTransaction.requiringNew().run(() -> {
                entries.recordFailure(entryId, error, config.promotion().maxAttempts());
                log.write("background", source, "promotion", "error", JsonNodeFactory.instance.objectNode()
                        .put("decision", "promotion.match").put("outcome", FAILED).put("entry_id", entryId)
                        .put("error", error).toString(), userId, agentId);
            });
            return new Result(FAILED, 0, 0, 0, null, 0, error);
        }
    }

    private Result promoteInTransaction(String userId, String agentId, long entryId, String source) {
        long started = System.nanoTime();
        OffsetDateTime now = OffsetDateTime.now(clock);
        // 1. the pair lock
        pairLock.lock(userId, agentId);
        // 2. the entry, locked; only pending entries are promoted
        Optional<EntryRow> locked = entries.lockById(userId, agentId, entryId);
        if (locked.isEmpty() || !locked.get().promotionState().equals("pending")) {
            return new Result(NOT_PENDING, 0, 0, 0, null, 0, "");
        }
        EntryRow entry = locked.get();
        // 3. candidates by index, inactive included, before any insert
        int limit = config.promotion().embeddingCandidateLimit();
        TimeRef time = entry.timeAt() == null ? null
                : new TimeRef(entry.timeAt().toInstant(), Precision.ofDb(entry.timePrecision()));
        LayerData data = new LayerData(entry.entityIds(), entry.topicKeys(), entry.topics(), time);
        Trigger1.Candidates found = trigger1.candidates(userId, agentId, entry.embedding(), data,
                NodeWriteRepository.ALL);
        List<Candidate> candidates = found.all();
        boolean exact = found.exact();
        List<Long> byEmbedding = found.byEmbedding();
        // 4. match: the highest cosine; ties active first, then lower id
        Candidate best = candidates.stream().min(Comparator.comparingDouble((Candidate k) -> -k.cosine())
                .thenComparing(k -> !k.active()).thenComparingLong(Candidate::id)).orElse(null);
        Double bestCosine = best == null ? null : best.cosine();
        ObjectNode counts = JsonNodeFactory.instance.objectNode().put("embedding", byEmbedding.size())
                .put("entity", found.byEntity().size()).put("topics", found.byTopic().size())
                .put("timeline", found.byTime().size())
                .put("total", candidates.size());
        if (best != null && best.cosine() >= config.promotion().matchThreshold()) {
            String outcome;
            if (best.active()) {
                outcome = DUPLICATE;
            } else {
                outcome = REACTIVATED;
                nodes.halfReactivate(userId, agentId, best.id(), config.node().minWeight(), now);
                nodes.adjustStats(userId, agentId, 0, 1, 0);
            }
            entries.markHit(entryId, outcome, best.id());
            logLine(entry, source, outcome, best, counts, exact, byEmbedding.size() >= limit, 0, 0, started);
            return new Result(outcome, 0, best.id(), 0, bestCosine, 0, "");
        }
        // 5. the node
        double raw = entry.salience();
        double absolute = nodeWeights.anchor(raw);
        long nodeId = nodes.insertFromEntry(entryId, raw, absolute, now);
        // 6. Trigger 1: every firing candidate, both directions, capped by raw(stronger → weaker)
        Trigger1.Edges built = trigger1.edges(nodeId, absolute, data, candidates);
        ArrayNode rows = built.rows();
        long capped = built.capped();
        hooks.beforeEdgeInsert(nodeId, rows.size());
        int edges = rows.isEmpty() ? 0 : nodes.insertEdges(userId, agentId, rows.toString(), now);
        // 7. the entry moved into the node
        entries.delete(userId, agentId, entryId);
        // 8. stats and the decision line
        nodes.adjustStats(userId, agentId, 1, 1, edges);
        logLine(entry, source, NEW_NODE, best, counts, exact, byEmbedding.size() >= limit, edges, capped, started);
        return new Result(NEW_NODE, nodeId, 0, edges, bestCosine, capped, "");
    }

    private void logLine(EntryRow entry, String source, String outcome, Candidate best, ObjectNode candidates,
            boolean exact, boolean embeddingCapBound, long edges, long capped, long started) {
        ObjectNode line = JsonNodeFactory.instance.objectNode().put("decision", "promotion.match").put("outcome", outcome);
        line.putObject("inputs").put("entry_id", entry.id()).put("entry_key", entry.entryKey())
                .put("match_threshold", config.promotion().matchThreshold())
                .put("embedding_candidate_limit", config.promotion().embeddingCandidateLimit())
                .put("exact_scan", exact);
        ObjectNode measure = line.putObject("measure");
        if (best == null) {
            measure.putNull("best_cosine");
        } else {
            measure.put("best_cosine", best.cosine()).put("best_node_id", best.id()).put("best_active", best.active());
        }
        measure.set("candidates", candidates);
        measure.put("embedding_limit_bound", embeddingCapBound).put("edges_created", edges)
                .put("edge_pairs_capped", capped).put("duration_ms", (System.nanoTime() - started) / 1_000_000);
        if (capped > 0) {
            Log.infof("promotion of entry %d: %d edge pairs dropped by promotion.max-new-edge-pairs", entry.id(), capped);
        }
        log.write(entry.turnId() == null ? "background" : entry.turnId(), source, "promotion", "switch",
                line.toString(), entry.userId(), entry.agentId());
    }

    /**
     * Layer d's b-tree window [from, to): every moment whose distance to {@code time} at the same precision can
     * be within the tolerance (a superset; the layer evaluation decides exactly).
     */
    public static Instant[] window(TimeRef time, Timeline timeline, ZoneId zone) {
        double tol = timeline.tolerance(time.precision());
        long whole = (long) Math.floor(tol);
        LocalDate date = LocalDate.ofInstant(time.at(), zone);
        LocalDate from;
        LocalDate to;
        switch (time.precision()) {
            case MINUTE, HOUR -> {
                Duration d = Duration.ofMillis(Math.round(tol * 86_400_000.0));
                return new Instant[] { time.at().minus(d), time.at().plus(d).plusNanos(1000) };
            }
            case DAY -> {
                from = date.minusDays(whole);
                to = date.plusDays(whole + 1);
            }
            case WEEK -> {
                LocalDate start = date.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
                from = start.minusWeeks(whole);
                to = start.plusWeeks(whole + 1);
            }
            case MONTH -> {
                LocalDate start = date.withDayOfMonth(1);
                from = start.minusMonths(whole);
                to = start.plusMonths(whole + 1);
            }
            case QUARTER -> {
                LocalDate start = LocalDate.of(date.getYear(), (date.get(IsoFields.QUARTER_OF_YEAR) - 1) * 3 + 1, 1);
                from = start.minusMonths(3 * whole);
                to = start.plusMonths(3 * (whole + 1));
            }
            case YEAR -> {
                from = LocalDate.of(date.getYear(), 1, 1).minusYears(whole);
                to = LocalDate.of(date.getYear(), 1, 1).plusYears(whole + 1);
            }
            default -> throw new IllegalStateException("precision " + time.precision());
        }
        return new Instant[] { from.atStartOfDay(zone).toInstant(), to.atStartOfDay(zone).toInstant() };
    }

    private static String oneLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getClass().getSimpleName() + ": " + String.valueOf(root.getMessage());
        message = message.replaceAll("\\s+", " ");
        return message.length() > 500 ? message.substring(0, 500) : message;
    }

}
