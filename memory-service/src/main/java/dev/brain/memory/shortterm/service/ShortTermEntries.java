package dev.brain.memory.shortterm.service;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.entity.EntityRegistry;
import dev.brain.memory.pair.PairAccess;
import dev.brain.memory.pair.PairAccess.PairId;
import dev.brain.memory.shortterm.EntryRow;
import dev.brain.memory.shortterm.NewEntry;
import dev.brain.memory.shortterm.repository.EntryRepository;
import dev.brain.memory.shortterm.repository.EntryRepository.Hit;
import io.grpc.Status;

/** Short-term entries (memory.md §4.2): the salience bands, TTLs, entry_key idempotency, lookups and search. */
@ApplicationScoped
public class ShortTermEntries {

    public static final int MAX_ENTITY_IDS = 64;

    /** Result of WriteEntry: not stored (below the minimum salience), or the entry and whether it is new. */
    public record Written(boolean stored, boolean created, EntryRow entry) {
    }

    private final EntryRepository entries;
    private final EntityRegistry registry;
    private final MemoryConfig config;
    private final Clock clock;

    public ShortTermEntries(EntryRepository entries, EntityRegistry registry, MemoryConfig config, Clock clock) {
        this.entries = entries;
        this.registry = registry;
        this.config = config;
        this.clock = clock;
    }

    /** Whether an entry of this salience is stored at all (§4.2: below short-term.min-salience it is not). */
    public boolean stored(double salience) {
        return salience >= config.shortTerm().minSalience();
    }

    /**
     * Stores a validated entry with its embedding: entity names resolved in this transaction, the state by the
     * salience band, the TTL from the request or the band. A taken entry_key returns the existing entry when the
     * content is identical, else ALREADY_EXISTS (and nothing of this call is kept).
     */
    @Transactional
    public Written write(PairId pair, NewEntry entry) {
        if (!stored(entry.salience())) {
            return new Written(false, false, null);
        }
        if (entry.entryKey() != null) {
            Optional<EntryRow> existing = entries.findByKey(pair.userId(), pair.agentId(), entry.entryKey(), false);
            if (existing.isPresent()) {
                return sameContent(existing.get(), entry);
            }
            Optional<Long> node = entries.nodeWithSourceKey(pair.userId(), pair.agentId(), entry.entryKey());
            if (node.isPresent()) {
                throw Status.ALREADY_EXISTS.withDescription("entry_key '" + entry.entryKey()
                        + "' was already promoted into node " + node.get()).asRuntimeException();
            }
        }
        Set<Long> ids = new LinkedHashSet<>(entry.entityIds());
        if (!entry.entityNames().isEmpty()) {
            registry.resolve(pair.userId(), pair.agentId(), entry.entityNames(), "entity_names")
                    .forEach(r -> ids.add(r.entity().id()));
        }
        if (ids.size() > MAX_ENTITY_IDS) {
            throw Status.INVALID_ARGUMENT.withDescription("entity_ids: " + ids.size()
                    + " distinct entities with entity_names, at most " + MAX_ENTITY_IDS).asRuntimeException();
        }
        boolean promotable = entry.salience() >= config.promotion().minSalience();
        Duration ttl = entry.ttl() != null ? entry.ttl()
                : promotable ? config.shortTerm().ttlPromotable() : config.shortTerm().ttlDefault();
        OffsetDateTime now = OffsetDateTime.now(clock);
        EntryRepository.Inserted inserted = entries.insert(pair.userId(), pair.agentId(), entry, new ArrayList<>(ids),
                promotable ? "pending" : "not_eligible", now, now.plus(ttl));
        return inserted.created() ? new Written(true, true, inserted.entry()) : sameContent(inserted.entry(), entry);
    }

    private static Written sameContent(EntryRow existing, NewEntry entry) {
        if (!existing.content().equals(entry.content())) {
            throw Status.ALREADY_EXISTS.withDescription("entry_key '" + existing.entryKey()
                    + "' exists with other content (entry " + existing.id() + ")").asRuntimeException();
        }
        return new Written(true, false, existing);
    }

    /** By id (another pair's id → PERMISSION_DENIED) or key. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public EntryRow get(PairId pair, Long id, String key, boolean embedding) {
        Optional<EntryRow> row = id != null ? entries.findById(pair.userId(), pair.agentId(), id, embedding)
                : entries.findByKey(pair.userId(), pair.agentId(), key, embedding);
        return row.orElseThrow(() -> missing(pair, id, key));
    }

    /** NOT_FOUND, or PERMISSION_DENIED when the id exists in another pair of the caller's tenant. */
    private RuntimeException missing(PairId pair, Long id, String key) {
        if (id != null && entries.ownerOf(id).filter(o -> PairAccess.sameTenant(pair.userId(), o[0])).isPresent()) {
            return Status.PERMISSION_DENIED.withDescription("id: entry " + id + " belongs to another pair")
                    .asRuntimeException();
        }
        return Status.NOT_FOUND.withDescription(id != null ? "id: entry " + id + " not found"
                : "entry_key: entry '" + key + "' not found").asRuntimeException();
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public List<EntryRow> list(PairId pair, List<String> states, String observer, long beforeId, int limit) {
        return entries.list(pair.userId(), pair.agentId(), states, observer, beforeId, limit);
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public List<Hit> search(PairId pair, float[] query, List<String> observers, Double minCosine, int limit) {
        return entries.search(pair.userId(), pair.agentId(), query, observers, OffsetDateTime.now(clock), minCosine,
                limit);
    }

    @Transactional
    public long delete(PairId pair, Long id, String key) {
        EntryRow row = get(pair, id, key, false);
        entries.delete(pair.userId(), pair.agentId(), row.id());
        return row.id();
    }
}
