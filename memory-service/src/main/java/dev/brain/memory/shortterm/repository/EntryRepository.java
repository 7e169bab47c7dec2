package dev.brain.memory.shortterm.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.db.PgVector;
import dev.brain.memory.shortterm.EntryRow;
import dev.brain.memory.shortterm.NewEntry;

/**
 * Every statement on {@code short_term_entry} (memory.md §4.2), native SQL over the transaction's connection.
 * Every statement filters by the pair, except {@link #ownerOf} (to tell NOT_FOUND from PERMISSION_DENIED) and
 * the jobs' queue reads, which span all pairs by design.
 */
@ApplicationScoped
public class EntryRepository {

    static final String COLUMNS = "e.id, e.user_id, e.agent_id, e.observer, e.entry_key, e.content, %s, e.salience,"
            + " e.topics, e.topic_keys, e.entity_ids, e.time_at, e.time_precision, e.timeline_ref, e.emotion, e.arousal,"
            + " e.metadata::text, e.turn_id, e.created_at, e.expires_at, e.promotion_state, e.hit_node_id, e.attempts,"
            + " e.last_error";

    /** An entry found by search, with its cosine to the query. */
    public record Hit(EntryRow entry, double cosine) {
    }

    /** Outcome of an insert keyed by entry_key: the inserted row, or the row that already had the key. */
    public record Inserted(EntryRow entry, boolean created) {
    }

    private final Jdbc jdbc;

    public EntryRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    private static String columns(boolean embedding) {
        return COLUMNS.formatted(embedding ? "e.embedding::text" : "null::text");
    }

    /**
     * Inserts the entry under its key, or (key taken) returns the existing entry with {@code created = false}.
     * Without a key the entry gets {@code stm-<id>}.
     */
    public Inserted insert(String userId, String agentId, NewEntry entry, List<Long> entityIds, String state,
            OffsetDateTime now, OffsetDateTime expiresAt) {
        Long id = entry.entryKey() == null ? jdbc.one("select nextval(pg_get_serial_sequence('memory.short_term_entry',"
                + " 'id'))", rs -> rs.getLong(1)).orElseThrow() : null;
        String key = id == null ? entry.entryKey() : "stm-" + id;
        String sql = "insert into short_term_entry as e (" + (id == null ? "" : "id, ")
                + "user_id, agent_id, observer, entry_key, content, embedding, salience, topics, topic_keys,"
                + " entity_ids, time_at, time_precision, timeline_ref, emotion, arousal, metadata, turn_id,"
                + " created_at, expires_at, promotion_state)" + (id == null ? "" : " overriding system value")
                + " values (" + (id == null ? "" : "?, ")
                + "?, ?, ?, ?, ?, ?::vector, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)"
                + " on conflict (user_id, agent_id, entry_key) do nothing returning " + columns(false);
        List<EntryRow> inserted = jdbc.query(sql, s -> {
            var c = s.getConnection();
            int i = 1;
            if (id != null) {
                s.setLong(i++, id);
            }
            s.setString(i++, userId);
            s.setString(i++, agentId);
            s.setString(i++, entry.observer());
            s.setString(i++, key);
            s.setString(i++, entry.content());
            s.setObject(i++, PgVector.literal(entry.embedding()), Types.OTHER);
            s.setDouble(i++, entry.salience());
            s.setArray(i++, c.createArrayOf("text", entry.topics().toArray()));
            s.setArray(i++, c.createArrayOf("text", entry.topicKeys().toArray()));
            s.setArray(i++, c.createArrayOf("bigint", entityIds.toArray()));
            s.setObject(i++, entry.timeAt() == null ? null : entry.timeAt().atOffset(ZoneOffset.UTC));
            s.setString(i++, entry.timePrecision());
            s.setString(i++, entry.timelineRef());
            s.setString(i++, entry.emotion());
            s.setDouble(i++, entry.arousal());
            s.setString(i++, entry.metadataJson());
            s.setString(i++, entry.turnId());
            s.setObject(i++, now);
            s.setObject(i++, expiresAt);
            s.setString(i++, state);
        }, EntryRepository::map);
        return inserted.isEmpty() ? new Inserted(findByKey(userId, agentId, key, false).orElseThrow(), false)
                : new Inserted(inserted.get(0), true);
    }

    public Optional<EntryRow> findById(String userId, String agentId, long id, boolean embedding) {
        return one("select " + columns(embedding) + " from short_term_entry e where e.user_id = ? and e.agent_id = ?"
                + " and e.id = ?", userId, agentId, id);
    }

    public Optional<EntryRow> findByKey(String userId, String agentId, String key, boolean embedding) {
        return one("select " + columns(embedding) + " from short_term_entry e where e.user_id = ? and e.agent_id = ?"
                + " and e.entry_key = ?", userId, agentId, key);
    }

    /** The entry with its embedding, locked for the promotion transaction (§6 step 2). */
    public Optional<EntryRow> lockById(String userId, String agentId, long id) {
        return one("select " + columns(true) + " from short_term_entry e where e.user_id = ? and e.agent_id = ?"
                + " and e.id = ? for update", userId, agentId, id);
    }

    /** Whether an id exists at all, and in which pair ({user_id, agent_id}). */
    public Optional<String[]> ownerOf(long id) {
        return jdbc.one("select user_id, agent_id from short_term_entry where id = ?",
                rs -> new String[] { rs.getString(1), rs.getString(2) }, id);
    }

    /** Whether the pair already holds a node promoted from this key (its {@code source_key}). */
    public Optional<Long> nodeWithSourceKey(String userId, String agentId, String key) {
        return jdbc.one("select id from long_term_node where user_id = ? and agent_id = ? and source_key = ?",
                rs -> rs.getLong(1), userId, agentId, key);
    }

    /** The pair's entries newest first (by id), optionally by state and observer, after {@code beforeId}. */
    public List<EntryRow> list(String userId, String agentId, List<String> states, String observer, long beforeId,
            int limit) {
        String sql = "select " + columns(false) + " from short_term_entry e where e.user_id = ? and e.agent_id = ?"
                + " and e.id < ?" + (states.isEmpty() ? "" : " and e.promotion_state = any(?)")
                + (observer == null ? "" : " and e.observer = ?") + " order by e.id desc limit ?";
        List<Object> params = new ArrayList<>(List.of(userId, agentId, beforeId));
        if (!states.isEmpty()) {
            params.add(states.toArray(String[]::new));
        }
        if (observer != null) {
            params.add(observer);
        }
        params.add(limit);
        return jdbc.list(sql, EntryRepository::map, params.toArray());
    }

    /**
     * Non-expired entries of the pair by cosine to the query, exact: the pair's rows are selected first (a
     * materialised CTE keeps the global HNSW index, which would filter other pairs' neighbours away, out of it).
     */
    public List<Hit> search(String userId, String agentId, float[] query, List<String> observers, OffsetDateTime now,
            Double minCosine, int limit) {
        String sql = "with e as materialized (select * from short_term_entry where user_id = ? and agent_id = ?"
                + " and expires_at > ?" + (observers.isEmpty() ? "" : " and observer = any(?)") + "),"
                + " scored as (select e.*, 1 - (e.embedding <=> ?::vector) as cosine from e)"
                + " select " + columns(false) + ", e.cosine from scored e"
                + (minCosine == null ? "" : " where e.cosine >= ?") + " order by e.cosine desc, e.id limit ?";
        List<Object> params = new ArrayList<>(List.of(userId, agentId, now));
        if (!observers.isEmpty()) {
            params.add(observers.toArray(String[]::new));
        }
        params.add(PgVector.of(query));
        if (minCosine != null) {
            params.add(minCosine);
        }
        params.add(limit);
        return jdbc.list(sql, rs -> new Hit(map(rs), rs.getDouble(25)), params.toArray());
    }

    public boolean delete(String userId, String agentId, long id) {
        return jdbc.update("delete from short_term_entry where user_id = ? and agent_id = ? and id = ?", userId, agentId,
                id) == 1;
    }

    /** The promotion outcome of a hit: state and hit node (§6 step 4). */
    public void markHit(long id, String state, long hitNodeId) {
        jdbc.update("update short_term_entry set promotion_state = ?, hit_node_id = ? where id = ?", state, hitNodeId, id);
    }

    /** A failed promotion attempt: attempts + 1, the error, and {@code failed} at the last attempt. */
    public void recordFailure(long id, String error, int maxAttempts) {
        jdbc.update("update short_term_entry set attempts = attempts + 1, last_error = ?,"
                + " promotion_state = case when attempts + 1 >= ? then 'failed' else promotion_state end"
                + " where id = ? and promotion_state = 'pending'", s -> {
                    s.setString(1, error);
                    s.setInt(2, maxAttempts);
                    s.setLong(3, id);
                });
    }

    /** A pending entry of the promotion queue. */
    public record Pending(long id, String userId, String agentId) {
    }

    /** Pending entries of all pairs, oldest first; only those expired at {@code expiredBy} when given. */
    public List<Pending> pending(int limit, OffsetDateTime expiredBy) {
        String sql = "select id, user_id, agent_id from short_term_entry where promotion_state = 'pending'"
                + (expiredBy == null ? "" : " and expires_at <= ?") + " order by created_at, id limit ?";
        Object[] params = expiredBy == null ? new Object[] { limit } : new Object[] { expiredBy, limit };
        return jdbc.list(sql, rs -> new Pending(rs.getLong(1), rs.getString(2), rs.getString(3)), params);
    }

    /** Deletes expired entries except pending ones (SHORT_TERM_EXPIRY). */
    public long deleteExpired(OffsetDateTime now) {
        return jdbc.update("delete from short_term_entry where expires_at <= ? and promotion_state <> 'pending'", now);
    }

    private Optional<EntryRow> one(String sql, String userId, String agentId, Object selector) {
        return jdbc.one(sql, EntryRepository::map, userId, agentId, selector);
    }

    private static EntryRow map(ResultSet rs) throws SQLException {
        long hit = rs.getLong(22);
        Long hitNodeId = rs.wasNull() ? null : hit;
        return new EntryRow(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                rs.getString(6), PgVector.parse(rs.getString(7)), rs.getDouble(8),
                Jdbc.strings(rs, "topics"), Jdbc.strings(rs, "topic_keys"), Jdbc.longs(rs, "entity_ids"),
                rs.getObject(12, OffsetDateTime.class), rs.getString(13), rs.getString(14), rs.getString(15),
                rs.getDouble(16), rs.getString(17), rs.getString(18), rs.getObject(19, OffsetDateTime.class),
                rs.getObject(20, OffsetDateTime.class), rs.getString(21), hitNodeId, rs.getInt(23), rs.getString(24));
    }
}
