package dev.brain.memory.entity.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.memory.entity.Entity;
import dev.brain.memory.entity.EntityOwner;

/**
 * The statements on table {@code entity}, the entity registry of a pair (memory.md §4.4); every statement but
 * {@link #owner(long)} filters by pair. The caller holds the transaction.
 */
@ApplicationScoped
public class EntityRepository {

    private static final String COLUMNS = "id, name, name_key, aliases, created_at";

    private final Jdbc jdbc;

    public EntityRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** At most {@code limit} of the pair's entities by id ascending, after {@code afterId}. */
    public List<Entity> list(String userId, String agentId, long afterId, int limit) {
        return jdbc.list("select " + COLUMNS + " from entity where user_id = ? and agent_id = ?"
                + " and id > ? order by id limit ?", EntityRepository::map, userId, agentId, afterId, limit);
    }

    /** The pair an entity row belongs to, or empty when no row has this id. */
    public Optional<EntityOwner> owner(long id) {
        return jdbc.one("select user_id, agent_id from entity where id = ?",
                rs -> new EntityOwner(rs.getString(1), rs.getString(2)), id);
    }

    /**
     * The names and aliases of the {@code fromIds} rows of the pair join the aliases of {@code intoId}
     * (de-duplicated, the kept name excluded), then those rows are deleted, in one statement; the kept row, or empty
     * when {@code intoId} has no row in the pair (the merged rows are deleted all the same).
     */
    public Optional<Entity> merge(String userId, String agentId, long intoId, Long[] fromIds) {
        String sql = """
                with gone as (
                    delete from entity where user_id = ? and agent_id = ? and id = any(?::bigint[]) and id <> ?
                    returning id, name, aliases),
                names as (
                    select a, min(o) o from (
                        select a, o from entity k, unnest(k.aliases) with ordinality u(a, o) where k.id = ?
                        union all
                        select g.name, 1000000 + g.id * 1000 from gone g
                        union all
                        select a, 1000000 + g.id * 1000 + o from gone g, unnest(g.aliases) with ordinality u(a, o)) m
                    group by a)
                update entity k set aliases = coalesce((select array_agg(a order by o) from names
                        where a <> k.name and a <> k.name_key), '{}')
                 where k.user_id = ? and k.agent_id = ? and k.id = ?
                returning %s""".formatted(COLUMNS);
        return jdbc.one(sql, EntityRepository::map, userId, agentId, fromIds, intoId, intoId, userId, agentId, intoId);
    }

    /** Removes the pair's row; false when it had none. */
    public boolean delete(String userId, String agentId, long id) {
        return jdbc.update("delete from entity where user_id = ? and agent_id = ? and id = ?", userId, agentId, id) > 0;
    }

    /** By name key, or by an alias equal to the key or the display name (GIN on aliases). */
    public Optional<Entity> find(String userId, String agentId, String key, String display) {
        return jdbc.one("select " + COLUMNS + " from entity where user_id = ? and agent_id = ?"
                + " and (name_key = ? or aliases && ?::text[]) order by (name_key = ?) desc, id limit 1",
                EntityRepository::map, userId, agentId, key, new String[] { key, display }, key);
    }

    /** Inserts the name; empty when the pair already has a row with this key (nothing changes then). */
    public Optional<Entity> insert(String userId, String agentId, String display, String key, OffsetDateTime now) {
        return jdbc.one("insert into entity (user_id, agent_id, name, name_key, created_at) values (?, ?, ?, ?, ?)"
                + " on conflict (user_id, agent_id, name_key) do nothing returning " + COLUMNS, EntityRepository::map,
                userId, agentId, display, key, now);
    }

    private static Entity map(ResultSet rs) throws SQLException {
        return new Entity(rs.getLong("id"), rs.getString("name"), rs.getString("name_key"), Jdbc.strings(rs, "aliases"),
                rs.getObject("created_at", OffsetDateTime.class));
    }
}
