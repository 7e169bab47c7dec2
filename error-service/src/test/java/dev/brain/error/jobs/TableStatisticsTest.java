package dev.brain.error.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.function.LongPredicate;

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
        statistics.analyzeStale();
        assertThat(statistics.analyzeStale()).as("nothing changed since").isEmpty();

        long model = errors().reportError(ReportErrorRequest.newBuilder().setScope(scope("shop"))
                .setRawOutput("QuuxError: statistics probe\n    at run (/srv/app/src/run.js:1:1)").build()).getError().getId();
        long live = jdbc.count("select count(*) from error");
        long threshold = 50 + live / 10;
        storeCopies(model, threshold + 20);
        // the statistics of a write reach pg_stat_user_tables within about a second
        awaitChanges(n -> n > threshold);

        assertThat(statistics.analyzeStale()).contains("error").doesNotContain("error_match");
        awaitChanges(n -> n <= threshold);
        assertThat(statistics.analyzeStale()).doesNotContain("error");
    }

    private void awaitChanges(LongPredicate until) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        long changes;
        do {
            Thread.sleep(100);
            changes = jdbc.count("""
                    select n_mod_since_analyze from pg_stat_user_tables where schemaname = current_schema()
                      and relname = 'error'""");
        } while (!until.test(changes) && System.nanoTime() < deadline);
        assertThat(until.test(changes)).as("changes since the last analyze: " + changes).isTrue();
    }
}
