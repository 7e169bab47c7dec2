package dev.brain.gateway.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Set;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class ApiTokensTest {

    @Inject
    ApiTokens tokens;

    @Inject
    DataSource dataSource;

    @Test
    void tokenFileIsCreatedOwnerOnlyAndReusedOnTheNextStart() throws Exception {
        Path file = Files.createTempDirectory("brain-token").resolve("data/local-token");
        String token = tokens.ensureTokenFile(file, "local-test", "default", Set.of("read", "write", "admin"));

        assertThat(token).startsWith("brn_").hasSizeGreaterThan(40);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        // the next start registers the same token again and brings its scopes up to date (how an older local
        // token gains scope system)
        assertThat(tokens.ensureTokenFile(file, "local-test", "default", Set.of("read", "write", "admin", "system")))
                .isEqualTo(token);
        assertThat(tokens.authenticate(token)).hasValueSatisfying(caller -> {
            assertThat(caller.tenant()).isEqualTo("local-test");
            assertThat(caller.user()).isNull();
            assertThat(caller.defaultProject()).isEqualTo("default");
            assertThat(caller.scopes()).containsExactlyInAnyOrder("read", "write", "admin", "system");
            assertThat(caller.has(TokenScope.SYSTEM)).isTrue();
        });
    }

    @Test
    void eachScopeImpliesTheOnesBelowIt() {
        assertThat(TokenScope.effective(Set.of("write"))).containsExactly(TokenScope.READ, TokenScope.WRITE);
        assertThat(TokenScope.effective(Set.of("system"))).containsExactly(TokenScope.values());
        assertThat(TokenScope.effective(Set.of())).isEmpty();
        Caller reader = new Caller("t", null, "default", Set.of("read"));
        assertThat(reader.has(TokenScope.READ)).isTrue();
        assertThat(reader.has(TokenScope.WRITE)).isFalse();
        assertThat(new Caller("t", null, "default", Set.of()).has(TokenScope.READ)).isFalse();
        assertThat(reader.memoryUser()).isEqualTo("t");
        assertThat(new Caller("t", "alice", "default", Set.of("read")).memoryUser()).isEqualTo("t:alice");
    }

    @Test
    void onlyTheHashIsStored() throws Exception {
        String token = tokens.create("hash-test", "default", Set.of("read"), "test");
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c
                        .prepareStatement("select count(*) from api_token where token_sha256 = ? or token_sha256 = ?")) {
            s.setString(1, ApiTokens.sha256(token));
            s.setString(2, token);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(1);
            }
        }
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(
                        "select count(*) from api_token where position(? in token_sha256) > 0 or position(? in label) > 0")) {
            s.setString(1, token.substring(4, 20));
            s.setString(2, token.substring(4, 20));
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                assertThat(rs.getInt(1)).isZero();
            }
        }
    }

    @Test
    void unknownOrMalformedTokensAuthenticateNobody() {
        assertThat(tokens.authenticate("brn_unknown")).isEmpty();
        assertThat(tokens.authenticate("not-a-brain-token")).isEmpty();
        assertThat(tokens.authenticate(null)).isEmpty();
    }

    @Test
    void aTokenReadOnceIsBelievedWithoutTheDatabaseForTenSecondsAndAnUnknownOneNever() throws Exception {
        String token = tokens.create("believed-test", "default", Set.of("read"), "test");
        assertThat(tokens.recentlyRead(token)).as("not read yet").isNull();
        assertThat(tokens.authenticate(token)).isPresent();
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("delete from api_token where token_sha256 = ?")) {
            s.setString(1, ApiTokens.sha256(token));
            assertThat(s.executeUpdate()).isEqualTo(1);
        }
        // the row is gone: the next request is still answered from what was read, the database says no
        assertThat(tokens.recentlyRead(token)).extracting(Caller::tenant).isEqualTo("believed-test");
        assertThat(tokens.authenticate(token)).isEmpty();
        assertThat(ApiTokens.BELIEVED).hasSeconds(10);

        tokens.authenticate("brn_never-issued");
        assertThat(tokens.recentlyRead("brn_never-issued")).isNull();
        assertThat(tokens.recentlyRead(null)).isNull();
    }
}
