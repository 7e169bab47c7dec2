package dev.brain.memory.log.repository;

import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.memory.log.LogLine;

/** Native SQL of the pipeline log (memory.md §10): multi-row insert, keyset query, retention delete. */
@ApplicationScoped
public class PipelineLogRepository {

    private static final String COLUMNS = "created_at, turn_id, span_id, source, node, art, content, user_id, agent_id";
    private static final String ROW = "(?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)";

    /** Filters of a query; null = any. {@code visibility} is the tenant rule (see {@link Visibility}). */
    public record Filter(String turnId, UUID spanId, String node, String art, String source, String userId,
            String agentId, OffsetDateTime from, OffsetDateTime to, Visibility visibility) {
    }

    /**
     * Rows a tenant may see when no pair is given: pairs whose user id is the tenant or starts with
     * {@code <tenant>:}, and — for the system tenant only — rows without a pair.
     */
    public record Visibility(String tenant, boolean pairless) {
    }

    /** Keyset position: rows strictly after (createdAt, id). */
    public record After(OffsetDateTime createdAt, long id) {
    }

    private final Jdbc jdbc;

    public PipelineLogRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** One multi-row INSERT in its own transaction (or the caller's, when one is active). */
    public int insert(List<LogLine> lines) {
        if (lines.isEmpty()) {
            return 0;
        }
        StringBuilder sql = new StringBuilder("insert into pipeline_log (").append(COLUMNS).append(") values ");
        for (int i = 0; i < lines.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append(ROW);
        }
        return jdbc.update(sql.toString(), s -> {
            int p = 1;
            for (LogLine l : lines) {
                s.setObject(p++, l.createdAt());
                s.setString(p++, l.turnId());
                s.setObject(p++, l.spanId(), Types.OTHER);
                s.setString(p++, l.source());
                s.setString(p++, l.node());
                s.setString(p++, l.art());
                s.setString(p++, l.content());
                s.setString(p++, l.userId());
                s.setString(p++, l.agentId());
            }
        });
    }

    /** Up to {@code limit} rows matching {@code filter} after {@code after}, in (created_at, id) order. */
    public List<LogLine.Stored> query(Filter f, After after, int limit) {
        StringBuilder sql = new StringBuilder("select id, ").append(COLUMNS.replace("content", "content::text"))
                .append(" from pipeline_log where true");
        List<Object> args = new ArrayList<>();
        if (f.userId() != null) {
            sql.append(" and user_id = ? and agent_id = ?");
            args.add(f.userId());
            args.add(f.agentId());
        } else {
            sql.append(" and (user_id = ? or user_id like ? escape '\\'")
                    .append(f.visibility().pairless() ? " or user_id is null)" : ")");
            args.add(f.visibility().tenant());
            args.add(likeEscape(f.visibility().tenant()) + ":%");
        }
        add(sql, args, " and turn_id = ?", f.turnId());
        add(sql, args, " and span_id = ?", f.spanId());
        add(sql, args, " and node = ?", f.node());
        add(sql, args, " and art = ?", f.art());
        add(sql, args, " and source = ?", f.source());
        add(sql, args, " and created_at >= ?", f.from());
        add(sql, args, " and created_at < ?", f.to());
        if (after != null) {
            sql.append(" and (created_at, id) > (?, ?)");
            args.add(after.createdAt());
            args.add(after.id());
        }
        sql.append(" order by created_at, id limit ?");
        args.add(limit);
        return jdbc.list(sql.toString(), rs -> new LogLine.Stored(rs.getLong(1), new LogLine(
                rs.getObject(2, OffsetDateTime.class), rs.getString(3), rs.getObject(4, UUID.class), rs.getString(5),
                rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9), rs.getString(10))),
                args.toArray());
    }

    /**
     * Deletes at most {@code batch} rows older than {@code cutoff}, never {@code turn_raw}; one statement, its own
     * transaction. Returns the rows deleted (fewer than {@code batch} = nothing left).
     */
    public int deleteOlderThan(OffsetDateTime cutoff, int batch) {
        String sql = "delete from pipeline_log where id in (select id from pipeline_log"
                + " where created_at < ? and art <> 'turn_raw' limit ?)";
        return jdbc.update(sql, cutoff, batch);
    }

    private static void add(StringBuilder sql, List<Object> args, String clause, Object value) {
        if (value != null) {
            sql.append(clause);
            args.add(value);
        }
    }

    static String likeEscape(String s) {
        return s.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
