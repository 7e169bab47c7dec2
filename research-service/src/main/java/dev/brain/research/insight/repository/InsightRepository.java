package dev.brain.research.insight.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.db.PgVector;
import dev.brain.research.insight.Insight;
import dev.brain.research.insight.InsightDraft;
import dev.brain.research.insight.InsightKind;
import dev.brain.research.insight.InsightState;
import dev.brain.research.insight.Priority;
import dev.brain.research.insight.Structs;

/** SQL of table {@code insight} (research.md §1.1): every statement filters by tenant. */
@ApplicationScoped
public class InsightRepository {

    static final String COLUMNS = """
            id, tenant, type, title, description, evidence::text as evidence, confidence, actionable,
            suggested_action::text as suggested_action, action_taken, action_outcome, affected_projects, priority,
            base_priority, status, dedup_key, expires_at, created_at, updated_at""";

    /** Filter of {@link #list}: kinds empty = all; project 0 = any. */
    public record Filter(List<InsightKind> kinds, Priority minPriority, InsightState state, long projectId) {
    }

    /** An insight with its stored embedding (null when not embedded yet). */
    public record Embedded(Insight insight, float[] embedding) {
    }

    private final Jdbc jdbc;

    public InsightRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<Insight> find(String tenant, long id) {
        return jdbc.one("select " + COLUMNS + " from insight where tenant = ? and id = ?", InsightRepository::map,
                tenant, id);
    }

    /** The tenant's non-expired insights with these dedup keys, by key. */
    public Map<String, Insight> openByKeys(String tenant, Collection<String> keys) {
        Map<String, Insight> byKey = new LinkedHashMap<>();
        if (keys.isEmpty()) {
            return byKey;
        }
        jdbc.list("select " + COLUMNS + " from insight where tenant = ? and status <> 'expired' and dedup_key = any(?)",
                InsightRepository::map, tenant, keys.toArray(String[]::new)).forEach(i -> byKey.put(i.dedupKey(), i));
        return byKey;
    }

    public long insert(String tenant, InsightDraft d, Instant now, Instant expiresAt) {
        return jdbc.one("""
                insert into insight (tenant, type, title, description, evidence, confidence, actionable, suggested_action,
                    affected_projects, priority, base_priority, status, dedup_key, expires_at, created_at, updated_at)
                values (?, ?, ?, ?, ?::jsonb, ?, ?, ?::jsonb, ?, ?, ?, 'active', ?, ?, ?, ?) returning id""",
                rs -> rs.getLong(1), tenant, d.kind().db(), d.title(), d.description(), Structs.json(d.evidence()),
                d.confidence(), d.actionable(), Structs.json(d.suggestedAction()),
                d.affectedProjects().toArray(Long[]::new), d.priority().db(), d.priority().db(), d.dedupKey(), expiresAt,
                now, now).orElseThrow();
    }

    /**
     * New content from the analyzer (evidence, confidence, priority, …), confirmed now; the status is kept. A changed
     * title or description drops the embedding (the next embedding step renews it).
     */
    public void update(long id, InsightDraft d, Instant now, Instant expiresAt) {
        jdbc.update("""
                update insight set embedding = case when title = ? and description = ? then embedding end,
                    title = ?, description = ?, evidence = ?::jsonb, confidence = ?, actionable = ?,
                    suggested_action = ?::jsonb, affected_projects = ?, priority = ?, base_priority = ?,
                    updated_at = ?, expires_at = ?
                where id = ?""", d.title(), d.description(), d.title(), d.description(), Structs.json(d.evidence()),
                d.confidence(),
                d.actionable(), Structs.json(d.suggestedAction()), d.affectedProjects().toArray(Long[]::new),
                d.priority().db(), d.priority().db(), now, expiresAt, id);
    }

    /** Confirmed again without a change: only updated_at and expires_at move. */
    public void touch(long id, Instant now, Instant expiresAt) {
        jdbc.update("update insight set updated_at = ?, expires_at = ? where id = ?", now, expiresAt, id);
    }

    public List<Insight> list(String tenant, Filter f, int offset, int fetch) {
        StringBuilder sql = new StringBuilder("select " + COLUMNS
                + " from insight where tenant = ? and status = ? and priority_rank >= ?");
        List<Object> params = new ArrayList<>(List.of(tenant, f.state().db(), f.minPriority().rank()));
        if (!f.kinds().isEmpty()) {
            sql.append(" and type = any(?)");
            params.add(f.kinds().stream().map(InsightKind::db).toArray(String[]::new));
        }
        if (f.projectId() > 0) {
            sql.append(" and affected_projects @> array[?]::bigint[]");
            params.add(f.projectId());
        }
        sql.append(" order by priority_rank desc, confidence desc, updated_at desc, id desc limit ? offset ?");
        params.add(fetch);
        params.add(offset);
        return jdbc.list(sql.toString(), InsightRepository::map, params.toArray());
    }

    public void updateState(long id, InsightState state, Boolean actionTaken, String outcome, Instant now) {
        jdbc.update("""
                update insight set status = ?, action_taken = coalesce(?, action_taken),
                    action_outcome = coalesce(?, action_outcome), updated_at = ?
                where id = ?""", state.db(), actionTaken, outcome, now, id);
    }

    /**
     * Insights the cap pushed out (expired before their {@code expires_at}) with these keys, key → id: the cycle
     * does not re-create them until they would have expired, so a tenant over the cap does not churn its lowest
     * insights (and their notifications) every cycle.
     */
    public Map<String, Long> cappedByKeys(String tenant, Collection<String> keys, Instant now) {
        Map<String, Long> byKey = new LinkedHashMap<>();
        if (!keys.isEmpty()) {
            jdbc.list("""
                    select dedup_key, max(id) as id from insight
                    where tenant = ? and status = 'expired' and expires_at > ? and dedup_key = any(?)
                    group by dedup_key""", rs -> Map.entry(rs.getString("dedup_key"), rs.getLong("id")),
                    tenant, now, keys.toArray(String[]::new)).forEach(e -> byKey.put(e.getKey(), e.getValue()));
        }
        return byKey;
    }

    /** Marks every non-expired insight of the tenant past its expires_at as expired; how many. */
    public int expireOverdue(String tenant, Instant now) {
        return jdbc.update("update insight set status = 'expired', updated_at = ? where tenant = ? and status <> 'expired'"
                + " and expires_at <= ?", now, tenant, now);
    }

    /** The tenant's active and acknowledged insights (the ones the prioritise phase re-ranks). */
    public List<Insight> live(String tenant) {
        return jdbc.list("select " + COLUMNS + " from insight where tenant = ? and status in ('active','acknowledged')",
                InsightRepository::map, tenant);
    }

    public void setPriority(long id, Priority priority) {
        jdbc.update("update insight set priority = ? where id = ?", priority.db(), id);
    }

    /** Expires the lowest active insights of the tenant beyond {@code max} (priority, confidence, age); how many. */
    public int capActive(String tenant, int max, Instant now) {
        return jdbc.update("""
                update insight set status = 'expired', updated_at = ?
                where id in (select id from insight where tenant = ? and status = 'active'
                             order by priority_rank desc, confidence desc, updated_at desc, id desc offset ?)""",
                now, tenant, max);
    }

    /** The tenant's non-expired, non-dismissed gaps (the tool-idea check reads their weeks_seen). */
    public List<Insight> openGaps(String tenant) {
        return jdbc.list("select " + COLUMNS + " from insight where tenant = ? and type = 'gap'"
                + " and status not in ('expired','dismissed') order by id", InsightRepository::map, tenant);
    }

    /** Active / acknowledged insights without an embedding (new, or title / description changed). */
    public List<Insight> needingEmbedding(String tenant, int limit) {
        return jdbc.list("select " + COLUMNS + " from insight where tenant = ? and status in ('active','acknowledged')"
                + " and embedding is null order by id limit ?", InsightRepository::map,
                tenant, limit);
    }

    public void setEmbedding(long id, float[] vector, Instant now) {
        jdbc.update("update insight set embedding = ?::vector, embedded_at = ? where id = ?", PgVector.of(vector), now, id);
    }

    /** The tenant's active insights with their embeddings (Suggest; at most maxActive rows by the cap). */
    public List<Embedded> activeWithEmbeddings(String tenant) {
        return jdbc.list("select " + COLUMNS + ", embedding::text as vec from insight where tenant = ? and status = 'active'"
                + " order by id", rs -> new Embedded(map(rs), PgVector.parse(rs.getString("vec"))), tenant);
    }

    static Insight map(ResultSet rs) throws SQLException {
        String base = rs.getString("base_priority");
        Priority priority = Priority.ofDb(rs.getString("priority"));
        return new Insight(rs.getLong("id"), rs.getString("tenant"), InsightKind.ofDb(rs.getString("type")),
                rs.getString("title"), rs.getString("description"), Structs.parse(rs.getString("evidence")),
                rs.getDouble("confidence"), rs.getBoolean("actionable"), Structs.parse(rs.getString("suggested_action")),
                (Boolean) rs.getObject("action_taken"), rs.getString("action_outcome"),
                Jdbc.longs(rs, "affected_projects"), priority, base == null ? priority : Priority.ofDb(base),
                InsightState.ofDb(rs.getString("status")), rs.getString("dedup_key"), Jdbc.instant(rs, "expires_at"),
                Jdbc.instant(rs, "created_at"), Jdbc.instant(rs, "updated_at"));
    }
}
