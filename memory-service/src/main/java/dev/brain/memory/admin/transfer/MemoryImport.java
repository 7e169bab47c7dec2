package dev.brain.memory.admin.transfer;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.grpc.v1.Pair;
import dev.brain.memory.embedding.service.Embedder;
import dev.brain.memory.longterm.edges.EdgeRecompute;
import dev.brain.memory.longterm.partition.PairAccess;
import dev.brain.memory.longterm.partition.PairAccess.PairId;
import dev.brain.memory.longterm.partition.PairLock;
import dev.brain.memory.longterm.repository.LongTermRepository;
import dev.brain.memory.longterm.vectors.TextVectors;
import dev.brain.memory.longterm.weights.NodeWeights;
import dev.brain.db.DataAccessException;
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
 * overwritten in place and an unresolvable line is reported in {@code errors} and left out.
 */
@ApplicationScoped
public class MemoryImport {

    public enum Policy { FAIL, SKIP, REPLACE }

    public record Options(PairId pair, Policy onConflict, boolean embedMissing, boolean recomputeEdges) {
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
    static final Set<String> PRECISIONS = Set.of("minute", "hour", "day", "week", "month", "quarter", "year");
    static final Set<String> STATES = Set.of("not_eligible", "pending", "duplicate", "reactivated", "failed");
    static final int MAX_CONTENT_BYTES = 64 * 1024;
    static final int MAX_METADATA_BYTES = 16 * 1024;

    /** A line that cannot be imported; {@code reference} problems are skippable under SKIP/REPLACE. */
    static final class LineProblem extends RuntimeException {
        final Status.Code code;
        final boolean reference;

        LineProblem(Status.Code code, boolean reference, String message) {
            super(message, null, false, false);
            this.code = code;
            this.reference = reference;
        }
    }

    private final DataSource dataSource;
    private final ObjectMapper json;
    private final Embedder embedder;
    private final TextVectors vectors;
    private final NodeWeights weights;
    private final EdgeRecompute edgeRecompute;
    private final Clock clock;

    public MemoryImport(DataSource dataSource, ObjectMapper json, Embedder embedder, TextVectors vectors,
            NodeWeights weights, EdgeRecompute edgeRecompute, Clock clock) {
        this.dataSource = dataSource;
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
        try (Connection c = dataSource.getConnection()) {
            run.c = c;
            for (int i = 0; i < lines.size(); i++) {
                long number = i + 1;
                String text = lines.get(i);
                if (i > 0 && text.isBlank()) {
                    continue;
                }
                try {
                    JsonNode line = parse(text);
                    if (i == 0) {
                        header(line);
                        continue;
                    }
                    String kind = line.path("kind").asText("");
                    switch (kind) {
                        case "node" -> run.node(line);
                        case "edge" -> run.edge(line);
                        case "entry" -> run.entry(line);
                        case "synapse" -> run.synapse(line);
                        case "header" -> throw invalid("kind: a second header");
                        default -> throw invalid("kind: must be node, edge, entry or synapse, got '" + kind + "'");
                    }
                } catch (LineProblem p) {
                    if (p.reference && options.onConflict() != Policy.FAIL) {
                        run.errors.add(new LineError(number, p.getMessage()));
                        continue;
                    }
                    throw Status.fromCode(p.code).withDescription("line " + number + ": " + p.getMessage())
                            .asRuntimeException();
                }
            }
            if (lines.isEmpty()) {
                throw Status.INVALID_ARGUMENT.withDescription("line 1: the header line is required")
                        .asRuntimeException();
            }
            run.finish();
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
        return new Result(run.counts, run.errors);
    }

    private JsonNode parse(String text) {
        try {
            JsonNode node = json.readTree(text);
            if (node == null || !node.isObject()) {
                throw invalid("a JSON object is required");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw invalid("malformed JSON (" + e.getOriginalMessage() + ")");
        }
    }

    private void header(JsonNode h) {
        if (!"header".equals(h.path("kind").asText()) || !"brain-memory".equals(h.path("format").asText())) {
            throw invalid("kind: the first line must be the header {\"kind\":\"header\",\"format\":\"brain-memory\",…}");
        }
        if (h.path("version").asInt(-1) != 1) {
            throw invalid("version: only version 1 is known");
        }
        if (!h.path("dimension").canConvertToInt()) {
            throw invalid("dimension: required");
        }
        int dimension = h.path("dimension").asInt();
        if (dimension != embedder.dimension()) {
            throw new LineProblem(Status.Code.FAILED_PRECONDITION, false, "dimension: the export has " + dimension
                    + "-dimensional vectors, this service stores " + embedder.dimension());
        }
    }

    /** State of one call. */
    private final class Run {
        final String tenant;
        final Options options;
        final Map<String, Long> counts = new TreeMap<>();
        final List<LineError> errors = new ArrayList<>();
        final Set<PairId> locked = new HashSet<>();
        final Map<PairId, Set<Long>> edgeNodes = new LinkedHashMap<>();
        final OffsetDateTime now = OffsetDateTime.now(clock);
        Connection c;

        Run(String tenant, Options options) {
            this.tenant = tenant;
            this.options = options;
        }

        void count(String key) {
            counts.merge(key, 1L, Long::sum);
        }

        PairId pairOf(JsonNode line) {
            PairId pair = options.pair();
            if (pair == null) {
                try {
                    pair = PairAccess.require(Pair.newBuilder().setUserId(line.path("user_id").asText(""))
                            .setAgentId(line.path("agent_id").asText("")).build());
                } catch (StatusRuntimeException e) {
                    throw new LineProblem(e.getStatus().getCode(), false, e.getStatus().getDescription());
                }
            }
            if (locked.add(pair)) {
                try {
                    PairLock.lock(c, pair.userId(), pair.agentId());
                } catch (SQLException e) {
                    throw new DataAccessException(e);
                }
            }
            return pair;
        }

        /** Existing id of a unique key, or null; applies FAIL (ALREADY_EXISTS) and SKIP (returns -1). */
        Long conflict(String sql, String what, Object... params) throws SQLException {
            Long existing = longOrNull(sql, params);
            if (existing == null) {
                return null;
            }
            switch (options.onConflict()) {
                case FAIL -> throw new LineProblem(Status.Code.ALREADY_EXISTS, false, what + " already exists"
                        + " (on_conflict FAIL)");
                case SKIP -> {
                    count("skipped");
                    return -1L;
                }
                default -> {
                    count("replaced");
                    return existing;
                }
            }
        }

        Long longOrNull(String sql, Object... params) throws SQLException {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                for (int i = 0; i < params.length; i++) {
                    s.setObject(i + 1, params[i]);
                }
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? rs.getLong(1) : null;
                }
            }
        }

        Long nodeId(PairId pair, String key) throws SQLException {
            return longOrNull("select id from long_term_node where user_id = ? and agent_id = ? and source_key = ?",
                    pair.userId(), pair.agentId(), key);
        }

        void node(JsonNode n) throws SQLException {
            PairId pair = pairOf(n);
            String key = text(n, "source_key", 200, true);
            Common common = common(n);
            double raw = weight(n, "raw_weight", null);
            double absolute = weight(n, "absolute_weight", weights.anchor(raw));
            double decayWeight = weight(n, "decay_weight", absolute);
            double decayBase = weight(n, "decay_base", absolute);
            OffsetDateTime created = time(n, "created_at", now);
            OffsetDateTime reinforced = time(n, "reinforced_at", created);
            OffsetDateTime decayBaseAt = time(n, "decay_base_at", reinforced);
            OffsetDateTime entryCreated = time(n, "entry_created_at", created);
            int frequency = integer(n, "frequency", 1, 1, Integer.MAX_VALUE);
            boolean active = bool(n, "active", true);
            Long existing = conflict("select id from long_term_node where user_id = ? and agent_id = ? and source_key = ?",
                    "source_key '" + key + "'", pair.userId(), pair.agentId(), key);
            if (existing != null && existing < 0) {
                return;
            }
            String columns = "observer, content, topics, topic_keys, entity_ids, time_at, time_precision,"
                    + " timeline_ref, emotion, arousal, metadata, entry_created_at, raw_weight, absolute_weight,"
                    + " decay_weight, decay_base, decay_base_at, frequency, active, created_at, reinforced_at,"
                    + " decayed_at, reactivated_at";
            String sql = existing == null
                    ? "insert into long_term_node (user_id, agent_id, source_key, " + columns + ") values (?, ?, ?,"
                            + " ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id"
                    : "update long_term_node set (" + columns + ") = (?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                            + " ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) where user_id = ? and agent_id = ? and id = ?"
                            + " returning id";
            long id;
            try (PreparedStatement s = c.prepareStatement(sql)) {
                int i = 1;
                if (existing == null) {
                    s.setString(i++, pair.userId());
                    s.setString(i++, pair.agentId());
                    s.setString(i++, key);
                }
                i = common.bind(s, i, false);
                s.setObject(i++, entryCreated);
                s.setDouble(i++, raw);
                s.setDouble(i++, absolute);
                s.setDouble(i++, decayWeight);
                s.setDouble(i++, decayBase);
                s.setObject(i++, decayBaseAt);
                s.setInt(i++, frequency);
                s.setBoolean(i++, active);
                s.setObject(i++, created);
                s.setObject(i++, reinforced);
                s.setObject(i++, time(n, "decayed_at", null));
                s.setObject(i++, time(n, "reactivated_at", null));
                if (existing != null) {
                    s.setString(i++, pair.userId());
                    s.setString(i++, pair.agentId());
                    s.setLong(i, existing);
                }
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    id = rs.getLong(1);
                }
            }
            try (PreparedStatement s = c.prepareStatement("insert into long_term_node_embedding (node_id, user_id,"
                    + " agent_id, embedding) values (?, ?, ?, ?::vector)"
                    + " on conflict (user_id, agent_id, node_id) do update set embedding = excluded.embedding")) {
                s.setLong(1, id);
                s.setString(2, pair.userId());
                s.setString(3, pair.agentId());
                s.setString(4, common.embedding());
                s.executeUpdate();
            }
            count("node");
        }

        void edge(JsonNode e) throws SQLException {
            PairId pair = pairOf(e);
            String fromKey = text(e, "from_key", 200, true);
            String toKey = text(e, "to_key", 200, true);
            if (fromKey.equals(toKey)) {
                throw invalid("to_key: equals from_key");
            }
            boolean recompute = options.recomputeEdges();
            double raw = recompute ? 0 : weight(e, "raw_weight", null);
            double absolute = recompute ? 0 : weight(e, "absolute_weight", null);
            List<String> reasons = strings(e, "reasons", 4, 20);
            int last = -1;
            for (String reason : reasons) {
                int at = REASONS.indexOf(reason);
                if (at <= last) {
                    throw invalid("reasons: an ordered subset of entity, embedding, topics, timeline is required");
                }
                last = at;
            }
            List<Long> entities = ids(e, "shared_entity_ids", 64);
            List<String> topics = strings(e, "shared_topics", 32, 100);
            Double distance = optionalNumber(e, "timeline_distance");
            String precision = e.hasNonNull("timeline_precision") ? precision(e, "timeline_precision") : null;
            if ((distance == null) != (precision == null)) {
                throw invalid("timeline_distance: timeline_distance and timeline_precision come together");
            }
            if (distance != null && distance < 0) {
                throw invalid("timeline_distance: must be ≥ 0");
            }
            Double cosine = optionalNumber(e, "embedding_cosine_initial");
            if (cosine == null || cosine < -1.000001 || cosine > 1.000001) {
                throw invalid("embedding_cosine_initial: a number in [-1, 1] is required");
            }
            int layers = integer(e, "layer_count", reasons.size(), 0, 4);
            Long from = nodeId(pair, fromKey);
            if (from == null) {
                throw reference("from_key: no node '" + fromKey + "' in pair " + pair.userId() + "/" + pair.agentId());
            }
            Long to = nodeId(pair, toKey);
            if (to == null) {
                throw reference("to_key: no node '" + toKey + "' in pair " + pair.userId() + "/" + pair.agentId());
            }
            Long existing = conflict("select id from long_term_edge where from_node_id = ? and to_node_id = ?",
                    "edge " + fromKey + " → " + toKey, from, to);
            if (existing != null && existing < 0) {
                return;
            }
            String columns = "raw_weight, absolute_weight, reasons, shared_entity_ids, shared_topics, timeline_distance,"
                    + " timeline_precision, embedding_cosine_initial, layer_count, created_at, recomputed_at";
            String sql = existing == null
                    ? "insert into long_term_edge (user_id, agent_id, from_node_id, to_node_id, " + columns
                            + ") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    : "update long_term_edge set (" + columns + ") = (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) where id = ?";
            try (PreparedStatement s = c.prepareStatement(sql)) {
                int i = 1;
                if (existing == null) {
                    s.setString(i++, pair.userId());
                    s.setString(i++, pair.agentId());
                    s.setLong(i++, from);
                    s.setLong(i++, to);
                }
                s.setDouble(i++, raw);
                s.setDouble(i++, absolute);
                s.setArray(i++, c.createArrayOf("text", reasons.toArray()));
                s.setArray(i++, c.createArrayOf("bigint", entities.toArray()));
                s.setArray(i++, c.createArrayOf("text", topics.toArray()));
                if (distance == null) {
                    s.setNull(i++, Types.DOUBLE);
                } else {
                    s.setDouble(i++, distance);
                }
                s.setString(i++, precision);
                s.setDouble(i++, cosine);
                s.setInt(i++, layers);
                s.setObject(i++, time(e, "created_at", now));
                s.setObject(i++, time(e, "recomputed_at", null));
                if (existing != null) {
                    s.setLong(i, existing);
                }
                s.executeUpdate();
            }
            if (recompute) {
                Set<Long> nodes = edgeNodes.computeIfAbsent(pair, p -> new LinkedHashSet<>());
                nodes.add(from);
            }
            count("edge");
        }

        void entry(JsonNode n) throws SQLException {
            PairId pair = pairOf(n);
            String key = text(n, "entry_key", 200, true);
            Common common = common(n);
            double salience = number(n, "salience", null);
            if (salience < 0 || salience > 1) {
                throw invalid("salience: must be in [0, 1]");
            }
            OffsetDateTime created = time(n, "created_at", now);
            OffsetDateTime expires = time(n, "expires_at", null);
            if (expires == null) {
                throw invalid("expires_at: required");
            }
            String state = text(n, "promotion_state", 20, true);
            if (!STATES.contains(state)) {
                throw invalid("promotion_state: one of " + STATES + " is required");
            }
            String turn = text(n, "turn_id", 100, false);
            String hitKey = text(n, "hit_node_key", 200, false);
            Long hit = hitKey == null ? null : nodeId(pair, hitKey);
            int attempts = integer(n, "attempts", 0, 0, Integer.MAX_VALUE);
            String lastError = text(n, "last_error", 10_000, false);
            Long existing = conflict("select id from short_term_entry where user_id = ? and agent_id = ? and entry_key = ?",
                    "entry_key '" + key + "'", pair.userId(), pair.agentId(), key);
            if (existing != null && existing < 0) {
                return;
            }
            String columns = "observer, content, embedding, topics, topic_keys, entity_ids, time_at, time_precision,"
                    + " timeline_ref, emotion, arousal, metadata, salience, turn_id, created_at, expires_at,"
                    + " promotion_state, hit_node_id, attempts, last_error";
            String sql = existing == null
                    ? "insert into short_term_entry (user_id, agent_id, entry_key, " + columns + ") values (?, ?, ?,"
                            + " ?, ?, ?::vector, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?)"
                    : "update short_term_entry set (" + columns + ") = (?, ?, ?::vector, ?, ?, ?, ?, ?, ?, ?, ?,"
                            + " ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?) where id = ?";
            try (PreparedStatement s = c.prepareStatement(sql)) {
                int i = 1;
                if (existing == null) {
                    s.setString(i++, pair.userId());
                    s.setString(i++, pair.agentId());
                    s.setString(i++, key);
                }
                i = common.bind(s, i, true);
                s.setDouble(i++, salience);
                s.setString(i++, turn);
                s.setObject(i++, created);
                s.setObject(i++, expires);
                s.setString(i++, state);
                if (hit == null) {
                    s.setNull(i++, Types.BIGINT);
                } else {
                    s.setLong(i++, hit);
                }
                s.setInt(i++, attempts);
                s.setString(i++, lastError);
                if (existing != null) {
                    s.setLong(i, existing);
                }
                s.executeUpdate();
            }
            count("entry");
        }

        void synapse(JsonNode y) throws SQLException {
            String sourceType = choice(y, "source_type", NODE_TYPES);
            String targetType = choice(y, "target_type", NODE_TYPES);
            String type = choice(y, "synapse_type", SYNAPSE_TYPES);
            long sourceId = endpoint(y, "source", sourceType);
            long targetId = endpoint(y, "target", targetType);
            if (sourceType.equals(targetType) && sourceId == targetId) {
                throw invalid("target_id: source and target are the same node");
            }
            double weight = number(y, "weight", null);
            if (weight <= 0 || weight > 1) {
                throw invalid("weight: must be in (0, 1]");
            }
            double base = number(y, "base_weight", weight);
            if (base < 0 || base > 1) {
                throw invalid("base_weight: must be in [0, 1]");
            }
            int activations = integer(y, "activation_count", 1, 0, Integer.MAX_VALUE);
            OffsetDateTime lastActivated = time(y, "last_activated_at", now);
            OffsetDateTime created = time(y, "created_at", lastActivated);
            JsonNode context = y.get("context");
            if (context != null && !context.isNull() && !context.isObject()) {
                throw invalid("context: a JSON object or null is required");
            }
            String contextJson = context == null || context.isNull() ? null : context.toString();
            Long existing = conflict("select id from synapse where tenant = ? and source_type = ? and source_id = ?"
                    + " and target_type = ? and target_id = ? and synapse_type = ?",
                    "synapse " + sourceType + ":" + sourceId + " -" + type + "-> " + targetType + ":" + targetId,
                    tenant, sourceType, sourceId, targetType, targetId, type);
            if (existing != null && existing < 0) {
                return;
            }
            String columns = "source_label, target_label, weight, base_weight, activation_count, last_activated_at,"
                    + " context, created_at";
            String sql = existing == null
                    ? "insert into synapse (tenant, source_type, source_id, target_type, target_id, synapse_type, "
                            + columns + ") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)"
                    : "update synapse set (" + columns + ") = (?, ?, ?, ?, ?, ?, ?::jsonb, ?) where id = ?";
            try (PreparedStatement s = c.prepareStatement(sql)) {
                int i = 1;
                if (existing == null) {
                    s.setString(i++, tenant);
                    s.setString(i++, sourceType);
                    s.setLong(i++, sourceId);
                    s.setString(i++, targetType);
                    s.setLong(i++, targetId);
                    s.setString(i++, type);
                }
                s.setString(i++, text(y, "source_label", 120, false));
                s.setString(i++, text(y, "target_label", 120, false));
                s.setDouble(i++, weight);
                s.setDouble(i++, base);
                s.setInt(i++, activations);
                s.setObject(i++, lastActivated);
                s.setString(i++, contextJson);
                s.setObject(i++, created);
                if (existing != null) {
                    s.setLong(i, existing);
                }
                s.executeUpdate();
            }
            count("synapse");
        }

        /**
         * A synapse endpoint id. A {@code memory} endpoint with a {@code <side>_node} reference (pair + source
         * key, as exported) is resolved by key — in the options' pair when given, else in the referenced pair
         * (which must be the caller tenant's); without one, the id must be a node of the tenant.
         */
        long endpoint(JsonNode y, String side, String type) throws SQLException {
            JsonNode ref = y.get(side + "_node");
            if (type.equals("memory") && ref != null && !ref.isNull()) {
                PairId pair = options.pair();
                if (pair == null) {
                    String user = ref.path("user_id").asText("");
                    if (!PairAccess.belongsTo(tenant, user)) {
                        throw new LineProblem(Status.Code.PERMISSION_DENIED, false, side + "_node.user_id '" + user
                                + "' does not belong to the caller's tenant");
                    }
                    pair = new PairId(user, ref.path("agent_id").asText(""));
                }
                String key = ref.path("source_key").asText("");
                Long id = nodeId(pair, key);
                if (id == null) {
                    throw reference(side + "_node: no node '" + key + "' in pair " + pair.userId() + "/"
                            + pair.agentId());
                }
                return id;
            }
            JsonNode idNode = y.get(side + "_id");
            if (idNode == null || !idNode.canConvertToLong() || idNode.asLong() <= 0) {
                throw invalid(side + "_id: a positive id is required");
            }
            long id = idNode.asLong();
            if (type.equals("memory") && longOrNull("select id from long_term_node where id = ? and (user_id = ?"
                    + " or starts_with(user_id, ? || ':'))", id, tenant, tenant) == null) {
                throw reference(side + "_id: memory node " + id + " not found in the tenant");
            }
            return id;
        }

        /** The fields entries and nodes share, validated; binds observer … metadata (12 parameters). */
        Common common(JsonNode n) {
            String observer = choice(n, "observer", Set.of("user", "assistant"));
            String content = n.path("content").asText("").replace("\u0000", "");
            if (content.isBlank()) {
                throw invalid("content: required, not blank");
            }
            if (content.getBytes(StandardCharsets.UTF_8).length > MAX_CONTENT_BYTES) {
                throw invalid("content: longer than 64 KiB");
            }
            float[] embedding = embedding(n, content);
            List<String> topics = strings(n, "topics", 32, 100);
            List<String> topicKeys = n.has("topic_keys") ? strings(n, "topic_keys", 32, 100)
                    : topics.stream().map(t -> t.toLowerCase(Locale.ROOT)).toList();
            List<Long> entities = ids(n, "entity_ids", 64);
            OffsetDateTime at = time(n, "time_at", null);
            String precision = n.hasNonNull("time_precision") ? precision(n, "time_precision") : null;
            if ((at == null) != (precision == null)) {
                throw invalid("time_at: time_at and time_precision come together");
            }
            String timelineRef = text(n, "timeline_ref", 100, false);
            String emotion = n.hasNonNull("emotion") ? text(n, "emotion", 40, false) : "";
            double arousal = number(n, "arousal", 0.5);
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
            return new Common(observer, content, LongTermRepository.vectorLiteral(embedding), topics, topicKeys,
                    entities, at, precision, timelineRef, emotion == null ? "" : emotion, arousal, metadataJson);
        }

        float[] embedding(JsonNode n, String content) {
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

        void finish() throws SQLException {
            for (Map.Entry<PairId, Set<Long>> e : edgeNodes.entrySet()) {
                edgeRecompute.forNodes(e.getKey().userId(), e.getKey().agentId(), List.copyOf(e.getValue()));
            }
            for (PairId pair : locked) {
                try (PreparedStatement s = c.prepareStatement("""
                        insert into partition_stats (user_id, agent_id, node_count, active_count, edge_count)
                        select ?, ?,
                          (select count(*) from long_term_node where user_id = ? and agent_id = ?),
                          (select count(*) from long_term_node where user_id = ? and agent_id = ? and active),
                          (select count(*) from long_term_edge where user_id = ? and agent_id = ?)
                        on conflict (user_id, agent_id) do update set node_count = excluded.node_count,
                          active_count = excluded.active_count, edge_count = excluded.edge_count""")) {
                    for (int i = 0; i < 4; i++) {
                        s.setString(2 * i + 1, pair.userId());
                        s.setString(2 * i + 2, pair.agentId());
                    }
                    s.executeUpdate();
                }
            }
        }
    }

    /** Validated shared fields of an entry or node. */
    private record Common(String observer, String content, String embedding, List<String> topics,
            List<String> topicKeys, List<Long> entityIds, OffsetDateTime timeAt, String timePrecision,
            String timelineRef, String emotion, double arousal, String metadata) {

        /** Binds the fields in the order of the columns, the embedding third unless it is stored apart. */
        int bind(PreparedStatement s, int i, boolean withEmbedding) throws SQLException {
            Connection c = s.getConnection();
            s.setString(i++, observer);
            s.setString(i++, content);
            if (withEmbedding) {
                s.setString(i++, embedding);
            }
            s.setArray(i++, c.createArrayOf("text", topics.toArray()));
            s.setArray(i++, c.createArrayOf("text", topicKeys.toArray()));
            s.setArray(i++, c.createArrayOf("bigint", entityIds.toArray()));
            s.setObject(i++, timeAt);
            s.setString(i++, timePrecision);
            s.setString(i++, timelineRef);
            s.setString(i++, emotion);
            s.setDouble(i++, arousal);
            s.setString(i++, metadata);
            return i;
        }
    }

    // ---- field readers: each failure names the field ------------------------------------------------------

    static LineProblem invalid(String message) {
        return new LineProblem(Status.Code.INVALID_ARGUMENT, false, message);
    }

    static LineProblem reference(String message) {
        return new LineProblem(Status.Code.INVALID_ARGUMENT, true, message);
    }

    static String text(JsonNode n, String field, int maxChars, boolean required) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw invalid(field + ": required");
            }
            return null;
        }
        if (!v.isTextual() || (required && v.asText().isEmpty())) {
            throw invalid(field + ": a " + (required ? "non-empty " : "") + "string is required");
        }
        if (v.asText().codePointCount(0, v.asText().length()) > maxChars) {
            throw invalid(field + ": longer than " + maxChars + " characters");
        }
        return v.asText();
    }

    static String choice(JsonNode n, String field, Set<String> allowed) {
        String value = text(n, field, 40, true);
        if (!allowed.contains(value)) {
            throw invalid(field + ": '" + value + "' is not one of " + new java.util.TreeSet<>(allowed));
        }
        return value;
    }

    static String precision(JsonNode n, String field) {
        return choice(n, field, PRECISIONS);
    }

    static Double optionalNumber(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
            throw invalid(field + ": a finite number is required");
        }
        return v.asDouble();
    }

    static double number(JsonNode n, String field, Double fallback) {
        Double v = optionalNumber(n, field);
        if (v == null) {
            if (fallback == null) {
                throw invalid(field + ": required");
            }
            return fallback;
        }
        return v;
    }

    /** A weight: finite and ≥ 0 (§14); {@code fallback} when omitted (null = required). */
    static double weight(JsonNode n, String field, Double fallback) {
        double v = number(n, field, fallback);
        if (v < 0) {
            throw invalid(field + ": must be ≥ 0");
        }
        return v;
    }

    static int integer(JsonNode n, String field, int fallback, int min, int max) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            return fallback;
        }
        if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < min || v.asInt() > max) {
            throw invalid(field + ": an integer in [" + min + ", " + max + "] is required");
        }
        return v.asInt();
    }

    static boolean bool(JsonNode n, String field, boolean fallback) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            return fallback;
        }
        if (!v.isBoolean()) {
            throw invalid(field + ": true or false is required");
        }
        return v.asBoolean();
    }

    static OffsetDateTime time(JsonNode n, String field, OffsetDateTime fallback) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            return fallback;
        }
        try {
            return OffsetDateTime.parse(v.asText());
        } catch (DateTimeParseException e) {
            throw invalid(field + ": an ISO-8601 timestamp with offset is required");
        }
    }

    static List<String> strings(JsonNode n, String field, int maxItems, int maxChars) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            return List.of();
        }
        if (!v.isArray() || v.size() > maxItems) {
            throw invalid(field + ": an array of at most " + maxItems + " strings is required");
        }
        List<String> out = new ArrayList<>(v.size());
        for (JsonNode x : v) {
            if (!x.isTextual() || x.asText().length() > maxChars) {
                throw invalid(field + ": strings of at most " + maxChars + " characters are required");
            }
            out.add(x.asText());
        }
        return out;
    }

    static List<Long> ids(JsonNode n, String field, int maxItems) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            return List.of();
        }
        if (!v.isArray() || v.size() > maxItems) {
            throw invalid(field + ": an array of at most " + maxItems + " ids is required");
        }
        List<Long> out = new ArrayList<>(v.size());
        for (JsonNode x : v) {
            if (!x.isIntegralNumber() || !x.canConvertToLong() || x.asLong() <= 0) {
                throw invalid(field + ": positive integer ids are required");
            }
            out.add(x.asLong());
        }
        return out;
    }
}
