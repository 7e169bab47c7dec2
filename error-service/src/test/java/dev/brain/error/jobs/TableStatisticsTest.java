package dev.brain.error.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.ReportErrorRequest;
import io.quarkus.test.junit.QuarkusTest;

/** The statistics job analyzes a table that autovacuum would analyze, and leaves one that changed little alone. */
@QuarkusTest
class TableStatisticsTest extends ErrorServiceTestBase {

    @Inject
    TableStatistics statistics;

    @Test
    void aTableWithMoreChangesThanAutovacuumsThresholdIsAnalyzedAndOnlyThen() throws Exception {
        // earlier tests' writes: analyzed until error stays below the threshold (their statistics arrive late)
        for (int i = 0; i < 5 && isStale(); i++) {
            statistics.analyzeStale();
            Thread.sleep(1_200);
        }
        assertThat(isStale()).isFalse();
        assertThat(statistics.analyzeStale()).as("error changed little since").doesNotContain("error");

        long model = errors().reportError(ReportErrorRequest.newBuilder().setScope(scope("shop"))
                .setRawOutput("QuuxError: statistics probe\n    at run (/srv/app/src/run.js:1:1)").build()).getError().getId();
        // autovacuum's threshold as the job reads it: more changes than 50 + 10 % of the live rows PostgreSQL counts
        long live = jdbc.count("""
                select n_live_tup from pg_stat_user_tables where schemaname = current_schema() and relname = 'error'""");
        storeCopies(model, (60 + live / 10) * 10 / 9 + 20);
        // the statistics of a write reach pg_stat_user_tables within about a second
        awaitStale(true);

        assertThat(statistics.analyzeStale()).contains("error");
        awaitStale(false);
        assertThat(statistics.analyzeStale()).doesNotContain("error");
    }

    private void awaitStale(boolean stale) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (isStale() != stale && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(isStale()).as("error past autovacuum's threshold").isEqualTo(stale);
    }

    private boolean isStale() {
        return jdbc.count("""
                select count(*) from pg_stat_user_tables where schemaname = current_schema() and relname = 'error'
                  and n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)""") > 0;
    }
}
