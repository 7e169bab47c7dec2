package dev.brain.memory.migration;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.testing.MigrationCheck;
import dev.brain.testing.MigrationContract;
import io.quarkus.test.junit.QuarkusTest;

/** The service's migrations build the schema from nothing, and a second run changes nothing. */
@QuarkusTest
class MigrationTest extends MigrationContract {

    MigrationTest() {
        super("memory_migration_test", "synapse", "long_term_node", "long_term_node_embedding", "long_term_edge",
                "short_term_entry");
    }

    /**
     * V7: a page of a node's synapses (base weight descending, then id: the path search's page order) is a range of
     * the node's index, both sides, with no sort; before, a hub's whole side was read and sorted for every page.
     * Sorting is switched off for the plan, so a plan that still needs one shows it (its cost only rises).
     */
    @Test
    void v7ReadsAPageOfSynapsesInIndexOrder() throws Exception {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute("set local enable_seqscan = off");
            s.execute("set local enable_sort = off");
            s.execute("set local enable_incremental_sort = off");
            for (String end : List.of("source", "target")) {
                List<String> plan = new ArrayList<>();
                try (ResultSet rs = s.executeQuery("""
                        explain select id from memory.synapse where tenant = 't' and %1$s_type = 'error'
                           and %1$s_id = 1 and base_weight <= 0.5 and (base_weight < 0.5 or id > 7)
                         order by base_weight desc, id limit 64""".formatted(end))) {
                    while (rs.next()) {
                        plan.add(rs.getString(1));
                    }
                }
                assertThat(String.join("\n", plan)).as(end).contains("using synapse_" + end + "_idx")
                        .doesNotContain("Sort");
            }
            c.rollback();
        }
    }

    /**
     * V5 moves the node vectors into a table partitioned by pair: every vector is kept, each pair's rows lie in one
     * partition, and a node's delete still removes its vector.
     */
    @Test
    void v5KeepsTheVectorsInTheirPairsPartition() throws Exception {
        String schema = "memory_v5_migration_test";
        try (var scratch = MigrationCheck.scratchAt(dataSource, schema, "4");
                Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            String node = """
                    with n as (insert into %1$s.long_term_node (user_id, agent_id, observer, source_key, content,
                        entry_created_at, raw_weight, absolute_weight, decay_weight, decay_base, decay_base_at,
                        created_at, reinforced_at)
                      select '%2$s', 'claude', 'user', 'k' || g, 'c' || g, now(), 1, 1, 1, 1, now(), now(), now()
                        from generate_series(1, %3$d) g returning id, user_id, agent_id)
                    insert into %1$s.long_term_node_embedding (node_id, user_id, agent_id, embedding)
                      select id, user_id, agent_id, ('[' || id || ',1,0]')::vector from n""";
            s.execute(node.formatted(schema, "alice", 3));
            s.execute(node.formatted(schema, "bob", 2));

            assertThat(scratch.migrate("latest")).isPositive();

            List<String> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("""
                    select e.user_id, count(*), count(distinct e.tableoid), bool_and(e.embedding[1] = n.id)
                      from %1$s.long_term_node_embedding e join %1$s.long_term_node n on n.id = e.node_id
                     group by e.user_id order by e.user_id""".formatted(schema).replace("e.embedding[1]",
                    "(e.embedding::real[])[1]"))) {
                while (rs.next()) {
                    rows.add(rs.getString(1) + " " + rs.getInt(2) + " " + rs.getInt(3) + " " + rs.getBoolean(4));
                }
            }
            assertThat(rows).containsExactly("alice 3 1 true", "bob 2 1 true");
            try (ResultSet rs = s.executeQuery("""
                    select count(*) from pg_inherits i join pg_class p on p.oid = i.inhparent
                      join pg_namespace ns on ns.oid = p.relnamespace
                     where ns.nspname = '%s' and p.relname = 'long_term_node_embedding'""".formatted(schema))) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(64);
            }
            s.execute("delete from %s.long_term_node where user_id = 'bob'".formatted(schema));
            try (ResultSet rs = s.executeQuery("select count(*) from %s.long_term_node_embedding".formatted(schema))) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(3);
            }
        }
    }
}
