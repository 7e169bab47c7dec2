package dev.brain.memory.jobs;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.jobs.AdvisoryLocks;
import dev.brain.memory.jobs.repository.StatisticsRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;

/**
 * Fresh planner statistics for the tables the read path and promotion plan by (error-service has the same job and
 * its reasons): where autovacuum is off, a pair that grew from nothing to 700 memories in a minute was still planned
 * as empty — the exact vector scan joined every vector with every node of the pair (117 ms instead of ~2 ms). Every
 * minute this analyzes the tables (and vector partitions) past autovacuum's threshold; where autovacuum runs it is
 * rarely first. Global (one replica at a time, advisory lock); {@code ANALYZE} blocks no reader or writer.
 */
@ApplicationScoped
public class TableStatistics {

    /** The tables whose statistics the read path's and promotion's plans read; the vector table by its partitions. */
    static final List<String> TABLES = List.of("long_term_node", "long_term_edge", "short_term_entry", "entity");
    static final String VECTOR_PARTITIONS = "long_term_node_embedding\\_%";

    private final StatisticsRepository statistics;
    private final AdvisoryLocks locks;

    public TableStatistics(StatisticsRepository statistics, AdvisoryLocks locks) {
        this.statistics = statistics;
        this.locks = locks;
    }

    @Scheduled(every = "${brain.memory.statistics.interval:60s}", delayed = "20s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        analyzeStale();
    }

    /** Analyzes the tables past autovacuum's threshold now; the tables analyzed (none when another replica is at it). */
    public List<String> analyzeStale() {
        return QuarkusTransaction.requiringNew().call(() -> {
            if (!locks.tryInTransaction("memory.table-statistics")) {
                return List.of();
            }
            List<String> stale = statistics.stale(TABLES, VECTOR_PARTITIONS);
            List<String> analyzed = new ArrayList<>();
            for (String table : stale) {
                statistics.analyze(table); // a name of the catalog matching TABLES, not input
                analyzed.add(table);
            }
            return analyzed;
        });
    }
}
