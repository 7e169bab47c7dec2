package dev.brain.error.jobs;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.jobs.AdvisoryLocks;
import dev.brain.error.jobs.repository.StatisticsRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;

/**
 * Fresh planner statistics for the tables a report's plans depend on. PostgreSQL plans a vector search by how many
 * rows it expects the tenant to have, and {@code CommonWords} reads the statistics of the full text; both come from
 * {@code ANALYZE}. Autovacuum analyzes a table once more than 50 rows + 10 % of it changed since the last analyze;
 * where autovacuum is off (this project's machines run PostgreSQL so) a store that grew from 1k to 50k errors was
 * still planned as 1k: the nearest-error searches ran as a scan of the whole vector table and a sort, their time
 * growing with the store (50 of them over 40 ms in one growing run, against ~1 ms with the index). Every minute this
 * job analyzes those of the tables that have passed autovacuum's threshold; where autovacuum runs, it is rarely
 * first. Global (one replica at a time, advisory lock); {@code ANALYZE} blocks no reader or writer.
 */
@ApplicationScoped
public class TableStatistics {

    /** The tables whose statistics the report and query paths' plans read. */
    static final List<String> TABLES = List.of("error", "error_embedding", "error_recency", "stack_frame", "error_match",
            "code_module", "module_similarity");

    private final StatisticsRepository statistics;
    private final AdvisoryLocks locks;

    public TableStatistics(StatisticsRepository statistics, AdvisoryLocks locks) {
        this.statistics = statistics;
        this.locks = locks;
    }

    @Scheduled(every = "${brain.error.statistics.interval:60s}", delayed = "20s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        analyzeStale();
    }

    /** Analyzes the tables past autovacuum's threshold now; the tables analyzed (none when another replica is at it). */
    public List<String> analyzeStale() {
        return QuarkusTransaction.requiringNew().call(() -> {
            if (!locks.tryInTransaction("error.table-statistics")) {
                return List.of();
            }
            List<String> stale = statistics.stale(TABLES);
            List<String> analyzed = new ArrayList<>();
            for (String table : stale) {
                statistics.analyze(table); // a name of TABLES, not input
                analyzed.add(table);
            }
            return analyzed;
        });
    }
}
