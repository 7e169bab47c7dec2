package dev.brain.memory.admin.transfer.repository;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.db.PgVector;
import dev.brain.db.transfer.ImportWriter;
import dev.brain.db.transfer.OnConflict;

/**
 * Import's statements (memory.md §13, §14) on tables {@code long_term_node}, {@code long_term_node_embedding},
 * {@code long_term_edge}, {@code short_term_entry}, {@code synapse} and {@code partition_stats}: the lookups of
 * existing rows and references by key, the node vectors, the recount of a pair's statistics, and the writer of
 * the rows themselves ({@link ImportWriter}). The caller holds the transaction and the pair locks.
 */
@ApplicationScoped
public class ImportRepository {

    private final Jdbc jdbc;

    public ImportRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The writer of one import's rows under its on_conflict policy. */
    public ImportWriter writer(OnConflict onConflict) {
        return new ImportWriter(jdbc, onConflict);
    }

    /** The pair's node with this source key. */
    public Optional<Long> nodeId(String userId, String agentId, String sourceKey) {
        return jdbc.one("select id from long_term_node where user_id = ? and agent_id = ? and source_key = ?",
                rs -> rs.getLong(1), userId, agentId, sourceKey);
    }

    /** Whether node {@code id} belongs to user {@code tenant} or one of its {@code <tenant>:} users. */
    public boolean tenantNodeExists(long id, String tenant) {
        return jdbc.one("select id from long_term_node where id = ? and (user_id = ?"
                + " or starts_with(user_id, ? || ':'))", rs -> rs.getLong(1), id, tenant, tenant).isPresent();
    }

    /** The node's vector, inserted or replaced. */
    public void writeNodeVector(long nodeId, String userId, String agentId, PgVector embedding) {
        jdbc.update("insert into long_term_node_embedding (node_id, user_id, agent_id,"
                + " embedding) values (?, ?, ?, ?::vector)"
                + " on conflict (user_id, agent_id, node_id) do update set embedding = excluded.embedding",
                nodeId, userId, agentId, embedding);
    }

    /** The edge from node {@code from} to node {@code to}. */
    public Optional<Long> edgeId(long from, long to) {
        return jdbc.one("select id from long_term_edge where from_node_id = ? and to_node_id = ?",
                rs -> rs.getLong(1), from, to);
    }

    /** The pair's short-term entry with this key. */
    public Optional<Long> entryId(String userId, String agentId, String entryKey) {
        return jdbc.one("select id from short_term_entry where user_id = ? and agent_id = ?"
                + " and entry_key = ?", rs -> rs.getLong(1), userId, agentId, entryKey);
    }

    /** The tenant's synapse of this type between these endpoints. */
    public Optional<Long> synapseId(String tenant, String sourceType, long sourceId, String targetType, long targetId,
            String type) {
        return jdbc.one("select id from synapse where tenant = ? and source_type = ?"
                + " and source_id = ? and target_type = ? and target_id = ? and synapse_type = ?",
                rs -> rs.getLong(1), tenant, sourceType, sourceId, targetType, targetId, type);
    }

    /** The pair's partition_stats recounted from its nodes and edges. */
    public void recountStats(String userId, String agentId) {
        jdbc.update("""
                insert into partition_stats (user_id, agent_id, node_count, active_count, edge_count)
                select ?, ?,
                  (select count(*) from long_term_node where user_id = ? and agent_id = ?),
                  (select count(*) from long_term_node where user_id = ? and agent_id = ? and active),
                  (select count(*) from long_term_edge where user_id = ? and agent_id = ?)
                on conflict (user_id, agent_id) do update set node_count = excluded.node_count,
                  active_count = excluded.active_count, edge_count = excluded.edge_count""",
                userId, agentId, userId, agentId, userId, agentId, userId, agentId);
    }
}
