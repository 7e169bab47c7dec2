package dev.brain.gateway.auth;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.hibernate.orm.panache.PanacheRepository;
import io.quarkus.panache.common.Sort;

/** The stored tokens, by their SHA-256; the only writer of {@code api_token}. */
@ApplicationScoped
public class ApiTokenRepository implements PanacheRepository<ApiToken> {

    /** The token with this hash unless it is revoked: one select on the unique index of {@code token_sha256}. */
    public Optional<ApiToken> findActive(String tokenSha256) {
        return find("tokenSha256 = ?1 and revokedAt is null", tokenSha256).singleResultOptional();
    }

    /** The token with this hash, revoked or not. */
    public Optional<ApiToken> findByHash(String tokenSha256) {
        return find("tokenSha256", tokenSha256).singleResultOptional();
    }

    /** The tokens of a tenant (every tenant's when null), newest first. */
    public List<ApiToken> listOf(String tenant) {
        return tenant == null ? listAll(Sort.descending("id")) : list("tenant", Sort.descending("id"), tenant);
    }

    /** Stores a new token's hash; returns its id. */
    @Transactional
    public long insert(String tokenSha256, String tenant, String user, String defaultProject, String[] scopes,
            String label, OffsetDateTime now) {
        ApiToken token = new ApiToken();
        token.tokenSha256 = tokenSha256;
        token.tenant = tenant;
        token.userId = user;
        token.defaultProject = defaultProject;
        token.scopes = scopes;
        token.label = label;
        token.createdAt = now;
        persist(token);
        return token.id;
    }

    /**
     * Stores the local token's hash, or gives the stored row the local token's tenant, project and scopes again
     * (race-free: {@code ON CONFLICT … DO UPDATE}); a revoked local token stays revoked.
     */
    @Transactional
    public void register(String tokenSha256, String tenant, String defaultProject, String[] scopes, String label,
            OffsetDateTime now) {
        getEntityManager().createNativeQuery("""
                insert into api_token (token_sha256, tenant, default_project, scopes, label, created_at)
                values (:hash, :tenant, :project, :scopes, :label, :now)
                on conflict (token_sha256) do update set tenant = excluded.tenant,
                    default_project = excluded.default_project, scopes = excluded.scopes, label = excluded.label
                """)
                .setParameter("hash", tokenSha256)
                .setParameter("tenant", tenant)
                .setParameter("project", defaultProject)
                .setParameter("scopes", scopes)
                .setParameter("label", label)
                .setParameter("now", now)
                .executeUpdate();
    }

    /** Marks a token revoked (once: a revoked token keeps its first revocation time); returns it, or empty. */
    @Transactional
    public Optional<ApiToken> revoke(long id, OffsetDateTime now) {
        Optional<ApiToken> token = findByIdOptional(id);
        token.filter(t -> t.revokedAt == null).ifPresent(t -> t.revokedAt = now);
        return token;
    }
}
