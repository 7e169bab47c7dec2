package dev.brain.research.knowledge.service;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.research.knowledge.repository.KnowledgeRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * The daily decay of the library (research.md §2.4), job {@code knowledge_decay}, all pairs: one set-based
 * statement materialises weight_decay = weight_absolute × e^(−rate × days since reinforced_at) — memory's node
 * formula and constants — and deactivates what falls below the min weight (files are never deleted). Counts
 * entries_updated and deactivated.
 */
@ApplicationScoped
public class KnowledgeDecay {

    public static final String JOB = "knowledge_decay";

    private final KnowledgeJobs jobs;
    private final KnowledgeRepository repository;
    private final KnowledgeWeights weights;
    private final Clock clock;

    public KnowledgeDecay(KnowledgeJobs jobs, KnowledgeRepository repository, KnowledgeWeights weights, Clock clock) {
        this.jobs = jobs;
        this.repository = repository;
        this.weights = weights;
        this.clock = clock;
    }

    public KnowledgeJobs.Outcome run(String trigger) {
        return jobs.run(JOB, trigger, null, JOB, steps -> steps.step("decay", () -> {
            long[] n = QuarkusTransaction.requiringNew().timeout(3600)
                    .call(() -> repository.decay(weights.decayRate(), weights.minWeight(), clock.instant()));
            Map<String, Long> counts = new LinkedHashMap<>();
            counts.put("entries_updated", n[0]);
            counts.put("deactivated", n[1]);
            return counts;
        }));
    }
}
