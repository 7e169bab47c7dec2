package dev.brain.research.insight.analysis;

import java.time.Duration;

import dev.brain.research.insight.Priority;

/**
 * Phase 6, prioritise (research.md §1.2: "recompute priority from confidence × recency"). With
 * {@code recency = 0.5^(days since the insight was last confirmed / half-life)} (half-life 14 days) and
 * {@code w = confidence × recency}: w ≥ 0.5 keeps the analyzer's priority, 0.25 ≤ w < 0.5 lowers it one level,
 * w < 0.25 two levels (never below low). A critical base priority stays critical (critical gaps stay critical).
 */
public final class Prioritisation {

    private Prioritisation() {
    }

    public static double weight(double confidence, Duration sinceConfirmed, Duration halfLife) {
        double days = Math.max(0, sinceConfirmed.toMillis() / 86_400_000.0);
        double halfLifeDays = halfLife.toMillis() / 86_400_000.0;
        return confidence * Math.pow(0.5, days / halfLifeDays);
    }

    public static Priority effective(Priority base, double confidence, Duration sinceConfirmed, Duration halfLife) {
        if (base == Priority.CRITICAL) {
            return Priority.CRITICAL;
        }
        double w = weight(confidence, sinceConfirmed, halfLife);
        return w >= 0.5 ? base : base.lower(w >= 0.25 ? 1 : 2);
    }
}
