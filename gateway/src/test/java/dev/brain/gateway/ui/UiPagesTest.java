package dev.brain.gateway.ui;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.BrainServices;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PromoteEntryRequest;
import dev.brain.grpc.v1.StrengthenRequest;
import dev.brain.grpc.v1.SynapseServiceGrpc;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.tenancy.Tenancy;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/**
 * The web view against the real services: each page shows the caller's data, never another tenant's, and without a
 * token only the login form; the cookie login; the graph's data; the corrections behind the write scope.
 */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class UiPagesTest {

    static final String ERROR = """
            Traceback (most recent call last):
              File "/srv/shop/app.py", line 12, in <module>
                total = price * quantity
            NameError: name 'quantity_in_ui' is not defined
            """;

    @Inject
    ApiTokens tokens;

    private String tenant;
    private String writer;
    private String reader;
    private ManagedChannel channel;

    @BeforeEach
    void tenant() {
        tenant = "ui-" + UUID.randomUUID().toString().substring(0, 8);
        writer = tokens.create(tenant, "shop", Set.of("read", "write"), "test");
        reader = tokens.create(tenant, "shop", Set.of("read"), "test");
        channel = ManagedChannelBuilder.forAddress("127.0.0.1", BrainServices.PORTS.get("memory-service")).usePlaintext()
                .build();
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    private long reportError(String token) {
        return given().header("Authorization", "Bearer " + token).contentType("application/json")
                .body(Map.of("error_output", ERROR, "command", "python app.py")).when().post("/api/v1/errors")
                .then().statusCode(200).extract().jsonPath().getLong("error_id");
    }

    private Response page(String token, String path) {
        return given().header("Authorization", "Bearer " + token).redirects().follow(false).when().get(path);
    }

    @Test
    void withoutATokenEveryPageIsTheLoginFormAndNoData() {
        long id = reportError(writer);
        for (String path : List.of("/ui/errors", "/ui/errors/" + id, "/ui/network?node=error:" + id,
                "/ui/memory?q=quantity", "/ui/insights", "/ui/status")) {
            String html = given().redirects().follow(false).when().get(path).then().statusCode(200)
                    .contentType("text/html").extract().asString();
            assertThat(html).as(path).contains("id=\"login\"").doesNotContain("quantity_in_ui").doesNotContain(tenant);
        }
        given().when().get("/ui/network/graph?node=error:" + id).then().statusCode(401);
        // a cookie with an unknown token is no login either
        String html = given().cookie("brain_ui", "brn_unknown").when().get("/ui/errors").then().statusCode(200)
                .extract().asString();
        assertThat(html).contains("id=\"login\"").doesNotContain("quantity_in_ui");
    }

    @Test
    void theErrorsPageListsSearchesAndShowsOneErrorWithItsSolutionsAndOccurrences() {
        long id = reportError(writer);
        reportError(writer); // a second occurrence
        given().header("Authorization", "Bearer " + writer).contentType("application/json")
                .body(Map.of("title", "Define quantity before use", "steps", List.of("add quantity = 1")))
                .when().post("/api/v1/errors/" + id + "/solutions").then().statusCode(201);

        // reporting a solution marks the error resolved: it is among the recent ones, not the unresolved
        String list = page(reader, "/ui/errors?filter=recent").then().statusCode(200).extract().asString();
        assertThat(list).contains("data-error-id=\"" + id + "\"").contains("quantity_in_ui")
                .contains("Errors of <span id=\"project\">shop");
        String search = page(reader, "/ui/errors?q=quantity_in_ui+not+defined").then().statusCode(200).extract().asString();
        assertThat(search).contains("data-error-id=\"" + id + "\"");
        String none = page(reader, "/ui/errors?q=zzzyxw+nothing+like+it").then().statusCode(200).extract().asString();
        assertThat(none).doesNotContain("data-error-id=").contains("id=\"searched\"");

        String detail = page(reader, "/ui/errors/" + id).then().statusCode(200).extract().asString();
        assertThat(detail).contains("NameError").contains("Define quantity before use").contains("add quantity = 1")
                .contains("<dd id=\"occurrences\">2</dd>")
                // one bar today, at full height: 2 occurrences
                .containsPattern(
                        "<svg class=\"timeline\"[^>]*>\\s*<rect x=\"0\" y=\"0\" width=\"10\" height=\"100\"><title>[0-9-]+: 2</title>")
                // a read-only token is offered no correction
                .doesNotContain("id=\"resolve\"").doesNotContain("id=\"reopen\"").doesNotContain("id=\"forget-error\"");
        // the solution resolved the error: a write token may reopen it, or forget it
        assertThat(page(writer, "/ui/errors/" + id).asString()).contains("id=\"reopen\"").contains("id=\"forget-error\"");
    }

    @Test
    void noPageReachesAnotherTenantsData() {
        long id = reportError(writer);
        String other = tokens.create("ui-other-" + UUID.randomUUID().toString().substring(0, 8), "shop", Set.of("read"),
                "test");
        assertThat(page(other, "/ui/errors").asString()).doesNotContain("quantity_in_ui").doesNotContain("data-error-id");
        // the search box shows the query itself; no row comes back
        assertThat(page(other, "/ui/errors?q=quantity_in_ui&all=true").asString()).doesNotContain("data-error-id")
                .doesNotContain("NameError");
        String detail = page(other, "/ui/errors/" + id).then().statusCode(404).extract().asString();
        assertThat(detail).doesNotContain("quantity_in_ui").contains("class=\"problem\"");
    }

    @Test
    void theLoginKeepsTheTokenInAStrictHttpOnlyCookieThatOpensPagesButNotTheApi() {
        reportError(writer);
        given().formParam("token", "brn_nope").when().post("/ui/login").then().statusCode(401);
        Response login = given().redirects().follow(false).formParam("token", reader).formParam("next", "/ui/status")
                .when().post("/ui/login");
        assertThat(login.statusCode()).isEqualTo(303);
        assertThat(login.header("Location")).endsWith("/ui/status");
        String cookie = login.header("Set-Cookie");
        assertThat(cookie).contains("brain_ui=" + reader).contains("HttpOnly").containsIgnoringCase("SameSite=Strict")
                .contains("Path=/ui");
        assertThat(given().cookie("brain_ui", reader).when().get("/ui/errors").asString()).contains("quantity_in_ui");
        given().cookie("brain_ui", reader).when().get("/api/v1/status").then().statusCode(401);
        // no open redirect after the login
        assertThat(given().redirects().follow(false).formParam("token", reader).formParam("next", "https://evil.example/")
                .when().post("/ui/login").header("Location")).endsWith("/ui/errors");
    }

    @Test
    void theGraphDataHasTheNeighbourhoodWithTypesAndWeightsAndThePathBetweenTwoNodes() {
        var synapses = SynapseServiceGrpc.newBlockingStub(channel)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
        for (int i = 0; i < 8; i++) {
            synapses.strengthen(StrengthenRequest.newBuilder().setSource(ref(NodeType.NODE_TYPE_SOLUTION, 7))
                    .setTarget(ref(NodeType.NODE_TYPE_ERROR, 1)).setType(SynapseType.SYNAPSE_TYPE_SOLVES)
                    .setSourceLabel("Guard against undefined").setTargetLabel("TypeError: x is undefined").build());
        }
        for (int i = 0; i < 3; i++) {
            synapses.strengthen(StrengthenRequest.newBuilder().setSource(ref(NodeType.NODE_TYPE_ERROR, 1))
                    .setTarget(ref(NodeType.NODE_TYPE_ERROR, 2)).setType(SynapseType.SYNAPSE_TYPE_CAUSES).build());
        }
        JsonPath graph = page(reader, "/ui/network/graph?node=error:1&depth=1").then().statusCode(200).extract().jsonPath();
        assertThat(graph.getList("nodes.id", String.class)).containsExactlyInAnyOrder("error:1", "solution:7", "error:2");
        assertThat(graph.getList("edges", Map.class))
                .extracting(e -> e.get("source") + ">" + e.get("target") + " " + e.get("type"))
                .containsExactlyInAnyOrder("solution:7>error:1 solves", "error:1>error:2 causes");
        assertThat(graph.getList("edges.weight", Float.class)).allSatisfy(w -> assertThat(w).isBetween(0f, 1f));
        assertThat(graph.getString("nodes.find { it.id == 'solution:7' }.label")).isEqualTo("Guard against undefined");

        JsonPath path = page(reader, "/ui/network/path?from=solution:7&to=error:2").then().statusCode(200).extract().jsonPath();
        assertThat(path.getBoolean("found")).isTrue();
        assertThat(path.getList("hops.synapse_type", String.class)).containsExactly("solves", "causes");

        page(reader, "/ui/network/graph?node=nonsense").then().statusCode(400);
        String other = tokens.create("ui-other-" + UUID.randomUUID().toString().substring(0, 8), "shop", Set.of("read"),
                "test");
        assertThat(page(other, "/ui/network/graph?node=error:1").then().statusCode(200).extract().jsonPath()
                .getList("edges")).isEmpty();
    }

    private static NodeRef ref(NodeType type, long id) {
        return NodeRef.newBuilder().setType(type).setId(id).build();
    }

    @Test
    void theMemoryPageShowsAnchorsShellsAndThePathWithItsLayers() {
        String anna = "Anna is the user's older sister and she lives in Hamburg with two cats.";
        String tax = "The quarterly tax return is due at the end of March.";
        for (String content : List.of(anna, tax)) {
            long entry = given().header("Authorization", "Bearer " + writer).contentType("application/json")
                    .body(Map.of("content", content, "salience", 0.9, "entities", List.of("Anna")))
                    .when().post("/api/v1/memory/remember").then().statusCode(201).extract().jsonPath().getLong("entry_id");
            MemoryAdminServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)))
                    .promoteEntry(PromoteEntryRequest.newBuilder()
                            .setPair(Pair.newBuilder().setUserId(tenant).setAgentId("claude")).setId(entry).build());
        }
        String html = page(reader, "/ui/memory?q=Where+does+Anna,+the+user's+sister,+live%3F&hops=1&ranking=strength")
                .then().statusCode(200)
                .extract().asString();
        assertThat(html).contains("Hamburg").contains("<span class=\"anchor\">anchor</span>")
                .contains("data-shell=\"1\"").contains("quarterly tax return")
                .containsPattern("<li class=\"edge\" data-edge-id=\"\\d+\">node \\d+ → node \\d+ · weight \\d+\\.\\d\\d")
                .containsPattern("layers: <span class=\"layers\">[^<]*entity");
    }

    @Test
    void correctionsNeedTheWriteScopeAndThisOrigin() {
        long id = reportError(writer);
        given().header("Authorization", "Bearer " + reader).formParam("resolved", "true").when()
                .post("/ui/errors/" + id).then().statusCode(403);
        given().header("Authorization", "Bearer " + writer).header("Origin", "https://evil.example")
                .formParam("resolved", "true").when().post("/ui/errors/" + id).then().statusCode(403);
        assertThat(page(reader, "/ui/errors/" + id).asString()).contains("<dd>open</dd>");
        given().header("Authorization", "Bearer " + writer).redirects().follow(false).formParam("resolved", "true")
                .when().post("/ui/errors/" + id).then().statusCode(303);
        assertThat(page(reader, "/ui/errors/" + id).asString()).contains("<dd>resolved</dd>");
        given().header("Authorization", "Bearer " + writer).redirects().follow(false).when()
                .post("/ui/forget/error/" + id).then().statusCode(303);
        assertThat(page(reader, "/ui/errors").asString()).doesNotContain("data-error-id=\"" + id + "\"");
    }

    @Test
    void statusAndInsightsPagesRender() {
        assertThat(page(reader, "/ui/status").then().statusCode(200).extract().asString())
                .contains("data-service=\"error\"").contains("data-service=\"memory\"").contains("research cycle, next");
        assertThat(page(reader, "/ui/insights").then().statusCode(200).extract().asString())
                .contains("Insights").contains("none yet");
        // the pages set a content security policy: scripts and styles of this origin only
        assertThat(page(reader, "/ui/status").header("Content-Security-Policy")).contains("script-src 'self'");
    }
}
