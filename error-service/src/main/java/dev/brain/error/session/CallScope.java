package dev.brain.error.session;

import java.time.OffsetDateTime;

/**
 * A request's resolved scope: tenant, project (name and id; null when the request named none), the caller's
 * session (null when none) and the request's single {@code now} (error-code.md §2).
 */
public record CallScope(String tenant, String project, Long projectId, String sessionKey, Long sessionId,
        OffsetDateTime now) {

    public boolean hasProject() {
        return projectId != null;
    }

    /** The same scope naming a session key that is not (yet) resolved to a row, e.g. for RegisterSession. */
    public CallScope withSession(String key) {
        return new CallScope(tenant, project, projectId, key == null || key.isEmpty() ? null : key, null, now);
    }
}
