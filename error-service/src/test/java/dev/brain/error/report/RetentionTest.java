package dev.brain.error.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.RunRetentionRequest;
import io.quarkus.test.junit.QuarkusTest;

/** The retention job deletes exactly the rows past each limit (error-code.md §13). */
@QuarkusTest
class RetentionTest extends ErrorServiceTestBase {

    @Test
    void deletesExactlyWhatIsPastEachLimit() {
        Instant start = Instant.now().minus(Duration.ofDays(400));
        clock.set(start);
        long oldUnresolved = report("shop", "KeyError: 'a'").getError().getId();
        long oldResolved = report("shop", "KeyError: 'b'").getError().getId();
        long keptResolved = report("shop", "KeyError: 'c'").getError().getId();
        long solution = solve("shop", oldResolved, "Set b").getSolution().getId();
        long keptSolution = solve("shop", keptResolved, "Set c").getSolution().getId();
        clock.set(start.plus(Duration.ofDays(220)));
        long keptUnresolved = report("shop", "KeyError: 'd'").getError().getId();
        report("shop", "KeyError: 'c'");   // last seen now: resolved and recent
        clock.set(start.plus(Duration.ofDays(220 + 89)));
        // on this day: 'a' unresolved for 309 days, 'b' resolved 309 days, 'c' resolved 89 days, 'd' unresolved 89 days
        var result = learning().runRetention(RunRetentionRequest.getDefaultInstance()).getResult();
        assertThat(result.getCountsMap().get("errors_deleted")).isGreaterThanOrEqualTo(2L);
        assertThat(jdbc.list("select id from error where tenant = ? order by id", rs -> rs.getLong(1), tenant))
                .containsExactly(keptResolved, keptUnresolved);
        assertThat(jdbc.list("select id from solution where tenant = ? order by id", rs -> rs.getLong(1), tenant))
                .containsExactly(keptSolution).doesNotContain(solution);
        assertThat(events()).contains("node_deleted - error:" + oldUnresolved + "->-", "node_deleted - error:" + oldResolved + "->-");
        assertThat(jdbc.count("select count(*) from error_occurrence where tenant = ? and error_id in (?, ?)", tenant,
                oldUnresolved, oldResolved)).isZero();
    }
}
