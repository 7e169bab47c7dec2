package dev.brain.error.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.RetryDeadOutboxRequest;
import dev.brain.grpc.v1.Scope;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The relay's loss windows (error-code.md §12.2) with memory-service unreachable (the test profile points its client
 * at port 1): each failed attempt backs off {@code min(2^attempts, 300)} s counted after the attempt (2, 4, …, 256,
 * then 300 s), an event is not tried before it is due, the 50th failure sets {@code dead_at} and a dead event is
 * never tried again, and {@code RetryDeadOutbox} re-queues exactly the caller's dead events (attempts 0, due now).
 */
@QuarkusTest
class OutboxRelayTest extends ErrorServiceTestBase {

    @Inject
    OutboxRelay relay;

    /** The tenant's events as "attempts|next_attempt_at|dead_at", one entry per distinct state. */
    private List<String> states(String t) {
        return jdbc.list("""
                select distinct attempts || '|' || (extract(epoch from next_attempt_at) * 1000)::bigint || '|'
                       || coalesce((extract(epoch from dead_at) * 1000)::bigint::text, '-')
                from outbox where tenant = ?""", rs -> rs.getString(1), t);
    }

    private static String state(int attempts, Instant next, Instant dead) {
        return attempts + "|" + next.toEpochMilli() + "|" + (dead == null ? "-" : String.valueOf(dead.toEpochMilli()));
    }

    @Test
    void backsOffDoublingUpTo300SecondsDiesAfter50AttemptsAndRetryDeadRequeues() {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        clock.set(now);
        // other tests' pending events out of the way, so each pass (500 rows in id order) reaches this test's
        jdbc.update("update outbox set dead_at = now() where delivered_at is null and dead_at is null");
        report("shop", "KeyError: 'outbox'");
        errors(otherTenant).reportError(ReportErrorRequest.newBuilder()
                .setScope(scope("shop")).setRawOutput("KeyError: 'outbox'").build());
        long events = jdbc.count("select count(*) from outbox where tenant = ?", tenant);
        assertThat(events).isPositive();
        assertThat(states(tenant)).containsExactly(state(0, now, null));

        long[] delays = new long[51];
        for (int attempt = 1; attempt <= 50; attempt++) {
            relay.relayOnce();
            long delay = Math.min(1L << attempt, 300L);
            delays[attempt] = delay;
            Instant next = now.plusSeconds(delay);
            assertThat(states(tenant)).as("after attempt " + attempt)
                    .containsExactly(state(attempt, next, attempt == 50 ? now : null));
            if (attempt < 50) {
                // not due a millisecond early
                clock.set(next.minusMillis(1));
                relay.relayOnce();
                assertThat(states(tenant)).as("before attempt " + (attempt + 1) + " is due")
                        .containsExactly(state(attempt, next, null));
                now = next;
                clock.set(now);
            }
        }
        assertThat(delays).containsSubsequence(0, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300);
        assertThat(jdbc.one("select last_error from outbox where tenant = ? limit 1", rs -> rs.getString(1), tenant))
                .hasValueSatisfying(e -> assertThat(e).isNotBlank());

        // dead: never tried again
        Instant dead = now;
        clock.set(now.plus(Duration.ofDays(1)));
        relay.relayOnce();
        assertThat(states(tenant)).containsExactly(state(50, dead.plusSeconds(300), dead));

        // RetryDeadOutbox: exactly the caller's dead events, due at once, attempts from 0
        Instant retryAt = now.plus(Duration.ofDays(1));
        long otherDead = jdbc.count("select count(*) from outbox where tenant = ? and dead_at is not null",
                otherTenant);
        long requeued = learning().retryDeadOutbox(RetryDeadOutboxRequest.newBuilder()
                .setScope(Scope.getDefaultInstance()).build()).getRequeued();
        assertThat(requeued).isEqualTo(events);
        assertThat(states(tenant)).containsExactly(state(0, retryAt, null));
        assertThat(jdbc.count("select count(*) from outbox where tenant = ? and dead_at is not null", otherTenant))
                .isEqualTo(otherDead)
                .isEqualTo(jdbc.count("select count(*) from outbox where tenant = ?", otherTenant));
        relay.relayOnce();
        assertThat(states(tenant)).containsExactly(state(1, retryAt.plusSeconds(2), null));
    }
}
