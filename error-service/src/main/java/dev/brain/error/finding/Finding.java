package dev.brain.error.finding;

import java.time.OffsetDateTime;

/**
 * A stored finding (error-code.md §10): a trap or invariant of one project, one row per {@code (project, slug)}.
 * Text fields are "" when not given; {@code updatedSessionKey} is null when no session saved it.
 */
public record Finding(long id, String project, String slug, String title, String hook, String body, String scope,
        String sourceTask, String verifiedAgainst, String updatedSessionKey, OffsetDateTime createdAt,
        OffsetDateTime updatedAt) {
}
