package dev.brain.research.knowledge.service;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.research.config.KnowledgeConfig;
import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;

/**
 * The library's scheduled jobs (UTC crons {@code brain.knowledge.prune-cron}, {@code brain.knowledge.decay-cron}),
 * skipped while {@code brain.knowledge.jobs-enabled=false}; RunPrune / RunDecay always work. Each job takes its
 * advisory lock, so with several replicas one runs it.
 */
@ApplicationScoped
public class KnowledgeScheduler {

    private final KnowledgeConfig config;
    private final KnowledgePrune prune;
    private final KnowledgeDecay decay;

    public KnowledgeScheduler(KnowledgeConfig config, KnowledgePrune prune, KnowledgeDecay decay) {
        this.config = config;
        this.prune = prune;
        this.decay = decay;
    }

    @Scheduled(cron = "{brain.knowledge.prune-cron}", timeZone = "UTC", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduledPrune() {
        if (!config.jobsEnabled()) {
            return;
        }
        try {
            prune.run("scheduled", null, null);
        } catch (RuntimeException e) {
            Log.errorf(e, "knowledge prune failed");
        }
    }

    @Scheduled(cron = "{brain.knowledge.decay-cron}", timeZone = "UTC", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduledDecay() {
        if (!config.jobsEnabled()) {
            return;
        }
        try {
            decay.run("scheduled");
        } catch (RuntimeException e) {
            Log.errorf(e, "knowledge decay failed");
        }
    }
}
