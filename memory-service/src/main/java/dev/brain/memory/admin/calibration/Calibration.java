package dev.brain.memory.admin.calibration;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.brain.db.PgVector;
import dev.brain.memory.admin.calibration.repository.CalibrationRepository;
import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.embedding.service.Embedder;
import dev.brain.memory.longterm.vectors.TextVectors;
import io.grpc.Status;
import io.quarkus.logging.Log;

/**
 * Threshold calibration (memory.md §12): node–node cosines of uniformly sampled distinct node pairs (all pairs
 * when there are fewer than the sample size), answer–node cosines of every answer against every active node,
 * both computed by pgvector; suggestions for the four model-specific keys, rounded up. The report is stored in
 * {@code calibration}; configuration is never changed.
 */
@ApplicationScoped
public class Calibration {

    public static final String EDGE_EMBEDDING_THRESHOLD = "edge.embedding-threshold";
    public static final String USAGE_THRESHOLD = "usage.threshold";
    public static final String ANCHOR_MIN_COSINE = "read.anchor-min-cosine";
    public static final String MATCH_THRESHOLD = "promotion.match-threshold";
    /** Below these sizes the report says {@code low_sample}. */
    public static final int LOW_SAMPLE_NODES = 1000;
    public static final int LOW_SAMPLE_ANSWERS = 10;
    /** Largest request sample. */
    public static final int MAX_SAMPLE_PAIRS = 10_000_000;

    /** A finished report. */
    public record Report(long id, String model, int dimension, CosineStats nodeNode, CosineStats answerNode,
            boolean lowSample, Map<String, Double> current, Map<String, Double> suggestions, OffsetDateTime createdAt) {
    }

    private final CalibrationRepository repository;
    private final MemoryConfig config;
    private final TextVectors vectors;
    private final Embedder embedder;
    private final ObjectMapper json;
    private final Clock clock;

    public Calibration(CalibrationRepository repository, MemoryConfig config, TextVectors vectors, Embedder embedder,
            ObjectMapper json, Clock clock) {
        this.repository = repository;
        this.config = config;
        this.vectors = vectors;
        this.embedder = embedder;
        this.json = json;
        this.clock = clock;
    }

    /** The suggestions of §12 from the two distributions. */
    public static Map<String, Double> suggestions(CosineStats nodeNode, CosineStats answerNode) {
        Map<String, Double> s = new LinkedHashMap<>();
        s.put(EDGE_EMBEDDING_THRESHOLD, CosineStats.roundUp(nodeNode.p99(), 0.05));
        s.put(USAGE_THRESHOLD, CosineStats.roundUp(answerNode.p999(), 0.05));
        s.put(ANCHOR_MIN_COSINE, CosineStats.roundUp(answerNode.p90(), 0.05));
        s.put(MATCH_THRESHOLD, CosineStats.roundUp(nodeNode.p9999(), 0.01));
        return s;
    }

    /**
     * Measures the pair and stores the report.
     *
     * @param samplePairs 0 = {@code calibration.sample-pairs}
     * @param answers empty = the last {@code calibration.answer-count} answers stored by ReinforceUsage
     * @param seed null = random
     */
    @Transactional
    public Report calibrate(String userId, String agentId, int samplePairs, List<String> answers, Long seed) {
        Log.debugf("calibrate %s/%s sample=%d answers=%d", userId, agentId, samplePairs, answers.size());
        int sample = samplePairs == 0 ? config.calibration().samplePairs() : samplePairs;
        if (sample < 0 || sample > MAX_SAMPLE_PAIRS) {
            throw Status.INVALID_ARGUMENT.withDescription("sample_pairs: must be 0.." + MAX_SAMPLE_PAIRS)
                    .asRuntimeException();
        }
        List<Long> ids = repository.nodeIds(userId, agentId);
        double[] nodeNode = nodeNodeCosines(userId, agentId, ids, sample, seed == null ? new Random() : new Random(seed));
        List<String> texts = answers.isEmpty()
                ? repository.storedAnswers(userId, agentId, config.calibration().answerCount())
                : answers;
        double[] answerNode = answerNodeCosines(userId, agentId, texts);
        CosineStats nn = CosineStats.of(nodeNode);
        CosineStats an = CosineStats.of(answerNode);
        boolean low = ids.size() < LOW_SAMPLE_NODES || texts.size() < LOW_SAMPLE_ANSWERS;
        Map<String, Double> current = new LinkedHashMap<>();
        current.put(EDGE_EMBEDDING_THRESHOLD, config.edge().embeddingThreshold());
        current.put(USAGE_THRESHOLD, config.usage().threshold());
        current.put(ANCHOR_MIN_COSINE, config.read().anchorMinCosine());
        current.put(MATCH_THRESHOLD, config.promotion().matchThreshold());
        Map<String, Double> suggested = suggestions(nn, an);
        OffsetDateTime now = OffsetDateTime.now(clock);
        ObjectNode report = json.createObjectNode();
        report.put("model", embedder.model()).put("dimension", embedder.dimension())
                .put("sample_pairs", sample).put("seed", seed).put("nodes", ids.size())
                .put("answers", texts.size()).put("low_sample", low);
        report.set("node_node", json.valueToTree(nn));
        report.set("answer_node", json.valueToTree(an));
        report.set("current", json.valueToTree(current));
        report.set("suggestions", json.valueToTree(suggested));
        long id = repository.insertReport(userId, agentId, embedder.model(), embedder.dimension(), report.toString(),
                now);
        return new Report(id, embedder.model(), embedder.dimension(), nn, an, low, current, suggested, now);
    }

    /**
     * All unordered distinct pairs when there are at most {@code sample} of them; else {@code sample} pairs drawn
     * uniformly (with replacement) from the seeded generator. Cosines by pgvector, in one statement.
     */
    private double[] nodeNodeCosines(String userId, String agentId, List<Long> ids, int sample, Random random) {
        long n = ids.size();
        long all = n * (n - 1) / 2;
        if (all == 0 || sample == 0) {
            return new double[0];
        }
        if (all <= sample) {
            return repository.allPairCosines(userId, agentId);
        }
        Long[] from = new Long[sample];
        Long[] to = new Long[sample];
        for (int k = 0; k < sample; k++) {
            int i = random.nextInt((int) n);
            int j = random.nextInt((int) n - 1);
            if (j >= i) {
                j++;
            }
            from[k] = ids.get(i);
            to[k] = ids.get(j);
        }
        return repository.pairCosines(userId, agentId, from, to);
    }

    private double[] answerNodeCosines(String userId, String agentId, List<String> answers) {
        if (answers.isEmpty()) {
            return new double[0];
        }
        List<String> literals = new ArrayList<>(answers.size());
        for (int from = 0; from < answers.size(); from += Embedder.MAX_TEXTS) {
            for (float[] v : vectors.embed(answers.subList(from, Math.min(answers.size(), from + Embedder.MAX_TEXTS)))) {
                literals.add(PgVector.literal(v));
            }
        }
        return repository.answerNodeCosines(userId, agentId, literals.toArray(String[]::new));
    }
}
