package dev.brain.gateway.auth;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/** The stored tokens, by their SHA-256; the only writer of {@code api_token}. Each method is one statement. */
@ApplicationScoped
public class ApiTokenRepository {

    private static final String COLUMNS = "id, token_sha256, tenant, user_id, default_project, scopes, label, created_at, revoked_at";

    private final Jdbc jdbc;

    public ApiTokenRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The token with this hash unless it is revoked: one select on the unique index of {@code token_sha256}. */
    public Optional<ApiToken> findActive(String tokenSha256) {
        return jdbc.one("select " + COLUMNS + " from api_token where token_sha256 = ? and revoked_at is null",
                ApiTokenRepository::token, tokenSha256);
    }

    /** The token with this hash, revoked or not. */
    public Optional<ApiToken> findByHash(String tokenSha256) {
        return jdbc.one("select " + COLUMNS + " from api_token where token_sha256 = ?", ApiTokenRepository::token,
                tokenSha256);
    }

    public Optional<ApiToken> findById(long id) {
        return jdbc.one("select " + COLUMNS + " from api_token where id = ?", ApiTokenRepository::token, id);
    }

    /** The tokens of a tenant (every tenant's when null), newest first. */
    public List<ApiToken> listOf(String tenant) {
        return tenant == null
                ? jdbc.list("select " + COLUMNS + " from api_token order by id desc", ApiTokenRepository::token)
                : jdbc.list("select " + COLUMNS + " from api_token where tenant = ? order by id desc",
                        ApiTokenRepository::token, tenant);
    }

    /** Stores a new token's hash; returns its id. */
    public long insert(String tokenSha256, String tenant, String user, String defaultProject, String[] scopes,
            String label, OffsetDateTime now) {
        return jdbc.one("""
                insert into api_token (token_sha256, tenant, user_id, default_project, scopes, label, created_at)
                values (?, ?, ?, ?, ?, ?, ?) returning id""", rs -> rs.getLong(1), tokenSha256, tenant, user,
                defaultProject, scopes, label, now).orElseThrow();
    }

    /**
     * Stores the local token's hash, or gives the stored row the local token's tenant, project and scopes again
     * (race-free: {@code ON CONFLICT … DO UPDATE}); a revoked local token stays revoked.
     */
    public void register(String tokenSha256, String tenant, String defaultProject, String[] scopes, String label,
            OffsetDateTime now) {
        jdbc.update("""
                insert into api_token (token_sha256, tenant, default_project, scopes, label, created_at)
                values (?, ?, ?, ?, ?, ?)
                on conflict (token_sha256) do update set tenant = excluded.tenant,
                    default_project = excluded.default_project, scopes = excluded.scopes, label = excluded.label
                """, tokenSha256, tenant, defaultProject, scopes, label, now);
    }

    /** Marks a token revoked (once: a revoked token keeps its first revocation time); returns it, or empty. */
    public Optional<ApiToken> revoke(long id, OffsetDateTime now) {
        return jdbc.one("update api_token set revoked_at = coalesce(revoked_at, ?) where id = ? returning " + COLUMNS,
                ApiTokenRepository::token, now, id);
    }

    private static ApiToken token(ResultSet rs) throws SQLException {
        return new ApiToken(rs.getLong("id"), rs.getString("token_sha256"), rs.getString("tenant"),
                rs.getString("user_id"), rs.getString("default_project"),
                List.of((String[]) rs.getArray("scopes").getArray()), rs.getString("label"),
                rs.getObject("created_at", OffsetDateTime.class), rs.getObject("revoked_at", OffsetDateTime.class));
    }
}
