package dev.brain.memory.admin.scheduler;

import static dev.brain.memory.testing.LongTermFixtures.count;
import static dev.brain.memory.testing.LongTermFixtures.exec;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MemoryJob;
import dev.brain.grpc.v1.RunJobRequest;
import dev.brain.grpc.v1.RunJobResponse;
import dev.brain.memory.testing.LongTermFixtures;
import dev.brain.memory.testing.TestClock;
import dev.brain.testing.GrpcTestChannel;
import dev.brain.testing.ScheduledJobContract;
import io.quarkus.test.junit.QuarkusTest;

/** Job HOUSEKEEPING (memory.md §11, §17.18) through RunJob: turn_read 24 h, usage_decision 30 d, synapse_event 7 d. */
@QuarkusTest
class HousekeepingJobTest extends ScheduledJobContract {

    @Inject
    TestClock clock;

    private final String tenant = LongTermFixtures.newTenant("hk");

    HousekeepingJobTest() {
        super("HOUSEKEEPING", "memory:HOUSEKEEPING");
    }

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private RunJobResponse run(MemoryJob job) {
        return GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel))
                .runJob(RunJobRequest.newBuilder().setJob(job).build());
    }

    private void turnRead(String turn, OffsetDateTime at) throws Exception {
        exec(dataSource, "insert into turn_read (turn_id, user_id, agent_id, created_at) values (?, 'hk:u', 'a', ?)",
                turn, at);
    }

    private void decision(String turn, OffsetDateTime at) throws Exception {
        exec(dataSource, "insert into usage_decision (turn_id, user_id, agent_id, answer_text, outcome, protocol,"
                + " created_at) values (?, 'hk:u', 'a', 'answer', 'EMPTY_ANSWER', '{}'::jsonb, ?)", turn, at);
    }

    private void event(String key, OffsetDateTime at) throws Exception {
        exec(dataSource, "insert into synapse_event (tenant, event_id, result, created_at) values (?, ?, '{}', ?)",
                tenant, key, at);
    }

    private long events() throws Exception {
        return count(dataSource, "select count(*) from synapse_event where tenant = ?", tenant);
    }

    @Override
    protected void storeDueRows() throws Exception {
        event("ev-old", OffsetDateTime.now(ZoneOffset.UTC).minusDays(30));
    }

    @Override
    protected long dueRows() throws Exception {
        return events();
    }

    @Override
    protected JobStatus runJob() {
        return run(MemoryJob.MEMORY_JOB_HOUSEKEEPING).getResult().getStatus();
    }

    @Test
    void expiredRowsOfTheThreeTablesAreDeletedAndCounted() throws Exception {
        Instant now = Instant.parse("2030-03-01T12:00:00Z");
        OffsetDateTime t = now.atOffset(ZoneOffset.UTC);
        String p = "hk-" + UUID.randomUUID() + "-";
        turnRead(p + "read-old", t.minusHours(25));
        turnRead(p + "read-young", t.minusHours(23));
        decision(p + "dec-old", t.minusDays(31));
        decision(p + "dec-young", t.minusDays(29));
        event("ev-old", t.minusDays(8));
        event("ev-young", t.minusDays(6));
        clock.set(now);
        long lastRun = count(dataSource, "select coalesce(max(id), 0) from job_run");

        RunJobResponse response = run(MemoryJob.MEMORY_JOB_HOUSEKEEPING);

        assertThat(response.getResult().getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
        assertThat(response.getResult().getJob()).isEqualTo("HOUSEKEEPING");
        assertThat(response.getResult().getCountsMap()).containsKeys("turn_read", "usage_decision", "synapse_event");
        assertThat(response.getResult().getCountsOrThrow("turn_read")).isGreaterThanOrEqualTo(1);
        assertThat(response.getResult().getCountsOrThrow("usage_decision")).isGreaterThanOrEqualTo(1);
        assertThat(response.getResult().getCountsOrThrow("synapse_event")).isGreaterThanOrEqualTo(1);
        assertThat(count(dataSource, "select count(*) from turn_read where turn_id like ?", p + "read-%")).isEqualTo(1);
        assertThat(count(dataSource, "select count(*) from turn_read where turn_id = ?", p + "read-young")).isEqualTo(1);
        assertThat(count(dataSource, "select count(*) from usage_decision where turn_id like ?", p + "dec-%")).isEqualTo(1);
        assertThat(count(dataSource, "select count(*) from usage_decision where turn_id = ?", p + "dec-young"))
                .isEqualTo(1);
        assertThat(events()).isEqualTo(1);
        assertThat(count(dataSource, "select count(*) from synapse_event where tenant = ? and event_id = 'ev-young'",
                tenant)).isEqualTo(1);
        assertThat(count(dataSource, "select count(*) from job_run where job = 'HOUSEKEEPING' and status = 'done'"
                + " and id > ? and started_at = ? and counts->>'turn_read' is not null and counts->>'usage_decision' is not null"
                + " and counts->>'synapse_event' is not null",
                lastRun, t)).isEqualTo(1);
    }

    @Test
    void synapseDecayNoLongerForgetsEventKeys() throws Exception {
        event("ev-old", OffsetDateTime.now(ZoneOffset.UTC).minusDays(30));
        RunJobResponse decay = run(MemoryJob.MEMORY_JOB_SYNAPSE_DECAY);
        assertThat(decay.getResult().getCountsMap()).doesNotContainKey("events_expired");
        assertThat(events()).isEqualTo(1);
        run(MemoryJob.MEMORY_JOB_HOUSEKEEPING);
        assertThat(events()).isZero();
    }
}
