package dev.brain.memory.admin.stats;

import static dev.brain.memory.testing.LongTermFixtures.count;
import static dev.brain.memory.testing.LongTermFixtures.entry;
import static dev.brain.memory.testing.LongTermFixtures.vector;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.DeleteNodeRequest;
import dev.brain.grpc.v1.DeletePartitionRequest;
import dev.brain.grpc.v1.LongTermMemoryServiceGrpc;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MemoryStatsRequest;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PromoteEntryRequest;
import dev.brain.grpc.v1.PromotionOutcome;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc;
import dev.brain.grpc.v1.TableCount;
import dev.brain.memory.synapse.SynapseFixtures;
import dev.brain.memory.testing.LongTermFixtures;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Stats reads nodes, vectors and edges from partition_stats (no row of those tables is read): the sums stay exactly
 * the tables' row counts through promotions, DeleteNode and DeletePartition, for every pair of the tenant.
 */
@QuarkusTest
class MemoryStatsTest {

    private static final List<String> GRAPH_TABLES = List.of("long_term_node", "long_term_node_embedding",
            "long_term_edge");

    @Inject
    DataSource dataSource;

    @Inject
    MemoryStats stats;

    private ManagedChannel channel;
    private String tenant;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
        tenant = LongTermFixtures.newTenant("stats");
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    private long[] promote(Pair pair, int n) {
        var entries = GrpcTestChannel.as(tenant, ShortTermMemoryServiceGrpc.newBlockingStub(channel));
        var admin = GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel));
        long[] ids = new long[n];
        for (int i = 0; i < n; i++) {
            long entry = entries.writeEntry(entry(pair, "stats note " + i, 0.8, vector(30 + i, 40 + i, 0.1))
                    .addTopics("garden").build()).getEntry().getId();
            var r = admin.promoteEntry(PromoteEntryRequest.newBuilder().setPair(pair).setId(entry).build());
            assertThat(r.getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_NEW_NODE);
            ids[i] = r.getNodeId();
        }
        return ids;
    }

    private void assertStatsEqualRows(long nodes, long edges) throws Exception {
        Map<String, Long> stats = GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel))
                .stats(MemoryStatsRequest.getDefaultInstance()).getTablesList().stream()
                .collect(Collectors.toMap(TableCount::getTable, TableCount::getRows));
        for (String table : GRAPH_TABLES) {
            long rows = count(dataSource, "select count(*) from " + table + " where user_id like ?", tenant + ":%");
            assertThat(stats.get(table)).as(table).isEqualTo(rows);
        }
        assertThat(stats).containsEntry("long_term_node", nodes).containsEntry("long_term_node_embedding", nodes)
                .containsEntry("long_term_edge", edges);
    }

    @Test
    void graphCountsFollowPromotionsAndDeletesExactly() throws Exception {
        Pair a = LongTermFixtures.pair(tenant);
        Pair b = LongTermFixtures.pair(tenant);
        assertStatsEqualRows(0, 0);
        long[] nodesA = promote(a, 4); // four nodes sharing a topic: 12 directed edges
        promote(b, 3); // 6 more
        assertStatsEqualRows(7, 18);

        GrpcTestChannel.as(tenant, LongTermMemoryServiceGrpc.newBlockingStub(channel))
                .deleteNode(DeleteNodeRequest.newBuilder().setPair(a).setId(nodesA[1]).build());
        assertStatsEqualRows(6, 12);

        GrpcTestChannel.as(tenant, LongTermMemoryServiceGrpc.newBlockingStub(channel))
                .deletePartition(DeletePartitionRequest.newBuilder().setPair(b).build());
        assertStatsEqualRows(3, 6);

        promote(b, 1);
        assertStatsEqualRows(4, 6);
    }

    /**
     * A table's count stops after the exact limit and becomes the planner's estimate (at least the limit + 1): the
     * status of a tenant with 1M synapses no longer counts them row by row.
     */
    @Test
    void aCountBeyondTheExactLimitIsEstimatedNotCounted() throws Exception {
        SynapseFixtures.insertChain(dataSource, tenant, 30);
        assertThat(stats.rowCounts(tenant, 100)).containsEntry("synapse", 30L);
        assertThat(stats.rowCounts(tenant, 10).get("synapse")).as("estimated beyond 10 rows").isGreaterThan(10L);
        assertThat(stats.rowCounts(tenant, 10)).as("small tables stay exact").containsEntry("long_term_node", 0L);
    }
}
