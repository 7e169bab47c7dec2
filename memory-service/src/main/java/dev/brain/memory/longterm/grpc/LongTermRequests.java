package dev.brain.memory.longterm.grpc;

import static dev.brain.tenancy.BadInput.invalid;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.google.protobuf.Timestamp;

import dev.brain.grpc.v1.FloatVector;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.ReadRequest;
import dev.brain.grpc.v1.ShiftComponent;
import dev.brain.grpc.v1.TimePrecision;
import dev.brain.grpc.v1.UpdateTimeReferenceRequest;
import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.longterm.mapping.LongTermMapper;
import dev.brain.memory.longterm.read.ReadModel;
import dev.brain.memory.longterm.vectors.Vectors;
import dev.brain.memory.longterm.weights.Precision;
import dev.brain.memory.longterm.weights.TimeRef;
import dev.brain.memory.pair.PairAccess;
import dev.brain.memory.shortterm.mapping.EntryMapper;
import dev.brain.wire.ProtoTime;

/**
 * Validation of long-term requests (memory.md §14): a violation is INVALID_ARGUMENT naming the field; a pair
 * outside the caller's tenant is PERMISSION_DENIED.
 */
final class LongTermRequests {

    static final int MAX_TEXT_BYTES = 64 * 1024;
    static final int MAX_TURN_ID = 100;
    static final int MAX_HOPS = 3;
    static final int MAX_LIMIT = 10;
    static final int MAX_PAGE = 1000;
    static final int DEFAULT_PAGE = 50;
    static final int MAX_MERGE_IDS = 64;
    static final int MAX_TIMELINE_REF = 100;
    /** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, the range of a protobuf Timestamp. */
    static final long MIN_SECONDS = -62_135_596_800L;
    static final long MAX_SECONDS = 253_402_300_799L;

    private LongTermRequests() {
    }

    /** The pair, syntax-checked; its user must be the caller's tenant or {@code <tenant>:…}. */
    static Pair pair(Pair pair) {
        PairAccess.require(pair);
        return pair;
    }

    /** Empty → null; else ≤ 100 characters. */
    static String turnId(String turnId, boolean required) {
        if (turnId.isEmpty()) {
            if (required) {
                throw invalid("turn_id: required");
            }
            return null;
        }
        if (turnId.length() > MAX_TURN_ID) {
            throw invalid("turn_id: " + turnId.length() + " characters, at most " + MAX_TURN_ID);
        }
        return turnId;
    }

    /** NUL bytes stripped, at most 64 KiB of UTF-8 (never truncated). */
    static String text(String text, String field) {
        String clean = text.replace("\u0000", "");
        int bytes = clean.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_TEXT_BYTES) {
            throw invalid(field + ": " + bytes + " bytes, at most " + MAX_TEXT_BYTES);
        }
        return clean;
    }

    static float[] vector(FloatVector vector, int dimension, String field) {
        float[] v = new float[vector.getValuesCount()];
        for (int i = 0; i < v.length; i++) {
            v[i] = vector.getValues(i);
        }
        String problem = Vectors.problem(v, dimension);
        if (problem != null) {
            throw invalid(field + ": " + problem);
        }
        return v;
    }

    static long id(long id, String field) {
        if (id <= 0) {
            throw invalid(field + ": must be > 0");
        }
        return id;
    }

    static int pageSize(int pageSize) {
        int size = pageSize == 0 ? DEFAULT_PAGE : pageSize;
        if (size < 1 || size > MAX_PAGE) {
            throw invalid("page_size: " + pageSize + " is outside 1.." + MAX_PAGE);
        }
        return size;
    }

    /** The read request as a validated query; hops from the request, else the mode, else the default. */
    static ReadModel.Query read(ReadRequest r, MemoryConfig.Read config, int dimension) {
        Pair pair = pair(r.getPair());
        String turnId = turnId(r.getTurnId(), false);
        String text = null;
        float[] vector = null;
        switch (r.getQueryCase()) {
            case QUERY_TEXT -> {
                text = text(r.getQueryText(), "query_text");
                if (text.isBlank()) {
                    throw invalid("query_text: empty text");
                }
            }
            case QUERY_VECTOR -> vector = vector(r.getQueryVector(), dimension, "query_vector");
            default -> throw invalid("query: query_text or query_vector is required");
        }
        double factor = r.getShift().getFactor();
        if (!Double.isFinite(factor) || factor < 0 || factor > 1) {
            throw invalid("shift.factor: " + factor + " is outside [0,1]");
        }
        List<ReadModel.ShiftComponent> shift = new ArrayList<>();
        for (int i = 0; i < r.getShift().getComponentsCount(); i++) {
            ShiftComponent c = r.getShift().getComponents(i);
            String field = "shift.components[" + i + "]";
            if (!Double.isFinite(c.getStrength()) || c.getStrength() < 0) {
                throw invalid(field + ".strength: " + c.getStrength() + " must be finite and ≥ 0");
            }
            switch (c.getValueCase()) {
                case TEXT -> {
                    String t = text(c.getText(), field + ".text");
                    if (t.isBlank()) {
                        throw invalid(field + ".text: empty text");
                    }
                    shift.add(new ReadModel.ShiftComponent(t, null, c.getStrength()));
                }
                case VECTOR -> shift.add(new ReadModel.ShiftComponent(null,
                        vector(c.getVector(), dimension, field + ".vector"), c.getStrength()));
                default -> throw invalid(field + ": text or vector is required");
            }
        }
        int hops;
        if (r.hasHops()) {
            hops = r.getHops();
            if (hops < 0 || hops > Math.min(MAX_HOPS, config.maxHops())) {
                throw invalid("hops: " + hops + " is outside 0.." + Math.min(MAX_HOPS, config.maxHops()));
            }
        } else if (!r.getMode().isEmpty()) {
            Integer modeHops = config.modeHops().get(r.getMode());
            if (modeHops == null) {
                throw invalid("mode: unknown mode '" + r.getMode() + "', one of " + config.modeHops().keySet());
            }
            hops = modeHops;
        } else {
            hops = config.defaultHops();
        }
        int limit = r.getLimit() == 0 ? config.defaultLimit() : r.getLimit();
        if (limit < 1 || limit > Math.min(MAX_LIMIT, config.maxLimit())) {
            throw invalid("limit: " + r.getLimit() + " is outside 1.." + Math.min(MAX_LIMIT, config.maxLimit()));
        }
        List<String> observers = new ArrayList<>();
        for (int i = 0; i < r.getObserversCount(); i++) {
            String o = LongTermMapper.observer(r.getObservers(i));
            if (o == null) {
                throw invalid("observers[" + i + "]: user or assistant");
            }
            if (!observers.contains(o)) {
                observers.add(o);
            }
        }
        if (r.getCurrentEmotion().length() > 40) {
            throw invalid("current_emotion: " + r.getCurrentEmotion().length() + " characters, at most 40");
        }
        ReadModel.Render render = null;
        if (r.hasRender()) {
            var o = r.getRender();
            render = new ReadModel.Render(o.getAgentName(), o.getUserLabel(), o.getAssistantLabel(),
                    Map.copyOf(o.getEntityNamesMap()));
        }
        ReadModel.Ranking ranking = switch (r.getRanking()) {
            case READ_RANKING_RELEVANCE -> ReadModel.Ranking.RELEVANCE;
            case READ_RANKING_STRENGTH -> ReadModel.Ranking.STRENGTH;
            case READ_RANKING_UNSPECIFIED -> "strength".equalsIgnoreCase(config.ranking()) ? ReadModel.Ranking.STRENGTH
                    : ReadModel.Ranking.RELEVANCE;
            default -> throw invalid("ranking: RELEVANCE or STRENGTH");
        };
        return new ReadModel.Query(pair.getUserId(), pair.getAgentId(), turnId, text, vector, factor, shift, hops,
                r.getCurrentEmotion(), List.copyOf(observers), limit, render, ranking);
    }

    /** MergeEntities' sources: 1..64 ids > 0, none equal to {@code intoId}; duplicates are merged once. */
    static List<Long> fromIds(List<Long> fromIds, long intoId) {
        if (fromIds.isEmpty()) {
            throw invalid("from_ids: at least one id is required");
        }
        if (fromIds.size() > MAX_MERGE_IDS) {
            throw invalid("from_ids: " + fromIds.size() + " ids, at most " + MAX_MERGE_IDS);
        }
        for (int i = 0; i < fromIds.size(); i++) {
            id(fromIds.get(i), "from_ids[" + i + "]");
            if (fromIds.get(i) == intoId) {
                throw invalid("from_ids[" + i + "]: equals into_id " + intoId);
            }
        }
        return fromIds;
    }

    /** Required, at most 100 characters. */
    static String timelineRef(String timelineRef) {
        if (timelineRef.isEmpty()) {
            throw invalid("timeline_ref: required");
        }
        if (timelineRef.length() > MAX_TIMELINE_REF) {
            throw invalid("timeline_ref: " + timelineRef.length() + " characters, at most " + MAX_TIMELINE_REF);
        }
        return timelineRef;
    }

    /** The new time reference: {@code at} and {@code precision} together, or neither (= removed → null). */
    static TimeRef time(UpdateTimeReferenceRequest r) {
        String precision = EntryMapper.precision(r.getPrecision());
        if (r.getPrecision() == TimePrecision.UNRECOGNIZED) {
            throw invalid("precision: one of minute|hour|day|week|month|quarter|year");
        }
        if (r.hasAt() != (precision != null)) {
            throw invalid(r.hasAt() ? "precision: required with at (minute|hour|day|week|month|quarter|year)"
                    : "at: required with precision");
        }
        if (!r.hasAt()) {
            return null;
        }
        Timestamp at = r.getAt();
        if (at.getNanos() < 0 || at.getNanos() > 999_999_999 || at.getSeconds() < MIN_SECONDS
                || at.getSeconds() > MAX_SECONDS) {
            throw invalid("at: not a valid timestamp (years 1..9999)");
        }
        return new TimeRef(ProtoTime.instant(at), Precision.ofDb(precision));
    }
}
