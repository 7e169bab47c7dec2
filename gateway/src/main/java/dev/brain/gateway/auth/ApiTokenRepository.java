package dev.brain.gateway.auth;

import java.time.OffsetDateTime;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.hibernate.orm.panache.PanacheRepository;

/** The stored tokens, by their SHA-256; the only writer of {@code api_token}. */
@ApplicationScoped
public class ApiTokenRepository implements PanacheRepository<ApiToken> {

    /** The token with this hash unless it is revoked: one select on the unique index of {@code token_sha256}. */
    public Optional<ApiToken> findActive(String tokenSha256) {
        return find("tokenSha256 = ?1 and revokedAt is null", tokenSha256).singleResultOptional();
    }

    /** Stores a token's hash unless it is stored already (race-free: {@code ON CONFLICT DO NOTHING}). */
    @Transactional
    public void register(String tokenSha256, String tenant, String defaultProject, String[] scopes, String label,
            OffsetDateTime now) {
        getEntityManager().createNativeQuery("""
                insert into api_token (token_sha256, tenant, default_project, scopes, label, created_at)
                values (:hash, :tenant, :project, :scopes, :label, :now) on conflict (token_sha256) do nothing
                """)
                .setParameter("hash", tokenSha256)
                .setParameter("tenant", tenant)
                .setParameter("project", defaultProject)
                .setParameter("scopes", scopes)
                .setParameter("label", label)
                .setParameter("now", now)
                .executeUpdate();
    }
}
