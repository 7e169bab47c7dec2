package dev.brain.memory.longterm.promotion;

import static dev.brain.memory.testing.LongTermFixtures.count;
import static dev.brain.memory.testing.LongTermFixtures.dbl;
import static dev.brain.memory.testing.LongTermFixtures.edgesOf;
import static dev.brain.memory.testing.LongTermFixtures.entry;
import static dev.brain.memory.testing.LongTermFixtures.pair;
import static dev.brain.memory.testing.LongTermFixtures.row;
import static dev.brain.memory.testing.LongTermFixtures.unit;
import static dev.brain.memory.testing.LongTermFixtures.vector;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.GetEntryRequest;
import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc.MemoryAdminServiceBlockingStub;
import dev.brain.grpc.v1.MemoryJob;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PromoteEntryRequest;
import dev.brain.grpc.v1.PromoteEntryResponse;
import dev.brain.grpc.v1.PromotionOutcome;
import dev.brain.grpc.v1.PromotionState;
import dev.brain.grpc.v1.RunJobRequest;
import dev.brain.grpc.v1.RunJobResponse;
import dev.brain.grpc.v1.ShortTermEntry;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc.ShortTermMemoryServiceBlockingStub;
import dev.brain.memory.longterm.weights.EdgeWeights;
import dev.brain.memory.longterm.weights.Layer;
import dev.brain.memory.longterm.weights.NodeWeights;
import dev.brain.memory.testing.LongTermFixtures;
import dev.brain.memory.testing.TestClock;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class PromotionTest {

    @Inject
    DataSource dataSource;

    @Inject
    TestClock clock;

    @Inject
    EdgeWeights edgeWeights;

    @Inject
    NodeWeights nodeWeights;

    private ManagedChannel channel;
    private String tenant;
    private ShortTermMemoryServiceBlockingStub entries;
    private MemoryAdminServiceBlockingStub admin;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
        tenant = LongTermFixtures.newTenant("promo");
        entries = GrpcTestChannel.as(tenant, ShortTermMemoryServiceGrpc.newBlockingStub(channel));
        admin = GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel));
    }

    @AfterEach
    void close() {
        clock.reset();
        channel.shutdownNow();
    }

    private ShortTermEntry write(Pair pair, String content, double salience, float[] v) {
        return entries.writeEntry(entry(pair, content, salience, v).build()).getEntry();
    }

    private PromoteEntryResponse promote(Pair pair, long id) {
        return admin.promoteEntry(PromoteEntryRequest.newBuilder().setPair(pair).setId(id).build());
    }

    private long nodes(Pair pair) throws Exception {
        return count(dataSource, "select count(*) from long_term_node where user_id = ? and agent_id = ?",
                pair.getUserId(), pair.getAgentId());
    }

    private RunJobResponse decay() {
        return admin.runJob(RunJobRequest.newBuilder().setJob(MemoryJob.MEMORY_JOB_NODE_DECAY).build());
    }

    private static OffsetDateTime utc(Instant i) {
        return i.atOffset(ZoneOffset.UTC);
    }

    @Test
    void duplicateCreatesNoNodeAndLeavesTheHitNodeAndItsEdgesUnchanged() throws Exception {
        Pair pair = pair(tenant);
        PromoteEntryResponse a = promote(pair, write(pair, "Anna likes green tea", 0.8, unit(10)).getId());
        PromoteEntryResponse b = promote(pair, write(pair, "Anna's garden", 0.9, vector(10, 11, 0.7)).getId());
        assertThat(a.getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_NEW_NODE);
        assertThat(b.getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_NEW_NODE);
        assertThat(b.getEdgesCreated()).isEqualTo(2);
        String nodeBefore = row(dataSource, "long_term_node", a.getNodeId());
        List<String> edgesBefore = edgesOf(dataSource, a.getNodeId());
        assertThat(edgesBefore).hasSize(2);

        clock.set(Instant.now().plus(Duration.ofDays(3)));
        ShortTermEntry again = write(pair, "Anna likes green tea a lot", 0.95, vector(10, 12, 0.9));
        PromoteEntryResponse dup = promote(pair, again.getId());

        assertThat(dup.getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_DUPLICATE);
        assertThat(dup.getHitNodeId()).isEqualTo(a.getNodeId());
        assertThat(dup.getNodeId()).isZero();
        assertThat(dup.getBestCosine()).isCloseTo(0.9, within(1e-6));
        assertThat(nodes(pair)).isEqualTo(2);
        assertThat(row(dataSource, "long_term_node", a.getNodeId())).isEqualTo(nodeBefore);
        assertThat(edgesOf(dataSource, a.getNodeId())).isEqualTo(edgesBefore);
        ShortTermEntry stored = entries.getEntry(GetEntryRequest.newBuilder().setPair(pair).setId(again.getId()).build())
                .getEntry();
        assertThat(stored.getPromotionState()).isEqualTo(PromotionState.PROMOTION_STATE_DUPLICATE);
        assertThat(stored.getHitNodeId()).isEqualTo(a.getNodeId());
        assertThat(count(dataSource, "select count(*) from pipeline_log where user_id = ? and node = 'promotion'"
                + " and art = 'switch' and content->>'decision' = 'promotion.match'"
                + " and content->>'outcome' = 'duplicate'", pair.getUserId())).isEqualTo(1);
        assertThat(promote(pair, again.getId()).getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_NOT_PENDING);
    }

    @Test
    void halfReactivationSetsTheHalfValueThatLaterDecayRunsStartFrom() throws Exception {
        Pair pair = pair(tenant);
        Instant t0 = Instant.parse("2032-06-01T12:00:00Z");
        clock.set(t0);
        OffsetDateTime longAgo = utc(t0.minus(Duration.ofDays(3000)));
        long node = LongTermFixtures.node(dataSource, pair, "old", unit(30), 1.2, 4.0, 0.08, false, longAgo,
                new Long[0], new String[0]);
        long other = LongTermFixtures.node(dataSource, pair, "other", unit(31), 0.9, 3.5, 3.5, true, longAgo,
                new Long[0], new String[0]);
        LongTermFixtures.exec(dataSource,
                """
                        insert into long_term_edge (user_id, agent_id, from_node_id, to_node_id, raw_weight, absolute_weight,
                            reasons, embedding_cosine_initial, layer_count, created_at)
                        values (?, ?, ?, ?, 1.5, 3.7, array['topics'], 0.1, 1, ?), (?, ?, ?, ?, 1.7, 3.9, array['topics'], 0.1, 1, ?)""",
                pair.getUserId(), pair.getAgentId(), node, other, longAgo, pair.getUserId(), pair.getAgentId(), other,
                node, longAgo);
        List<String> edgesBefore = edgesOf(dataSource, node);
        String otherBefore = row(dataSource, "long_term_node", other);

        ShortTermEntry entry = write(pair, "the same old memory", 0.8, unit(30));
        PromoteEntryResponse hit = promote(pair, entry.getId());

        assertThat(hit.getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_REACTIVATED);
        assertThat(hit.getHitNodeId()).isEqualTo(node);
        assertThat(hit.getEdgesCreated()).isZero();
        assertThat(nodes(pair)).isEqualTo(2);
        // §6 step 4: the entry is marked and kept until its TTL; §5.6: reactivation changes no edge weight
        ShortTermEntry kept = entries.getEntry(GetEntryRequest.newBuilder().setPair(pair).setId(entry.getId()).build())
                .getEntry();
        assertThat(kept.getPromotionState()).isEqualTo(PromotionState.PROMOTION_STATE_REACTIVATED);
        assertThat(kept.getHitNodeId()).isEqualTo(node);
        assertThat(kept.getExpiresAt()).isEqualTo(entry.getExpiresAt());
        assertThat(edgesOf(dataSource, node)).isEqualTo(edgesBefore);
        assertThat(row(dataSource, "long_term_node", other)).isEqualTo(otherBefore);
        assertThat(count(dataSource, "select count(*) from pipeline_log where user_id = ? and node = 'promotion'"
                + " and art = 'switch' and content->>'decision' = 'promotion.match'"
                + " and content->>'outcome' = 'reactivated'", pair.getUserId())).isEqualTo(1);
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement("""
                select decay_weight, decay_base, decay_base_at, reactivated_at, active, raw_weight, absolute_weight,
                       frequency, reinforced_at from long_term_node where id = ?""")) {
            s.setLong(1, node);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                assertThat(rs.getDouble(1)).isCloseTo(2.05, within(1e-12));
                assertThat(rs.getDouble(2)).isCloseTo(2.05, within(1e-12));
                assertThat(rs.getObject(3, OffsetDateTime.class).toInstant()).isEqualTo(t0);
                assertThat(rs.getObject(4, OffsetDateTime.class).toInstant()).isEqualTo(t0);
                assertThat(rs.getBoolean(5)).isTrue();
                assertThat(rs.getDouble(6)).isEqualTo(1.2);
                assertThat(rs.getDouble(7)).isEqualTo(4.0);
                assertThat(rs.getInt(8)).isEqualTo(1);
                assertThat(rs.getObject(9, OffsetDateTime.class).toInstant()).isEqualTo(longAgo.toInstant());
            }
        }

        clock.set(t0.plus(Duration.ofDays(1)));
        assertThat(decay().getResult().getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
        assertThat(dbl(dataSource, "select decay_weight from long_term_node where id = ?", node))
                .isCloseTo(2.046927, within(1e-6));
        for (int days : new int[] { 2, 30, 365 }) {
            clock.set(t0.plus(Duration.ofDays(days)));
            decay();
            assertThat(dbl(dataSource, "select decay_weight from long_term_node where id = ?", node))
                    .as("after %d days", days).isCloseTo(2.05 * Math.exp(-0.0015 * days), within(1e-9));
        }
        assertThat(count(dataSource, "select count(*) from long_term_node where id = ? and active and raw_weight = 1.2"
                + " and absolute_weight = 4.0 and frequency = 1", node)).isEqualTo(1);
    }

    @Test
    void newNodeOnlyWithoutMatchWithEdgesToActiveAndInactiveCandidates() throws Exception {
        Pair pair = pair(tenant);
        Instant t0 = Instant.parse("2031-09-01T08:00:00Z");
        clock.set(t0);
        long entity = 900_000_000L + (System.nanoTime() % 1000);
        long n1 = LongTermFixtures.node(dataSource, pair, "n1", unit(20), 0.9, 3.5, 3.5, true, utc(t0.minusSeconds(86400)),
                new Long[0], new String[] { "Garden" });
        long n2 = LongTermFixtures.node(dataSource, pair, "n2", unit(21), 0.5, 2.0, 0.05, false,
                utc(t0.minusSeconds(9 * 86400)), new Long[] { entity }, new String[0]);
        LongTermFixtures.exec(dataSource,
                """
                        insert into long_term_edge (user_id, agent_id, from_node_id, to_node_id, raw_weight, absolute_weight,
                            reasons, embedding_cosine_initial, layer_count, created_at)
                        values (?, ?, ?, ?, 1.5, 3.7, array['topics'], 0.1, 1, ?), (?, ?, ?, ?, 1.7, 3.9, array['topics'], 0.1, 1, ?)""",
                pair.getUserId(), pair.getAgentId(), n1, n2, utc(t0), pair.getUserId(), pair.getAgentId(), n2, n1, utc(t0));
        String n1Before = row(dataSource, "long_term_node", n1);
        String n2Before = row(dataSource, "long_term_node", n2);
        List<String> oldEdges = edgesOf(dataSource, n2);

        float[] v = vector(20, 22, 0.7);
        ShortTermEntry e = entries.writeEntry(entry(pair, "Anna planted tomatoes", 0.8, v).setEntryKey("tomatoes")
                .addTopics("garden").addTopics("Food").addEntityIds(entity).build()).getEntry();
        PromoteEntryResponse r = promote(pair, e.getId());

        assertThat(r.getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_NEW_NODE);
        assertThat(r.getEdgesCreated()).isEqualTo(4);
        assertThat(r.getBestCosine()).isCloseTo(0.7, within(1e-6));
        long n = r.getNodeId();
        assertThat(count(dataSource, "select count(*) from short_term_entry where id = ?", e.getId())).isZero();
        assertThatThrownBy(() -> entries.getEntry(GetEntryRequest.newBuilder().setPair(pair).setId(e.getId()).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        x -> assertThat(x.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND));
        double absolute = nodeWeights.anchor(0.8);
        assertThat(absolute).isCloseTo(3.540243, within(1e-6));
        assertThat(count(dataSource, "select count(*) from long_term_node where id = ? and source_key = 'tomatoes'"
                + " and content = 'Anna planted tomatoes' and raw_weight = 0.8 and absolute_weight = ?"
                + " and decay_weight = absolute_weight and decay_base = absolute_weight and frequency = 1 and active"
                + " and decay_base_at = ? and created_at = ? and reinforced_at = ? and topic_keys = array['garden','food']",
                n, absolute, utc(t0), utc(t0), utc(t0))).isEqualTo(1);

        // N ↔ N1: embedding (cos 0.7) + topics (1 shared of max(2, 1))
        Map<String, Object> toN1 = edge(n, n1);
        Map<String, Object> fromN1 = edge(n1, n);
        double cos = (Double) toN1.get("cos");
        assertThat(cos).isCloseTo(LongTermFixtures.cosine(v, unit(20)), within(1e-6));
        Map<Layer, Double> depths = new EnumMap<>(Layer.class);
        depths.put(Layer.EMBEDDING, (cos - 0.55) / 0.45);
        depths.put(Layer.TOPICS, 0.5);
        EdgeWeights.Pair w1 = edgeWeights.compute(absolute, 3.5, depths);
        assertThat(toN1.get("reasons")).isEqualTo("{embedding,topics}");
        assertThat(toN1.get("topics")).isEqualTo("{garden}");
        assertThat((Double) toN1.get("raw")).isCloseTo(w1.rawXY(), within(1e-12));
        assertThat((Double) toN1.get("abs")).isCloseTo(w1.absoluteXY(), within(1e-12));
        assertThat((Double) fromN1.get("raw")).isCloseTo(w1.rawYX(), within(1e-12));
        assertThat((Double) fromN1.get("abs")).isCloseTo(w1.absoluteYX(), within(1e-12));
        assertThat(frozen(fromN1)).isEqualTo(frozen(toN1));

        // N ↔ N2 (inactive): entity only
        Map<String, Object> toN2 = edge(n, n2);
        Map<String, Object> fromN2 = edge(n2, n);
        EdgeWeights.Pair w2 = edgeWeights.compute(absolute, 2.0, Map.of(Layer.ENTITY, 1.0));
        assertThat(toN2.get("reasons")).isEqualTo("{entity}");
        assertThat(toN2.get("entities")).isEqualTo("{" + entity + "}");
        assertThat((Double) toN2.get("raw")).isCloseTo(w2.rawXY(), within(1e-12));
        assertThat((Double) fromN2.get("raw")).isCloseTo(w2.rawYX(), within(1e-12));
        assertThat((Double) fromN2.get("abs")).isCloseTo(w2.absoluteYX(), within(1e-12));
        assertThat(frozen(fromN2)).isEqualTo(frozen(toN2));
        assertThat((Double) toN2.get("raw")).as("stronger (N) → weaker (N2) is the stronger edge")
                .isGreaterThan((Double) fromN2.get("raw"));

        // older nodes and the edges between them are untouched
        assertThat(row(dataSource, "long_term_node", n1)).isEqualTo(n1Before);
        assertThat(row(dataSource, "long_term_node", n2)).isEqualTo(n2Before);
        assertThat(edgesOf(dataSource, n2).stream().filter(oldEdges::contains)).hasSize(2);
        assertThat(count(dataSource, "select count(*) from pipeline_log where user_id = ? and content->>'outcome' = 'new_node'"
                + " and (content->'measure'->>'edges_created')::int = 4", pair.getUserId())).isEqualTo(1);
    }

    private Map<String, Object> edge(long from, long to) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement("""
                select raw_weight, absolute_weight, reasons::text, shared_entity_ids::text, shared_topics::text,
                       embedding_cosine_initial, layer_count, coalesce(timeline_distance, -1) from long_term_edge
                 where from_node_id = ? and to_node_id = ?""")) {
            s.setLong(1, from);
            s.setLong(2, to);
            try (ResultSet rs = s.executeQuery()) {
                assertThat(rs.next()).as("edge %d → %d", from, to).isTrue();
                return Map.of("raw", rs.getDouble(1), "abs", rs.getDouble(2), "reasons", rs.getString(3),
                        "entities", rs.getString(4), "topics", rs.getString(5), "cos", rs.getDouble(6),
                        "layers", rs.getInt(7), "dist", rs.getDouble(8));
            }
        }
    }

    private static List<Object> frozen(Map<String, Object> edge) {
        return List.of(edge.get("reasons"), edge.get("entities"), edge.get("topics"), edge.get("cos"),
                edge.get("layers"), edge.get("dist"));
    }

    /** Throws inside the promotion transaction, after the node insert, before the edges. */
    static class FailingHooks extends PromotionHooks {
        @Override
        public void beforeEdgeInsert(long nodeId, int edgeRows) {
            throw new IllegalStateException("injected edge insert failure");
        }
    }

    @Test
    void aFailureLeavesNoNodeNoEdgeAndCountsTheAttempt() throws Exception {
        QuarkusMock.installMockForType(new FailingHooks(), PromotionHooks.class);
        Pair pair = pair(tenant);
        long entity = 800_000_000L + (System.nanoTime() % 1000);
        long n1 = LongTermFixtures.node(dataSource, pair, "n1", unit(40), 0.9, 3.5, 3.5, true,
                OffsetDateTime.now(ZoneOffset.UTC), new Long[] { entity }, new String[0]);
        String n1Before = row(dataSource, "long_term_node", n1);
        ShortTermEntry e = entries.writeEntry(entry(pair, "fails", 0.8, unit(41)).setEntryKey("fails")
                .addEntityIds(entity).build()).getEntry();

        PromoteEntryResponse r = promote(pair, e.getId());

        assertThat(r.getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_FAILED);
        assertThat(r.getMessage()).contains("injected edge insert failure");
        assertThat(nodes(pair)).isEqualTo(1);
        assertThat(count(dataSource, "select count(*) from long_term_node where user_id = ? and source_key = 'fails'",
                pair.getUserId())).isZero();
        assertThat(edgesOf(dataSource, n1)).isEmpty();
        assertThat(row(dataSource, "long_term_node", n1)).isEqualTo(n1Before);
        ShortTermEntry after = entries.getEntry(GetEntryRequest.newBuilder().setPair(pair).setId(e.getId()).build())
                .getEntry();
        assertThat(after.getPromotionState()).isEqualTo(PromotionState.PROMOTION_STATE_PENDING);
        assertThat(after.getAttempts()).isEqualTo(1);
        assertThat(after.getLastError()).contains("injected edge insert failure");
        assertThat(count(dataSource, "select count(*) from partition_stats where user_id = ?", pair.getUserId())).isZero();

        promote(pair, e.getId());
        promote(pair, e.getId());
        ShortTermEntry failed = entries.getEntry(GetEntryRequest.newBuilder().setPair(pair).setId(e.getId()).build())
                .getEntry();
        assertThat(failed.getAttempts()).isEqualTo(3);
        assertThat(failed.getPromotionState()).isEqualTo(PromotionState.PROMOTION_STATE_FAILED);
        assertThat(promote(pair, e.getId()).getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_NOT_PENDING);
        assertThat(count(dataSource, "select count(*) from pipeline_log where user_id = ? and node = 'promotion'"
                + " and art = 'error' and content->>'error' like '%injected edge insert failure%'", pair.getUserId()))
                .isEqualTo(3);
    }

    @Test
    void pairsAreIsolatedInCandidatesDuplicatesAndAccess() throws Exception {
        Pair p1 = pair(tenant);
        Pair p2 = pair(tenant);
        PromoteEntryResponse first = promote(p1, write(p1, "identical memory", 0.8, unit(50)).getId());
        PromoteEntryResponse other = promote(p2, write(p2, "identical memory", 0.8, unit(50)).getId());
        assertThat(first.getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_NEW_NODE);
        assertThat(other.getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_NEW_NODE);
        assertThat(other.hasBestCosine()).as("no candidate from the other pair").isFalse();
        assertThat(other.getEdgesCreated()).isZero();
        PromoteEntryResponse dup = promote(p2, write(p2, "identical memory", 0.8, unit(50)).getId());
        assertThat(dup.getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_DUPLICATE);
        assertThat(dup.getHitNodeId()).isEqualTo(other.getNodeId());
        assertThat(count(dataSource, "select count(*) from long_term_edge where user_id in (?, ?)", p1.getUserId(),
                p2.getUserId())).isZero();

        long p1Entry = write(p1, "p1 pending", 0.8, unit(51)).getId();
        assertThatThrownBy(() -> promote(p2, p1Entry)).isInstanceOfSatisfying(StatusRuntimeException.class,
                x -> assertThat(x.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED));
        Pair foreign = pair(LongTermFixtures.newTenant("foreign"));
        assertThatThrownBy(() -> promote(foreign, p1Entry)).isInstanceOfSatisfying(StatusRuntimeException.class,
                x -> assertThat(x.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED));
    }

    @Test
    void promotionJobPromotesPendingEntriesAndRecordsItsRun() throws Exception {
        Pair pair = pair(tenant);
        ShortTermEntry e1 = write(pair, "job one", 0.8, unit(60));
        ShortTermEntry e2 = write(pair, "job two", 0.8, vector(60, 61, 0.95));
        ShortTermEntry low = write(pair, "not eligible", 0.5, unit(62));
        long processed = 0;
        for (int run = 0; run < 100 && count(dataSource, "select count(*) from short_term_entry where id in (?, ?)"
                + " and promotion_state = 'pending'", e1.getId(), e2.getId()) > 0; run++) {
            RunJobResponse r = admin.runJob(RunJobRequest.newBuilder().setJob(MemoryJob.MEMORY_JOB_PROMOTION).build());
            assertThat(r.getResult().getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
            assertThat(r.getResult().getCountsMap()).containsKeys("processed", "new_node", "duplicate", "reactivated",
                    "failed", "edges_created");
            processed += r.getResult().getCountsOrThrow("processed");
        }
        assertThat(processed).isGreaterThanOrEqualTo(2);
        assertThat(nodes(pair)).isEqualTo(1);
        assertThat(count(dataSource, "select count(*) from short_term_entry where id = ? and promotion_state = 'duplicate'",
                e2.getId())).isEqualTo(1);
        assertThat(count(dataSource, "select count(*) from short_term_entry where id = ? and promotion_state = 'not_eligible'",
                low.getId())).isEqualTo(1);
        assertThat(count(dataSource, "select count(*) from job_run where job = 'PROMOTION' and status = 'done'"
                + " and trigger = 'manual' and counts->>'processed' is not null")).isGreaterThanOrEqualTo(1);
    }

    @Test
    void oneRunDrainsAQueueLongerThanABatchWithoutWaitingForTheInterval() throws Exception {
        Pair pair = pair(tenant);
        // 250 entries, more than two batches of promotion.batch-size (100); distinct directions, so no duplicates
        for (int i = 0; i < 250; i++) {
            write(pair, "drained memory " + i, 0.8, unit(100 + i));
        }
        RunJobResponse r = admin.runJob(RunJobRequest.newBuilder().setJob(MemoryJob.MEMORY_JOB_PROMOTION).build());
        assertThat(r.getResult().getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
        assertThat(r.getResult().getCountsOrThrow("processed")).isGreaterThanOrEqualTo(250);
        assertThat(count(dataSource, "select count(*) from short_term_entry where user_id = ? and agent_id = ?"
                + " and promotion_state = 'pending'", pair.getUserId(), pair.getAgentId())).isZero();
        assertThat(nodes(pair)).isEqualTo(250);
    }
}
