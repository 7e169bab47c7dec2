package dev.brain.memory.log.grpc;

import static dev.brain.tenancy.BadInput.invalid;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import com.google.protobuf.Timestamp;

import dev.brain.grpc.v1.LogArt;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PipelineLogEntry;
import dev.brain.grpc.v1.QueryPipelineLogRequest;
import dev.brain.grpc.v1.WritePipelineLogRequest;
import dev.brain.memory.log.LogLine;
import dev.brain.memory.log.mapping.PipelineLogMapper;
import dev.brain.memory.log.repository.PipelineLogRepository.After;
import dev.brain.memory.pair.PairAccess;
import dev.brain.memory.pair.PairAccess.PairId;
import io.grpc.StatusRuntimeException;

/**
 * Validation of pipeline-log requests (memory.md §10, §14): a violation is INVALID_ARGUMENT naming the field and
 * the limit; a pair outside the caller's tenant is PERMISSION_DENIED. The limits are fixed (§15).
 */
final class PipelineLogRequests {

    static final int MAX_ENTRIES = 1000;
    static final int MAX_CALL_BYTES = 4 * 1024 * 1024;
    static final int MAX_CONTENT_BYTES = 256 * 1024;
    static final int MAX_TURN_RAW_BYTES = 1024 * 1024;
    static final int MAX_TURN_ID = 100;
    static final int MAX_NAME = 50;
    static final int MAX_PAGE = 1000;
    static final int DEFAULT_PAGE = 50;
    /** google.protobuf.Timestamp range: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z. */
    private static final long MIN_SECONDS = -62_135_596_800L;
    private static final long MAX_SECONDS = 253_402_300_799L;

    private PipelineLogRequests() {
    }

    /** Every entry of a Write, validated; {@code now} for entries without {@code created_at}. */
    static List<LogLine> write(WritePipelineLogRequest request, OffsetDateTime now) {
        if (request.getEntriesCount() == 0) {
            throw invalid("entries: at least one entry required");
        }
        if (request.getEntriesCount() > MAX_ENTRIES) {
            throw invalid("entries: " + request.getEntriesCount() + " entries, at most " + MAX_ENTRIES + " per call");
        }
        int bytes = request.getSerializedSize();
        if (bytes > MAX_CALL_BYTES) {
            throw invalid("entries: " + bytes + " bytes, at most 4 MiB (" + MAX_CALL_BYTES + " bytes) per call");
        }
        List<LogLine> lines = new ArrayList<>(request.getEntriesCount());
        for (int i = 0; i < request.getEntriesCount(); i++) {
            lines.add(entry(request.getEntries(i), "entries[" + i + "].", now));
        }
        return lines;
    }

    static LogLine entry(PipelineLogEntry e, String f, OffsetDateTime now) {
        String turnId = clean(e.getTurnId());
        if (turnId.isEmpty()) {
            throw invalid(f + "turn_id: required");
        }
        if (turnId.length() > MAX_TURN_ID) {
            throw invalid(f + "turn_id: " + turnId.length() + " characters, at most " + MAX_TURN_ID);
        }
        String art = PipelineLogMapper.art(e.getArt());
        if (art == null) {
            throw invalid(f + "art: unknown log art " + e.getArtValue() + " (one of the 13 LOG_ART_* values required)");
        }
        String content = null;
        if (e.hasContent()) {
            content = content(e, f, art);
        }
        OffsetDateTime createdAt = e.hasCreatedAt() ? time(e.getCreatedAt(), f + "created_at") : now;
        PairId pair = pair(e.hasPair() ? e.getPair() : null, f + "pair");
        return new LogLine(createdAt, turnId, uuid(e.getSpanId(), f + "span_id"), name(e.getSource(), f + "source"),
                name(e.getNode(), f + "node"), art, content, pair == null ? null : pair.userId(),
                pair == null ? null : pair.agentId());
    }

    private static String content(PipelineLogEntry e, String f, String art) {
        switch (e.getContent().getKindCase()) {
            case STRING_VALUE, STRUCT_VALUE -> {
            }
            case NULL_VALUE, KIND_NOT_SET -> {
                return null;
            }
            default -> throw invalid(f + "content: must be a string or a JSON object, got "
                    + e.getContent().getKindCase().name().toLowerCase());
        }
        String json;
        try {
            json = PipelineLogMapper.json(e.getContent());
        } catch (IllegalArgumentException x) {
            throw invalid(f + "content: " + x.getMessage());
        }
        int limit = art.equals("turn_raw") ? MAX_TURN_RAW_BYTES : MAX_CONTENT_BYTES;
        int bytes = json.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > limit) {
            throw invalid(f + "content: " + bytes + " bytes of JSON, at most " + (limit / 1024) + " KiB"
                    + (art.equals("turn_raw") ? " for turn_raw" : ""));
        }
        return json;
    }

    /**
     * Null for an absent pair or two empty ids; a half pair is INVALID_ARGUMENT; a full pair must be valid and
     * belong to the caller's tenant (PERMISSION_DENIED).
     */
    static PairId pair(Pair pair, String field) {
        if (pair == null || pair.getUserId().isEmpty() && pair.getAgentId().isEmpty()) {
            return null;
        }
        if (pair.getUserId().isEmpty() || pair.getAgentId().isEmpty()) {
            throw invalid(field + ": user_id and agent_id both or neither (a half pair: "
                    + (pair.getUserId().isEmpty() ? "user_id" : "agent_id") + " missing)");
        }
        try {
            return PairAccess.require(pair);
        } catch (StatusRuntimeException x) {
            String d = x.getStatus().getDescription();
            String prefix = field.substring(0, field.length() - "pair".length());
            throw x.getStatus().withDescription(d != null && d.startsWith("pair.") ? prefix + d : d).asRuntimeException();
        }
    }

    /** Empty → null; else ≤ 50 characters, NUL removed. */
    static String name(String value, String field) {
        String v = clean(value);
        if (v.isEmpty()) {
            return null;
        }
        if (v.length() > MAX_NAME) {
            throw invalid(field + ": " + v.length() + " characters, at most " + MAX_NAME);
        }
        return v;
    }

    static UUID uuid(String value, String field) {
        if (value.isEmpty()) {
            return null;
        }
        try {
            return UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            throw invalid(field + ": must be a UUID, got '" + abbreviate(value) + "'");
        }
    }

    /** A valid google.protobuf.Timestamp (years 1 to 9999). */
    static OffsetDateTime time(Timestamp t, String field) {
        if (t.getNanos() < 0 || t.getNanos() > 999_999_999 || t.getSeconds() < MIN_SECONDS
                || t.getSeconds() > MAX_SECONDS) {
            throw invalid(field + ": invalid timestamp (years 1 to 9999)");
        }
        return PipelineLogMapper.time(t);
    }

    static int pageSize(QueryPipelineLogRequest request) {
        int size = request.getPageSize();
        if (size < 0 || size > MAX_PAGE) {
            throw invalid("page_size: " + size + ", must be 0 (= " + DEFAULT_PAGE + ") to " + MAX_PAGE);
        }
        return size == 0 ? DEFAULT_PAGE : size;
    }

    /** Opaque keyset token: base64url of {@code <epoch micros>:<id>} of the last row returned. */
    static String token(OffsetDateTime createdAt, long id) {
        long micros = Math.addExact(Math.multiplyExact(createdAt.toEpochSecond(), 1_000_000L), createdAt.getNano() / 1000);
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((micros + ":" + id).getBytes(StandardCharsets.US_ASCII));
    }

    static After after(String token) {
        if (token.isEmpty()) {
            return null;
        }
        try {
            String[] parts = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.US_ASCII).split(":");
            if (parts.length != 2) {
                throw new IllegalArgumentException();
            }
            long micros = Long.parseLong(parts[0]);
            OffsetDateTime at = OffsetDateTime.ofInstant(java.time.Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                    Math.floorMod(micros, 1_000_000L) * 1000L), java.time.ZoneOffset.UTC);
            return new After(at, Long.parseLong(parts[1]));
        } catch (IllegalArgumentException | java.time.DateTimeException e) {
            throw invalid("page_token: malformed");
        }
    }

    static String art(LogArt art) {
        if (art == LogArt.LOG_ART_UNSPECIFIED) {
            return null;
        }
        String name = PipelineLogMapper.art(art);
        if (name == null) {
            throw invalid("art: unknown log art");
        }
        return name;
    }

    private static String clean(String s) {
        return s.indexOf('\0') < 0 ? s : s.replace("\u0000", "");
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "…";
    }

}
