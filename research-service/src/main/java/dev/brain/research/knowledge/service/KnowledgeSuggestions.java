package dev.brain.research.knowledge.service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.Suggestion;
import dev.brain.grpc.v1.SuggestionKind;
import dev.brain.research.config.KnowledgeConfig;
import dev.brain.research.insight.LibrarySuggestions;
import dev.brain.research.knowledge.KnowledgePair;
import dev.brain.research.knowledge.files.Markdown;
import dev.brain.research.knowledge.repository.KnowledgeRepository;
import dev.brain.research.knowledge.repository.KnowledgeRow;
import dev.brain.tenancy.Tenancy;

/**
 * The library's part of {@code Suggest} (research.md §1.2): the pair's active knowledge entries nearest to the
 * context. Score in [0,1] = similarity × (0.5 + 0.5 · min(1, weight_decay / A(1))) — A(1), the absolute weight of a
 * fresh salience-1 entry, makes a well-kept entry count fully and a fading one half. Similarity is the summary's
 * cosine (exact scan, within {@code maxCosineDistance}); without a context embedding the lexical rank
 * (plainto_tsquery, ts_rank_cd normalised to the best hit) stands in for it.
 */
@ApplicationScoped
public class KnowledgeSuggestions implements LibrarySuggestions {

    private final KnowledgeRepository repository;
    private final KnowledgeWeights weights;
    private final KnowledgeConfig config;

    public KnowledgeSuggestions(KnowledgeRepository repository, KnowledgeWeights weights, KnowledgeConfig config) {
        this.repository = repository;
        this.weights = weights;
        this.config = config;
    }

    @Override
    public List<Suggestion> suggest(Pair pair, String context, float[] contextEmbedding, int limit) {
        KnowledgePair p = KnowledgePair.of(pair, Tenancy.currentTenant());
        Map<Long, Double> similarity = new HashMap<>();
        if (contextEmbedding != null) {
            for (KnowledgeRepository.Distance d : repository.dense(p, KnowledgeRow.KNOWLEDGE, contextEmbedding,
                    Math.max(limit * 3, 10), false)) {
                if (d.distance() < config.maxCosineDistance()) {
                    similarity.put(d.id(), 1 - d.distance());
                }
            }
        } else {
            List<KnowledgeRepository.Distance> ranked = repository.lexicalRanked(p, KnowledgeRow.KNOWLEDGE,
                    Markdown.oneLine(context, 1000), Math.max(limit * 3, 10));
            double best = ranked.isEmpty() ? 1 : Math.max(ranked.get(0).distance(), 1e-9);
            ranked.forEach(r -> similarity.put(r.id(), r.distance() / best));
        }
        double full = weights.absolute(1.0);
        List<Suggestion> out = new ArrayList<>();
        for (KnowledgeRow row : repository.byIds(similarity.keySet().stream().mapToLong(Long::longValue).toArray())) {
            double sim = Math.max(0, Math.min(1, similarity.get(row.id())));
            double score = sim * (0.5 + 0.5 * Math.min(1, row.weightDecay() / full));
            out.add(Suggestion.newBuilder().setKind(SuggestionKind.SUGGESTION_KIND_KNOWLEDGE).setId(row.id())
                    .setTitle(row.topic()).setPath(row.path()).setScore(score)
                    .setReason(Markdown.oneLine(String.format(java.util.Locale.ROOT, "library: %s (%s %.2f, %d %s)",
                            row.summary(), contextEmbedding != null ? "cosine" : "lexical", sim, row.frequency(),
                            row.frequency() == 1 ? "run" : "runs"), 300))
                    .build());
        }
        out.sort(Comparator.comparingDouble(Suggestion::getScore).reversed().thenComparingLong(Suggestion::getId));
        return out.subList(0, Math.min(limit, out.size()));
    }
}
