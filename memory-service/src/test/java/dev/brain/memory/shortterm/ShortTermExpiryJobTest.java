package dev.brain.memory.shortterm;

import static dev.brain.memory.testing.LongTermFixtures.count;
import static dev.brain.memory.testing.LongTermFixtures.entry;
import static dev.brain.memory.testing.LongTermFixtures.hours;
import static dev.brain.memory.testing.LongTermFixtures.pair;
import static dev.brain.memory.testing.LongTermFixtures.unit;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MemoryJob;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.RunJobRequest;
import dev.brain.grpc.v1.RunJobResponse;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc;
import dev.brain.memory.testing.LongTermFixtures;
import dev.brain.memory.testing.TestClock;
import dev.brain.testing.GrpcTestBase;
import dev.brain.testing.GrpcTestChannel;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class ShortTermExpiryJobTest extends GrpcTestBase {

    @Inject
    DataSource dataSource;

    @Inject
    TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void expiredEntriesAreDeletedButPendingOnesArePromotedFirst() throws Exception {
        String tenant = LongTermFixtures.newTenant("expiry");
        var entries = GrpcTestChannel.as(tenant, ShortTermMemoryServiceGrpc.newBlockingStub(channel));
        var admin = GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel));
        Pair pair = pair(tenant);
        Instant t0 = Instant.now();
        clock.set(t0);
        long expiredLow = entries.writeEntry(entry(pair, "expired low", 0.5, unit(90)).setTtl(hours(1)).build())
                .getEntry().getId();
        long expiredPending = entries.writeEntry(entry(pair, "expired pending", 0.9, unit(91)).setEntryKey("exp-p")
                .setTtl(hours(1)).build()).getEntry().getId();
        long alive = entries.writeEntry(entry(pair, "alive", 0.5, unit(92)).build()).getEntry().getId();

        clock.set(t0.plus(Duration.ofHours(2)));
        RunJobResponse run = admin.runJob(RunJobRequest.newBuilder().setJob(MemoryJob.MEMORY_JOB_SHORT_TERM_EXPIRY).build());

        assertThat(run.getResult().getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
        assertThat(run.getResult().getCountsOrThrow("deleted")).isGreaterThanOrEqualTo(1);
        assertThat(run.getResult().getCountsOrThrow("promoted")).isGreaterThanOrEqualTo(1);
        assertThat(count(dataSource, "select count(*) from short_term_entry where id in (?, ?)", expiredLow,
                expiredPending)).isZero();
        assertThat(count(dataSource, "select count(*) from short_term_entry where id = ?", alive)).isEqualTo(1);
        assertThat(count(dataSource, "select count(*) from long_term_node where user_id = ? and source_key = 'exp-p'",
                pair.getUserId())).isEqualTo(1);
    }
}
