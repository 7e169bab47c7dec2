package dev.brain.memory.log.scheduler;

import static dev.brain.memory.testing.LongTermFixtures.count;
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

/** Job LOG_RETENTION (memory.md §10, §11, §17.17/18) through RunJob. */
@QuarkusTest
class LogRetentionJobTest extends ScheduledJobContract {

    @Inject
    TestClock clock;

    /** The turn of the row that {@link #storeDueRows} stores. */
    private final String dueTurn = "ret-" + UUID.randomUUID();

    LogRetentionJobTest() {
        super("LOG_RETENTION", "memory:LOG_RETENTION");
    }

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private void insert(String turn, String art, OffsetDateTime createdAt) throws Exception {
        LongTermFixtures.exec(dataSource, "insert into pipeline_log (turn_id, art, content, created_at)"
                + " values (?, ?, '\"x\"'::jsonb, ?)", turn, art, createdAt);
    }

    private RunJobResponse run(String tenant) {
        return GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel))
                .runJob(RunJobRequest.newBuilder().setJob(MemoryJob.MEMORY_JOB_LOG_RETENTION).build());
    }

    @Override
    protected void storeDueRows() throws Exception {
        insert(dueTurn, "note", OffsetDateTime.now(ZoneOffset.UTC).minusDays(500));
    }

    @Override
    protected long dueRows() throws Exception {
        return count(dataSource, "select count(*) from pipeline_log where turn_id = ?", dueTurn);
    }

    @Override
    protected JobStatus runJob() {
        return run(LongTermFixtures.newTenant("ret")).getResult().getStatus();
    }

    @Test
    void rowsOlderThan365DaysAreDeletedExceptTurnRaw() throws Exception {
        Instant now = Instant.parse("2031-06-01T04:00:00Z"); // after every other test's rows + 365 d
        clock.set(now);
        OffsetDateTime t = now.atOffset(ZoneOffset.UTC);
        String turn = "ret-" + UUID.randomUUID();
        insert(turn + "-old-note", "note", t.minusDays(366));
        insert(turn + "-old-switch", "switch", t.minusDays(400));
        insert(turn + "-old-raw", "turn_raw", t.minusDays(2000));
        insert(turn + "-young-note", "note", t.minusDays(364));
        long before = count(dataSource, "select count(*) from job_run where job = 'LOG_RETENTION'");

        RunJobResponse response = run(LongTermFixtures.newTenant("ret"));

        assertThat(response.getResult().getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
        assertThat(response.getResult().getJob()).isEqualTo("LOG_RETENTION");
        assertThat(response.getResult().getCountsOrThrow("deleted")).isGreaterThanOrEqualTo(2);
        assertThat(count(dataSource, "select count(*) from pipeline_log where turn_id like ?", turn + "-old-%"))
                .as("only turn_raw survives").isEqualTo(1);
        assertThat(count(dataSource, "select count(*) from pipeline_log where turn_id = ?", turn + "-old-raw"))
                .isEqualTo(1);
        assertThat(count(dataSource, "select count(*) from pipeline_log where turn_id = ?", turn + "-young-note"))
                .isEqualTo(1);
        assertThat(count(dataSource, "select count(*) from pipeline_log where art <> 'turn_raw' and created_at < ?",
                t.minusDays(365))).isZero();
        assertThat(count(dataSource, "select count(*) from job_run where job = 'LOG_RETENTION'")).isEqualTo(before + 1);
        assertThat(count(dataSource, "select (counts->>'deleted')::bigint from job_run where job = 'LOG_RETENTION'"
                + " and status = 'done' order by id desc limit 1"))
                .isEqualTo(response.getResult().getCountsOrThrow("deleted"));
    }
}
