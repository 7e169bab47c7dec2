package dev.brain.memory.admin.transfer;

import static dev.brain.memory.admin.transfer.ImportLine.invalid;
import static dev.brain.memory.admin.transfer.ImportLine.reference;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.db.PgVector;
import dev.brain.db.transfer.ImportRow;
import dev.brain.db.transfer.ImportWriter;
import dev.brain.db.transfer.OnConflict;
import dev.brain.grpc.v1.Pair;
import dev.brain.memory.admin.transfer.ImportLine.Problem;
import dev.brain.memory.admin.transfer.repository.ImportRepository;
import dev.brain.memory.embedding.service.Embedder;
import dev.brain.memory.longterm.edges.EdgeRecompute;
import dev.brain.memory.longterm.partition.repository.PairLock;
import dev.brain.memory.longterm.vectors.TextVectors;
import dev.brain.memory.longterm.weights.NodeWeights;
import dev.brain.memory.pair.PairAccess;
import dev.brain.memory.pair.PairAccess.PairId;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.logging.Log;

/**
 * Import (memory.md §13, §14): JSON lines in the export format, one call = one transaction. Line 1 is the
 * header (dimension ≠ D → FAILED_PRECONDITION). Entries, nodes and edges go to the options' pair (else the
 * line's own pair, which must be the caller tenant's); synapses always go to the caller's tenant. Explicit
 * weights are stored verbatim after range checks; omitted node weights are derived. A malformed line or a
 * value out of range fails the call (INVALID_ARGUMENT naming line and field). A conflict (same key exists)
 * or an unresolvable reference (an edge endpoint missing in the edge's pair, a memory synapse endpoint
 * missing) fails the call under {@code FAIL}; under {@code SKIP}/{@code REPLACE} a conflict is skipped or
 * overwritten in place ({@link ImportWriter}) and an unresolvable line is reported in {@code errors} and left out.
 *
 * <p>
 * Each kind of line is read in three steps: its fields ({@link ImportLine}), its references (pair, nodes),
 * then its row, written under the on_conflict policy.
 */
@ApplicationScoped
public class MemoryImport {

    public record Options(PairId pair, OnConflict onConflict, boolean embedMissing, boolean recomputeEdges) {
    }

    public record LineError(long line, String message) {
    }

    public record Result(Map<String, Long> counts, List<LineError> errors) {
    }

    static final Set<String> NODE_TYPES = Set.of("error", "solution", "code_module", "rule", "antipattern", "project",
            "insight", "memory", "finding", "knowledge");
    static final Set<String> SYNAPSE_TYPES = Set.of("solves", "causes", "similar_to", "uses_module", "derived_from",
            "co_occurs", "prevents", "improves", "generalizes", "cross_project");
    static final List<String> REASONS = List.of("entity", "embedding", "topics", "timeline");
    static final Set<String> STATES = Set.of("not_eligible", "pending", "duplicate", "reactivated", "failed");
    static final int MAX_CONTENT_BYTES = 64 * 1024;
    static final int MAX_METADATA_BYTES = 16 * 1024;

    private final ImportRepository repository;
    private final PairLock pairLock;
    private final ObjectMapper json;
    private final Embedder embedder;
    private final TextVectors vectors;
    private final NodeWeights weights;
    private final EdgeRecompute edgeRecompute;
    private final Clock clock;

    public MemoryImport(ImportRepository repository, PairLock pairLock, ObjectMapper json, Embedder embedder,
            TextVectors vectors, NodeWeights weights, EdgeRecompute edgeRecompute, Clock clock) {
        this.repository = repository;
        this.pairLock = pairLock;
        this.json = json;
        this.embedder = embedder;
        this.vectors = vectors;
        this.weights = weights;
        this.edgeRecompute = edgeRecompute;
        this.clock = clock;
    }

    /** Imports {@code lines} for {@code tenant} in one transaction; any thrown status rolls everything back. */
    @Transactional
    public Result run(String tenant, Options options, List<String> lines) {
        Log.debugf("import %d lines for %s into %s", lines.size(), tenant, options.pair());
        Run run = new Run(tenant, options);
        for (int i = 0; i < lines.size(); i++) {
            long number = i + 1;
            String text = lines.get(i);
            if (i > 0 && text.isBlank()) {
                continue;
            }
            try {
                ImportLine line = parse(text);
                if (i == 0) {
                    header(line);
                } else {
                    run.line(line);
                }
            } catch (Problem p) {
                if (p.reference && options.onConflict() != OnConflict.FAIL) {
                    run.errors.add(new LineError(number, p.getMessage()));
                    continue;
                }
                throw Status.fromCode(p.code).withDescription("line " + number + ": " + p.getMessage())
                        .asRuntimeException();
            }
        }
        if (lines.isEmpty()) {
            throw Status.INVALID_ARGUMENT.withDescription("line 1: the header line is required").asRuntimeException();
        }
        run.finish();
        return new Result(run.writes.counts(), run.errors);
    }

    private ImportLine parse(String text) {
        try {
            JsonNode node = json.readTree(text);
            if (node == null || !node.isObject()) {
                throw invalid("a JSON object is required");
            }
            return new ImportLine(node);
        } catch (JsonProcessingException e) {
            throw invalid("malformed JSON (" + e.getOriginalMessage() + ")");
        }
    }

    private void header(ImportLine h) {
        if (!"header".equals(h.kind()) || !"brain-memory".equals(h.node.path("format").asText())) {
            throw invalid("kind: the first line must be the header {\"kind\":\"header\",\"format\":\"brain-memory\",…}");
        }
        if (h.node.path("version").asInt(-1) != 1) {
            throw invalid("version: only version 1 is known");
        }
        if (!h.node.path("dimension").canConvertToInt()) {
            throw invalid("dimension: required");
        }
        int dimension = h.node.path("dimension").asInt();
        if (dimension != embedder.dimension()) {
            throw new Problem(Status.Code.FAILED_PRECONDITION, false, "dimension: the export has " + dimension
                    + "-dimensional vectors, this service stores " + embedder.dimension());
        }
    }

    /** A conflict under FAIL: ALREADY_EXISTS naming the record. */
    static Problem alreadyExists(String what) {
        return new Problem(Status.Code.ALREADY_EXISTS, false, what + " already exists (on_conflict FAIL)");
    }

    /** The state of one call. */
    private final class Run {
        final String tenant;
        final Options options;
        final ImportWriter writes;
        final List<LineError> errors = new ArrayList<>();
        final Set<PairId> locked = new HashSet<>();
        /** Nodes whose edges are recomputed at the end (recompute_edges), by pair. */
        final Map<PairId, Set<Long>> edgeNodes = new LinkedHashMap<>();
        final OffsetDateTime now = OffsetDateTime.now(clock);

        Run(String tenant, Options options) {
            this.tenant = tenant;
            this.options = options;
            this.writes = repository.writer(options.onConflict());
        }

        void line(ImportLine line) {
            String kind = line.kind();
            switch (kind) {
                case "node" -> node(line);
                case "edge" -> edge(line);
                case "entry" -> entry(line);
                case "synapse" -> synapse(line);
                case "header" -> throw invalid("kind: a second header");
                default -> throw invalid("kind: must be node, edge, entry or synapse, got '" + kind + "'");
            }
        }

        // ---- kinds --------------------------------------------------------------------------------------------

        void node(ImportLine n) {
            PairId pair = pairOf(n);
            String key = n.text("source_key", 200, true);
            Common common = common(n);
            double raw = n.weight("raw_weight", null);
            double absolute = n.weight("absolute_weight", weights.anchor(raw));
            double decayWeight = n.weight("decay_weight", absolute);
            double decayBase = n.weight("decay_base", absolute);
            OffsetDateTime created = n.time("created_at", now);
            OffsetDateTime reinforced = n.time("reinforced_at", created);
            OffsetDateTime decayBaseAt = n.time("decay_base_at", reinforced);
            OffsetDateTime entryCreated = n.time("entry_created_at", created);
            int frequency = n.integer("frequency", 1, 1, Integer.MAX_VALUE);
            boolean active = n.bool("active", true);
            writes.write("node", nodeId(pair, key), existing -> alreadyExists("source_key '" + key + "'"),
                    () -> common.into(inPair("long_term_node", pair).key("source_key", key), false)
                            .set("entry_created_at", entryCreated).set("raw_weight", raw)
                            .set("absolute_weight", absolute).set("decay_weight", decayWeight)
                            .set("decay_base", decayBase).set("decay_base_at", decayBaseAt)
                            .set("frequency", frequency).set("active", active).set("created_at", created)
                            .set("reinforced_at", reinforced).set("decayed_at", n.time("decayed_at", null))
                            .set("reactivated_at", n.time("reactivated_at", null)))
                    .ifPresent(id -> repository.writeNodeVector(id, pair.userId(), pair.agentId(), common.embedding()));
        }

        void edge(ImportLine e) {
            PairId pair = pairOf(e);
            String fromKey = e.text("from_key", 200, true);
            String toKey = e.text("to_key", 200, true);
            if (fromKey.equals(toKey)) {
                throw invalid("to_key: equals from_key");
            }
            boolean recompute = options.recomputeEdges();
            double raw = recompute ? 0 : e.weight("raw_weight", null);
            double absolute = recompute ? 0 : e.weight("absolute_weight", null);
            List<String> reasons = reasons(e);
            List<Long> entities = e.ids("shared_entity_ids", 64);
            List<String> topics = e.strings("shared_topics", 32, 100);
            Double distance = e.optionalNumber("timeline_distance");
            String precision = e.optionalPrecision("timeline_precision");
            if ((distance == null) != (precision == null)) {
                throw invalid("timeline_distance: timeline_distance and timeline_precision come together");
            }
            if (distance != null && distance < 0) {
                throw invalid("timeline_distance: must be ≥ 0");
            }
            Double cosine = e.optionalNumber("embedding_cosine_initial");
            if (cosine == null || cosine < -1.000001 || cosine > 1.000001) {
                throw invalid("embedding_cosine_initial: a number in [-1, 1] is required");
            }
            int layers = e.integer("layer_count", reasons.size(), 0, 4);
            long from = nodeInPair(pair, "from_key", fromKey);
            long to = nodeInPair(pair, "to_key", toKey);
            Optional<Long> existing = repository.edgeId(from, to);
            Optional<Long> written = writes.write("edge", existing, id -> alreadyExists("edge " + fromKey + " → " + toKey),
                    () -> inPair("long_term_edge", pair).key("from_node_id", from).key("to_node_id", to)
                            .set("raw_weight", raw).set("absolute_weight", absolute)
                            .set("reasons", reasons.toArray(String[]::new))
                            .set("shared_entity_ids", entities.toArray(Long[]::new))
                            .set("shared_topics", topics.toArray(String[]::new)).set("timeline_distance", distance)
                            .set("timeline_precision", precision).set("embedding_cosine_initial", cosine)
                            .set("layer_count", layers).set("created_at", e.time("created_at", now))
                            .set("recomputed_at", e.time("recomputed_at", null)));
            if (written.isPresent() && recompute) {
                edgeNodes.computeIfAbsent(pair, p -> new LinkedHashSet<>()).add(from);
            }
        }

        void entry(ImportLine n) {
            PairId pair = pairOf(n);
            String key = n.text("entry_key", 200, true);
            Common common = common(n);
            double salience = n.number("salience", null);
            if (salience < 0 || salience > 1) {
                throw invalid("salience: must be in [0, 1]");
            }
            OffsetDateTime created = n.time("created_at", now);
            OffsetDateTime expires = n.time("expires_at", null);
            if (expires == null) {
                throw invalid("expires_at: required");
            }
            String state = n.text("promotion_state", 20, true);
            if (!STATES.contains(state)) {
                throw invalid("promotion_state: one of " + STATES + " is required");
            }
            String turn = n.text("turn_id", 100, false);
            String hitKey = n.text("hit_node_key", 200, false);
            Long hit = hitKey == null ? null : nodeId(pair, hitKey).orElse(null);
            int attempts = n.integer("attempts", 0, 0, Integer.MAX_VALUE);
            String lastError = n.text("last_error", 10_000, false);
            Optional<Long> existing = repository.entryId(pair.userId(), pair.agentId(), key);
            writes.write("entry", existing, id -> alreadyExists("entry_key '" + key + "'"),
                    () -> common.into(inPair("short_term_entry", pair).key("entry_key", key), true)
                            .set("salience", salience).set("turn_id", turn).set("created_at", created)
                            .set("expires_at", expires).set("promotion_state", state).set("hit_node_id", hit)
                            .set("attempts", attempts).set("last_error", lastError));
        }

        void synapse(ImportLine y) {
            String sourceType = y.choice("source_type", NODE_TYPES);
            String targetType = y.choice("target_type", NODE_TYPES);
            String type = y.choice("synapse_type", SYNAPSE_TYPES);
            long sourceId = endpoint(y, "source", sourceType);
            long targetId = endpoint(y, "target", targetType);
            if (sourceType.equals(targetType) && sourceId == targetId) {
                throw invalid("target_id: source and target are the same node");
            }
            double weight = y.number("weight", null);
            if (weight <= 0 || weight > 1) {
                throw invalid("weight: must be in (0, 1]");
            }
            double base = y.number("base_weight", weight);
            if (base < 0 || base > 1) {
                throw invalid("base_weight: must be in [0, 1]");
            }
            int activations = y.integer("activation_count", 1, 0, Integer.MAX_VALUE);
            OffsetDateTime lastActivated = y.time("last_activated_at", now);
            OffsetDateTime created = y.time("created_at", lastActivated);
            JsonNode context = y.get("context");
            if (context != null && !context.isNull() && !context.isObject()) {
                throw invalid("context: a JSON object or null is required");
            }
            String contextJson = context == null || context.isNull() ? null : context.toString();
            Optional<Long> existing = repository.synapseId(tenant, sourceType, sourceId, targetType, targetId, type);
            writes.write("synapse", existing, id -> alreadyExists("synapse " + sourceType + ":" + sourceId + " -" + type
                    + "-> " + targetType + ":" + targetId),
                    () -> ImportRow.into("synapse").scope("tenant", tenant).key("source_type", sourceType)
                            .key("source_id", sourceId).key("target_type", targetType).key("target_id", targetId)
                            .key("synapse_type", type).set("source_label", y.text("source_label", 120, false))
                            .set("target_label", y.text("target_label", 120, false)).set("weight", weight)
                            .set("base_weight", base).set("activation_count", activations)
                            .set("last_activated_at", lastActivated).set("context", contextJson, "jsonb")
                            .set("created_at", created));
        }

        /** Partition statistics of every pair written, and the edges of recompute_edges. */
        void finish() {
            for (Map.Entry<PairId, Set<Long>> e : edgeNodes.entrySet()) {
                edgeRecompute.forNodes(e.getKey().userId(), e.getKey().agentId(), List.copyOf(e.getValue()));
            }
            for (PairId pair : locked) {
                repository.recountStats(pair.userId(), pair.agentId());
            }
        }

        // ---- references ---------------------------------------------------------------------------------------

        /** The pair a line goes to (the options', else its own), locked for the rest of the call. */
        PairId pairOf(ImportLine line) {
            PairId pair = options.pair();
            if (pair == null) {
                try {
                    pair = PairAccess.require(Pair.newBuilder().setUserId(line.node.path("user_id").asText(""))
                            .setAgentId(line.node.path("agent_id").asText("")).build());
                } catch (StatusRuntimeException e) {
                    throw new Problem(e.getStatus().getCode(), false, e.getStatus().getDescription());
                }
            }
            if (locked.add(pair)) {
                pairLock.lock(pair.userId(), pair.agentId());
            }
            return pair;
        }

        Optional<Long> nodeId(PairId pair, String key) {
            return repository.nodeId(pair.userId(), pair.agentId(), key);
        }

        /** The node of {@code key} in the pair; a reference problem naming {@code field} when there is none. */
        long nodeInPair(PairId pair, String field, String key) {
            return nodeId(pair, key).orElseThrow(() -> reference(field + ": no node '" + key + "' in pair "
                    + pair.userId() + "/" + pair.agentId()));
        }

        /**
         * A synapse endpoint id. A {@code memory} endpoint with a {@code <side>_node} reference (pair + source
         * key, as exported) is resolved by key — in the options' pair when given, else in the referenced pair
         * (which must be the caller tenant's); without one, the id must be a node of the tenant.
         */
        long endpoint(ImportLine y, String side, String type) {
            JsonNode ref = y.get(side + "_node");
            if (type.equals("memory") && ref != null && !ref.isNull()) {
                PairId pair = options.pair();
                if (pair == null) {
                    String user = ref.path("user_id").asText("");
                    if (!PairAccess.belongsTo(tenant, user)) {
                        throw new Problem(Status.Code.PERMISSION_DENIED, false, side + "_node.user_id '" + user
                                + "' does not belong to the caller's tenant");
                    }
                    pair = new PairId(user, ref.path("agent_id").asText(""));
                }
                return nodeInPair(pair, side + "_node", ref.path("source_key").asText(""));
            }
            JsonNode idNode = y.get(side + "_id");
            if (idNode == null || !idNode.canConvertToLong() || idNode.asLong() <= 0) {
                throw invalid(side + "_id: a positive id is required");
            }
            long id = idNode.asLong();
            if (type.equals("memory") && !repository.tenantNodeExists(id, tenant)) {
                throw reference(side + "_id: memory node " + id + " not found in the tenant");
            }
            return id;
        }

        // ---- fields -------------------------------------------------------------------------------------------

        /** The fields entries and nodes share, validated. */
        Common common(ImportLine n) {
            String observer = n.choice("observer", Set.of("user", "assistant"));
            String content = n.node.path("content").asText("").replace("\u0000", "");
            if (content.isBlank()) {
                throw invalid("content: required, not blank");
            }
            if (content.getBytes(StandardCharsets.UTF_8).length > MAX_CONTENT_BYTES) {
                throw invalid("content: longer than 64 KiB");
            }
            float[] embedding = embedding(n, content);
            List<String> topics = n.strings("topics", 32, 100);
            List<String> topicKeys = n.get("topic_keys") != null ? n.strings("topic_keys", 32, 100)
                    : topics.stream().map(t -> t.toLowerCase(Locale.ROOT)).toList();
            List<Long> entities = n.ids("entity_ids", 64);
            OffsetDateTime at = n.time("time_at", null);
            String precision = n.optionalPrecision("time_precision");
            if ((at == null) != (precision == null)) {
                throw invalid("time_at: time_at and time_precision come together");
            }
            String timelineRef = n.text("timeline_ref", 100, false);
            String emotion = n.has("emotion") ? n.text("emotion", 40, false) : "";
            double arousal = n.number("arousal", 0.5);
            if (arousal < 0 || arousal > 1) {
                throw invalid("arousal: must be in [0, 1]");
            }
            JsonNode metadata = n.get("metadata");
            if (metadata != null && !metadata.isNull() && !metadata.isObject()) {
                throw invalid("metadata: a JSON object is required");
            }
            String metadataJson = metadata == null || metadata.isNull() ? "{}" : metadata.toString();
            if (metadataJson.getBytes(StandardCharsets.UTF_8).length > MAX_METADATA_BYTES) {
                throw invalid("metadata: larger than 16 KiB");
            }
            return new Common(observer, content, PgVector.of(embedding), topics, topicKeys, entities, at, precision,
                    timelineRef, emotion == null ? "" : emotion, arousal, metadataJson);
        }

        /** The line's vector, or the content's when it has none and embed_missing is set. */
        float[] embedding(ImportLine n, String content) {
            JsonNode e = n.get("embedding");
            if (e == null || e.isNull()) {
                if (!options.embedMissing()) {
                    throw invalid("embedding: missing (set embed_missing to embed the content)");
                }
                return vectors.embed(List.of(content)).get(0);
            }
            if (!e.isArray() || e.size() != embedder.dimension()) {
                throw invalid("embedding: an array of " + embedder.dimension() + " numbers is required");
            }
            float[] v = new float[e.size()];
            double norm = 0;
            for (int i = 0; i < v.length; i++) {
                JsonNode x = e.get(i);
                if (!x.isNumber() || !Double.isFinite(x.asDouble())) {
                    throw invalid("embedding[" + i + "]: a finite number is required");
                }
                v[i] = (float) x.asDouble();
                norm += v[i] * v[i];
            }
            if (norm == 0) {
                throw invalid("embedding: the zero vector has no direction");
            }
            return v;
        }

        /** An edge's reasons: an ordered subset of {@link #REASONS}. */
        List<String> reasons(ImportLine e) {
            List<String> reasons = e.strings("reasons", 4, 20);
            int last = -1;
            for (String reason : reasons) {
                int at = REASONS.indexOf(reason);
                if (at <= last) {
                    throw invalid("reasons: an ordered subset of entity, embedding, topics, timeline is required");
                }
                last = at;
            }
            return reasons;
        }
    }

    /** A row of one of the pair's tables. */
    private static ImportRow inPair(String table, PairId pair) {
        return ImportRow.into(table).scope("user_id", pair.userId()).scope("agent_id", pair.agentId());
    }

    /** Validated shared fields of an entry or node. */
    private record Common(String observer, String content, PgVector embedding, List<String> topics,
            List<String> topicKeys, List<Long> entityIds, OffsetDateTime timeAt, String timePrecision,
            String timelineRef, String emotion, double arousal, String metadata) {

        /** Sets the shared columns, the embedding after the content unless the table stores it apart. */
        ImportRow into(ImportRow row, boolean withEmbedding) {
            row.set("observer", observer).set("content", content);
            if (withEmbedding) {
                row.set("embedding", embedding, "vector");
            }
            return row.set("topics", topics.toArray(String[]::new)).set("topic_keys", topicKeys.toArray(String[]::new))
                    .set("entity_ids", entityIds.toArray(Long[]::new)).set("time_at", timeAt)
                    .set("time_precision", timePrecision).set("timeline_ref", timelineRef).set("emotion", emotion)
                    .set("arousal", arousal).set("metadata", metadata, "jsonb");
        }
    }
}
