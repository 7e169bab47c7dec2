package dev.brain.memory.entity;

import static dev.brain.tenancy.BadInput.invalid;

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

import dev.brain.memory.entity.repository.EntityRepository;

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

    /** One requested name, the entity it resolved to, and whether this call created it. */
    public record Resolved(String name, Entity entity, boolean created) {
    }

    /** One page of entities by id, and the id to continue after (0 = last page). */
    public record Page(List<Entity> entities, long nextAfterId) {
    }

    private final EntityRepository repository;
    private final Clock clock;

    public EntityRegistry(EntityRepository repository, Clock clock) {
        this.repository = repository;
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
                known = repository.find(userId, agentId, key, display)
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
        List<Entity> entities = repository.list(userId, agentId, afterId, pageSize + 1);
        if (entities.size() > pageSize) {
            entities = entities.subList(0, pageSize);
            return new Page(List.copyOf(entities), entities.get(pageSize - 1).id());
        }
        return new Page(entities, 0);
    }

    /** The pair an entity row belongs to, or empty when no row has this id. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<EntityOwner> owner(long id) {
        return repository.owner(id);
    }

    /**
     * MergeEntities on the registry (§4.4): the names and aliases of the {@code fromIds} rows of the pair join
     * the aliases of {@code intoId} (de-duplicated, the kept name excluded), then those rows are deleted. Runs in
     * the caller's transaction; returns the kept row, or empty when {@code intoId} has no row in the pair (the
     * merged rows are deleted all the same).
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Optional<Entity> merge(String userId, String agentId, long intoId, Long[] fromIds) {
        return repository.merge(userId, agentId, intoId, fromIds);
    }

    /** DeleteEntity on the registry (§4.4): removes the pair's row; false when it had none. */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean delete(String userId, String agentId, long id) {
        return repository.delete(userId, agentId, id);
    }

    private Resolved create(String userId, String agentId, String display, String key, String requested) {
        return repository.insert(userId, agentId, display, key, OffsetDateTime.now(clock))
                .map(e -> new Resolved(requested, e, true))
                // created concurrently by another transaction that has committed meanwhile
                .orElseGet(() -> new Resolved(requested, repository.find(userId, agentId, key, display).orElseThrow(),
                        false));
    }

}
