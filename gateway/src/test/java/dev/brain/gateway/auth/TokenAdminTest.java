package dev.brain.gateway.auth;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;

/** Token management over REST: create (shown once, hash stored), list, revoke; who may manage which tenant. */
@QuarkusTest
class TokenAdminTest {

    @Inject
    ApiTokens tokens;

    @Inject
    DataSource dataSource;

    private String tenant;
    private String admin;

    @BeforeEach
    void tenant() {
        tenant = "tok-" + UUID.randomUUID().toString().substring(0, 8);
        admin = tokens.create(tenant, "default", Set.of("admin"), "test");
    }

    private static RequestSpecification as(String token) {
        return given().header("Authorization", "Bearer " + token).accept(ContentType.JSON);
    }

    private JsonPath create(String token, Map<String, Object> body) {
        return as(token).contentType(ContentType.JSON).body(body).when().post("/api/v1/admin/tokens")
                .then().statusCode(201).extract().jsonPath();
    }

    @Test
    void anAdminCreatesListsAndRevokesItsTenantsTokensAndARevokedTokenIsRefusedAtOnce() throws Exception {
        JsonPath created = create(admin, Map.of("user", "alice", "scopes", List.of("read"), "project", "web", "label",
                "alice's laptop"));
        String token = created.getString("token");
        long id = created.getLong("id");
        assertThat(token).startsWith("brn_").hasSizeGreaterThan(40);
        assertThat(created.getString("tenant")).isEqualTo(tenant);
        assertThat(created.getString("user")).isEqualTo("alice");
        assertThat(created.getList("scopes")).containsExactly("read");
        assertThat(created.getString("project")).isEqualTo("web");
        assertThat(storedRowsContaining(token)).as("only the SHA-256 is stored").isZero();
        assertThat(rowsWithHash(ApiTokens.sha256(token))).isEqualTo(1);

        // the new token works with exactly its scope, and is believed from now on (read once)
        as(token).when().get("/api/v1/status").then().statusCode(200);
        as(token).contentType(ContentType.JSON).body(Map.of("content", "x", "salience", 0.5))
                .when().post("/api/v1/memory/remember").then().statusCode(403).body("required_scope", equalTo("write"));

        JsonPath listed = as(admin).when().get("/api/v1/admin/tokens").then().statusCode(200).extract().jsonPath();
        assertThat(listed.getList("tenant", String.class)).containsOnly(tenant);
        assertThat(listed.getList("id", Long.class)).contains(id);
        assertThat(listed.getString("find { it.id == " + id + " }.label")).isEqualTo("alice's laptop");
        assertThat(listed.getString("find { it.id == " + id + " }.user")).isEqualTo("alice");
        assertThat(listed.prettify()).doesNotContain(token).doesNotContain(ApiTokens.sha256(token));

        // revoked by id: refused at once on this replica, although it was believed a moment ago
        String revokedAt = as(admin).when().delete("/api/v1/admin/tokens/" + id).then().statusCode(200)
                .body("id", equalTo((int) id)).body("revoked_at", notNullValue()).extract().path("revoked_at");
        as(token).when().get("/api/v1/status").then().statusCode(401);
        assertThat(as(admin).when().get("/api/v1/admin/tokens").then().extract().jsonPath()
                .getString("find { it.id == " + id + " }.revoked_at")).isEqualTo(revokedAt);
        // revoked again: it keeps its first revocation time
        as(admin).when().delete("/api/v1/admin/tokens/" + id).then().statusCode(200).body("revoked_at", equalTo(revokedAt));

        // revoked by the token itself (e.g. one that leaked)
        String second = create(admin, Map.of()).getString("token");
        as(second).when().get("/api/v1/status").then().statusCode(200);
        as(admin).contentType(ContentType.JSON).body(Map.of("token", second)).when().post("/api/v1/admin/tokens/revoke")
                .then().statusCode(200).body("tenant", equalTo(tenant)).body("scopes", equalTo(List.of("read", "write")));
        as(second).when().get("/api/v1/status").then().statusCode(401);
    }

    @Test
    void aTenantAdminManagesOnlyItsOwnTenantAndCannotGrantSystem() {
        String other = "tok-other-" + UUID.randomUUID().toString().substring(0, 8);
        String othersToken = tokens.create(other, "default", Set.of("read"), "test");
        long othersId = idOf(othersToken);

        as(admin).contentType(ContentType.JSON).body(Map.of("tenant", other)).when().post("/api/v1/admin/tokens")
                .then().statusCode(403).body("required_scope", equalTo("system"))
                .body("error", startsWith("scope: creating a token of another tenant needs a token with scope system"));
        as(admin).contentType(ContentType.JSON).body(Map.of("scopes", List.of("read", "system")))
                .when().post("/api/v1/admin/tokens").then().statusCode(403).body("required_scope", equalTo("system"));
        as(admin).when().get("/api/v1/admin/tokens?tenant=" + other).then().statusCode(403)
                .body("required_scope", equalTo("system"));
        as(admin).when().delete("/api/v1/admin/tokens/" + othersId).then().statusCode(404)
                .body("error", startsWith("id: no token " + othersId + " in tenant " + tenant));
        as(admin).contentType(ContentType.JSON).body(Map.of("token", othersToken)).when().post("/api/v1/admin/tokens/revoke")
                .then().statusCode(404);
        as(othersToken).when().get("/api/v1/status").then().statusCode(200);
        // an admin without system scope sees its tenant's tokens only, also without ?tenant
        as(admin).when().get("/api/v1/admin/tokens").then().statusCode(200).body("tenant", not(hasItem(other)));
        // a write token manages no tokens at all
        String writer = tokens.create(tenant, "default", Set.of("read", "write"), "test");
        as(writer).when().get("/api/v1/admin/tokens").then().statusCode(403).body("required_scope", equalTo("admin"));

        // system: any tenant
        String system = tokens.create(tenant, "default", Set.of("system"), "test");
        JsonPath made = create(system, Map.of("tenant", other, "scopes", List.of("admin")));
        assertThat(made.getString("tenant")).isEqualTo(other);
        as(system).when().get("/api/v1/admin/tokens?tenant=" + other).then().statusCode(200)
                .body("id", hasItem((int) made.getLong("id"))).body("tenant", not(hasItem(tenant)));
        as(system).when().delete("/api/v1/admin/tokens/" + othersId).then().statusCode(200).body("tenant", equalTo(other));
        as(othersToken).when().get("/api/v1/status").then().statusCode(401);
    }

    @Test
    void badInputIsA400NamingTheField() {
        String system = tokens.create(tenant, "default", Set.of("system"), "test");
        Map<Map<String, Object>, String> cases = Map.of(
                Map.of("scopes", List.of("read", "root")), "scopes[1]: 'root' is not a scope",
                Map.of("user", "two words"), "user: 'two words' is not a user name",
                Map.of("user", "u".repeat(64), "tenant", "t".repeat(40)), "user: tenant:user is 105 characters",
                Map.of("project", "-web"), "project: '-web' is not a project name",
                Map.of("label", "l".repeat(201)), "label: 201 characters",
                Map.of("tenant", "no tenant"), "tenant: 'no tenant' is not a tenant name");
        cases.forEach((body, error) -> as(system).contentType(ContentType.JSON).body(body)
                .when().post("/api/v1/admin/tokens").then().statusCode(400).body("error", startsWith(error)));
        as(system).contentType(ContentType.JSON).body(Map.of()).when().post("/api/v1/admin/tokens/revoke")
                .then().statusCode(400).body("error", startsWith("token: is required"));
        as(system).contentType(ContentType.JSON).body(Map.of("token", "brn_never-issued"))
                .when().post("/api/v1/admin/tokens/revoke").then().statusCode(404);
        as(system).when().delete("/api/v1/admin/tokens/999999999").then().statusCode(404);
        // the defaults: the caller's tenant, no user, read and write, project default
        JsonPath made = create(system, Map.of());
        assertThat(made.getString("tenant")).isEqualTo(tenant);
        assertThat((Object) made.get("user")).isNull();
        assertThat(made.getList("scopes")).containsExactly("read", "write");
        assertThat(made.getString("project")).isEqualTo("default");
        as(made.getString("token")).when().get("/api/v1/admin/tokens").then().statusCode(403)
                .body("token", nullValue());
    }

    private long idOf(String token) {
        return tokens.find(token).orElseThrow().id();
    }

    private int rowsWithHash(String hash) throws Exception {
        return count("select count(*) from api_token where token_sha256 = ?", hash);
    }

    private int storedRowsContaining(String token) throws Exception {
        return count("select count(*) from api_token where position(? in token_sha256 || label || tenant "
                + "|| coalesce(user_id, '') || default_project) > 0", token.substring(4, 24));
    }

    private int count(String sql, String value) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, value);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
