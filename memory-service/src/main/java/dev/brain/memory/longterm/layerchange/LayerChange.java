package dev.brain.memory.longterm.layerchange;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.entity.Entity;
import dev.brain.memory.entity.EntityOwner;
import dev.brain.memory.entity.EntityRegistry;
import dev.brain.memory.log.repository.PipelineLogLines;
import dev.brain.memory.longterm.edges.EdgeRows;
import dev.brain.memory.longterm.layerchange.repository.LayerChangeRepository;
import dev.brain.memory.longterm.layerchange.repository.LayerChangeRepository.NodeData;
import dev.brain.memory.longterm.layerchange.repository.LayerChangeRepository.Rows;
import dev.brain.memory.longterm.layerchange.repository.LayerChangeRepository.StoredEdge;
import dev.brain.memory.longterm.partition.repository.PairLock;
import dev.brain.memory.longterm.promotion.Candidate;
import dev.brain.memory.longterm.promotion.Promotion;
import dev.brain.memory.longterm.promotion.repository.NodeWriteRepository;
import dev.brain.memory.longterm.weights.EdgeWeights;
import dev.brain.memory.longterm.weights.Layer;
import dev.brain.memory.longterm.weights.LayerData;
import dev.brain.memory.longterm.weights.Layers;
import dev.brain.memory.longterm.weights.TimeRef;
import dev.brain.memory.pair.PairAccess;
import io.grpc.Status;
import io.quarkus.logging.Log;

/**
 * Trigger 3 (memory.md §5.6): MergeEntities, DeleteEntity and UpdateTimeReference, each one transaction under
 * the pair lock. The pair's nodes and entries are rewritten; then every edge of an affected node re-evaluates
 * the entity and timeline layers from current node data while keeping its frozen embedding/topics reasons
 * (no reason left → both rows deleted, else reasons, shared entities, timeline fields, layer count and weights
 * rewritten), and every node that now fires entity or timeline with an affected node but has no edge gets an
 * edge pair as in Trigger 1. An edge pair is always evaluated with the higher node id as X — the newer node,
 * as in Trigger 1 — so shared entity ids come in its order.
 */
@ApplicationScoped
public class LayerChange {

    /** The response of every Trigger 3 call; edges are counted as directed rows. */
    public record Summary(long nodesUpdated, long entriesUpdated, long edgesRecomputed, long edgesCreated,
            long edgesDeleted) {
    }

    /** MergeEntities' result: the summary and the kept registry row (empty when the target has no row). */
    public record Merged(Summary summary, Optional<Entity> entity) {
    }

    private final LayerChangeRepository repository;
    private final NodeWriteRepository nodes;
    private final EntityRegistry entities;
    private final PipelineLogLines log;
    private final MemoryConfig config;
    private final Layers layers;
    private final EdgeWeights weights;
    private final PairLock pairLock;
    private final Clock clock;

    public LayerChange(LayerChangeRepository repository, NodeWriteRepository nodes, EntityRegistry entities,
            PipelineLogLines log, MemoryConfig config, Layers layers, EdgeWeights weights, PairLock pairLock,
            Clock clock) {
        this.repository = repository;
        this.nodes = nodes;
        this.entities = entities;
        this.log = log;
        this.config = config;
        this.layers = layers;
        this.weights = weights;
        this.pairLock = pairLock;
        this.clock = clock;
    }

    /** {@code fromIds} (distinct, without {@code intoId}) become {@code intoId} in nodes, entries and registry. */
    @Transactional
    public Merged mergeEntities(String userId, String agentId, List<Long> fromIds, long intoId) {
        long started = System.nanoTime();
        pairLock.lock(userId, agentId);
        requireEntity(userId, agentId, intoId, "into_id");
        for (int i = 0; i < fromIds.size(); i++) {
            requireEntity(userId, agentId, fromIds.get(i), "from_ids[" + i + "]");
        }
        Long[] from = fromIds.stream().distinct().toArray(Long[]::new);
        List<Long> changed = repository.replaceEntities(Rows.NODES, userId, agentId, from, intoId);
        int entries = repository.replaceEntities(Rows.ENTRIES, userId, agentId, from, intoId).size();
        Optional<Entity> kept = entities.merge(userId, agentId, intoId, from);
        Summary summary = reevaluate(userId, agentId, changed, entries);
        ObjectNode inputs = JsonNodeFactory.instance.objectNode().put("into_id", intoId);
        ArrayNode ids = inputs.putArray("from_ids");
        fromIds.forEach(ids::add);
        logLine(userId, agentId, "merge_entities", inputs, summary, started);
        return new Merged(summary, kept);
    }

    /** The entity leaves the registry, the pair's nodes and entries, and the edges it supported. */
    @Transactional
    public Summary deleteEntity(String userId, String agentId, long entityId) {
        long started = System.nanoTime();
        pairLock.lock(userId, agentId);
        requireEntity(userId, agentId, entityId, "entity_id");
        List<Long> changed = repository.removeEntity(Rows.NODES, userId, agentId, entityId);
        int entries = repository.removeEntity(Rows.ENTRIES, userId, agentId, entityId).size();
        entities.delete(userId, agentId, entityId);
        Summary summary = reevaluate(userId, agentId, changed, entries);
        logLine(userId, agentId, "delete_entity", JsonNodeFactory.instance.objectNode().put("entity_id", entityId),
                summary, started);
        return summary;
    }

    /**
     * Every node and entry of the pair carrying {@code timelineRef} gets {@code time} (null = removed).
     *
     * @throws io.grpc.StatusRuntimeException NOT_FOUND when no node or entry of the pair carries the reference
     */
    @Transactional
    public Summary updateTimeReference(String userId, String agentId, String timelineRef, TimeRef time) {
        long started = System.nanoTime();
        pairLock.lock(userId, agentId);
        List<Long> changed = repository.setTime(Rows.NODES, userId, agentId, timelineRef, time);
        int entries = repository.setTime(Rows.ENTRIES, userId, agentId, timelineRef, time).size();
        if (changed.isEmpty() && entries == 0) {
            throw Status.NOT_FOUND.withDescription("timeline_ref: no node or entry of the pair carries '"
                    + timelineRef + "'").asRuntimeException();
        }
        Summary summary = reevaluate(userId, agentId, changed, entries);
        ObjectNode inputs = JsonNodeFactory.instance.objectNode().put("timeline_ref", timelineRef);
        if (time == null) {
            inputs.putNull("at").putNull("precision");
        } else {
            inputs.put("at", time.at().toString()).put("precision", time.precision().dbName());
        }
        logLine(userId, agentId, "update_time_reference", inputs, summary, started);
        return summary;
    }

    /** The edge step of Trigger 3 for the nodes whose layer data changed. */
    Summary reevaluate(String userId, String agentId, List<Long> changed, long entriesUpdated) {
        Set<Long> affected = new TreeSet<>(changed);
        if (affected.isEmpty()) {
            return new Summary(0, entriesUpdated, 0, 0, 0);
        }
        OffsetDateTime now = OffsetDateTime.now(clock);
        List<StoredEdge> edges = repository.edgesTouching(userId, agentId, affected);
        Set<Long> endpoints = new HashSet<>(affected);
        edges.forEach(e -> {
            endpoints.add(e.from());
            endpoints.add(e.to());
        });
        Map<Long, NodeData> data = repository.nodeData(userId, agentId, endpoints);
        // 1. every existing edge of an affected node
        ArrayNode rewrites = JsonNodeFactory.instance.arrayNode();
        List<Long> deletes = new ArrayList<>();
        Set<List<Long>> linked = new HashSet<>();
        for (StoredEdge e : edges) {
            NodeData from = data.get(e.from());
            NodeData to = data.get(e.to());
            NodeData x = from.id() > to.id() ? from : to;
            NodeData y = x == from ? to : from;
            Set<Long> yEntities = Set.copyOf(y.data().entityIds());
            List<Long> shared = x.data().entityIds().stream().filter(yEntities::contains).distinct().toList();
            Double distance = layers.timeline().firingDistance(x.data().time(), y.data().time()).orElse(null);
            EnumSet<Layer> reasons = EnumSet.noneOf(Layer.class);
            if (!shared.isEmpty()) {
                reasons.add(Layer.ENTITY);
            }
            if (e.reasons().contains(Layer.EMBEDDING.dbName())) {
                reasons.add(Layer.EMBEDDING);
            }
            if (e.reasons().contains(Layer.TOPICS.dbName())) {
                reasons.add(Layer.TOPICS);
            }
            if (distance != null) {
                reasons.add(Layer.TIMELINE);
            }
            if (reasons.isEmpty()) {
                deletes.add(e.id());
                continue;
            }
            linked.add(key(e.from(), e.to()));
            List<Layer> ordered = List.copyOf(reasons);
            var precision = distance == null ? null : x.data().time().precision();
            var depths = layers.frozenDepths(ordered, e.cosine(), e.sharedTopics(), from.data().topicKeys().size(),
                    to.data().topicKeys().size(), distance, precision);
            EdgeWeights.Pair w = weights.compute(from.absoluteWeight(), to.absoluteWeight(), depths);
            ObjectNode row = rewrites.addObject().put("id", e.id()).put("raw_weight", w.rawXY())
                    .put("absolute_weight", w.absoluteXY()).put("layer_count", ordered.size());
            ArrayNode r = row.putArray("reasons");
            ordered.forEach(l -> r.add(l.dbName()));
            ArrayNode s = row.putArray("shared_entity_ids");
            shared.forEach(s::add);
            if (distance != null) {
                row.put("timeline_distance", distance).put("timeline_precision", precision.dbName());
            }
        }
        // 2. nodes that now fire entity or timeline with an affected node but have no edge with it
        ArrayNode created = JsonNodeFactory.instance.arrayNode();
        ZoneId zone = ZoneId.of(config.edge().timezone());
        for (long a : affected) {
            NodeData node = data.get(a);
            LayerData d = node.data();
            Set<Long> ids = new LinkedHashSet<>(nodes.sharingEntity(userId, agentId, d.entityIds()));
            if (d.time() != null) {
                Instant[] window = Promotion.window(d.time(), layers.timeline(), zone);
                ids.addAll(nodes.inTimeWindow(userId, agentId, d.time().precision(), window[0], window[1]));
            }
            ids.remove(a);
            ids.removeIf(id -> linked.contains(key(a, id)));
            if (ids.isEmpty()) {
                continue;
            }
            for (Candidate c : repository.candidates(userId, agentId, a, ids)) {
                if (linked.contains(key(a, c.id()))) {
                    continue;
                }
                boolean aIsX = a > c.id();
                LayerData xd = aIsX ? d : c.data();
                LayerData yd = aIsX ? c.data() : d;
                Layers.Firing firing = layers.evaluate(xd, yd, c.cosine());
                if (!firing.reasons().contains(Layer.ENTITY) && !firing.reasons().contains(Layer.TIMELINE)) {
                    continue;
                }
                double ax = aIsX ? node.absoluteWeight() : c.absoluteWeight();
                double ay = aIsX ? c.absoluteWeight() : node.absoluteWeight();
                EdgeRows.addPair(created, Math.max(a, c.id()), Math.min(a, c.id()),
                        weights.compute(ax, ay, firing.depths()), firing);
                linked.add(key(a, c.id()));
            }
        }
        int recomputed = rewrites.isEmpty() ? 0 : repository.rewriteEdges(userId, agentId, rewrites.toString(), now);
        int deleted = deletes.isEmpty() ? 0 : repository.deleteEdges(userId, agentId, deletes);
        int inserted = created.isEmpty() ? 0 : nodes.insertEdges(userId, agentId, created.toString(), now);
        if (inserted != deleted) {
            nodes.adjustStats(userId, agentId, 0, 0, inserted - deleted);
        }
        return new Summary(affected.size(), entriesUpdated, recomputed, inserted, deleted);
    }

    private static List<Long> key(long a, long b) {
        return List.of(Math.min(a, b), Math.max(a, b));
    }

    /**
     * An entity id is known to the pair when its registry row is the pair's or, without a row, when a node or
     * entry of the pair carries it; a row of another pair of the tenant is PERMISSION_DENIED, anything else (also
     * another tenant's row) NOT_FOUND.
     */
    private void requireEntity(String userId, String agentId, long id, String field) {
        Optional<EntityOwner> owner = entities.owner(id)
                .filter(o -> PairAccess.sameTenant(userId, o.userId()));
        if (owner.isPresent()) {
            if (owner.get().is(userId, agentId)) {
                return;
            }
            throw Status.PERMISSION_DENIED.withDescription(field + ": entity " + id + " belongs to another pair")
                    .asRuntimeException();
        }
        if (!repository.entityReferenced(userId, agentId, id)) {
            throw Status.NOT_FOUND.withDescription(field + ": entity " + id + " not found").asRuntimeException();
        }
    }

    private void logLine(String userId, String agentId, String change, ObjectNode inputs, Summary s, long started) {
        long ms = (System.nanoTime() - started) / 1_000_000;
        ObjectNode line = JsonNodeFactory.instance.objectNode().put("decision", "trigger3." + change)
                .put("outcome", s.nodesUpdated() + s.entriesUpdated() == 0 ? "no_change" : "applied");
        line.set("inputs", inputs);
        line.putObject("measure").put("nodes_updated", s.nodesUpdated()).put("entries_updated", s.entriesUpdated())
                .put("edges_recomputed", s.edgesRecomputed()).put("edges_created", s.edgesCreated())
                .put("edges_deleted", s.edgesDeleted()).put("duration_ms", ms);
        log.write("background", "system", "memory.trigger3", "switch", line.toString(), userId, agentId);
        Log.debugf("trigger 3 %s for %s/%s: %s", change, userId, agentId, s);
    }
}
