package dev.brain.research.insight;

import java.util.List;

import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.Suggestion;

/**
 * The knowledge library's part of {@code Suggest} (research.md §1.2: "ranks active insights and library entries"):
 * implemented by the knowledge feature; {@link InsightService#suggest} calls it when a bean exists and the request
 * names a pair. Suggestions are of kind KNOWLEDGE with a score in [0,1] comparable to the insights' (similarity
 * combined with weight), sorted by score desc.
 */
public interface LibrarySuggestions {

    /**
     * The pair's best active entries for {@code context}; {@code contextEmbedding} is null when embedding the
     * context failed (then rank lexically / by weight).
     */
    List<Suggestion> suggest(Pair pair, String context, float[] contextEmbedding, int limit);
}
