package dev.brain.gateway.errors;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.BrainServices;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.config.EncoderConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.http.ContentType;

/** {@code GET /api/v1/errors/export} and {@code POST /api/v1/errors/import} against the real error-service. */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class ErrorExportImportTest {

    /** rest-assured sends JSON-lines bodies as text. */
    static final RestAssuredConfig JSON_LINES = RestAssuredConfig.config()
            .encoderConfig(EncoderConfig.encoderConfig().encodeContentTypeAs("application/x-ndjson", ContentType.TEXT));

    @Inject
    ApiTokens tokens;

    private static String run() {
        return UUID.randomUUID().toString().substring(0, 8);
    }

    private String exportOf(String token, String project) {
        var request = given().header("Authorization", "Bearer " + token);
        if (project != null) {
            request = request.queryParam("project", project);
        }
        return request.when().get("/api/v1/errors/export")
                .then().statusCode(200).contentType(startsWith("application/x-ndjson")).extract().asString();
    }

    private io.restassured.response.ValidatableResponse importInto(String token, String project, String onConflict,
            String body) {
        return given().header("Authorization", "Bearer " + token).contentType("application/x-ndjson").config(JSON_LINES)
                .queryParam("project", project).queryParam("on_conflict", onConflict).body(body)
                .when().post("/api/v1/errors/import").then();
    }

    @Test
    void anExportImportsIntoAnotherTenantOverRest() {
        String source = tokens.create("exp-" + run(), "shop", Set.of("read", "write"), "test");
        String target = tokens.create("imp-" + run(), "default", Set.of("read", "write"), "test");
        long errorId = given().header("Authorization", "Bearer " + source).contentType(ContentType.JSON)
                .accept(ContentType.JSON).body(Map.of("error_output", ErrorToolsTest.NODE_ERROR, "command", "node server.js"))
                .when().post("/api/v1/errors")
                .then().statusCode(200).extract().jsonPath().getLong("error_id");
        given().header("Authorization", "Bearer " + source).contentType(ContentType.JSON).accept(ContentType.JSON)
                .body(Map.of("title", "Guard the missing user", "steps", List.of("return early when user is undefined")))
                .when().post("/api/v1/errors/" + errorId + "/solutions").then().statusCode(201);

        String exported = exportOf(source, "shop");
        List<String> lines = exported.lines().toList();
        assertThat(lines.get(0)).contains("\"format\":\"brain-errors\"").contains("\"project\":\"shop\"");
        assertThat(exported).contains("Cannot read properties of undefined").contains("Guard the missing user");
        // without a project: every project of the tenant (here the one), the header naming none
        List<String> all = exportOf(source, null).lines().toList();
        assertThat(all.get(0)).doesNotContain("\"project\"");
        assertThat(all.subList(1, all.size())).isEqualTo(lines.subList(1, lines.size()));
        given().header("Authorization", "Bearer " + source).queryParam("project", "nope")
                .when().get("/api/v1/errors/export").then().statusCode(404).body("error", containsString("nope"));

        importInto(target, "copy", "fail", exported).statusCode(200).body("project", equalTo("copy"))
                .body("counts.error", equalTo(1)).body("counts.solution", equalTo(1))
                .body("counts.error_solution", equalTo(1)).body("errors", empty());
        String copied = exportOf(target, "copy");
        String fingerprint = exported.replaceAll("(?s).*\"fingerprint\" ?: ?\"([0-9a-f]{64})\".*", "$1");
        assertThat(copied).contains(fingerprint).contains("Guard the missing user");
        // the tenants stay apart: neither export shows the other's project
        assertThat(exportOf(target, null)).doesNotContain("\"name\" : \"shop\"");
        assertThat(exportOf(source, null)).doesNotContain("\"name\" : \"copy\"");

        // a second import conflicts: FAIL → 409 with the line, SKIP → 200 with nothing duplicated
        importInto(target, "copy", "fail", exported).statusCode(409).body("error", startsWith("line "))
                .body("error", containsString("already exists"));
        importInto(target, "copy", "skip", exported).statusCode(200).body("counts.skipped", equalTo(4))
                .body("counts.error", equalTo(null));
    }

    @Test
    void badImportsAreRefusedWithTheLineOrTheField() {
        String token = tokens.create("imp-" + run(), "default", Set.of("read", "write"), "test");
        String header = "{\"kind\":\"header\",\"format\":\"brain-errors\",\"version\":1}\n";
        importInto(token, "p", "fail", header + "{oops\n").statusCode(400).body("error", startsWith("line 2: malformed JSON"));
        importInto(token, "p", "skip", header + "{oops\n{\"kind\":\"nonsense\"}\n").statusCode(200)
                .body("errors", hasSize(2)).body("errors[0]", startsWith("line 2: malformed JSON"))
                .body("errors[1]", startsWith("line 3: kind:"));
        importInto(token, "p", "maybe", header).statusCode(400).body("error", startsWith("on_conflict: 'maybe'"));
        importInto(token, "p", "fail", "{\"kind\":\"error\"}\n").statusCode(400).body("error", startsWith("line 1:"));
        importInto(token, "bad name!", "fail", header).statusCode(400).body("error", startsWith("project:"));
        String reader = tokens.create("imp-" + run(), "default", Set.of("read"), "test");
        importInto(reader, "p", "fail", header).statusCode(403);
        given().contentType("application/x-ndjson").config(JSON_LINES).body(header)
                .when().post("/api/v1/errors/import").then().statusCode(401);
    }
}
