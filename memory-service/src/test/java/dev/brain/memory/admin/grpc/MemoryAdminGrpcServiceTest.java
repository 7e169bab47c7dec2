package dev.brain.memory.admin.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.pgvector.PGvector;

import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MemoryStatsRequest;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.TableCount;
import dev.brain.memory.admin.stats.repository.MemoryStatsRepository;
import dev.brain.memory.testing.LongTermFixtures;
import dev.brain.tenancy.TenantUsers;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class MemoryAdminGrpcServiceTest {

    @Inject
    DataSource dataSource;

    private ManagedChannel channel;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    private long rows(String tenant, String table) {
        return GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel))
                .stats(MemoryStatsRequest.getDefaultInstance()).getTablesList().stream()
                .filter(t -> t.getTable().equals(table)).mapToLong(TableCount::getRows).findFirst().orElseThrow();
    }

    @Test
    void statsCountsSynapsesPerTenantAndPairsPerTenantUser() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String tenantA = "mem-a-" + run;
        String tenantB = "mem-b-" + run;
        try (Connection c = dataSource.getConnection();
                PreparedStatement insert = c.prepareStatement("""
                        insert into partition_stats (user_id, agent_id, node_count, active_count, edge_count)
                        values (?, 'claude', 0, 0, 0), (?, 'claude', 0, 0, 0)""")) {
            insert.setString(1, tenantA);
            insert.setString(2, tenantA + ":alice");
            insert.executeUpdate();
        }
        assertThat(rows(tenantA, "partition_stats")).isEqualTo(2);
        assertThat(rows(tenantB, "partition_stats")).isZero();
        assertThat(rows(tenantA, "synapse")).isZero();
    }

    /** A node of {@code userId}/claude with a unit vector; returns its id. */
    private long node(String userId, String key) throws Exception {
        Pair pair = Pair.newBuilder().setUserId(userId).setAgentId("claude").build();
        return LongTermFixtures.node(dataSource, pair, key, LongTermFixtures.unit(1), 0.8, 3.5, 3.5, true,
                OffsetDateTime.now(), new Long[0], new String[0]);
    }

    /** One user's rows: n nodes linked in a chain (2 edges per link), an entry, a log line, a stats row. */
    private void rowsOf(String userId, int n) throws Exception {
        long previous = 0;
        for (int i = 0; i < n; i++) {
            long id = node(userId, "k" + i);
            if (previous != 0) {
                for (long[] e : new long[][] { { previous, id }, { id, previous } }) {
                    LongTermFixtures.exec(dataSource, """
                            insert into long_term_edge (user_id, agent_id, from_node_id, to_node_id, raw_weight,
                                absolute_weight, reasons, embedding_cosine_initial, layer_count, created_at)
                            values (?, 'claude', ?, ?, 1, 1, '{entity}', 0, 1, now())""", userId, e[0], e[1]);
                }
            }
            previous = id;
        }
        LongTermFixtures.exec(dataSource, """
                insert into short_term_entry (user_id, agent_id, observer, entry_key, content, embedding, salience,
                    created_at, expires_at, promotion_state)
                values (?, 'claude', 'user', 'e', 'c', ?, 0.5, now(), now() + interval '1 day', 'not_eligible')""",
                userId, new PGvector(LongTermFixtures.unit(1)));
        LongTermFixtures.exec(dataSource, "insert into pipeline_log (turn_id, art, user_id, agent_id)"
                + " values ('background', 'note', ?, 'claude')", userId);
        // as promotion leaves it: the graph tables' counts are read from here
        LongTermFixtures.exec(dataSource, "insert into partition_stats (user_id, agent_id, node_count, active_count,"
                + " edge_count) values (?, 'claude', ?, ?, ?)", userId, n, n, 2 * (n - 1));
    }

    private Map<String, Long> stats(String tenant) {
        return GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel))
                .stats(MemoryStatsRequest.getDefaultInstance()).getTablesList().stream()
                .collect(Collectors.toMap(TableCount::getTable, TableCount::getRows, (a, b) -> a, LinkedHashMap::new));
    }

    @Test
    void statsCountsExactlyTheTenantsOwnUsersAndNoTenantWhoseNameExtendsIt() throws Exception {
        String tenant = "mem-" + UUID.randomUUID().toString().substring(0, 8);
        // the tenant's users: itself, alice, b:c — 1 + 2 + 3 nodes, 0 + 2 + 4 edges
        rowsOf(tenant, 1);
        rowsOf(tenant + ":alice", 2);
        rowsOf(tenant + ":b:c", 3);
        // users of other tenants whose names start like it (and one beyond the range end)
        for (String other : List.of(tenant + "b", tenant + "b:x", tenant + "-b:x", tenant + ".b", tenant + "_b:x",
                tenant + "0:x", tenant + ";x", "x" + tenant + ":y")) {
            rowsOf(other, 2);
        }

        Map<String, Long> counts = stats(tenant);

        assertThat(counts).containsEntry("long_term_node", 6L).containsEntry("long_term_edge", 6L)
                .containsEntry("short_term_entry", 3L).containsEntry("pipeline_log", 3L)
                .containsEntry("partition_stats", 3L).containsEntry("entity", 0L).containsEntry("synapse", 0L)
                .containsEntry("long_term_node_embedding", 6L);
        // a partitioned table is counted once, as itself
        assertThat(counts.keySet()).noneMatch(table -> table.matches("long_term_node_embedding_\\d+"));
        assertThat(List.copyOf(counts.keySet())).isSorted();
        // tenant "<t>b" owns "<t>b" and "<t>b:x" only
        assertThat(stats(tenant + "b")).containsEntry("long_term_node", 4L).containsEntry("long_term_edge", 4L)
                .containsEntry("partition_stats", 2L);
    }

    @Test
    void everyCountReachesItsTableThroughAnIndexAndTheGraphTablesAreReadFromPartitionStats() throws Exception {
        String tenant = "mem-" + UUID.randomUUID().toString().substring(0, 8);
        String plan;
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            // a sequential scan only where nothing else can serve the condition
            s.execute("set enable_seqscan = off");
            plan = MemoryStatsRepository.explain(c, tenant);
            s.execute("reset enable_seqscan");
        }
        for (String table : List.of("short_term_entry", "pipeline_log", "partition_stats", "entity", "usage_decision",
                "calibration", "synapse", "synapse_event")) {
            assertThat(plan).as(plan).doesNotContain("Seq Scan on " + table + " ").contains(" on " + table + " ");
        }
        // nodes, vectors and edges (1.1M rows and more) are not read at all: their counts are partition_stats sums
        assertThat(plan).as(plan).doesNotContain(" on long_term_node ").doesNotContain(" on long_term_edge ")
                .doesNotContain(" on long_term_node_embedding");
        assertThat(plan).contains("Seq Scan on turn_read");
        // a range on user_id bounds each scan (a plain starts_with filter would scan the whole index): the six
        // tables with an index led by user_id and partition_stats read four times (itself and the three sums)
        assertThat(plan.split("Index Cond: \\(\\(user_id >= ", -1)).as(plan).hasSize(6 + 3 + 1);
        assertThat(plan.split("Index Cond: \\(tenant = ", -1)).as(plan).hasSize(2 + 1);
    }

    @Test
    void theTenantConditionSelectsExactlyTheTenantsUsersInEveryCollation() throws Exception {
        String tenant = "Acme-1";
        List<String> ids = List.of(tenant, tenant + ":a", tenant + ":Z", tenant + ":zz~", tenant + "::x",
                tenant + ":@/.-_", tenant + ":" + "\u00ff", "acme-1:a", "ACME-1:a", tenant + "b", tenant + "b:x",
                tenant + "-b:x", tenant + ".b", tenant + "_b:x", tenant + "0:x", tenant + ";x", tenant + "~",
                "x" + tenant + ":y", "Acme", "Acme-", "Acme-1" + "\u00ff:x");
        List<String> expected = ids.stream().filter(id -> TenantUsers.belongsTo(tenant, id)).sorted().toList();
        List<String> collations = new ArrayList<>(List.of("C", "POSIX", "default"));
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select collname from pg_collation where collname in ('C.utf8',"
                        + " 'und-x-icu', 'en-US-x-icu', 'de-DE-x-icu', 'sv-SE-x-icu', 'da-DK-x-icu', 'ja-JP-x-icu')")) {
            while (rs.next()) {
                collations.add(rs.getString(1));
            }
        }
        for (String collation : collations) {
            String sql = "select x from unnest(?::text[]) x where "
                    + TenantUsers.condition("(x collate \"" + collation + "\")") + " order by x collate \"C\"";
            List<String> selected = new ArrayList<>();
            try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
                s.setArray(1, c.createArrayOf("text", ids.toArray()));
                TenantUsers.bind(s, 2, tenant);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        selected.add(rs.getString(1));
                    }
                }
            }
            assertThat(selected).as(collation).isEqualTo(expected);
        }
        assertThat(collations).as("ICU collations available").contains("und-x-icu");
    }

    @Test
    void statsWithoutTenantIsUnauthenticated() {
        assertThatThrownBy(() -> MemoryAdminServiceGrpc.newBlockingStub(channel).stats(MemoryStatsRequest.getDefaultInstance()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
    }
}
