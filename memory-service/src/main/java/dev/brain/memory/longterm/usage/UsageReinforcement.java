package dev.brain.memory.longterm.usage;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.log.repository.PipelineLogLines;
import dev.brain.memory.longterm.edges.EdgeRecompute;
import dev.brain.memory.longterm.repository.LongTermRepository;
import dev.brain.memory.longterm.repository.LongTermRepository.StoredDecision;
import dev.brain.memory.longterm.vectors.TextVectors;
import dev.brain.memory.longterm.vectors.Vectors;
import dev.brain.memory.longterm.weights.NodeWeights;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * Usage reinforcement (memory.md §7): the final answer of a turn reinforces the nodes Read returned in that
 * turn whose cosine to the answer reaches {@code usage.threshold}, at most {@code usage.max-per-turn}, each
 * followed by Trigger 2 — in one transaction under the pair lock. Every call ends in one of six outcomes,
 * stored per turn (a second call replays it) and written as the protocol line.
 */
@ApplicationScoped
public class UsageReinforcement {

    public static final String COMPUTED = "COMPUTED";
    public static final String EMPTY_ANSWER = "EMPTY_ANSWER";
    public static final String NO_CANDIDATE = "NO_CANDIDATE";
    public static final String EMBED_ERROR = "EMBED_ERROR";
    public static final String EMPTY_VECTOR = "EMPTY_VECTOR";
    public static final String DB_ERROR = "DB_ERROR";

    /** The answer of ReinforceUsage. */
    public record Decision(String outcome, List<Long> reinforcedNodeIds, boolean replayed, UsageProtocol protocol) {
    }

    private final LongTermRepository repository;
    private final EdgeRecompute edges;
    private final NodeWeights nodeWeights;
    private final TextVectors vectors;
    private final MemoryConfig config;
    private final PipelineLogLines log;
    private final ObjectMapper json;
    private final Clock clock;

    public UsageReinforcement(LongTermRepository repository, EdgeRecompute edges, NodeWeights nodeWeights,
            TextVectors vectors, MemoryConfig config, PipelineLogLines log, ObjectMapper json, Clock clock) {
        this.repository = repository;
        this.edges = edges;
        this.nodeWeights = nodeWeights;
        this.vectors = vectors;
        this.config = config;
        this.log = log;
        this.json = json;
        this.clock = clock;
    }

    /**
     * The decision for the turn. Only invalid input and partition violations are gRPC errors; a failing
     * database is the outcome DB_ERROR (stored when the database takes the decision, else only returned).
     */
    public Decision reinforce(String userId, String agentId, String turnId, String answerText) {
        long started = System.nanoTime();
        Log.debugf("reinforce usage pair=%s/%s turn=%s", userId, agentId, turnId);
        try {
            return decide(userId, agentId, turnId, answerText, started);
        } catch (StatusRuntimeException e) {
            throw e;
        } catch (RuntimeException e) {
            Log.warnf(e, "usage decision of turn %s failed; nothing reinforced", turnId);
            return failed(userId, agentId, turnId, answerText,
                    selection(turnId, DB_ERROR, Map.of(), List.of(), message(e), 0, List.of(), 0, started));
        }
    }

    private Decision decide(String userId, String agentId, String turnId, String answerText, long started) {
        Optional<Decision> replay = QuarkusTransaction.requiringNew().call(() -> {
            repository.turnOwner(turnId).filter(o -> !o.is(userId, agentId)).ifPresent(o -> {
                throw otherPair(turnId);
            });
            return stored(userId, agentId, turnId);
        });
        if (replay.isPresent()) {
            return replay.get();
        }
        List<Long> candidates = QuarkusTransaction.requiringNew().call(() -> repository.turnNodes(turnId));
        if (answerText.isBlank()) {
            return finish(userId, agentId, turnId, answerText, empty(turnId, EMPTY_ANSWER, null, started));
        }
        if (candidates.isEmpty()) {
            return finish(userId, agentId, turnId, answerText, empty(turnId, NO_CANDIDATE, null, started));
        }
        float[] answer;
        try {
            answer = vectors.embed(List.of(answerText)).get(0);
        } catch (RuntimeException e) {
            return finish(userId, agentId, turnId, answerText, empty(turnId, EMBED_ERROR, message(e), started));
        }
        String problem = Vectors.problem(answer, vectors.dimension());
        if (problem != null) {
            return finish(userId, agentId, turnId, answerText, empty(turnId, EMPTY_VECTOR, problem, started));
        }
        Map<Long, Double> cosines = new LinkedHashMap<>();
        try {
            return QuarkusTransaction.requiringNew().call(() -> {
                repository.lockPair(userId, agentId);
                Optional<Decision> raced = stored(userId, agentId, turnId);
                if (raced.isPresent()) {
                    return raced.get();
                }
                cosines.putAll(repository.cosines(userId, agentId, candidates, answer));
                UsageProtocol protocol = computeAndReinforce(userId, agentId, turnId, cosines, started);
                return store(userId, agentId, turnId, answerText, protocol);
            });
        } catch (StatusRuntimeException e) {
            throw e;
        } catch (RuntimeException e) {
            Log.warnf(e, "usage reinforcement of turn %s failed; nothing reinforced", turnId);
            return failed(userId, agentId, turnId, answerText,
                    selection(turnId, DB_ERROR, cosines, List.of(), message(e), 0, List.of(), 0, started));
        }
    }

    /** Stores a DB_ERROR decision; when even that fails the decision is returned unstored. */
    private Decision failed(String userId, String agentId, String turnId, String answerText, UsageProtocol protocol) {
        try {
            return finish(userId, agentId, turnId, answerText, protocol);
        } catch (StatusRuntimeException e) {
            throw e;
        } catch (RuntimeException e) {
            Log.warnf(e, "usage decision DB_ERROR of turn %s could not be stored", turnId);
            return new Decision(DB_ERROR, List.of(), false, protocol);
        }
    }

    private UsageProtocol computeAndReinforce(String userId, String agentId, String turnId, Map<Long, Double> cosines,
            long started) {
        double threshold = config.usage().threshold();
        int cap = config.usage().maxPerTurn();
        List<Long> ranked = ranked(cosines);
        List<Long> selected = ranked.stream().filter(id -> cosines.get(id) >= threshold).limit(cap).toList();
        long edgesRecomputed = 0;
        long edgesDuration = 0;
        List<Long> edgeErrors = List.of();
        if (!selected.isEmpty()) {
            Map<Long, Double> raw = repository.rawWeightsForUpdate(userId, agentId, selected);
            selected = selected.stream().filter(raw::containsKey).toList(); // present when the cosines were read
            long[] ids = new long[selected.size()];
            double[] newRaw = new double[ids.length];
            double[] absolute = new double[ids.length];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = selected.get(i);
                newRaw[i] = raw.get(ids[i]) + config.node().reinforcementBoost();
                absolute[i] = nodeWeights.anchor(newRaw[i]);
            }
            repository.reinforce(userId, agentId, ids, newRaw, absolute, OffsetDateTime.now(clock));
            EdgeRecompute.Result result = edges.forNodes(userId, agentId, selected);
            edgesRecomputed = result.edgesRecomputed();
            edgesDuration = result.durationMs();
            edgeErrors = result.edgeErrors();
        }
        return selection(turnId, COMPUTED, cosines, selected, null, edgesRecomputed, edgeErrors, edgesDuration,
                started);
    }

    /** Candidates by cosine desc, ties lower id. */
    private static List<Long> ranked(Map<Long, Double> cosines) {
        return cosines.keySet().stream().sorted(Comparator.comparingDouble((Long id) -> cosines.get(id)).reversed()
                .thenComparingLong(id -> id)).toList();
    }

    private UsageProtocol selection(String turnId, String outcome, Map<Long, Double> cosines, List<Long> selected,
            String error, long edgesRecomputed, List<Long> edgeErrors, long edgesDuration, long started) {
        double threshold = config.usage().threshold();
        List<Long> ranked = ranked(cosines);
        Map<Long, Double> all = new LinkedHashMap<>();
        ranked.forEach(id -> all.put(id, cosines.get(id)));
        Map<Long, Double> reinforced = new LinkedHashMap<>();
        selected.forEach(id -> reinforced.put(id, cosines.get(id)));
        List<Long> below = ranked.stream().filter(id -> cosines.get(id) < threshold).toList();
        List<Long> byCap = COMPUTED.equals(outcome)
                ? ranked.stream().filter(id -> cosines.get(id) >= threshold && !reinforced.containsKey(id)).toList()
                : List.of();
        Double closest = below.isEmpty() ? null : cosines.get(below.get(0));
        return new UsageProtocol(turnId, outcome, threshold, config.usage().maxPerTurn(), all, reinforced, below, byCap,
                closest, edgesRecomputed, List.copyOf(new TreeSet<>(edgeErrors)), edgesDuration,
                (System.nanoTime() - started) / 1_000_000, error);
    }

    private UsageProtocol empty(String turnId, String outcome, String error, long started) {
        return selection(turnId, outcome, Map.of(), List.of(), error, 0, List.of(), 0, started);
    }

    /** Stores a decision that changed nothing (or a failed one) under the pair lock; replays a stored one. */
    private Decision finish(String userId, String agentId, String turnId, String answerText, UsageProtocol protocol) {
        return QuarkusTransaction.requiringNew().call(() -> {
            repository.lockPair(userId, agentId);
            return store(userId, agentId, turnId, answerText, protocol);
        });
    }

    private Decision store(String userId, String agentId, String turnId, String answerText, UsageProtocol protocol) {
        String protocolJson = protocol.toJson(json);
        List<Long> reinforced = List.copyOf(protocol.reinforced().keySet());
        StoredDecision decision = new StoredDecision(turnId, userId, agentId, protocol.outcome(), reinforced,
                protocolJson);
        if (!repository.insertDecision(decision, answerText, OffsetDateTime.now(clock))) {
            return stored(userId, agentId, turnId).orElseThrow();
        }
        log.write(turnId, "system", "memory.usage", "computation", protocolJson, userId, agentId);
        return new Decision(protocol.outcome(), reinforced, false, protocol);
    }

    private Optional<Decision> stored(String userId, String agentId, String turnId) {
        return repository.decision(turnId).map(d -> {
            if (!d.userId().equals(userId) || !d.agentId().equals(agentId)) {
                throw otherPair(turnId);
            }
            return new Decision(d.outcome(), d.reinforcedNodeIds(), true, UsageProtocol.fromJson(json, d.protocolJson()));
        });
    }

    private static RuntimeException otherPair(String turnId) {
        return Status.PERMISSION_DENIED.withDescription("turn_id: turn " + turnId + " was read under another pair")
                .asRuntimeException();
    }

    private static String message(Throwable e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null ? "" : ": " + m.lines().findFirst().orElse(""));
    }
}
