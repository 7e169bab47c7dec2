package dev.brain.error.solution;

import java.time.OffsetDateTime;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.notification.Notifications;
import dev.brain.error.outbox.Node;
import dev.brain.error.outbox.Outbox;
import dev.brain.error.solution.repository.CrossProjectRepository;
import dev.brain.error.solution.repository.CrossProjectRepository.Pair;

/**
 * Cross-project links (error-code.md §8 phase 7, and at once after ReportSolution): a fingerprint resolved in
 * one project and unresolved in another project of the same tenant links the pair once, emits
 * {@code cross_project} synapses (error→error, project→project) and tells the unresolved error's project that
 * a solution is available. Never crosses tenants.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class CrossProject {

    private final CrossProjectRepository links;
    private final Outbox outbox;
    private final Notifications notifications;

    public CrossProject(CrossProjectRepository links, Outbox outbox, Notifications notifications) {
        this.links = links;
        this.outbox = outbox;
        this.notifications = notifications;
    }

    /** New (resolved, unresolved) pairs of the tenant, optionally only of one fingerprint; returns the count. */
    public int link(String tenant, String fingerprint, OffsetDateTime now) {
        List<Pair> pairs = links.newPairs(tenant, fingerprint);
        for (Pair p : pairs) {
            links.link(tenant, p, now);
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
