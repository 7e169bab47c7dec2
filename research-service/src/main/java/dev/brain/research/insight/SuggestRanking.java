package dev.brain.research.insight;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.brain.grpc.v1.Suggestion;
import dev.brain.grpc.v1.SuggestionKind;
import dev.brain.research.insight.repository.InsightRepository;

/**
 * How {@code Suggest} ranks active insights (research.md §1.2): {@code score = 0.7·similarity + 0.3·priority}, with
 * priority low 0.25, medium 0.5, high 0.75, critical 1, and similarity the cosine of the context's embedding and the
 * insight's (negative → 0) — or, when the context (or the insight) has no embedding, the lexical overlap: the share
 * of the context's words (≥ 3 letters) that occur in the insight's title and description.
 */
public final class SuggestRanking {

    static final double SIMILARITY_WEIGHT = 0.7;
    static final double PRIORITY_WEIGHT = 0.3;

    private SuggestRanking() {
    }

    public static List<Suggestion> rank(List<InsightRepository.Embedded> candidates, String context, float[] contextVector) {
        Set<String> contextWords = words(context);
        List<Suggestion> ranked = new ArrayList<>();
        for (InsightRepository.Embedded c : candidates) {
            Insight i = c.insight();
            boolean semantic = contextVector != null && c.embedding() != null && c.embedding().length == contextVector.length;
            double similarity;
            String why;
            if (semantic) {
                similarity = Math.max(0, cosine(contextVector, c.embedding()));
                why = String.format(Locale.ROOT, "%.2f similar to the context", similarity);
            } else {
                Set<String> common = new LinkedHashSet<>(words(i.title() + " " + i.description()));
                common.retainAll(contextWords);
                similarity = contextWords.isEmpty() ? 0 : (double) common.size() / contextWords.size();
                why = common.isEmpty() ? "no words in common with the context"
                        : "shares " + String.join(", ", common.stream().limit(3).toList()) + " with the context";
            }
            double score = SIMILARITY_WEIGHT * similarity + PRIORITY_WEIGHT * i.priority().rank() / 4.0;
            ranked.add(Suggestion.newBuilder().setKind(SuggestionKind.SUGGESTION_KIND_INSIGHT).setId(i.id())
                    .setTitle(i.title()).setScore(score)
                    .setReason(i.priority().db() + "-priority " + i.kind().db().replace('_', ' ') + ", " + why).build());
        }
        ranked.sort(Comparator.comparingDouble(Suggestion::getScore).reversed().thenComparingLong(Suggestion::getId));
        return ranked;
    }

    static double cosine(float[] a, float[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int k = 0; k < a.length; k++) {
            dot += (double) a[k] * b[k];
            na += (double) a[k] * a[k];
            nb += (double) b[k] * b[k];
        }
        return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
    }

    static Set<String> words(String text) {
        Set<String> words = new LinkedHashSet<>();
        for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (w.length() >= 3) {
                words.add(w);
            }
        }
        return words;
    }
}
