package dev.brain.error.solution;

import java.time.OffsetDateTime;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.error.notification.Notifications;
import dev.brain.error.outbox.Node;
import dev.brain.error.outbox.Outbox;

/**
 * Cross-project links (error-code.md §8 phase 7, and at once after ReportSolution): a fingerprint resolved in
 * one project and unresolved in another project of the same tenant links the pair once, emits
 * {@code cross_project} synapses (error→error, project→project) and tells the unresolved error's project that
 * a solution is available. Never crosses tenants.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class CrossProject {

    private final Jdbc jdbc;
    private final Outbox outbox;
    private final Notifications notifications;

    public CrossProject(Jdbc jdbc, Outbox outbox, Notifications notifications) {
        this.jdbc = jdbc;
        this.outbox = outbox;
        this.notifications = notifications;
    }

    private record Pair(long resolved, long unresolved, long resolvedProject, String resolvedProjectName,
            long unresolvedProject, String unresolvedProjectName, String type, String template) {
    }

    /** New (resolved, unresolved) pairs of the tenant, optionally only of one fingerprint; returns the count. */
    public int link(String tenant, String fingerprint, OffsetDateTime now) {
        List<Pair> pairs = jdbc.list("""
                select r.id, u.id, r.project_id, rp.name, u.project_id, up.name, u.error_type, u.message_template
                from error r join error u on u.tenant = r.tenant and u.fingerprint = r.fingerprint
                                         and u.project_id <> r.project_id and not u.resolved
                join project rp on rp.id = r.project_id join project up on up.id = u.project_id
                where r.tenant = ? and r.resolved and (?::text is null or r.fingerprint = ?)
                  and not exists (select 1 from cross_project_link l
                                  where l.error_a = least(r.id, u.id) and l.error_b = greatest(r.id, u.id))
                order by r.id, u.id""", rs -> new Pair(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getString(4),
                rs.getLong(5), rs.getString(6), rs.getString(7), rs.getString(8)), tenant, fingerprint, fingerprint);
        for (Pair p : pairs) {
            jdbc.update("insert into cross_project_link (error_a, error_b, tenant, created_at) values (?, ?, ?, ?)"
                    + " on conflict do nothing", Math.min(p.resolved(), p.unresolved()),
                    Math.max(p.resolved(), p.unresolved()), tenant, now);
            outbox.strengthen(tenant, p.unresolvedProjectName(), "cross_project",
                    Node.error(p.resolved(), p.type(), p.template()), Node.error(p.unresolved(), p.type(), p.template()),
                    null, now);
            outbox.strengthen(tenant, p.unresolvedProjectName(), "cross_project",
                    Node.project(p.resolvedProject(), p.resolvedProjectName()),
                    Node.project(p.unresolvedProject(), p.unresolvedProjectName()), null, now);
            notifications.send(tenant, new Notifications.Draft("solution_available", p.unresolvedProject(), null,
                    "error", p.unresolved(), "Error #" + p.unresolved() + " (" + p.type() + ") was solved in project "
                            + p.resolvedProjectName() + " (error #" + p.resolved() + ")",
                    "xproj:" + Math.min(p.resolved(), p.unresolved()) + ":" + Math.max(p.resolved(), p.unresolved())),
                    now);
        }
        return pairs.size();
    }
}
