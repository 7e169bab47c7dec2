package dev.brain.error.solution.repository;

import java.time.OffsetDateTime;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * Table {@code cross_project_link} (error-code.md §8 phase 7): the pairs of a fingerprint's errors, resolved in one
 * project of a tenant and unresolved in another, and the links written once per pair; reads {@code error} and
 * {@code project}. Never crosses tenants.
 */
@ApplicationScoped
public class CrossProjectRepository {

    private final Jdbc jdbc;

    public CrossProjectRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** A resolved error and an unresolved one of the same fingerprint in another project, with both projects. */
    public record Pair(long resolved, long unresolved, long resolvedProject, String resolvedProjectName,
            long unresolvedProject, String unresolvedProjectName, String type, String template) {
    }

    /** The tenant's pairs not linked yet, of one fingerprint or (null) of all, in id order. */
    public List<Pair> newPairs(String tenant, String fingerprint) {
        return jdbc.list("""
                select r.id, u.id, r.project_id, rp.name, u.project_id, up.name, u.error_type, u.message_template
                from error r join error u on u.tenant = r.tenant and u.fingerprint = r.fingerprint
                                         and u.project_id <> r.project_id and not u.resolved
                join project rp on rp.id = r.project_id join project up on up.id = u.project_id
                where r.tenant = ? and r.resolved and (?::text is null or r.fingerprint = ?)
                  and not exists (select 1 from cross_project_link l
                                  where l.error_a = least(r.id, u.id) and l.error_b = greatest(r.id, u.id))
                order by r.id, u.id""", rs -> new Pair(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getString(4),
                rs.getLong(5), rs.getString(6), rs.getString(7), rs.getString(8)), tenant, fingerprint, fingerprint);
    }

    /** The pair linked (ids in order; a pair linked already is left as it is). */
    public void link(String tenant, Pair p, OffsetDateTime now) {
        jdbc.update("insert into cross_project_link (error_a, error_b, tenant, created_at) values (?, ?, ?, ?)"
                + " on conflict do nothing", Math.min(p.resolved(), p.unresolved()),
                Math.max(p.resolved(), p.unresolved()), tenant, now);
    }
}
