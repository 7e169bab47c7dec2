package dev.brain.gateway.memory;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.gateway.auth.Caller;
import dev.brain.gateway.client.MemoryServiceClient;
import dev.brain.gateway.memory.MemoryViews.Feedback;
import dev.brain.gateway.memory.MemoryViews.PathStep;
import dev.brain.gateway.memory.MemoryViews.PendingEntry;
import dev.brain.gateway.memory.MemoryViews.Recall;
import dev.brain.gateway.memory.MemoryViews.RecalledMemory;
import dev.brain.gateway.memory.MemoryViews.Remembered;
import dev.brain.grpc.v1.EdgeLayer;
import dev.brain.grpc.v1.MemoryPathStep;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PromotionState;
import dev.brain.grpc.v1.ReadRanking;
import dev.brain.grpc.v1.ReadRequest;
import dev.brain.grpc.v1.ReadResponse;
import dev.brain.grpc.v1.ReinforceUsageRequest;
import dev.brain.grpc.v1.ReinforceUsageResponse;
import dev.brain.grpc.v1.RenderOptions;
import dev.brain.grpc.v1.SearchEntriesRequest;
import dev.brain.grpc.v1.ShortTermEntry;
import dev.brain.grpc.v1.TimePrecision;
import dev.brain.grpc.v1.TimeRef;
import dev.brain.grpc.v1.WriteEntryReason;
import dev.brain.grpc.v1.WriteEntryRequest;
import dev.brain.grpc.v1.WriteEntryResponse;
import dev.brain.tenancy.RequestText;
import dev.brain.wire.ProtoTime;
import dev.brain.wire.WireNames;
import io.smallrye.mutiny.Uni;

/**
 * The long-term memory of an agent for a caller (memory.md §4.2, §7, §9): validates the arguments (one line
 * naming the field), maps the caller to the memory pair and calls memory-service.
 */
@ApplicationScoped
public class AgentMemory {

    public static final String DEFAULT_AGENT = "claude";
    static final Pattern AGENT = Pattern.compile("[A-Za-z0-9._:@/-]{1,100}");
    static final int MAX_CONTENT_BYTES = 64 * 1024;
    static final int MAX_HOPS = 3;
    static final int MAX_LIMIT = 10;
    static final int DEFAULT_LIMIT = 3;
    static final int PENDING_SHOWN = 3;
    static final List<String> PRECISIONS = List.of("minute", "hour", "day", "week", "month", "quarter", "year");

    private final MemoryServiceClient memory;

    public AgentMemory(MemoryServiceClient memory) {
        this.memory = memory;
    }

    /**
     * The memory pair of a caller (memory.md §4.1): {@code user_id} is the token's memory user — the tenant, or
     * {@code <tenant>:<user>} for a token that names a user ({@link Caller#memoryUser}) — and {@code agent_id} the
     * agent argument (default {@code claude}).
     */
    public static Pair pair(Caller caller, String agent) {
        return pair(caller.memoryUser(), agent);
    }

    /** The pair of a memory user ({@code tenant} or {@code tenant:user}) and an agent (default {@code claude}). */
    public static Pair pair(String userId, String agent) {
        return Pair.newBuilder().setUserId(userId).setAgentId(agent(agent)).build();
    }

    /** The agent argument, default {@code claude}. */
    public static String agent(String agent) {
        if (agent == null || agent.isBlank()) {
            return DEFAULT_AGENT;
        }
        String name = agent.trim();
        if (!AGENT.matcher(name).matches()) {
            throw new IllegalArgumentException(
                    "agent: '" + name + "' is not an agent id (1–100 characters of [A-Za-z0-9._:@/-])");
        }
        return name;
    }

    static String required(String field, String value) {
        if (value == null || RequestText.blank(value)) { // invisible-only text is blank too (tenancy's one rule)
            throw new IllegalArgumentException(field + ": is required and must not be blank");
        }
        return value;
    }

    static Observer observer(String observer) {
        if (observer == null || observer.isBlank()) {
            return Observer.OBSERVER_USER;
        }
        return switch (observer.trim().toLowerCase(Locale.ROOT)) {
            case "user" -> Observer.OBSERVER_USER;
            case "assistant" -> Observer.OBSERVER_ASSISTANT;
            default -> throw new IllegalArgumentException("observer: '" + observer.trim() + "' is not one of user, assistant");
        };
    }

    static double salience(Double salience) {
        if (salience == null) {
            throw new IllegalArgumentException(
                    "salience: is required (0–1: how much this matters; ≥ 0.7 goes to long-term memory)");
        }
        if (!Double.isFinite(salience) || salience < 0 || salience > 1) {
            throw new IllegalArgumentException("salience: " + salience + " is outside 0–1");
        }
        return salience;
    }

    /**
     * An ISO-8601 moment plus precision → the time reference; without a precision it follows the text
     * ({@code 2026} year, {@code 2026-11} month, {@code 2026-11-30} day, a date-time minute; no offset = UTC).
     */
    static TimeRef timeRef(String time, String precision) {
        boolean hasTime = time != null && !time.isBlank();
        boolean hasPrecision = precision != null && !precision.isBlank();
        if (!hasTime) {
            if (hasPrecision) {
                throw new IllegalArgumentException("time: is required when time_precision is given");
            }
            return null;
        }
        String text = time.trim();
        Instant at;
        String inferred;
        try {
            if (text.matches("\\d{4}")) {
                at = Year.parse(text).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
                inferred = "year";
            } else if (text.matches("\\d{4}-\\d{2}")) {
                at = YearMonth.parse(text).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
                inferred = "month";
            } else if (text.matches("\\d{4}-\\d{2}-\\d{2}")) {
                at = LocalDate.parse(text).atStartOfDay().toInstant(ZoneOffset.UTC);
                inferred = "day";
            } else if (text.matches(".*T.*(Z|z|[+-]\\d{2}(:?\\d{2})?)$")) {
                at = OffsetDateTime.parse(text.replace('z', 'Z')).toInstant();
                inferred = "minute";
            } else {
                at = LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
                inferred = "minute";
            }
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("time: '" + text
                    + "' is not an ISO-8601 date or date-time (e.g. 2026-11-30T14:05:00Z, 2026-11-30, 2026-11, 2026)");
        }
        String name = hasPrecision ? precision.trim().toLowerCase(Locale.ROOT) : inferred;
        if (!PRECISIONS.contains(name)) {
            throw new IllegalArgumentException("time_precision: '" + precision.trim() + "' is not one of "
                    + String.join(", ", PRECISIONS));
        }
        return TimeRef.newBuilder()
                .setAt(ProtoTime.timestamp(at))
                .setPrecision(WireNames.parse(TimePrecision.class, name)).build();
    }

    // ---------------------------------------------------------------------------------------------------------

    /** memory_remember: one short-term entry of the pair. */
    public Uni<Remembered> remember(Caller caller, MemoryInputs.Remember in) {
        String content = required("content", in.content());
        int bytes = content.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_CONTENT_BYTES) {
            throw new IllegalArgumentException("content: " + bytes + " bytes, at most " + MAX_CONTENT_BYTES + " (64 KiB)");
        }
        double salience = salience(in.salience());
        Observer observer = observer(in.observer());
        Pair pair = pair(caller, in.agent());
        String tenant = caller.tenant();
        // a key of this call: a retry after a lost connection answers the entry the first attempt may have stored
        WriteEntryRequest.Builder request = WriteEntryRequest.newBuilder().setPair(pair).setObserver(observer)
                .setContent(content).setSalience(salience).setEntryKey("remember-" + UUID.randomUUID());
        if (in.topics() != null) {
            for (int i = 0; i < in.topics().size(); i++) {
                request.addTopics(required("topics[" + i + "]", in.topics().get(i)));
            }
        }
        if (in.entities() != null) {
            for (int i = 0; i < in.entities().size(); i++) {
                request.addEntityNames(required("entities[" + i + "]", in.entities().get(i)));
            }
        }
        TimeRef time = timeRef(in.time(), in.time_precision());
        if (time != null) {
            request.setTimeRef(time);
        }
        if (in.emotion() != null && !in.emotion().isBlank()) {
            request.setEmotion(in.emotion().trim());
        }
        return memory.writeEntry(tenant, request.build()).map(response -> remembered(response, salience, pair, observer));
    }

    static Remembered remembered(WriteEntryResponse response, double salience, Pair pair, Observer observer) {
        String speaker = observer == Observer.OBSERVER_ASSISTANT ? "assistant" : "user";
        if (!response.getStored()) {
            String reason = response.getReason() == WriteEntryReason.WRITE_ENTRY_REASON_BELOW_MIN_SALIENCE
                    ? "salience " + salience + " is below the short-term minimum (0.3): not worth remembering"
                    : "memory-service did not store it (" + response.getReason() + ")";
            return new Remembered(null, false, false, reason, salience, null, null, pair.getAgentId(), speaker);
        }
        ShortTermEntry entry = response.getEntry();
        return new Remembered(entry.getId(), true, response.getCreated(), null, salience, state(entry.getPromotionState()),
                entry.hasExpiresAt() ? ProtoTime.instant(entry.getExpiresAt()).toString() : null, pair.getAgentId(),
                speaker);
    }

    static String state(PromotionState state) {
        return state == PromotionState.UNRECOGNIZED || state == PromotionState.PROMOTION_STATE_UNSPECIFIED ? "unknown"
                : WireNames.of(state);
    }

    /** The read path's ranking by its name: relevance, strength, or absent (the service's default). */
    static ReadRanking ranking(String name) {
        if (name == null || name.isBlank()) {
            return ReadRanking.READ_RANKING_UNSPECIFIED;
        }
        return switch (name.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "relevance" -> ReadRanking.READ_RANKING_RELEVANCE;
            case "strength" -> ReadRanking.READ_RANKING_STRENGTH;
            default -> throw new IllegalArgumentException("ranking: '" + name.trim() + "' is not one of relevance, strength");
        };
    }

    /** memory_recall: the read path with a new turn id and the rendered block; says what was searched when empty. */
    public Uni<Recall> recall(Caller caller, MemoryInputs.Recall in) {
        String query = required("query", in.query());
        int hops = in.hops() == null ? 1 : in.hops();
        if (hops < 0 || hops > MAX_HOPS) {
            throw new IllegalArgumentException("hops: " + hops + " is outside 0.." + MAX_HOPS);
        }
        int limit = in.limit() == null ? DEFAULT_LIMIT : in.limit();
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit: " + limit + " is outside 1.." + MAX_LIMIT);
        }
        Pair pair = pair(caller, in.agent());
        String tenant = caller.tenant();
        String turnId = "turn-" + UUID.randomUUID();
        ReadRequest.Builder request = ReadRequest.newBuilder().setPair(pair).setTurnId(turnId).setQueryText(query)
                .setHops(hops).setLimit(limit)
                .setRender(RenderOptions.newBuilder().setAgentName(displayName(pair.getAgentId())));
        if (in.emotion() != null && !in.emotion().isBlank()) {
            request.setCurrentEmotion(in.emotion().trim());
        }
        request.setRanking(ranking(in.ranking()));
        return memory.read(tenant, request.build()).flatMap(response -> {
            List<RecalledMemory> memories = response.getMemoriesList().stream().map(AgentMemory::memory).toList();
            if (!memories.isEmpty()) {
                return Uni.createFrom().item(recall(turnId, query, pair, response, memories, null, List.of()));
            }
            String searched = "searched the long-term memory of " + pair.getAgentId() + " for \""
                    + MemoryRenderer.shorten(query)
                    + "\" (hops " + response.getHops() + "): no memory came close enough to come to mind";
            // what was remembered but is still short-term (promotion moves it to long-term memory)
            return memory.searchEntries(tenant, SearchEntriesRequest.newBuilder().setPair(pair).setQueryText(query)
                    .setLimit(PENDING_SHOWN).setMinCosine(0.5).build())
                    .map(hits -> hits.getHitsList().stream().map(hit -> new PendingEntry(hit.getEntry().getId(),
                            hit.getCosine(), state(hit.getEntry().getPromotionState()), hit.getEntry().getContent())).toList())
                    .onFailure().recoverWithItem(List.of())
                    .map(pending -> recall(turnId, query, pair, response, memories, searched, pending));
        });
    }

    private static Recall recall(String turnId, String query, Pair pair, ReadResponse response, List<RecalledMemory> memories,
            String searched, List<PendingEntry> pending) {
        return new Recall(turnId, query, pair.getAgentId(), response.getHops(), response.getAnchorsFound(),
                response.getPoolSize(), memories, response.getBlock(), searched, pending);
    }

    /** "claude" → "Claude": the agent's name in the rendered block. */
    static String displayName(String agent) {
        return agent.substring(0, 1).toUpperCase(Locale.ROOT) + agent.substring(1);
    }

    private static RecalledMemory memory(dev.brain.grpc.v1.RecalledMemory m) {
        var node = m.getNode();
        return new RecalledMemory(m.getRank(), node.getId(), m.getShell(), m.getSortWeight(), node.getContent(),
                node.getObserver() == Observer.OBSERVER_ASSISTANT ? "assistant" : "user", node.getEmotion(),
                node.getTopicsList(), node.getDecayWeight(), m.getPathList().stream().map(AgentMemory::step).toList());
    }

    private static PathStep step(MemoryPathStep s) {
        return new PathStep(s.getFromNodeId(), s.getToNodeId(), s.getEdgeId(), s.getEdgeAbsoluteWeight(),
                s.getReasonsList().stream().map(AgentMemory::layer).toList(), s.getSharedEntityIdsList(),
                s.getSharedTopicsList());
    }

    static String layer(EdgeLayer layer) {
        return switch (layer) {
            case EDGE_LAYER_ENTITY -> "entity";
            case EDGE_LAYER_EMBEDDING -> "embedding";
            case EDGE_LAYER_TOPICS -> "topics";
            case EDGE_LAYER_TIMELINE -> "timeline";
            default -> "unknown";
        };
    }

    /** memory_feedback: the turn's final answer reinforces the recalled memories it used. */
    public Uni<Feedback> feedback(Caller caller, MemoryInputs.Feedback in) {
        String turnId = required("turn_id", in.turn_id());
        if (turnId.length() > 100) {
            throw new IllegalArgumentException("turn_id: " + turnId.length() + " characters, at most 100");
        }
        if (in.answer() == null) {
            throw new IllegalArgumentException("answer: is required (your final answer of the turn)");
        }
        int bytes = in.answer().getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_CONTENT_BYTES) {
            throw new IllegalArgumentException("answer: " + bytes + " bytes, at most " + MAX_CONTENT_BYTES + " (64 KiB)");
        }
        Pair pair = pair(caller, in.agent());
        String tenant = caller.tenant();
        return memory.reinforceUsage(tenant, ReinforceUsageRequest.newBuilder().setPair(pair).setTurnId(turnId.trim())
                .setAnswerText(in.answer()).build())
                .map(response -> feedback(turnId.trim(), pair, response));
    }

    static Feedback feedback(String turnId, Pair pair, ReinforceUsageResponse response) {
        var protocol = response.getProtocol();
        String outcome = response.getOutcome() == dev.brain.grpc.v1.ReinforceOutcome.UNRECOGNIZED ? "UNKNOWN"
                : WireNames.constant(response.getOutcome());
        return new Feedback(turnId, pair.getAgentId(), outcome, response.getReinforcedNodeIdsList(), response.getReplayed(),
                protocol.getCosinesCount(), protocol.getThreshold(),
                protocol.hasClosestRejected() ? protocol.getClosestRejected() : null);
    }
}
