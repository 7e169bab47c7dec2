package dev.brain.error.status.repository;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.grpc.v1.GetStatusResponse;
import dev.brain.tenancy.TenantRowCounts;

/**
 * The counts of a tenant's status: rows of tables {@code session}, {@code error}, {@code solution}, {@code rule},
 * {@code antipattern}, {@code code_module}, {@code finding}, {@code outbox} and {@code project} in one statement, and
 * the tenant's rows in every table of schema {@code error}. Reads only.
 */
@ApplicationScoped
public class StatusRepository {

    private final Jdbc jdbc;

    public StatusRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The counts {@code GetStatus} shows, set on {@code b}: of the whole tenant, or of one project ({@code projectId}
     * not null) where the counts have a project.
     */
    public void counts(String t, Long p, GetStatusResponse.Builder b) {
        jdbc.one("""
                select (select count(*) from session where tenant = ? and status = 'connected'),
                       (select count(*) from session where tenant = ? and status = 'stale'),
                       (select count(*) from session where tenant = ? and status = 'disconnected'),
                       (select count(*) from error where tenant = ? and (?::bigint is null or project_id = ?)),
                       (select count(*) from error where tenant = ? and not resolved and (?::bigint is null or project_id = ?)),
                       (select count(*) from solution where tenant = ? and (?::bigint is null or project_id = ?)),
                       (select count(*) from rule where tenant = ? and active),
                       (select count(*) from antipattern where tenant = ? and active),
                       (select count(*) from code_module where tenant = ? and (?::bigint is null or project_id = ?)),
                       (select count(*) from finding where tenant = ? and (?::bigint is null or project_id = ?)),
                       (select count(*) from outbox where tenant = ? and delivered_at is null and dead_at is null),
                       (select count(*) from outbox where tenant = ? and dead_at is not null),
                       (select count(*) from error where tenant = ? and embedded_at is null),
                       (select count(*) from code_module where tenant = ? and embedding is null),
                       (select count(*) from project where tenant = ?)""", rs -> b
                .setSessionsConnected(rs.getLong(1)).setSessionsStale(rs.getLong(2))
                .setSessionsDisconnected(rs.getLong(3)).setErrors(rs.getLong(4)).setUnresolvedErrors(rs.getLong(5))
                .setSolutions(rs.getLong(6)).setActiveRules(rs.getLong(7)).setActiveAntipatterns(rs.getLong(8))
                .setModules(rs.getLong(9)).setFindings(rs.getLong(10)).setOutboxPending(rs.getLong(11))
                .setOutboxDead(rs.getLong(12)).setUnembeddedErrors(rs.getLong(13))
                .setUnembeddedModules(rs.getLong(14)).setProjects(rs.getLong(15)),
                t, t, t, t, p, p, t, p, p, t, p, p, t, t, t, p, p, t, p, p, t, t, t, t, t);
    }

    /** The tenant's rows in every table of schema {@code error}, outside a transaction. */
    public Map<String, Long> rowsPerTable(String tenant) {
        return jdbc.withConnection(c -> TenantRowCounts.count(c, "error", tenant));
    }
}
