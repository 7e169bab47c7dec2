package dev.brain.error.finding.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.error.finding.Finding;
import dev.brain.error.finding.FindingInput;

/**
 * Table {@code finding}, always within one tenant and project: its only writer. The save is one atomic upsert on
 * {@code (project_id, slug)}, so concurrent saves of different slugs never conflict and two saves of one slug leave
 * one row.
 */
@ApplicationScoped
public class FindingRepository {

    private static final String COLUMNS = """
            f.id, p.name as project, f.slug, f.title, f.hook, f.body, f.scope, f.source_task, f.verified_against,
            s.session_key, f.created_at, f.updated_at
            from finding f join project p on p.tenant = f.tenant and p.id = f.project_id
            left join session s on s.id = f.updated_session_id""";

    private final Jdbc jdbc;

    public FindingRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The stored row's id and whether this save created it (false: an existing slug was overwritten). */
    public record Upserted(long id, boolean created) {
    }

    /**
     * Creates the finding or overwrites the one with the same slug (its {@code created_at} stays; the session of the
     * last save is kept when this one names none).
     */
    public Upserted upsert(String tenant, long projectId, FindingInput in, Long sessionId, OffsetDateTime now) {
        return jdbc.one("""
                insert into finding as f (tenant, project_id, slug, title, hook, body, scope, source_task,
                                          verified_against, updated_session_id, created_at, updated_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (project_id, slug) do update set
                    title = excluded.title, hook = excluded.hook, body = excluded.body, scope = excluded.scope,
                    source_task = excluded.source_task, verified_against = excluded.verified_against,
                    updated_session_id = coalesce(excluded.updated_session_id, f.updated_session_id),
                    updated_at = excluded.updated_at
                returning id, (xmax = 0)""", rs -> new Upserted(rs.getLong(1), rs.getBoolean(2)),
                tenant, projectId, in.slug(), in.title(), in.hook(), in.body(), in.scope(), in.sourceTask(),
                in.verifiedAgainst(), sessionId, now, now).orElseThrow();
    }

    public Optional<Finding> find(String tenant, long projectId, String slug) {
        return jdbc.one("select " + COLUMNS + " where f.tenant = ? and f.project_id = ? and f.slug = ?",
                FindingRepository::finding, tenant, projectId, slug);
    }

    /** Every finding of the project, by slug in byte order (collation C: the same order on every database). */
    public List<Finding> list(String tenant, long projectId) {
        return jdbc.list("select " + COLUMNS + """
                 where f.tenant = ? and f.project_id = ? order by f.slug collate "C"
                """,
                FindingRepository::finding, tenant, projectId);
    }

    /** What an index line shows of a finding. */
    public record IndexEntry(String slug, String title, String hook) {
    }

    /** The index entries of the project, by slug in byte order (without the bodies). */
    public List<IndexEntry> indexEntries(String tenant, long projectId) {
        return jdbc.list("""
                select slug, title, hook from finding where tenant = ? and project_id = ?
                order by slug collate "C"
                """,
                rs -> new IndexEntry(rs.getString(1), rs.getString(2), rs.getString(3)), tenant, projectId);
    }

    /** Whether a row was deleted. */
    public boolean delete(String tenant, long projectId, String slug) {
        return jdbc.update("delete from finding where tenant = ? and project_id = ? and slug = ?", tenant, projectId,
                slug) == 1;
    }

    public int count(String tenant, long projectId) {
        return (int) jdbc.count("select count(*) from finding where tenant = ? and project_id = ?", tenant, projectId);
    }

    private static Finding finding(ResultSet rs) throws SQLException {
        return new Finding(rs.getLong("id"), rs.getString("project"), rs.getString("slug"), rs.getString("title"),
                rs.getString("hook"), rs.getString("body"), rs.getString("scope"), rs.getString("source_task"),
                rs.getString("verified_against"), rs.getString("session_key"),
                rs.getObject("created_at", OffsetDateTime.class), rs.getObject("updated_at", OffsetDateTime.class));
    }
}
