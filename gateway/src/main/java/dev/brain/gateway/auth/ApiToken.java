package dev.brain.gateway.auth;

import java.time.OffsetDateTime;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A bearer token as stored (table {@code api_token}): its SHA-256, never the token, and whom it stands for. */
@Entity
@Table(name = "api_token")
public class ApiToken {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "token_sha256", nullable = false, unique = true)
    public String tokenSha256;

    @Column(nullable = false)
    public String tenant;

    /** The user of the tenant the token stands for (memory pair {@code <tenant>:<user>}); null: the tenant itself. */
    @Column(name = "user_id")
    public String userId;

    @Column(name = "default_project", nullable = false)
    public String defaultProject;

    @Column(nullable = false)
    public String[] scopes = new String[0];

    @Column(nullable = false)
    public String label = "";

    @Column(name = "created_at", nullable = false)
    public OffsetDateTime createdAt;

    @Column(name = "revoked_at")
    public OffsetDateTime revokedAt;
}
