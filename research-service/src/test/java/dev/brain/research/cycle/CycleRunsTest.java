package dev.brain.research.cycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.db.Jdbc;
import io.quarkus.test.junit.QuarkusTest;

/** job_run rows of the cycle round-trip with their per-phase counts; the advisory lock excludes a second holder. */
@QuarkusTest
class CycleRunsTest {

    @Inject
    CycleRuns runs;
    @Inject
    Jdbc jdbc;

    @Test
    void aFinishedRunIsReadBackWithItsPhasesAndTotals() {
        String tenant = "t-runs-" + UUID.randomUUID().toString().substring(0, 8);
        Instant start = Instant.parse("2026-12-01T10:00:00Z");
        long id = runs.start(tenant, "scheduled", start);
        CycleRun run = new CycleRun(id, tenant, "scheduled", CycleRun.Outcome.FAILED, "phases failed: gaps", start,
                start.plusMillis(1500), List.of(new CycleRun.Phase("trends", false, Map.of("insights_created", 2L), 12, ""),
                        new CycleRun.Phase("gaps", true, Map.of(), 3, "UNAVAILABLE: down")),
                Map.of("insights_created", 2L, "insights_updated", 0L));
        runs.finish(id, run);

        CycleRun back = runs.latest(tenant).orElseThrow();
        assertThat(back).isEqualTo(run);
        assertThat(back.durationMs()).isEqualTo(1500);
        assertThat(jdbc.one("select counts->'trends'->'counts'->>'insights_created' from job_run where id = ?",
                rs -> rs.getString(1), id)).contains("2");
    }

    @Test
    void theLockIsHeldOncePerTenant() {
        String tenant = "t-lock-" + UUID.randomUUID().toString().substring(0, 8);
        var inner = runs.underLock(tenant, () -> runs.underLock(tenant, () -> "second").isPresent());
        // a session-level lock is re-entrant on the same connection only; the nested call uses another one
        assertThat(inner).contains(false);
        assertThat(runs.underLock(tenant, () -> "again")).contains("again");
        assertThat(runs.underLock("other-" + tenant, () -> "other")).contains("other");
    }
}
