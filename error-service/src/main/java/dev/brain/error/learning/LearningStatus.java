package dev.brain.error.learning;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.jobs.EmbeddingWorker;
import dev.brain.error.jobs.JobRuns;
import dev.brain.error.jobs.Retention;
import dev.brain.error.jobs.SessionCleanup;
import dev.brain.error.learning.repository.LearningRepository;
import dev.brain.grpc.v1.GetLearningStatusResponse;

/**
 * {@code GetLearningStatus} (error-code.md §8, §13): the tenant's last learning run, the last runs of the global
 * jobs, and what learning produced — rules and antipatterns (active and not), cross-project links, error–solution
 * pairs.
 */
@ApplicationScoped
public class LearningStatus {

    private final JobRuns runs;
    private final LearningRepository learning;

    public LearningStatus(JobRuns runs, LearningRepository learning) {
        this.runs = runs;
        this.learning = learning;
    }

    @Transactional
    public GetLearningStatusResponse of(String tenant) {
        GetLearningStatusResponse.Builder b = GetLearningStatusResponse.newBuilder();
        runs.last(LearningCycle.JOB, tenant).ifPresent(b::setLastRun);
        runs.last(SessionCleanup.JOB, null).ifPresent(b::addOtherJobs);
        runs.last(Retention.JOB, null).ifPresent(b::addOtherJobs);
        runs.last(EmbeddingWorker.JOB, null).ifPresent(b::addOtherJobs);
        b.putAllCounts(learning.counts(tenant));
        return b.build();
    }
}
