package dev.brain.memory.longterm.decay;

import static dev.brain.memory.testing.LongTermFixtures.count;
import static dev.brain.memory.testing.LongTermFixtures.dbl;
import static dev.brain.memory.testing.LongTermFixtures.pair;
import static dev.brain.memory.testing.LongTermFixtures.row;
import static dev.brain.memory.testing.LongTermFixtures.unit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

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
import dev.brain.memory.testing.LongTermFixtures;
import dev.brain.memory.testing.TestClock;
import dev.brain.testing.GrpcTestBase;
import dev.brain.testing.GrpcTestChannel;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class NodeDecayJobTest extends GrpcTestBase {

    @Inject
    DataSource dataSource;

    @Inject
    TestClock clock;

    private final String tenant = LongTermFixtures.newTenant("decay");

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private RunJobResponse decay() {
        return GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel))
                .runJob(RunJobRequest.newBuilder().setJob(MemoryJob.MEMORY_JOB_NODE_DECAY).build());
    }

    private long node(Pair pair, String key, double base, boolean active, OffsetDateTime at, int dim) throws Exception {
        return LongTermFixtures.node(dataSource, pair, key, unit(dim), 0.9, 3.753681, base, active, at, new Long[0],
                new String[0]);
    }

    private double weight(long id) throws Exception {
        return dbl(dataSource, "select decay_weight from long_term_node where id = ?", id);
    }

    private boolean active(long id) throws Exception {
        return count(dataSource, "select count(*) from long_term_node where id = ? and active", id) == 1;
    }

    @Test
    void decayDeactivatesExactlyBelowTheMinimumAndTouchesNothingElse() throws Exception {
        Pair pair = pair(tenant);
        Instant t0 = Instant.parse("2033-02-01T00:00:00Z");
        OffsetDateTime at = t0.atOffset(ZoneOffset.UTC);
        clock.set(t0);
        double factor = Math.exp(-0.0015 * 10);
        long strong = node(pair, "strong", 3.0, true, at, 70);
        long justAbove = node(pair, "above", 0.1000001 / factor, true, at, 71);
        long justBelow = node(pair, "below", 0.0999999 / factor, true, at, 72);
        long inactive = node(pair, "inactive", 0.05, false, at, 73);
        LongTermFixtures.exec(dataSource, """
                insert into long_term_edge (user_id, agent_id, from_node_id, to_node_id, raw_weight, absolute_weight,
                    reasons, embedding_cosine_initial, layer_count, created_at)
                values (?, ?, ?, ?, 2.0, 4.47, array['embedding'], 0.8, 1, ?)""",
                pair.getUserId(), pair.getAgentId(), strong, justBelow, at);
        LongTermFixtures.exec(dataSource, "insert into partition_stats (user_id, agent_id, node_count, active_count,"
                + " edge_count) values (?, ?, 4, 99, 1)", pair.getUserId(), pair.getAgentId());
        String inactiveBefore = row(dataSource, "long_term_node", inactive);
        List<String> edgesBefore = LongTermFixtures.edgesOf(dataSource, strong);

        clock.set(t0.plus(Duration.ofDays(10)));
        RunJobResponse run = decay();

        assertThat(run.getResult().getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
        assertThat(run.getResult().getCountsMap().get("nodes_updated")).isGreaterThanOrEqualTo(3);
        assertThat(run.getResult().getCountsMap().get("deactivated")).isGreaterThanOrEqualTo(1);
        assertThat(weight(strong)).isCloseTo(3.0 * factor, within(1e-12));
        assertThat(weight(justAbove)).isCloseTo(0.1000001, within(1e-9));
        assertThat(active(justAbove)).isTrue();
        assertThat(weight(justBelow)).isCloseTo(0.0999999, within(1e-9));
        assertThat(active(justBelow)).isFalse();
        assertThat(row(dataSource, "long_term_node", inactive)).isEqualTo(inactiveBefore);
        assertThat(LongTermFixtures.edgesOf(dataSource, strong)).isEqualTo(edgesBefore);
        assertThat(count(dataSource, "select count(*) from long_term_node where user_id = ? and absolute_weight = 3.753681"
                + " and decayed_at is not distinct from (case when id = ? then null else ?::timestamptz end)",
                pair.getUserId(), inactive, t0.plus(Duration.ofDays(10)).atOffset(ZoneOffset.UTC))).isEqualTo(4);
        assertThat(count(dataSource, "select active_count from partition_stats where user_id = ?", pair.getUserId()))
                .isEqualTo(2);

        clock.set(t0.plus(Duration.ofDays(5000)));
        decay();
        assertThat(count(dataSource, "select count(*) from long_term_node where user_id = ?", pair.getUserId()))
                .as("decay never deletes").isEqualTo(4);
        assertThat(active(strong)).isFalse();
        assertThat(count(dataSource, "select active_count from partition_stats where user_id = ?", pair.getUserId()))
                .isZero();
        assertThat(count(dataSource, "select count(*) from job_run where job = 'NODE_DECAY' and status = 'done'"))
                .isGreaterThanOrEqualTo(2);
    }

    @Test
    void oneRunAndManyRunsGiveTheSameWeightAtAMoment() throws Exception {
        Pair pair = pair(tenant);
        Instant t0 = Instant.parse("2034-04-01T06:00:00Z");
        OffsetDateTime at = t0.atOffset(ZoneOffset.UTC);
        clock.set(t0);
        long many = node(pair, "many", 3.2, true, at, 80);
        for (int day : new int[] { 1, 2, 7, 30 }) {
            clock.set(t0.plus(Duration.ofDays(day)).plusSeconds(3600));
            decay();
        }
        long once = node(pair, "once", 3.2, true, at, 81);
        clock.set(t0.plus(Duration.ofDays(45)).plusSeconds(1800));
        decay();
        double expected = 3.2 * Math.exp(-0.0015 * (45 + 1800 / 86400.0));
        assertThat(weight(many)).isCloseTo(expected, within(1e-12));
        assertThat(weight(once)).isEqualTo(weight(many));
    }
}
