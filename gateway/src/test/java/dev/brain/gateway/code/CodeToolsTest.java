package dev.brain.gateway.code;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.BrainServices;
import dev.brain.gateway.support.McpSession;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * The code tools over MCP and REST, and the {@code PostToolUse} code hints, against the real error-service (and the
 * real memory-service, which embeds), one fresh tenant per test.
 */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class CodeToolsTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String RETRY = """
            import { sleep } from './sleep';
            /** Retries an async operation with exponential backoff. */
            export async function retry<T>(fn: () => Promise<T>, attempts: number = 3): Promise<T> {
              let lastError: unknown;
              for (let i = 0; i < attempts; i++) {
                try { return await fn(); } catch (err) { lastError = err; await sleep(2 ** i * 100); }
              }
              throw lastError;
            }
            """;
    static final String RETRY_RENAMED = """
            import { sleep } from './sleep';

            export async function withRetries<R>(task: () => Promise<R>, tries: number = 5): Promise<R> {
                let failure: unknown;
                for (let n = 0; n < tries; n++) {
                    try {
                        return await task();
                    } catch (e) {
                        failure = e;
                        await sleep(2 ** n * 250);
                    }
                }
                throw failure;
            }
            """;

    @Inject
    ApiTokens tokens;

    private String token;

    @BeforeEach
    void tenant() {
        token = tokenOf("code-" + UUID.randomUUID().toString().substring(0, 8));
    }

    private String tokenOf(String tenant) {
        return tokens.create(tenant, "shop", Set.of("read", "write"), "test");
    }

    private static JsonPath ok(JsonPath result) {
        assertThat(result.getBoolean("isError")).as(result.prettify()).isFalse();
        return result;
    }

    @Test
    void theCodeToolsAreListedWithShortDescriptions() {
        List<Map<String, Object>> tools = new McpSession(token).open().request("tools/list", Map.of()).getList("tools");
        assertThat(tools).extracting(t -> t.get("name")).contains("brain_find_reusable_code", "brain_register_code",
                "brain_check_code_similarity");
        assertThat(tools).allSatisfy(t -> assertThat((String) t.get("description")).hasSizeLessThanOrEqualTo(600));
    }

    @Test
    void aRegisteredModuleIsFoundByPurposeAndItsCopiesAreRecognised() {
        McpSession mcp = new McpSession(token).open();
        JsonPath registered = ok(mcp.callTool("brain_register_code", Map.of("source_code", RETRY,
                "file_path", "src/utils/retry.ts")));
        long moduleId = registered.getLong("structuredContent.module_id");
        assertThat(moduleId).isPositive();
        assertThat(registered.getDouble("structuredContent.reusability_score")).isEqualTo(0.97,
                org.assertj.core.data.Offset.offset(1e-4));
        assertThat(registered.getMap("structuredContent.signals")).hasSize(6);
        assertThat(registered.getString("structuredContent.granularity")).isEqualTo("file");
        assertThat(registered.getString("content[0].text")).contains("module #" + moduleId + " retry")
                .contains("reusability 0.97 (reusable)");

        JsonPath found = ok(mcp.callTool("brain_find_reusable_code", Map.of("purpose",
                "retry an async operation with backoff", "project", "blog")));
        assertThat(found.getLong("structuredContent.modules[0].module_id")).isEqualTo(moduleId);
        assertThat(found.getString("structuredContent.modules[0].project")).isEqualTo("shop");
        assertThat(found.getString("structuredContent.modules[0].file_path")).isEqualTo("src/utils/retry.ts");
        assertThat(found.getString("content[0].text")).contains("module #" + moduleId + " retry — shop:src/utils/retry.ts");

        JsonPath exact = ok(mcp.callTool("brain_check_code_similarity", Map.of("source_code", RETRY)));
        assertThat(exact.getLong("structuredContent.similar[0].module_id")).isEqualTo(moduleId);
        assertThat(exact.getString("structuredContent.similar[0].kind")).isEqualTo("exact");
        JsonPath renamed = ok(mcp.callTool("brain_check_code_similarity", Map.of("source_code", RETRY_RENAMED,
                "file_path", "lib/retry.ts")));
        assertThat(renamed.getString("structuredContent.similar[0].kind")).isEqualTo("structural");
        assertThat(renamed.getString("content[0].text")).contains("structural");

        // another tenant finds nothing of this one
        McpSession other = new McpSession(tokenOf("code-other-" + UUID.randomUUID().toString().substring(0, 8))).open();
        assertThat(ok(other.callTool("brain_check_code_similarity", Map.of("source_code", RETRY)))
                .getList("structuredContent.similar")).isEmpty();
        JsonPath nothing = ok(other.callTool("brain_find_reusable_code", Map.of("purpose", "retry with backoff")));
        assertThat(nothing.getList("structuredContent.modules")).isEmpty();
        assertThat(nothing.getString("content[0].text")).startsWith("No reusable module found: searched 0 modules");
    }

    /**
     * The 16 purpose fixtures (seven languages, one of them a distractor) registered in two projects; the 15 fixed
     * purpose queries, phrased unlike the doc comments, rank their module first (all but one) and in the top 3 (all),
     * by full text and the onnx embedding of the real memory-service, fused.
     */
    @Test
    void findByPurposeRanksTheRightModuleFirstForFifteenQueries() throws IOException {
        java.nio.file.Path fixtures = java.nio.file.Path.of("").toAbsolutePath().getParent()
                .resolve("error-service/src/test/resources/code-fixtures/purposes");
        McpSession mcp = new McpSession(token).open();
        Map<String, Long> ids = new java.util.HashMap<>();
        try (var files = java.nio.file.Files.list(fixtures)) {
            for (java.nio.file.Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                if (name.endsWith(".tsv")) {
                    continue;
                }
                Map<String, Object> registration = Map.of("source_code", java.nio.file.Files.readString(file),
                        "file_path", "src/" + name, "project", ids.size() % 2 == 0 ? "shop" : "blog");
                ids.put(name, withEmbedding(() -> mcp.callTool("brain_register_code", registration))
                        .getLong("structuredContent.module_id"));
            }
        }
        assertThat(ids).hasSize(16);
        List<String> misses = new java.util.ArrayList<>();
        List<String> queries = java.nio.file.Files.readAllLines(fixtures.resolve("queries.tsv"));
        assertThat(queries).hasSize(15);
        for (String line : queries) {
            String[] q = line.split("\t");
            JsonPath found = withEmbedding(
                    () -> mcp.callTool("brain_find_reusable_code", Map.of("purpose", q[0], "limit", 3)));
            List<Long> top = found.getList("structuredContent.modules.module_id", Long.class);
            assertThat(top).as(q[0]).contains(ids.get(q[1]));
            if (!top.get(0).equals(ids.get(q[1]))) {
                misses.add(q[0] + " → " + found.getString("structuredContent.modules[0].file_path"));
            }
        }
        // measured 14 of 15 first: for "show a file size in human readable units like MiB" the full-text list ranks
        // chunk.rs ("at most `size` elements") above format_bytes.go ("a byte count in binary units"), and the fused
        // score, weighted by confidence (chunk.rs 0.94, format_bytes.go 0.92), keeps it first. Top 3: all 15.
        assertThat(misses).as("queries whose expected module was not first").hasSizeLessThanOrEqualTo(1);
    }

    /**
     * The answer of a call whose embedding came within error-service's query deadline (150 ms): on a loaded machine
     * the first calls to the model can be later, and the answer is then the text-only one (semantic_skipped), which
     * is not what the fused ranking above measures. Registering again stores the embedding that came; asking again
     * fuses both lists.
     */
    private static JsonPath withEmbedding(java.util.function.Supplier<JsonPath> call) {
        JsonPath answer = ok(call.get());
        for (int attempt = 1; attempt < 20 && answer.getBoolean("structuredContent.semantic_skipped"); attempt++) {
            answer = ok(call.get());
        }
        assertThat(answer.getBoolean("structuredContent.semantic_skipped")).as("embedded within the deadline")
                .isFalse();
        return answer;
    }

    @Test
    void badArgumentsAreToolErrorsNamingTheField() {
        McpSession mcp = new McpSession(token).open();
        JsonPath missing = mcp.callTool("brain_register_code", Map.of("source_code", " ", "file_path", "a.ts"));
        assertThat(missing.getBoolean("isError")).isTrue();
        assertThat(missing.getString("content[0].text")).startsWith("source_code:");
        JsonPath language = mcp.callTool("brain_register_code", Map.of("source_code", RETRY, "file_path", "a.ts",
                "language", "cobol"));
        assertThat(language.getBoolean("isError")).isTrue();
        assertThat(language.getString("content[0].text")).startsWith("language:").doesNotContain("\n");
        JsonPath limit = mcp.callTool("brain_find_reusable_code", Map.of("purpose", "x", "limit", 99));
        assertThat(limit.getBoolean("isError")).isTrue();
        assertThat(limit.getString("content[0].text")).startsWith("limit:");
    }

    @Test
    void modulesAreListedAndRegisteredOverRest() {
        given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("source_code", RETRY, "file_path", "src/utils/retry.ts", "project", "shop",
                        "category", "retry"))
                .when().post("/api/v1/code/modules").then().statusCode(200);
        JsonPath list = given().header("Authorization", "Bearer " + token).accept(ContentType.JSON)
                .when().get("/api/v1/code/modules").then().statusCode(200).extract().jsonPath();
        assertThat(list.getList("modules.name")).containsExactly("retry");
        assertThat(list.getString("modules[0].category")).isEqualTo("retry");
        assertThat(given().header("Authorization", "Bearer " + token).queryParam("language", "python")
                .accept(ContentType.JSON).when().get("/api/v1/code/modules").then().statusCode(200).extract()
                .jsonPath().getList("modules")).isEmpty();
        String text = given().header("Authorization", "Bearer " + token).accept(ContentType.TEXT)
                .when().get("/api/v1/code/modules").then().statusCode(200).extract().asString();
        assertThat(text).contains("retry").contains("typescript").contains("shop:src/utils/retry.ts");
        given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("file_path", "a.ts")).when().post("/api/v1/code/modules").then().statusCode(400);
    }

    @Test
    void theBrainScriptListsTheModules() throws Exception {
        McpSession mcp = new McpSession(token).open();
        ok(mcp.callTool("brain_register_code", Map.of("source_code", RETRY, "file_path", "src/utils/retry.ts")));
        ok(mcp.callTool("brain_register_code", Map.of("source_code", "def slug(text: str) -> str:\n    return text\n",
                "file_path", "tools/slug.py", "project", "tools")));
        String all = brain("modules");
        assertThat(all).contains("retry").contains("shop:src/utils/retry.ts").contains("tools:tools/slug.py");
        String python = brain("modules", "--language", "python");
        assertThat(python).contains("tools:tools/slug.py").doesNotContain("retry.ts");
    }

    /** Runs the repository's {@code ./brain} script against this gateway; its standard output (exit 0 asserted). */
    private String brain(String... args) throws Exception {
        java.nio.file.Path root = java.nio.file.Path.of("").toAbsolutePath().getParent();
        List<String> command = new java.util.ArrayList<>(List.of("bash", root.resolve("brain").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("BRAIN_GATEWAY_PORT", String.valueOf(io.restassured.RestAssured.port));
        builder.environment().put("BRAIN_TOKEN", token);
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isZero();
        return out;
    }

    @Test
    void writtenCodeGetsASimilarCodeHintOrARegisterHint() throws IOException {
        McpSession mcp = new McpSession(token).open();
        long moduleId = ok(mcp.callTool("brain_register_code", Map.of("source_code", RETRY, "file_path",
                "src/utils/retry.ts", "project", "shop"))).getLong("structuredContent.module_id");

        // the same code written in another project: its copy is named
        String copy = postToolUse("/home/dev/src/blog", "/home/dev/src/blog/lib/retry.ts", RETRY, "blog");
        assertThat(copy).startsWith("Brain: similar code exists — module #" + moduleId + " retry in project shop"
                + " (src/utils/retry.ts, exact 1.00)");
        // the registered file itself, rewritten: nothing to say
        assertThat(postToolUse("/home/dev/src/shop", "/home/dev/src/shop/src/utils/retry.ts", RETRY, "shop")).isNull();
        // new reusable code: register it
        String fresh = postToolUse("/home/dev/src/shop", "/home/dev/src/shop/src/utils/slugify.ts", """
                /** Turns a title into a URL slug. */
                export function slugify(title: string): string {
                  return title.toLowerCase().trim().replace(/[^a-z0-9]+/g, '-');
                }
                """, "shop");
        assertThat(fresh).startsWith("Brain: src/utils/slugify.ts looks reusable (")
                .endsWith("register it with brain_register_code so other projects can find it.");
        // an Edit's new text is a fragment, not a module: the copy is named, registering is not suggested
        ObjectNode edit = JSON.createObjectNode().put("session_id", "s-edit").put("cwd", "/home/dev/src/blog")
                .put("hook_event_name", "PostToolUse").put("tool_name", "Edit").put("brain_project", "blog");
        edit.putObject("tool_input").put("file_path", "/home/dev/src/blog/lib/util.ts").put("old_string", "x")
                .put("new_string", RETRY);
        JsonNode answer = JSON.readTree(given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(edit.toString()).when().post("/hooks/post-tool-use").then().statusCode(200).extract().asString());
        assertThat(answer.at("/hookSpecificOutput/additionalContext").asText())
                .startsWith("Brain: similar code exists — module #" + moduleId).doesNotContain("looks reusable");
    }

    /** The PostToolUse hook's additionalContext for a Write, or null when it answered nothing. */
    private String postToolUse(String cwd, String file, String content, String project) throws IOException {
        ObjectNode write = JSON.createObjectNode().put("session_id", "s-write").put("cwd", cwd)
                .put("hook_event_name", "PostToolUse").put("tool_name", "Write").put("brain_project", project);
        write.putObject("tool_input").put("file_path", file).put("content", content);
        String body = given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(write.toString()).when().post("/hooks/post-tool-use").then().statusCode(200).extract().asString();
        if (body.isEmpty()) {
            return null;
        }
        JsonNode answer = JSON.readTree(body);
        assertThat(answer.at("/hookSpecificOutput/hookEventName").asText()).isEqualTo("PostToolUse");
        return answer.at("/hookSpecificOutput/additionalContext").asText();
    }
}
