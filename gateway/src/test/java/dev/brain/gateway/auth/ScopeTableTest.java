package dev.brain.gateway.auth;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.gateway.support.BrainServices;
import dev.brain.gateway.support.McpSession;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/**
 * Every MCP tool (from {@code tools/list}) and every REST endpoint and hook (from the OpenAPI document) × every
 * scope (none, read, write, admin, system): a token below the declared scope is refused before anything runs —
 * MCP {@code isError} "scope: …", REST 403 {@code {error, required_scope}} — and a token at or above it passes the
 * guard. A tool or endpoint missing from the tables below fails the test: its scope must be decided here.
 */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class ScopeTableTest {

    /** The scope each MCP tool needs: reading needs read; recording, rating, remembering, saving need write. */
    static final Map<String, TokenScope> TOOLS = Map.ofEntries(
            Map.entry("brain_status", TokenScope.READ),
            Map.entry("brain_explore", TokenScope.READ),
            Map.entry("brain_connections", TokenScope.READ),
            Map.entry("brain_report_error", TokenScope.WRITE),
            Map.entry("brain_query_error", TokenScope.READ),
            Map.entry("brain_report_solution", TokenScope.WRITE),
            Map.entry("brain_report_attempt", TokenScope.WRITE),
            Map.entry("brain_rate_solution", TokenScope.WRITE),
            Map.entry("brain_check_prevention", TokenScope.READ),
            Map.entry("brain_notifications", TokenScope.READ),
            Map.entry("brain_get_error", TokenScope.READ),
            Map.entry("brain_list_errors", TokenScope.READ),
            Map.entry("brain_update_error", TokenScope.WRITE),
            Map.entry("brain_forget", TokenScope.WRITE),
            Map.entry("brain_list_rules", TokenScope.READ),
            Map.entry("brain_rule_feedback", TokenScope.WRITE),
            Map.entry("memory_remember", TokenScope.WRITE),
            Map.entry("memory_recall", TokenScope.READ),
            Map.entry("memory_feedback", TokenScope.WRITE),
            Map.entry("brain_insights", TokenScope.READ),
            Map.entry("brain_suggest", TokenScope.READ),
            Map.entry("knowledge_search", TokenScope.READ),
            Map.entry("knowledge_read", TokenScope.READ),
            Map.entry("knowledge_save", TokenScope.WRITE),
            Map.entry("brain_find_reusable_code", TokenScope.READ),
            Map.entry("brain_register_code", TokenScope.WRITE),
            Map.entry("brain_check_code_similarity", TokenScope.READ),
            Map.entry("save_finding", TokenScope.WRITE),
            Map.entry("findings_index", TokenScope.READ));

    /** The scope each REST endpoint and hook needs (OpenAPI paths: regular-expression templates show as {name}). */
    static final Map<String, TokenScope> ENDPOINTS = Map.ofEntries(
            Map.entry("GET /api/v1/status", TokenScope.READ),
            Map.entry("POST /api/v1/errors", TokenScope.WRITE),
            Map.entry("GET /api/v1/errors", TokenScope.READ),
            Map.entry("GET /api/v1/errors/{id}", TokenScope.READ),
            Map.entry("PATCH /api/v1/errors/{id}", TokenScope.WRITE),
            Map.entry("DELETE /api/v1/{kind}/{id}", TokenScope.WRITE),
            Map.entry("GET /api/v1/rules", TokenScope.READ),
            Map.entry("POST /api/v1/rules/{id}/feedback", TokenScope.WRITE),
            Map.entry("POST /api/v1/errors/{id}/solutions", TokenScope.WRITE),
            Map.entry("POST /api/v1/errors/{id}/attempts", TokenScope.WRITE),
            Map.entry("POST /api/v1/errors/{id}/solutions/{sid}/outcomes", TokenScope.WRITE),
            Map.entry("POST /api/v1/prevention/check", TokenScope.READ),
            Map.entry("GET /api/v1/notifications", TokenScope.READ),
            Map.entry("GET /api/v1/errors/export", TokenScope.READ),
            Map.entry("POST /api/v1/errors/import", TokenScope.WRITE),
            Map.entry("GET /api/v1/code/modules", TokenScope.READ),
            Map.entry("POST /api/v1/code/modules", TokenScope.WRITE),
            Map.entry("POST /api/v1/code/similarity", TokenScope.READ),
            Map.entry("GET /api/v1/findings/{project}", TokenScope.READ),
            Map.entry("GET /api/v1/findings/{project}/export", TokenScope.READ),
            Map.entry("GET /api/v1/findings/{project}/traps/{slug}", TokenScope.READ),
            Map.entry("PUT /api/v1/findings/{project}/traps/{slug}", TokenScope.WRITE),
            Map.entry("DELETE /api/v1/findings/{project}/traps/{slug}", TokenScope.WRITE),
            Map.entry("GET /api/v1/insights", TokenScope.READ),
            Map.entry("GET /api/v1/insights/{id}", TokenScope.READ),
            Map.entry("PUT /api/v1/insights/{id}/status", TokenScope.WRITE),
            Map.entry("POST /api/v1/insights/{id}/status", TokenScope.WRITE),
            Map.entry("GET /api/v1/insights/suggest", TokenScope.READ),
            Map.entry("GET /api/v1/insights/trends", TokenScope.READ),
            Map.entry("GET /api/v1/knowledge/search", TokenScope.READ),
            Map.entry("GET /api/v1/knowledge/structure", TokenScope.READ),
            Map.entry("GET /api/v1/knowledge/block", TokenScope.READ),
            Map.entry("POST /api/v1/knowledge", TokenScope.WRITE),
            Map.entry("POST /api/v1/knowledge/{id}/deactivate", TokenScope.WRITE),
            Map.entry("POST /api/v1/knowledge/{id}/reactivate", TokenScope.WRITE),
            Map.entry("POST /api/v1/memory/remember", TokenScope.WRITE),
            Map.entry("POST /api/v1/memory/recall", TokenScope.READ),
            Map.entry("POST /api/v1/memory/feedback", TokenScope.WRITE),
            Map.entry("GET /api/v1/memory/export", TokenScope.READ),
            Map.entry("POST /api/v1/memory/import", TokenScope.WRITE),
            Map.entry("GET /api/v1/network/explore", TokenScope.READ),
            Map.entry("GET /api/v1/network/connections", TokenScope.READ),
            Map.entry("POST /api/v1/admin/memory/calibrate", TokenScope.ADMIN),
            Map.entry("POST /api/v1/admin/tokens", TokenScope.ADMIN),
            Map.entry("GET /api/v1/admin/tokens", TokenScope.ADMIN),
            Map.entry("DELETE /api/v1/admin/tokens/{id}", TokenScope.ADMIN),
            Map.entry("POST /api/v1/admin/tokens/revoke", TokenScope.ADMIN),
            Map.entry("POST /api/v1/admin/jobs/{service}/{job}", TokenScope.ADMIN),
            Map.entry("POST /api/v1/admin/jobs/memory/{job}", TokenScope.SYSTEM),
            Map.entry("POST /api/v1/admin/jobs/error/{job}", TokenScope.SYSTEM),
            Map.entry("POST /api/v1/admin/jobs/research/decay", TokenScope.SYSTEM),
            Map.entry("POST /hooks/session-start", TokenScope.WRITE),
            Map.entry("POST /hooks/pre-tool-use", TokenScope.WRITE),
            Map.entry("POST /hooks/post-tool-use-failure", TokenScope.WRITE),
            Map.entry("POST /hooks/post-tool-use", TokenScope.WRITE));

    /** Path parameters: ids that exist nowhere (nothing is revoked or changed by a call that passes the guard). */
    static final Map<String, String> PATH_VALUES = Map.of("{id}", "999999999", "{sid}", "999999999", "{kind}", "errors",
            "{project}", "scope-table", "{slug}", "x", "{service}", "nosuch");

    @Inject
    ApiTokens tokens;

    /** The token of each scope (null = a token with no scope) in one fresh tenant. */
    private final Map<TokenScope, String> tokenOf = new LinkedHashMap<>();
    private String none;

    @BeforeEach
    void tokens() {
        String tenant = "scopes-" + UUID.randomUUID().toString().substring(0, 8);
        for (TokenScope scope : TokenScope.values()) {
            tokenOf.put(scope, tokens.create(tenant, "scope-table", Set.of(scope.id()), "test"));
        }
        none = tokens.create(tenant, "scope-table", Set.of(), "test");
    }

    @Test
    void everyToolRefusesATokenBelowItsScopeAndServesOneAtOrAboveIt() {
        JsonPath listed = new McpSession(tokenOf.get(TokenScope.SYSTEM)).open().request("tools/list", Map.of());
        List<Map<String, Object>> tools = listed.getList("tools");
        Set<String> names = new TreeSet<>();
        tools.forEach(t -> names.add((String) t.get("name")));
        assertThat(names).as("every listed tool has its scope in TOOLS (decide it there)").isSubsetOf(TOOLS.keySet());
        assertThat(names).as("every tool of TOOLS is listed").containsAll(TOOLS.keySet());

        Map<String, McpSession> sessions = new LinkedHashMap<>();
        sessions.put("none", new McpSession(none).open());
        tokenOf.forEach((scope, token) -> sessions.put(scope.id(), new McpSession(token).open()));
        List<String> wrong = new ArrayList<>();
        int calls = 0;
        for (Map<String, Object> tool : tools) {
            String name = (String) tool.get("name");
            TokenScope required = TOOLS.get(name);
            Map<String, Object> arguments = arguments(tool);
            for (Map.Entry<String, McpSession> session : sessions.entrySet()) {
                boolean allowed = !session.getKey().equals("none")
                        && TokenScope.of("scope", session.getKey()).implies(required);
                JsonPath result = session.getValue().callTool(name, arguments);
                calls++;
                String text = result.getString("content[0].text");
                boolean refused = result.getBoolean("isError") && text != null && text.startsWith("scope: ");
                if (allowed == refused) {
                    wrong.add(name + " with " + session.getKey() + ": " + (refused ? "refused" : "served") + " — " + text);
                } else if (refused && !text.contains("needs a token with scope " + required.id())) {
                    wrong.add(
                            name + " with " + session.getKey() + ": the refusal does not name " + required.id() + ": " + text);
                }
            }
        }
        assertThat(wrong).as("tool × scope cells that do not hold (" + calls + " calls)").isEmpty();
    }

    @Test
    void everyEndpointAndHookRefusesATokenBelowItsScopeWith403NamingItAndServesOneAtOrAboveIt() {
        JsonPath openapi = given().accept(ContentType.JSON).when().get("/q/openapi?format=json").then().statusCode(200)
                .extract().jsonPath();
        Map<String, Map<String, Object>> paths = openapi.getMap("paths");
        List<String> endpoints = new ArrayList<>();
        paths.forEach((path, operations) -> operations.keySet().stream()
                .filter(m -> Set.of("get", "post", "put", "patch", "delete").contains(m))
                .forEach(m -> endpoints.add(m.toUpperCase() + " " + path)));
        assertThat(new TreeSet<>(endpoints)).as("every endpoint has its scope in ENDPOINTS (decide it there)")
                .isSubsetOf(ENDPOINTS.keySet());
        assertThat(endpoints).as("every endpoint of ENDPOINTS is documented").containsAll(ENDPOINTS.keySet());

        Map<String, String> tokenByName = new LinkedHashMap<>();
        tokenByName.put("none", none);
        tokenOf.forEach((scope, token) -> tokenByName.put(scope.id(), token));
        List<String> wrong = new ArrayList<>();
        int calls = 0;
        for (String endpoint : endpoints) {
            TokenScope required = ENDPOINTS.get(endpoint);
            String method = endpoint.substring(0, endpoint.indexOf(' '));
            String path = concrete(endpoint.substring(endpoint.indexOf(' ') + 1));
            for (Map.Entry<String, String> token : tokenByName.entrySet()) {
                boolean allowed = !token.getKey().equals("none") && TokenScope.of("scope", token.getKey()).implies(required);
                var request = given().header("Authorization", "Bearer " + token.getValue()).accept("application/json, */*");
                if (!method.equals("GET") && !method.equals("DELETE")) {
                    request.contentType(ContentType.JSON).body("{}");
                }
                Response response = request.when().request(method, path);
                calls++;
                String requiredScope = response.statusCode() == 403 ? scopeOf(response) : null;
                boolean refused = requiredScope != null;
                if (response.statusCode() == 401 || allowed == refused) {
                    wrong.add(endpoint + " with " + token.getKey() + ": " + response.statusCode() + " " + response.asString());
                } else if (refused && !requiredScope.equals(required.id())) {
                    wrong.add(endpoint + " with " + token.getKey() + ": required_scope " + requiredScope + ", expected "
                            + required.id());
                }
            }
        }
        assertThat(wrong).as("endpoint × scope cells that do not hold (" + calls + " calls)").isEmpty();
    }

    @Test
    void acknowledgingNotificationsNeedsWrite() {
        JsonPath refused = new McpSession(tokenOf.get(TokenScope.READ)).open()
                .callTool("brain_notifications", Map.of("acknowledge", true));
        assertThat(refused.getBoolean("isError")).isTrue();
        assertThat(refused.getString("content[0].text")).startsWith("scope: acknowledge = true needs a token with scope write");
        given().header("Authorization", "Bearer " + tokenOf.get(TokenScope.READ)).when()
                .get("/api/v1/notifications?acknowledge=true").then().statusCode(403);
        given().header("Authorization", "Bearer " + tokenOf.get(TokenScope.READ)).when()
                .get("/api/v1/notifications").then().statusCode(200);
        given().header("Authorization", "Bearer " + tokenOf.get(TokenScope.WRITE)).when()
                .get("/api/v1/notifications?acknowledge=true").then().statusCode(200);
    }

    /** A value of the declared type for every required argument (the guard runs after argument decoding). */
    static Map<String, Object> arguments(Map<String, Object> tool) {
        @SuppressWarnings("unchecked")
        Map<String, Object> schema = (Map<String, Object>) tool.get("inputSchema");
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> properties = (Map<String, Map<String, Object>>) schema.getOrDefault("properties",
                Map.of());
        @SuppressWarnings("unchecked")
        List<String> required = (List<String>) schema.getOrDefault("required", List.of());
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (String name : required) {
            Object type = properties.getOrDefault(name, Map.of()).get("type");
            arguments.put(name, switch (String.valueOf(type)) {
                case "integer", "number" -> 999999999;
                case "boolean" -> false;
                case "array" -> List.of();
                case "object" -> Map.of();
                default -> "x";
            });
        }
        return arguments;
    }

    static String concrete(String path) {
        String p = path;
        if (p.startsWith("/api/v1/admin/jobs/memory/")) {
            p = p.replace("{job}", "log-retention");
        } else if (p.startsWith("/api/v1/admin/jobs/error/")) {
            p = p.replace("{job}", "session-cleanup");
        } else {
            p = p.replace("{job}", "nosuch");
        }
        for (Map.Entry<String, String> value : PATH_VALUES.entrySet()) {
            p = p.replace(value.getKey(), value.getValue());
        }
        return p;
    }

    private static String scopeOf(Response response) {
        try {
            return response.jsonPath().getString("required_scope");
        } catch (RuntimeException e) {
            return null;
        }
    }

    static {
        // every scope of TokenScope is in the table's rows above (a new scope needs its column decided)
        assertThat(EnumSet.allOf(TokenScope.class)).containsExactly(TokenScope.READ, TokenScope.WRITE, TokenScope.ADMIN,
                TokenScope.SYSTEM);
    }
}
