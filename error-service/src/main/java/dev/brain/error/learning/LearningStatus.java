package dev.brain.error.learning;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.error.jobs.EmbeddingWorker;
import dev.brain.error.jobs.JobRuns;
import dev.brain.error.jobs.Retention;
import dev.brain.error.jobs.SessionCleanup;
import dev.brain.grpc.v1.GetLearningStatusResponse;

/**
 * {@code GetLearningStatus} (error-code.md §8, §13): the tenant's last learning run, the last runs of the global
 * jobs, and what learning produced — rules and antipatterns (active and not), cross-project links, error–solution
 * pairs.
 */
@ApplicationScoped
public class LearningStatus {

    private final JobRuns runs;
    private final Jdbc jdbc;

    public LearningStatus(JobRuns runs, Jdbc jdbc) {
        this.runs = runs;
        this.jdbc = jdbc;
    }

    @Transactional
    public GetLearningStatusResponse of(String tenant) {
        GetLearningStatusResponse.Builder b = GetLearningStatusResponse.newBuilder();
        runs.last(LearningCycle.JOB, tenant).ifPresent(b::setLastRun);
        runs.last(SessionCleanup.JOB, null).ifPresent(b::addOtherJobs);
        runs.last(Retention.JOB, null).ifPresent(b::addOtherJobs);
        runs.last(EmbeddingWorker.JOB, null).ifPresent(b::addOtherJobs);
        jdbc.one("""
                select (select count(*) from rule where tenant = ? and active),
                       (select count(*) from rule where tenant = ? and not active),
                       (select count(*) from antipattern where tenant = ? and active),
                       (select count(*) from antipattern where tenant = ? and not active),
                       (select count(*) from cross_project_link where tenant = ?),
                       (select count(*) from error_solution where tenant = ?)""", rs -> b
                .putCounts("rules_active", rs.getLong(1)).putCounts("rules_inactive", rs.getLong(2))
                .putCounts("antipatterns_active", rs.getLong(3)).putCounts("antipatterns_inactive", rs.getLong(4))
                .putCounts("cross_project_links", rs.getLong(5)).putCounts("error_solution_pairs", rs.getLong(6)),
                tenant, tenant, tenant, tenant, tenant, tenant);
        return b.build();
    }
}
