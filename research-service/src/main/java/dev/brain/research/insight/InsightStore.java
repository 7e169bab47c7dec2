package dev.brain.research.insight;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.research.config.ResearchConfig;
import dev.brain.research.insight.repository.InsightRepository;

/**
 * Stores what the analyzers found (research.md §1.1): a draft whose dedup key already exists among the tenant's
 * non-expired insights updates it (content changed) or confirms it (unchanged: updated_at and expires_at move)
 * instead of inserting a twin; a dismissed one is left alone until it expires; otherwise a new active insight is
 * created, expiring after {@code brain.research.insights.expiry} (30 days) — each confirmation extends that.
 */
@ApplicationScoped
public class InsightStore {

    /** What happened to a draft. */
    public enum Outcome {
        CREATED,
        UPDATED,
        UNCHANGED,
        DISMISSED,
        /** Pushed out by the cap of active insights before its expiry: not re-created until it would have expired. */
        CAPPED
    }

    /** A stored draft: the insight id (0 for none), what happened, and when. */
    public record Stored(long id, InsightDraft draft, Outcome outcome, Instant at) {
        /** Whether the insight is new or changed (linked and notified). */
        public boolean changed() {
            return outcome == Outcome.CREATED || outcome == Outcome.UPDATED;
        }
    }

    private final InsightRepository insights;
    private final ResearchConfig config;
    private final Clock clock;

    public InsightStore(InsightRepository insights, ResearchConfig config, Clock clock) {
        this.insights = insights;
        this.config = config;
        this.clock = clock;
    }

    /** The tenant's non-expired insights with the drafts' keys (e.g. to carry evidence over). */
    public Map<String, Insight> existing(String tenant, List<InsightDraft> drafts) {
        return insights.openByKeys(tenant, drafts.stream().map(InsightDraft::dedupKey).distinct().toList());
    }

    public List<Stored> store(String tenant, List<InsightDraft> drafts) {
        Map<String, InsightDraft> byKey = new LinkedHashMap<>();
        drafts.forEach(d -> byKey.put(d.dedupKey(), d)); // the last draft of a key wins
        Map<String, Insight> existing = insights.openByKeys(tenant, byKey.keySet());
        Instant now = clock.instant();
        Map<String, Long> capped = insights.cappedByKeys(tenant, byKey.keySet(), now);
        Instant expiresAt = now.plus(config.insights().expiry());
        List<Stored> stored = new ArrayList<>();
        for (InsightDraft d : byKey.values()) {
            Insight old = existing.get(d.dedupKey());
            if (old == null && capped.containsKey(d.dedupKey())) {
                stored.add(new Stored(capped.get(d.dedupKey()), d, Outcome.CAPPED, now));
            } else if (old == null) {
                stored.add(new Stored(insights.insert(tenant, d, now, expiresAt), d, Outcome.CREATED, now));
            } else if (old.state() == InsightState.DISMISSED) {
                stored.add(new Stored(old.id(), d, Outcome.DISMISSED, old.updatedAt()));
            } else if (sameContent(old, d)) {
                insights.touch(old.id(), now, expiresAt);
                stored.add(new Stored(old.id(), d, Outcome.UNCHANGED, now));
            } else {
                insights.update(old.id(), d, now, expiresAt);
                stored.add(new Stored(old.id(), d, Outcome.UPDATED, now));
            }
        }
        return stored;
    }

    static boolean sameContent(Insight old, InsightDraft d) {
        return old.kind() == d.kind() && old.title().equals(d.title()) && old.description().equals(d.description())
                && old.evidence().equals(d.evidence()) && old.confidence() == d.confidence()
                && old.basePriority() == d.priority() && old.actionable() == d.actionable()
                && Objects.equals(old.suggestedAction(), d.suggestedAction())
                && old.affectedProjects().equals(d.affectedProjects());
    }
}
