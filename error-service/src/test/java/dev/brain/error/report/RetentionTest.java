package dev.brain.error.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.RunRetentionRequest;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The retention job deletes exactly the rows past each limit (error-code.md §13), every purge at its boundary:
 * a row exactly at a limit is kept ("older than"), one day past it is deleted, one day before it is kept.
 * Unresolved errors 90 days, resolved 180 (an unresolved and a resolved error of the same age tell the two apart),
 * orphaned solutions, acknowledged notifications 30 days, delivered outbox rows 7 days, job runs 90 days.
 */
@QuarkusTest
class RetentionTest extends ErrorServiceTestBase {

    private static final Duration DAY = Duration.ofDays(1);

    private Instant now;

    private Instant daysAgo(int days) {
        return now.minus(DAY.multipliedBy(days));
    }

    /** An error last seen {@code days} ago, resolved (by a solution reported that day) or not; its id. */
    private long errorSeen(int days, boolean resolved, Map<Long, Long> solutions) {
        clock.set(daysAgo(days));
        // letters only: a key with digits could share its template (and so its error) with another day's
        String key = String.valueOf(days).chars().mapToObj(c -> String.valueOf((char) ('a' + c - '0')))
                .reduce("", String::concat) + (resolved ? "r" : "u");
        long id = report("shop", "KeyError: '" + key + "'").getError().getId();
        if (resolved) {
            solutions.put(id, solve("shop", id, "Set k" + days).getSolution().getId());
        }
        assertThat(jdbc.one("select last_seen_at from error where id = ? and resolved = ?",
                rs -> rs.getTimestamp(1).toInstant(), id, resolved)).contains(daysAgo(days));
        return id;
    }

    private List<Long> ids(String sql) {
        return jdbc.list(sql, rs -> rs.getLong(1), tenant);
    }

    @Test
    void deletesExactlyWhatIsPastEachLimitAndKeepsWhatIsAtIt() {
        now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        clock.set(now);
        // first, whatever other tests left past a limit, so this run's counts are this test's rows alone
        learning().runRetention(RunRetentionRequest.getDefaultInstance());

        Map<Long, Long> solutions = new LinkedHashMap<>();
        long unresolved89 = errorSeen(89, false, solutions);
        long unresolved90 = errorSeen(90, false, solutions);
        long unresolved91 = errorSeen(91, false, solutions);
        long resolved91 = errorSeen(91, true, solutions); // past the unresolved limit, not the resolved one
        long resolved179 = errorSeen(179, true, solutions);
        long resolved180 = errorSeen(180, true, solutions);
        long resolved181 = errorSeen(181, true, solutions);
        for (int days : new int[] { 29, 30, 31 }) {
            jdbc.update("insert into notification (tenant, type, summary, dedup_key, acknowledged_at, created_at)"
                    + " values (?, 'learning_insight', ?, ?, ?, ?)", tenant, "ack " + days, "ack-" + days,
                    Timestamp.from(daysAgo(days)), Timestamp.from(daysAgo(40)));
        }
        jdbc.update("insert into notification (tenant, type, summary, dedup_key, created_at)"
                + " values (?, 'learning_insight', 'pending', 'pending', ?)", tenant, Timestamp.from(daysAgo(400)));
        for (int days : new int[] { 6, 7, 8 }) {
            jdbc.update("insert into outbox (tenant, idempotency_key, event, created_at, next_attempt_at, delivered_at)"
                    + " values (?, ?, '{}', ?, ?, ?)", tenant, "retention-test:" + tenant + ":" + days,
                    Timestamp.from(daysAgo(10)), Timestamp.from(daysAgo(10)), Timestamp.from(daysAgo(days)));
        }
        for (int days : new int[] { 89, 90, 91 }) {
            jdbc.update("insert into job_run (tenant, job, trigger, started_at, finished_at, status)"
                    + " values (?, 'retention-test', 'manual', ?, ?, 'done')", tenant, Timestamp.from(daysAgo(days)),
                    Timestamp.from(daysAgo(days)));
        }
        clock.set(now);

        var result = learning().runRetention(RunRetentionRequest.getDefaultInstance()).getResult();

        assertThat(result.getCountsMap()).containsEntry("errors_deleted", 2L).containsEntry("node_deleted_events", 2L)
                .containsEntry("solutions_deleted", 1L).containsEntry("notifications_deleted", 1L)
                .containsEntry("outbox_deleted", 1L).containsEntry("job_runs_deleted", 1L);
        assertThat(ids("select id from error where tenant = ? order by id"))
                .containsExactly(unresolved89, unresolved90, resolved91, resolved179, resolved180);
        assertThat(ids("select id from solution where tenant = ? order by id")).containsExactly(
                solutions.get(resolved91), solutions.get(resolved179), solutions.get(resolved180));
        assertThat(events()).contains("node_deleted - error:" + unresolved91 + "->-",
                "node_deleted - error:" + resolved181 + "->-");
        assertThat(jdbc.count("select count(*) from error_occurrence where tenant = ? and error_id in (?, ?)", tenant,
                unresolved91, resolved181)).isZero();
        assertThat(jdbc.list("select summary from notification where tenant = ? order by id", rs -> rs.getString(1),
                tenant)).containsExactly("ack 29", "ack 30", "pending");
        assertThat(jdbc.list("select idempotency_key from outbox where tenant = ? and delivered_at is not null"
                + " order by id", rs -> rs.getString(1), tenant)).containsExactly("retention-test:" + tenant + ":6",
                        "retention-test:" + tenant + ":7");
        assertThat(jdbc.list("select started_at from job_run where tenant = ? and job = 'retention-test'"
                + " order by started_at desc", rs -> rs.getTimestamp(1).toInstant(), tenant))
                .containsExactly(daysAgo(89), daysAgo(90));
    }
}
