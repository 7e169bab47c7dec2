package dev.brain.memory.longterm.partition;

import static dev.brain.memory.testing.LongTermFixtures.count;
import static dev.brain.memory.testing.LongTermFixtures.entry;
import static dev.brain.memory.testing.LongTermFixtures.exec;
import static dev.brain.memory.testing.LongTermFixtures.pair;
import static dev.brain.memory.testing.LongTermFixtures.vector;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.DeleteNodeRequest;
import dev.brain.grpc.v1.DeleteNodeResponse;
import dev.brain.grpc.v1.DeletePartitionRequest;
import dev.brain.grpc.v1.LongTermMemoryServiceGrpc;
import dev.brain.grpc.v1.LongTermMemoryServiceGrpc.LongTermMemoryServiceBlockingStub;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc.MemoryAdminServiceBlockingStub;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PromoteEntryRequest;
import dev.brain.grpc.v1.PromotionOutcome;
import dev.brain.grpc.v1.ResolveEntitiesRequest;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc.ShortTermMemoryServiceBlockingStub;
import dev.brain.memory.testing.LongTermFixtures;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

/** DeleteNode and DeletePartition over gRPC (memory.md §13): hard deletes that stay inside their pair and tenant. */
@QuarkusTest
class PartitionDeletesTest {

    static final List<String> PAIR_TABLES = List.of("short_term_entry", "long_term_node", "long_term_node_embedding",
            "long_term_edge", "entity",
            "turn_read", "usage_decision", "calibration", "pipeline_log", "partition_stats");

    @Inject
    DataSource dataSource;

    private ManagedChannel channel;
    private String tenant;
    private ShortTermMemoryServiceBlockingStub entries;
    private MemoryAdminServiceBlockingStub admin;
    private LongTermMemoryServiceBlockingStub longTerm;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
        tenant = LongTermFixtures.newTenant("del");
        entries = GrpcTestChannel.as(tenant, ShortTermMemoryServiceGrpc.newBlockingStub(channel));
        admin = GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel));
        longTerm = GrpcTestChannel.as(tenant, LongTermMemoryServiceGrpc.newBlockingStub(channel));
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    /** Three promoted nodes sharing a topic (a triangle: 6 directed edges); returns their ids in order. */
    private long[] triangle(Pair pair) {
        long[] ids = new long[3];
        for (int i = 0; i < 3; i++) {
            long entry = entries.writeEntry(entry(pair, "note " + i, 0.8, vector(30 + i, 40 + i, 0.1))
                    .addTopics("garden").build()).getEntry().getId();
            var r = admin.promoteEntry(PromoteEntryRequest.newBuilder().setPair(pair).setId(entry).build());
            assertThat(r.getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_NEW_NODE);
            ids[i] = r.getNodeId();
        }
        return ids;
    }

    private void synapse(String tenant, String sourceType, long sourceId, String targetType, long targetId)
            throws Exception {
        exec(dataSource, "insert into synapse (tenant, source_type, source_id, target_type, target_id, synapse_type,"
                + " weight, base_weight, last_activated_at, created_at) values (?, ?, ?, ?, ?, 'similar_to', 0.5, 0.5,"
                + " now(), now())", tenant, sourceType, sourceId, targetType, targetId);
    }

    private long pairRows(String table, Pair pair) throws Exception {
        return count(dataSource, "select count(*) from " + table + " where user_id = ? and agent_id = ?",
                pair.getUserId(), pair.getAgentId());
    }

    private long synapses(String tenant, long memoryId) throws Exception {
        return count(dataSource, "select count(*) from synapse where tenant = ? and ((source_type = 'memory' and"
                + " source_id = ?) or (target_type = 'memory' and target_id = ?))", tenant, memoryId, memoryId);
    }

    /** One row of the pair in each table promotion does not fill. */
    private void fill(Pair pair) throws Exception {
        String u = pair.getUserId();
        String a = pair.getAgentId();
        entries.writeEntry(entry(pair, "kept short-term", 0.5, vector(50, 51, 0.2)).build());
        longTerm.resolveEntities(ResolveEntitiesRequest.newBuilder().setPair(pair).addNames("Anna").build());
        exec(dataSource, "insert into turn_read (turn_id, user_id, agent_id, created_at) values (?, ?, ?, now())",
                "turn-" + u, u, a);
        exec(dataSource, "insert into usage_decision (turn_id, user_id, agent_id, answer_text, outcome, protocol,"
                + " created_at) values (?, ?, ?, 'x', 'NO_CANDIDATE', '{}', now())", "turn-" + u, u, a);
        exec(dataSource, "insert into calibration (user_id, agent_id, model, dimension, report, created_at)"
                + " values (?, ?, 'm', 384, '{}', now())", u, a);
        exec(dataSource, "insert into pipeline_log (turn_id, node, art, content, user_id, agent_id)"
                + " values ('t', 'test', 'note', '\"x\"', ?, ?)", u, a);
    }

    @Test
    void deleteNodeRemovesTheNodeItsEdgesAndItsMemorySynapsesOfTheTenantOnly() throws Exception {
        Pair pair = pair(tenant);
        long[] n = triangle(pair);
        String otherTenant = LongTermFixtures.newTenant("del");
        synapse(tenant, "memory", n[0], "error", 7);
        synapse(tenant, "solution", 8, "memory", n[0]);
        synapse(tenant, "memory", n[1], "error", 7);
        synapse(otherTenant, "memory", n[0], "error", 7);
        long statsEdges = count(dataSource, "select edge_count from partition_stats where user_id = ?", pair.getUserId());
        assertThat(statsEdges).isEqualTo(6);

        DeleteNodeResponse r = longTerm.deleteNode(DeleteNodeRequest.newBuilder().setPair(pair).setId(n[0]).build());

        assertThat(r.getEdgesDeleted()).isEqualTo(4);
        assertThat(r.getSynapsesDeleted()).isEqualTo(2);
        assertThat(count(dataSource, "select count(*) from long_term_node where id = ?", n[0])).isZero();
        assertThat(count(dataSource, "select count(*) from long_term_edge where from_node_id = ? or to_node_id = ?",
                n[0], n[0])).isZero();
        assertThat(pairRows("long_term_edge", pair)).isEqualTo(2);
        assertThat(synapses(tenant, n[0])).isZero();
        assertThat(synapses(tenant, n[1])).isEqualTo(1);
        assertThat(synapses(otherTenant, n[0])).isEqualTo(1);
        assertThat(count(dataSource, "select node_count * 100 + active_count * 10 + edge_count from partition_stats"
                + " where user_id = ?", pair.getUserId())).isEqualTo(222);

        Pair sibling = pair(tenant);
        long[] s = triangle(sibling);
        assertStatus(() -> longTerm.deleteNode(DeleteNodeRequest.newBuilder().setPair(pair).setId(s[0]).build()),
                Status.Code.PERMISSION_DENIED, "id");
        // a node of another tenant is not found, as an unknown one (and stays)
        String foreignTenant = LongTermFixtures.newTenant("del");
        Pair foreign = pair(foreignTenant);
        assertStatus(() -> GrpcTestChannel.as(foreignTenant, LongTermMemoryServiceGrpc.newBlockingStub(channel))
                .deleteNode(DeleteNodeRequest.newBuilder().setPair(foreign).setId(s[0]).build()),
                Status.Code.NOT_FOUND, "id: node " + s[0] + " not found");
        assertThat(pairRows("long_term_node", sibling)).isEqualTo(3);
        assertStatus(() -> longTerm.deleteNode(DeleteNodeRequest.newBuilder().setPair(pair).setId(n[0]).build()),
                Status.Code.NOT_FOUND, "id");
        assertStatus(() -> longTerm.deleteNode(DeleteNodeRequest.newBuilder().setPair(pair).build()),
                Status.Code.INVALID_ARGUMENT, "id");
        assertThat(pairRows("long_term_node", sibling)).isEqualTo(3);
    }

    @Test
    void deletePartitionLeavesNoRowOfThePairAndNothingOfOtherPairs() throws Exception {
        Pair pair = pair(tenant);
        Pair sibling = pair(tenant);
        Pair sameUserOtherAgent = Pair.newBuilder().setUserId(pair.getUserId()).setAgentId("other-agent").build();
        long[] n = triangle(pair);
        triangle(sibling);
        triangle(sameUserOtherAgent);
        fill(pair);
        fill(sibling);
        synapse(tenant, "memory", n[0], "memory", n[1]);
        synapse(tenant, "error", 3, "memory", n[2]);
        Map<String, Long> before = new LinkedHashMap<>();
        for (String table : PAIR_TABLES) {
            before.put(table, pairRows(table, pair));
            assertThat(before.get(table)).as(table).isPositive();
        }
        Map<String, Long> siblingBefore = new LinkedHashMap<>();
        for (String table : PAIR_TABLES) {
            siblingBefore.put(table, pairRows(table, sibling) + pairRows(table, sameUserOtherAgent));
        }

        Map<String, Long> deleted = longTerm.deletePartition(DeletePartitionRequest.newBuilder().setPair(pair).build())
                .getDeletedMap();

        for (String table : PAIR_TABLES) {
            assertThat(pairRows(table, pair)).as(table).isZero();
            assertThat(deleted.get(table)).as(table).isEqualTo(before.get(table));
            assertThat(pairRows(table, sibling) + pairRows(table, sameUserOtherAgent)).as(table)
                    .isEqualTo(siblingBefore.get(table));
        }
        assertThat(deleted.get("synapse")).isEqualTo(2);
        assertThat(count(dataSource, "select count(*) from synapse where tenant = ?", tenant)).isZero();
        // an empty pair is not an error
        assertThat(longTerm.deletePartition(DeletePartitionRequest.newBuilder().setPair(pair).build()).getDeletedMap())
                .containsEntry("long_term_node", 0L);
        assertStatus(() -> longTerm.deletePartition(DeletePartitionRequest.newBuilder()
                .setPair(pair(LongTermFixtures.newTenant("x"))).build()), Status.Code.PERMISSION_DENIED, "pair.user_id");
    }

    private static void assertStatus(Runnable call, Status.Code code, String descriptionStart) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class, x -> {
            assertThat(x.getStatus().getCode()).isEqualTo(code);
            assertThat(x.getStatus().getDescription()).startsWith(descriptionStart);
        });
    }
}
