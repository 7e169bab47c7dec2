package dev.brain.memory.entity;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import io.grpc.Status;

/**
 * The entity registry of a pair (memory.md §4.4): names → stable ids. A name is matched by its
 * {@code name_key} (lower-cased, whitespace collapsed) or by an alias; unknown names are created. Runs in the
 * caller's transaction when there is one (WriteEntry resolves its {@code entity_names} in its own). Short-term
 * entries and long-term nodes both carry the ids, so the registry is a package of its own below both.
 */
@ApplicationScoped
public class EntityRegistry {

    /** Most names per call (as many as an entry may carry entity ids). */
    public static final int MAX_NAMES = 64;
    /** Longest entity name, in characters (the spec sets none; 200 like entry keys). */
    public static final int MAX_NAME_CHARS = 200;

    private static final String COLUMNS = "id, name, name_key, aliases, created_at";

    /** A registry row. */
    public record Entity(long id, String name, String nameKey, List<String> aliases, OffsetDateTime createdAt) {
    }

    /** One requested name, the entity it resolved to, and whether this call created it. */
    public record Resolved(String name, Entity entity, boolean created) {
    }

    /** One page of entities by id, and the id to continue after (0 = last page). */
    public record Page(List<Entity> entities, long nextAfterId) {
    }

    /** The pair a registry row belongs to. */
    public record Owner(String userId, String agentId) {
        public boolean is(String user, String agent) {
            return userId.equals(user) && agentId.equals(agent);
        }
    }

    private final Jdbc jdbc;
    private final Clock clock;

    public EntityRegistry(Jdbc jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** The matching key of a name: trimmed, runs of whitespace collapsed to one space, lower-cased. */
    public static String nameKey(String name) {
        return name.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    /**
     * Ids for the names, in request order, creating unknown names (display form: trimmed, whitespace collapsed).
     *
     * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT naming {@code field[i]} for a blank or too long name
     */
    @Transactional
    public List<Resolved> resolve(String userId, String agentId, List<String> names, String field) {
        if (names.size() > MAX_NAMES) {
            throw invalid(field + ": " + names.size() + " names, at most " + MAX_NAMES);
        }
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i).replace("\u0000", "");
            if (name.isBlank()) {
                throw invalid(field + "[" + i + "]: blank name");
            }
            if (name.strip().length() > MAX_NAME_CHARS) {
                throw invalid(field + "[" + i + "]: longer than " + MAX_NAME_CHARS + " characters");
            }
        }
        Map<String, Resolved> byKey = new HashMap<>();
        List<Resolved> result = new ArrayList<>(names.size());
        for (String requested : names) {
            String display = requested.replace("\u0000", "").strip().replaceAll("\\s+", " ");
            String key = nameKey(display);
            Resolved known = byKey.get(key);
            if (known == null) {
                known = find(userId, agentId, key, display)
                        .map(e -> new Resolved(requested, e, false))
                        .orElseGet(() -> create(userId, agentId, display, key, requested));
                byKey.put(key, known);
            }
            result.add(new Resolved(requested, known.entity(), known.created()));
        }
        return result;
    }

    /** The pair's entities by id ascending, after {@code afterId}. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Page list(String userId, String agentId, int pageSize, long afterId) {
        List<Entity> entities = jdbc.list("select " + COLUMNS + " from entity where user_id = ? and agent_id = ?"
                + " and id > ? order by id limit ?", EntityRegistry::map, userId, agentId, afterId, pageSize + 1);
        if (entities.size() > pageSize) {
            entities = entities.subList(0, pageSize);
            return new Page(List.copyOf(entities), entities.get(pageSize - 1).id());
        }
        return new Page(entities, 0);
    }

    /** The pair an entity row belongs to, or empty when no row has this id. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<Owner> owner(long id) {
        return jdbc.one("select user_id, agent_id from entity where id = ?",
                rs -> new Owner(rs.getString(1), rs.getString(2)), id);
    }

    /**
     * MergeEntities on the registry (§4.4): the names and aliases of the {@code fromIds} rows of the pair join
     * the aliases of {@code intoId} (de-duplicated, the kept name excluded), then those rows are deleted. Runs in
     * the caller's transaction; returns the kept row, or empty when {@code intoId} has no row in the pair (the
     * merged rows are deleted all the same).
     */
    @Transactional(Transactional.TxType.MANDATORY)
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
        return jdbc.one(sql, EntityRegistry::map, userId, agentId, fromIds, intoId, intoId, userId, agentId, intoId);
    }

    /** DeleteEntity on the registry (§4.4): removes the pair's row; false when it had none. */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean delete(String userId, String agentId, long id) {
        return jdbc.update("delete from entity where user_id = ? and agent_id = ? and id = ?", userId, agentId, id) > 0;
    }

    /** By name key, or by an alias equal to the key or the display name (GIN on aliases). */
    private Optional<Entity> find(String userId, String agentId, String key, String display) {
        return jdbc.one("select " + COLUMNS + " from entity where user_id = ? and agent_id = ?"
                + " and (name_key = ? or aliases && ?::text[]) order by (name_key = ?) desc, id limit 1",
                EntityRegistry::map, userId, agentId, key, new String[] { key, display }, key);
    }

    private Resolved create(String userId, String agentId, String display, String key, String requested) {
        return jdbc.one("insert into entity (user_id, agent_id, name, name_key, created_at) values (?, ?, ?, ?, ?)"
                + " on conflict (user_id, agent_id, name_key) do nothing returning " + COLUMNS, EntityRegistry::map,
                userId, agentId, display, key, OffsetDateTime.now(clock))
                .map(e -> new Resolved(requested, e, true))
                // created concurrently by another transaction that has committed meanwhile
                .orElseGet(() -> new Resolved(requested, find(userId, agentId, key, display).orElseThrow(), false));
    }

    private static Entity map(ResultSet rs) throws SQLException {
        return new Entity(rs.getLong("id"), rs.getString("name"), rs.getString("name_key"), Jdbc.strings(rs, "aliases"),
                rs.getObject("created_at", OffsetDateTime.class));
    }

    private static RuntimeException invalid(String description) {
        return Status.INVALID_ARGUMENT.withDescription(description).asRuntimeException();
    }
}
