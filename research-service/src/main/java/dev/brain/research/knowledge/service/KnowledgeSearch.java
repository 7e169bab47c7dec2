package dev.brain.research.knowledge.service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.research.config.KnowledgeConfig;
import dev.brain.research.knowledge.KnowledgePair;
import dev.brain.research.knowledge.repository.KnowledgeRepository;
import dev.brain.research.knowledge.repository.KnowledgeRow;
import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * Stage-1 retrieval (research.md §2.5) in the caller's pair only, over its active entries of one type: three
 * ranked lists — lexical ({@code search_text @@ websearch_to_tsquery('simple', q)}), dense (summary embedding,
 * cosine distance below {@code maxCosineDistance}; an exact scan below {@code hnswFromRows} active rows in the
 * pair, the HNSW index with {@code hnsw.iterative_scan} from there) and keyword overlap (keywords ∩ query words) —
 * fused by reciprocal rank (k = {@code rrfK}), ordered by fused score × weight_decay. The footprint says how
 * many entries were searched, how many were scored and how near the nearest summary was, also below the threshold.
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

        List<Long> lexical = repository.lexical(pair, type, query, depth);
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
        List<Long> denseIds = new ArrayList<>();
        for (KnowledgeRepository.Distance d : dense) {
            cosines.put(d.id(), 1 - d.distance());
            if (d.distance() < config.maxCosineDistance()) {
                denseIds.add(d.id());
            }
        }

        Map<Long, Double> fused = new LinkedHashMap<>();
        for (List<Long> list : List.of(lexical, denseIds, keyword)) {
            for (int rank = 0; rank < list.size(); rank++) {
                fused.merge(list.get(rank), 1.0 / (config.rrfK() + rank + 1), Double::sum);
            }
        }
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
                1 - config.maxCosineDistance(), "pair " + pair.label(), vector.isEmpty());
    }
}
