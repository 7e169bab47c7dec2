package dev.brain.gateway.auth;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * A bearer token as stored (table {@code api_token}): its SHA-256, never the token, and whom it stands for;
 * {@code userId} is the user of the tenant the token stands for (memory pair {@code <tenant>:<user>}), null for the
 * tenant itself; {@code revokedAt} is null while the token works.
 */
public record ApiToken(long id, String tokenSha256, String tenant, String userId, String defaultProject,
        List<String> scopes, String label, OffsetDateTime createdAt, OffsetDateTime revokedAt) {
}
