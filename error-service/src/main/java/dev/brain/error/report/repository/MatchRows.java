package dev.brain.error.report.repository;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.db.Jdbc;
import dev.brain.error.report.Matcher;

/**
 * The stored matches of errors (table {@code error_match}, error-code.md §5.7), tenant-scoped: those of a report
 * or re-match (source {@code report}) and of a late match (source {@code late}).
 */
@ApplicationScoped
public class MatchRows {

    private final Jdbc jdbc;
    private final ObjectMapper json;

    public MatchRows(Jdbc jdbc, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    /** The matches of {@code errorId} stored (source {@code report}), a stored pair's score and signals replaced. */
    public void store(String tenant, long errorId, List<Matcher.Scored> matches, OffsetDateTime now) {
        if (matches.isEmpty()) {
            return;
        }
        jdbc.update("""
                insert into error_match (error_id, matched_error_id, tenant, score, strong, signals, source, created_at)
                select ?, m, ?, sc, st, sig::jsonb, 'report', ?
                from unnest(?::bigint[], ?::float8[], ?::boolean[], ?::text[]) as t(m, sc, st, sig)
                on conflict (error_id, matched_error_id) do update set score = excluded.score,
                    strong = excluded.strong, signals = excluded.signals""", errorId, tenant, now,
                matches.stream().map(Matcher.Scored::errorId).toArray(Long[]::new),
                matches.stream().map(Matcher.Scored::score).toArray(Double[]::new),
                matches.stream().map(Matcher.Scored::strong).toArray(Boolean[]::new),
                matches.stream().map(m -> toJson(m.signals())).toArray(String[]::new));
    }

    /**
     * A late match of {@code errorId} (source {@code late}) stored unless the pair is stored already; 1 when it was
     * new, 0 when not.
     */
    public int storeLate(String tenant, long errorId, Matcher.Scored m, OffsetDateTime now) {
        return jdbc.update("""
                insert into error_match (error_id, matched_error_id, tenant, score, strong, signals, source, created_at)
                values (?, ?, ?, ?, ?, ?::jsonb, 'late', ?) on conflict (error_id, matched_error_id) do nothing""",
                errorId, m.errorId(), tenant, m.score(), m.strong(), toJson(m.signals()), now);
    }

    /** A stored match of an error: the matched error, its score and strength, its signals as stored, its source. */
    public record Stored(long matched, double score, boolean strong, String signals, String source) {
    }

    /** The stored matches of {@code errorId}, best first (ties: higher matched id first). */
    public List<Stored> stored(String tenant, long errorId) {
        return jdbc.list("""
                select matched_error_id, score, strong, signals::text, source from error_match
                where tenant = ? and error_id = ? order by score desc, matched_error_id desc""",
                rs -> new Stored(rs.getLong(1), rs.getDouble(2), rs.getBoolean(3), rs.getString(4), rs.getString(5)),
                tenant, errorId);
    }

    /** Matches without the errors a person marked not an error (a statement only when something matched). */
    public List<Matcher.Scored> withoutNotAnError(String tenant, List<Matcher.Scored> matches) {
        if (matches.isEmpty()) {
            return matches;
        }
        List<Long> excluded = jdbc.list("select id from error where tenant = ? and id = any(?) and not_an_error",
                rs -> rs.getLong(1), tenant, matches.stream().map(Matcher.Scored::errorId).toArray(Long[]::new));
        return excluded.isEmpty() ? matches : matches.stream().filter(m -> !excluded.contains(m.errorId())).toList();
    }

    /** The errors already matched with {@code errorId}, in either direction. */
    public List<Long> matchedWith(long errorId) {
        return jdbc.list("""
                select matched_error_id from error_match where error_id = ?
                union select error_id from error_match where matched_error_id = ?""", rs -> rs.getLong(1),
                errorId, errorId);
    }

    /** Signals as stored (a JSON object of names and values). */
    private String toJson(Map<String, Double> signals) {
        try {
            return json.writeValueAsString(signals);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
