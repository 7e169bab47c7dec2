package dev.brain.gateway.auth;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.support.BrainServices;
import dev.brain.gateway.support.McpSession;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * A token that names a user has its own memory pair ({@code <tenant>:<user>}, gateway.md): two people of one tenant
 * never see each other's memories, and neither sees the tenant's own (tokens without a user).
 */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class TokenUserMemoryTest {

    @Inject
    ApiTokens tokens;

    @Inject
    DataSource dataSource;

    @Test
    void twoUsersOfOneTenantKeepSeparateMemories() throws Exception {
        String tenant = "people-" + UUID.randomUUID().toString().substring(0, 8);
        String admin = tokens.create(tenant, "default", Set.of("admin"), "test");
        String alice = given().header("Authorization", "Bearer " + admin).contentType(ContentType.JSON)
                .body(Map.of("user", "alice")).when().post("/api/v1/admin/tokens").then().statusCode(201)
                .extract().path("token");
        String bob = given().header("Authorization", "Bearer " + admin).contentType(ContentType.JSON)
                .body(Map.of("user", "bob")).when().post("/api/v1/admin/tokens").then().statusCode(201)
                .extract().path("token");
        String shared = tokens.create(tenant, "default", Set.of("read", "write"), "test");

        JsonPath remembered = new McpSession(alice).open().callTool("memory_remember",
                Map.of("content", "Alice's cat is called Miso.", "salience", 0.5));
        assertThat(remembered.getBoolean("isError")).as(remembered.prettify()).isFalse();
        given().header("Authorization", "Bearer " + bob).contentType(ContentType.JSON)
                .body(Map.of("content", "Bob rides a red bicycle to work.", "salience", 0.5))
                .when().post("/api/v1/memory/remember").then().statusCode(201);
        given().header("Authorization", "Bearer " + shared).contentType(ContentType.JSON)
                .body(Map.of("content", "The team deploys on Fridays.", "salience", 0.5))
                .when().post("/api/v1/memory/remember").then().statusCode(201);

        assertThat(entries(alice)).containsExactly("Alice's cat is called Miso.");
        assertThat(entries(bob)).containsExactly("Bob rides a red bicycle to work.");
        assertThat(entries(shared)).containsExactly("The team deploys on Fridays.");
        // memory-service stores them under the pairs the gateway sent: (tenant:user, claude) and (tenant, claude)
        assertThat(userIdOf("Alice's cat is called Miso.")).isEqualTo(tenant + ":alice");
        assertThat(userIdOf("Bob rides a red bicycle to work.")).isEqualTo(tenant + ":bob");
        assertThat(userIdOf("The team deploys on Fridays.")).isEqualTo(tenant);

        // recall reaches the caller's own pair only: what is still short-term is listed when it is close
        JsonPath recall = new McpSession(bob).open().callTool("memory_recall", Map.of("query", "What is Alice's cat called?"));
        assertThat(recall.getBoolean("isError")).isFalse();
        assertThat(recall.prettify()).doesNotContain("Miso");
    }

    private static List<String> entries(String token) {
        return lines(token).stream().filter(l -> "entry".equals(l.getString("kind"))).map(l -> l.getString("content"))
                .toList();
    }

    private String userIdOf(String content) throws Exception {
        // the newest such entry: the database keeps earlier runs' entries of the same text
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(
                        "select user_id from memory.short_term_entry where content = ? order by id desc limit 1")) {
            s.setString(1, content);
            try (ResultSet rs = s.executeQuery()) {
                assertThat(rs.next()).as("stored: " + content).isTrue();
                return rs.getString(1);
            }
        }
    }

    private static List<JsonPath> lines(String token) {
        String export = given().header("Authorization", "Bearer " + token).when().get("/api/v1/memory/export?kinds=entries")
                .then().statusCode(200).extract().asString();
        return export.lines().filter(l -> !l.isBlank()).map(JsonPath::from).toList();
    }
}
