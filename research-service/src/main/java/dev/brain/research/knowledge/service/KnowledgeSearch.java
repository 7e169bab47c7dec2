package dev.brain.research.knowledge.service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.search.Bm25;
import dev.brain.db.search.ReciprocalRank;
import dev.brain.research.config.KnowledgeConfig;
import dev.brain.research.knowledge.KnowledgePair;
import dev.brain.research.knowledge.repository.KnowledgeRepository;
import dev.brain.research.knowledge.repository.KnowledgeRow;
import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * Stage-1 retrieval (research.md §2.5, issue 40) in the caller's pair only, over its active entries of one type:
 * three ranked lists — lexical (BM25 over the 'english' text of topic, keywords and summary with the pair's own
 * statistics; any not-too-common word selects candidates, no need for every word), dense (summary embedding; an
 * exact scan below {@code hnswFromRows} active rows in the pair, the HNSW index with {@code hnsw.iterative_scan}
 * from there) and keyword overlap — of the entries that answer: cosine at least the model's gate
 * ({@code searchMinCosineByModel}, else 0.60) or at least {@code searchMinCoverage} of the query's words; fused by
 * reciprocal rank (k = {@code rrfK}), ordered by fused score × weight_decay. The footprint says how many entries were
 * searched, how many were scored and how near the nearest summary was, also below the gate.
 */
@ApplicationScoped
public class KnowledgeSearch {

    /** Candidates read from each list. */
    static final int DEPTH = 50;

    /** One hit: the entry, its score and (when the dense list ran and scored it) its cosine. */
    public record Hit(KnowledgeRow entry, double score, Double cosine, boolean stage2Recommended) {
    }

    /** The answer with its footprint. */
    public record Result(List<Hit> hits, long storeSize, long candidatesConsidered, Double nearestScore,
            double threshold, String scope, boolean semanticSkipped) {
    }

    private final KnowledgeRepository repository;
    private final KnowledgeEmbeddings embeddings;
    private final KnowledgeConfig config;

    public KnowledgeSearch(KnowledgeRepository repository, KnowledgeEmbeddings embeddings, KnowledgeConfig config) {
        this.repository = repository;
        this.embeddings = embeddings;
        this.config = config;
    }

    public Result search(String tenant, KnowledgePair pair, String query, int limit, String type) {
        Log.debugf("knowledge search: pair %s, limit %d", pair.label(), limit);
        long storeSize = repository.storeSize(pair, type);
        Optional<float[]> vector = embeddings.embed(tenant, List.of(query)).map(v -> v.get(0));
        int depth = Math.max(DEPTH, limit * 10);
        double minCosine = embeddings.threshold(config.searchMinCosineByModel(), 1 - config.maxCosineDistance());

        // lexical: BM25 over the 'english' text with the pair's statistics; candidates hold a not-too-common word
        List<String> lexemes = repository.lexemes(query);
        double[] stats = repository.lexicalStats(pair, type);
        long[] df = repository.documentFrequencies(pair, type, lexemes);
        long common = Math.max(1, Math.round(stats[0] * config.lexicalCommonShare()));
        List<String> selective = new ArrayList<>();
        int rarest = -1;
        for (int i = 0; i < lexemes.size(); i++) {
            if (df[i] > 0 && df[i] <= common) {
                selective.add(lexemes.get(i));
            }
            if (df[i] > 0 && (rarest < 0 || df[i] < df[rarest])) {
                rarest = i;
            }
        }
        if (selective.isEmpty() && rarest >= 0) {
            selective.add(lexemes.get(rarest));
        }
        List<Bm25.Match> matches = repository.lexicalMatches(pair, type, selective, lexemes, config.lexicalCandidates());
        Map<Long, Double> coverage = Bm25.coverage(matches, df, (long) stats[0]);
        List<Long> lexical = Bm25.scores(matches, df, (long) stats[0], stats[1]).keySet().stream().limit(depth)
                .toList();

        String[] words = KnowledgeSaves.words(query).toArray(String[]::new);
        List<Long> keyword = words.length == 0 ? List.of() : repository.keywordOverlap(pair, type, words, depth);
        List<KnowledgeRepository.Distance> dense = List.of();
        if (vector.isPresent() && storeSize > 0) {
            if (storeSize >= config.hnswFromRows()) {
                dense = QuarkusTransaction.requiringNew().call(() -> {
                    repository.tuneHnsw(Math.max(depth, 100));
                    return repository.dense(pair, type, vector.get(), depth, true);
                });
            } else {
                dense = repository.dense(pair, type, vector.get(), depth, false);
            }
        }
        Double nearest = dense.isEmpty() ? null : 1 - dense.get(0).distance();
        Map<Long, Double> cosines = new HashMap<>();
        for (KnowledgeRepository.Distance d : dense) {
            cosines.put(d.id(), 1 - d.distance());
        }
        // an answer is close in meaning (the model's gate) or holds enough of the query's words; the lists rank
        // only answers, so a question the library cannot answer gets nothing, not its nearest neighbours
        java.util.function.Predicate<Long> answers = id -> cosines.getOrDefault(id, -1.0) >= minCosine
                || coverage.getOrDefault(id, 0.0) >= config.searchMinCoverage();
        List<Long> denseIds = dense.stream().map(KnowledgeRepository.Distance::id).filter(answers).toList();
        Map<Long, Double> fused = ReciprocalRank.fuse(List.of(lexical.stream().filter(answers).toList(), denseIds,
                keyword.stream().filter(answers).toList()), new double[] { 1, 1, 1 }, config.rrfK());
        Set<Long> scored = new LinkedHashSet<>(lexical);
        scored.addAll(keyword);
        scored.addAll(cosines.keySet());

        List<Hit> hits = new ArrayList<>();
        for (KnowledgeRow row : repository.byIds(fused.keySet().stream().mapToLong(Long::longValue).toArray())) {
            hits.add(new Hit(row, fused.get(row.id()) * row.weightDecay(), cosines.get(row.id()),
                    row.initialSalience() >= config.stage2Salience()));
        }
        hits.sort(Comparator.comparingDouble(Hit::score).reversed().thenComparingLong(h -> h.entry().id()));
        return new Result(hits.subList(0, Math.min(limit, hits.size())), storeSize, scored.size(), nearest,
                minCosine, "pair " + pair.label(), vector.isEmpty());
    }
}
