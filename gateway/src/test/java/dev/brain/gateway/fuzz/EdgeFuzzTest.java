package dev.brain.gateway.fuzz;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
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
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;
import net.jqwik.api.sessions.JqwikSession;

/**
 * Issue #24 §4 at the HTTP edge, against the real services: every MCP tool's arguments, the REST bodies, both
 * import formats ({@code /api/v1/errors/import}, {@code /api/v1/memory/import}) and the four hook payloads, fed
 * with values drawn from jqwik arbitraries under a fixed seed. A tool answers a result or a tool error with a
 * message, never a JSON-RPC internal error; REST answers 2xx or 4xx (a 400 names what is wrong), never 5xx; a
 * hook answers 200 to any JSON. jqwik's {@code @Property} does not mix with {@code @QuarkusTest} (its engine does not
 * run Quarkus' test extension), so plain tests draw samples from the arbitraries' generators inside a
 * {@link JqwikSession}, which is what lets jqwik generate outside its own engine.
 */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class EdgeFuzzTest {
    static final long SEED = 20261202L;
    /** quarkus.http.limits.max-initial-line-length of the gateway. */
    static final int REQUEST_LINE_LIMIT = 16_384;
    static final ObjectMapper JSON = new ObjectMapper();
    static final int CALLS_PER_TOOL = 20;
    static final int CALLS_PER_ENDPOINT = 25;
    static final int IMPORTS = 120;
    static final int CALLS_PER_HOOK = 60;
    private static final Map<String, long[]> TALLY = new TreeMap<>();

    /** Strings a careless validator trips on. */
    static final List<String> NASTY = List.of("", " ", "\n", "\t\r\n", "\u0000", "\u0000abc", "a\u0000b", "\u200b\u202e",
            "\u200b", "\u2060\ufeff\u00a0", "\u3164", "\uD800", "\uDC00x",
            "\uFFFF", "\uFEFF", "\u202Eevil", "😀", "é", "null", "undefined", "NaN", "-1", "0", "1e309", "99999999999999999999",
            "../../../../etc/passwd", "..", "/", "\\", "C:\\Windows", "<script>alert(1)</script>", "' OR 1=1 --",
            "\"; DROP TABLE errors; --", "%s%n%d", "${jndi:ldap://x}", "{}", "[]", "{\"a\":", "a".repeat(5000),
            " ".repeat(3000), "(".repeat(2000), "x\n".repeat(2000), "true", "fail", "skip", "replace", "acknowledged",
            "worked", "failed", "partial", "error", "solution", "attempt", "claude", "default", "read", "write");

    static final Arbitrary<String> TEXT = Arbitraries.frequencyOf(
            Tuple.of(3, Arbitraries.of(NASTY)),
            Tuple.of(3, Arbitraries.strings().all().ofMaxLength(300)),
            Tuple.of(2, Arbitraries.strings().alpha().numeric().withChars("_-./: ").ofMaxLength(60)),
            Tuple.of(1, Arbitraries.strings().all().ofMinLength(10_000).ofMaxLength(40_000)));
    static final Arbitrary<Object> NUMBER = Arbitraries.frequencyOf(
            Tuple.of(3, Arbitraries.integers().between(-3, 60).map(i -> (Object) i)),
            Tuple.of(2, Arbitraries.<Object> of(0, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE,
                    1.5, -0.5, 1e308, -1e308, 0.000001, 2147483648L)));
    static final Arbitrary<Object> SCALAR = Arbitraries.frequencyOf(
            Tuple.of(4, TEXT.map(s -> (Object) s)),
            Tuple.of(2, NUMBER),
            Tuple.of(1, Arbitraries.of(true, false).map(b -> (Object) b)),
            Tuple.of(1, Arbitraries.<Object> just(null)));
    static final Arbitrary<Object> VALUE = Arbitraries.frequencyOf(
            Tuple.of(6, SCALAR),
            Tuple.of(1, SCALAR.list().ofMaxSize(30).map(l -> (Object) l)),
            Tuple.of(1, Arbitraries.maps(Arbitraries.strings().alpha().ofMaxLength(12), SCALAR).ofMaxSize(6)
                    .map(m -> (Object) m)));

    @Inject
    ApiTokens tokens;

    private String token;
    private String project;

    @BeforeEach
    void tenant() {
        JqwikSession.start();
        String run = UUID.randomUUID().toString().substring(0, 8);
        project = "fuzz-" + run;
        token = tokens.create("fuzz-" + run, project, Set.of("read", "write"), "fuzz");
    }

    @AfterEach
    void finishSession() {
        JqwikSession.finish();
    }

    /** One sample of {@code a} from {@code random} (the fixed seed makes every run draw the same inputs). */
    static <T> T draw(Arbitrary<T> a, Random random) {
        return a.generator(1000).next(random).value();
    }

    /** A value for a property of the given JSON-schema type: usually of that type, sometimes anything. */
    static Object typed(String type, Random r) {
        if (r.nextInt(10) < 3) {
            return draw(VALUE, r);
        }
        return switch (type == null ? "" : type) {
            case "integer", "number" -> draw(NUMBER, r);
            case "boolean" -> r.nextBoolean();
            case "array" -> draw(TEXT.list().ofMaxSize(12), r);
            case "object" -> draw(Arbitraries.maps(Arbitraries.strings().alpha().ofMaxLength(12), SCALAR).ofMaxSize(6), r);
            default -> draw(TEXT, r);
        };
    }

    private static void tally(String target, long nanos) {
        synchronized (TALLY) {
            long[] t = TALLY.computeIfAbsent(target, k -> new long[2]);
            t[0]++;
            t[1] += nanos;
        }
    }

    @AfterAll
    static void report() {
        StringBuilder sb = new StringBuilder("fuzz gateway edge: target | cases | time\n");
        synchronized (TALLY) {
            TALLY.forEach((target, t) -> sb.append(String.format("fuzz gateway edge: %s | %d | %.1f s%n", target, t[0],
                    t[1] / 1e9)));
        }
        System.out.print(sb);
    }

    // ---------------------------------------------------------------- MCP tools

    @Test
    void everyToolAnswersAnyArgumentsWithAResultOrAClearToolError() throws IOException {
        McpSession mcp = new McpSession(token).open();
        JsonNode tools = JSON.readTree(JSON.writeValueAsString(mcp.request("tools/list", Map.of()).get("tools")));
        assertThat(tools.size()).isGreaterThan(20);
        Random r = new Random(SEED);
        int id = 1000;
        for (JsonNode tool : tools) {
            String name = tool.path("name").asText();
            JsonNode properties = tool.path("inputSchema").path("properties");
            for (int i = 0; i < CALLS_PER_TOOL; i++) {
                Map<String, Object> arguments = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> p = it.next();
                    if (r.nextInt(6) > 0) {
                        arguments.put(p.getKey(), typed(p.getValue().path("type").asText(null), r));
                    }
                }
                if (r.nextInt(10) == 0) {
                    arguments.put(draw(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(10), r), draw(VALUE, r));
                }
                Map<String, Object> message = new LinkedHashMap<>();
                message.put("jsonrpc", "2.0");
                message.put("id", ++id);
                message.put("method", "tools/call");
                message.put("params", Map.of("name", name, "arguments", arguments));
                long t0 = System.nanoTime();
                Response response = mcp.post(message);
                tally("MCP tool " + name, System.nanoTime() - t0);
                String what = name + " " + abbreviate(JSON.writeValueAsString(arguments));
                assertThat(response.statusCode()).as(what).isEqualTo(200);
                JsonNode answer = JSON.readTree(jsonOf(response));
                if (answer.has("error")) {
                    assertThat(answer.path("error").path("code").asInt()).as("JSON-RPC error of %s: %s", what, answer)
                            .isNotEqualTo(-32603);
                    assertThat(answer.path("error").path("message").asText()).as(what).isNotBlank();
                } else {
                    JsonNode result = answer.path("result");
                    assertThat(result.path("content").isArray()).as("%s: %s", what, answer).isTrue();
                    if (result.path("isError").asBoolean(false)) {
                        assertThat(result.path("content").path(0).path("text").asText()).as("tool error of %s", what)
                                .isNotBlank().doesNotContain("Internal").doesNotContain("NullPointer");
                    }
                }
            }
        }
    }

    /** Bodies that are JSON but no JSON-RPC message, and broken ones: a JSON-RPC error, never a 5xx. */
    @Test
    void aBodyThatIsNoJsonRpcMessageGetsAJsonRpcError() throws IOException {
        McpSession mcp = new McpSession(token).open();
        Random r = new Random(SEED + 5);
        List<String> bodies = new ArrayList<>(List.of("null", "[]", "[null]", "[1]", "42", "true", "\"x\"", "{", "", " ",
                "{\"jsonrpc\":\"2.0\"}", "{\"jsonrpc\":\"2.0\",\"id\":1}", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":null}"));
        for (int i = 0; i < 40; i++) {
            bodies.add(JSON.writeValueAsString(draw(VALUE, r)));
        }
        for (String body : bodies) {
            long t0 = System.nanoTime();
            Response response = mcp.postRaw(body);
            tally("MCP raw body", System.nanoTime() - t0);
            assertThat(response.statusCode()).as("%s: %s", abbreviate(body), abbreviate(response.asString())).isBetween(200,
                    499);
            String json = jsonOf(response);
            if (!json.isBlank()) {
                JsonNode answer = JSON.readTree(json);
                if (answer.has("error")) {
                    assertThat(answer.path("error").path("code").asInt()).as(abbreviate(body)).isNotEqualTo(-32603);
                    assertThat(answer.path("error").path("message").asText()).as(abbreviate(body)).isNotBlank();
                }
            }
        }
    }

    /** The JSON of a response, whether it came as plain JSON or as one server-sent event. */
    static String jsonOf(Response response) {
        String body = response.asString();
        String type = response.contentType();
        if (type == null || !type.startsWith("text/event-stream")) {
            return body;
        }
        StringBuilder data = new StringBuilder();
        for (String line : body.split("\n")) {
            if (line.startsWith("data:")) {
                data.append(line.substring(5).trim());
            }
        }
        return data.toString();
    }

    /** {@code s} with everything outside printable ASCII escaped, so a failure message survives the test report. */
    static String printable(String s) {
        StringBuilder sb = new StringBuilder();
        abbreviate(s).codePoints().forEach(c -> sb.append(c >= 0x20 && c < 0x7f ? Character.toString(c)
                : String.format("\\u%04x", c)));
        return sb.toString();
    }

    static String abbreviate(String s) {
        return s.length() > 400 ? s.substring(0, 400) + "…(" + s.length() + " chars)" : s;
    }

    // ---------------------------------------------------------------- REST bodies and queries

    /** A REST call with a JSON body of these fields ({@code {id}} in the path is replaced by a drawn id). */
    record Endpoint(String method, String path, List<String> fields) {
    }

    static final List<Endpoint> ENDPOINTS = List.of(
            new Endpoint("POST", "/api/v1/errors", List.of("error_output", "command", "task_context",
                    "working_directory", "project", "exit_code")),
            new Endpoint("POST", "/api/v1/errors/{id}/solutions", List.of("title", "description", "steps", "code_before",
                    "code_after", "diff", "project")),
            new Endpoint("POST", "/api/v1/errors/{id}/attempts", List.of("description", "reason", "project")),
            new Endpoint("POST", "/api/v1/errors/{id}/solutions/{id}/outcomes", List.of("outcome", "notes", "project")),
            new Endpoint("PATCH", "/api/v1/errors/{id}", List.of("resolved", "not_an_error", "note")),
            new Endpoint("POST", "/api/v1/rules/{id}/feedback", List.of("outcome", "note", "blocking")),
            new Endpoint("POST", "/api/v1/prevention/check", List.of("command", "output", "code", "file_path", "project")),
            new Endpoint("POST", "/api/v1/memory/remember", List.of("content", "salience", "topics", "entities", "time",
                    "time_precision", "emotion", "observer", "agent")),
            new Endpoint("POST", "/api/v1/memory/recall", List.of("query", "hops", "emotion", "agent", "limit")),
            new Endpoint("POST", "/api/v1/memory/feedback", List.of("turn_id", "answer", "agent")),
            new Endpoint("POST", "/api/v1/code/modules", List.of("source_code", "file_path", "name", "purpose", "language",
                    "category", "project")),
            new Endpoint("POST", "/api/v1/code/similarity", List.of("source_code", "file_path", "language", "project")),
            new Endpoint("PUT", "/api/v1/findings/{project}/traps/{slug}", List.of("title", "body", "hook", "scope",
                    "source_task")),
            new Endpoint("POST", "/api/v1/insights/{id}/status", List.of("status", "outcome", "action_taken")),
            new Endpoint("POST", "/api/v1/knowledge", List.of("topic", "distillate", "salience", "report", "status", "mode",
                    "for_user", "agent", "replace_block", "summary", "keywords")),
            new Endpoint("GET", "/api/v1/errors?q={text}&limit={number}&project_only={text}", List.of()),
            new Endpoint("GET", "/api/v1/errors?filter={text}&limit={number}&project={text}", List.of()),
            new Endpoint("GET", "/api/v1/errors/{id}", List.of()),
            new Endpoint("DELETE", "/api/v1/errors/{id}?reason={text}", List.of()),
            new Endpoint("GET", "/api/v1/notifications?acknowledge={text}&project={text}", List.of()),
            new Endpoint("GET", "/api/v1/rules?include_inactive={text}&project={text}", List.of()),
            new Endpoint("GET", "/api/v1/code/modules?purpose={text}&language={text}&limit={number}", List.of()),
            new Endpoint("GET", "/api/v1/knowledge/search?query={text}&limit={number}", List.of()),
            new Endpoint("GET", "/api/v1/knowledge/block?path={text}&heading={text}", List.of()),
            new Endpoint("GET",
                    "/api/v1/insights?type={text}&min_priority={text}&status={text}&limit={number}&page_token={text}",
                    List.of()),
            new Endpoint("GET", "/api/v1/insights/suggest?context={text}&limit={number}", List.of()),
            new Endpoint("GET", "/api/v1/insights/trends?project={text}&window_days={number}", List.of()),
            new Endpoint("GET", "/api/v1/findings/{project}", List.of()),
            new Endpoint("GET", "/api/v1/memory/export?kinds={text}&agent={text}", List.of()),
            new Endpoint("GET", "/api/v1/errors/export?project={text}", List.of()));

    private String fill(String template, Random r) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < template.length()) {
            int open = template.indexOf('{', i);
            if (open < 0) {
                sb.append(template, i, template.length());
                break;
            }
            int close = template.indexOf('}', open);
            sb.append(template, i, open);
            String hole = template.substring(open + 1, close);
            boolean inQuery = template.lastIndexOf('?', open) >= 0;
            String value = switch (hole) {
                case "id" -> r.nextInt(4) == 0 ? draw(TEXT, r) : String.valueOf(draw(NUMBER, r));
                case "number" -> String.valueOf(r.nextInt(4) == 0 ? draw(TEXT, r) : draw(NUMBER, r));
                case "project" -> r.nextBoolean() ? project : draw(TEXT, r);
                default -> draw(TEXT, r);
            };
            if (value.length() > 2000) {
                value = value.substring(0, 2000);
            }
            sb.append(inQuery ? java.net.URLEncoder.encode(value, StandardCharsets.UTF_8)
                    : java.net.URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20"));
            i = close + 1;
        }
        return sb.toString();
    }

    /**
     * A body: usually an object of the endpoint's fields, else any JSON, broken JSON, JSON with garbage after it or nothing.
     */
    private String body(Endpoint e, Random r) throws IOException {
        switch (r.nextInt(13)) {
            case 12 -> {
                return JSON.writeValueAsString(Map.of(e.fields().get(0), draw(TEXT, r))) + " " + draw(TEXT, r);
            }
            case 0 -> {
                return "";
            }
            case 1 -> {
                String json = JSON.writeValueAsString(Map.of("a", draw(TEXT, r)));
                return json.substring(0, r.nextInt(json.length()));
            }
            case 2 -> {
                return JSON.writeValueAsString(draw(VALUE, r));
            }
            default -> {
                Map<String, Object> object = new LinkedHashMap<>();
                for (String field : e.fields()) {
                    if (r.nextInt(5) > 0) {
                        object.put(field, switch (field) {
                            case "exit_code", "hops", "limit" -> r.nextInt(3) == 0 ? draw(VALUE, r) : draw(NUMBER, r);
                            case "salience" -> r.nextInt(3) == 0 ? draw(VALUE, r) : r.nextDouble() * 3 - 1;
                            case "steps", "topics", "entities", "keywords" -> r.nextInt(3) == 0 ? draw(VALUE, r)
                                    : draw(TEXT.list().ofMaxSize(12), r);
                            case "resolved", "not_an_error", "blocking", "action_taken", "for_user" ->
                                r.nextInt(3) == 0 ? draw(VALUE, r) : r.nextBoolean();
                            default -> draw(VALUE, r);
                        });
                    }
                }
                return JSON.writeValueAsString(object);
            }
        }
    }

    private RequestSpecification as(String contentType) {
        RequestSpecification request = given().header("Authorization", "Bearer " + token).urlEncodingEnabled(false);
        return contentType == null ? request : request.contentType(contentType);
    }

    @Test
    void everyRestEndpointAnswers2xxOr4xxWithAClearError() throws IOException {
        Random r = new Random(SEED + 1);
        for (Endpoint e : ENDPOINTS) {
            for (int i = 0; i < CALLS_PER_ENDPOINT; i++) {
                String path = fill(e.path(), r);
                RequestSpecification request;
                String body = null;
                if (e.fields().isEmpty()) {
                    request = as(null);
                } else {
                    body = body(e, r);
                    request = as(r.nextInt(15) == 0 ? "text/plain" : "application/json")
                            .body(body.getBytes(StandardCharsets.UTF_8));
                }
                if (r.nextBoolean()) {
                    request.accept(r.nextInt(3) == 0 ? "text/plain" : "application/json");
                }
                long t0 = System.nanoTime();
                int line = e.method().length() + 1 + path.getBytes(StandardCharsets.UTF_8).length + 9;
                Response response = sendUnlessClosed(() -> request.when().request(e.method(), path),
                        e.method() + " " + abbreviate(path), line,
                        body == null ? 0 : body.getBytes(StandardCharsets.UTF_8).length);
                if (response == null) {
                    continue;
                }
                tally("REST " + e.method() + " " + e.path().replaceAll("\\?.*", ""), System.nanoTime() - t0);
                assertEdgeAnswer(e.method() + " " + path + " " + (body == null ? "" : abbreviate(body)), response);
            }
        }
    }

    /**
     * The answer, or null when the server closed the connection before the client had written a large request: the
     * server may answer before it has read the whole request (an over-long request line: 414/431; a large body it
     * refuses early) and close the connection while the client still writes, which the client sees as a closed
     * socket instead of the answer. Only a large request may end so.
     */
    static Response sendUnlessClosed(java.util.function.Supplier<Response> send, String what, int lineBytes, int bodyBytes) {
        try {
            return send.get();
        } catch (Exception failure) {
            if (!(failure instanceof SocketException)) {
                throw failure;
            }
            assertThat(lineBytes > REQUEST_LINE_LIMIT || bodyBytes >= 16_384)
                    .as("%s: connection closed (%s) on a small request (line %d bytes, body %d bytes)", what,
                            failure.getMessage(), lineBytes, bodyBytes)
                    .isTrue();
            return null;
        }
    }

    /**
     * What a 400's reason starts with: the field, parameter or part it is about ({@code exit_code: …}, {@code body: …});
     * an import names the line first ({@code line 3: kind: …}).
     */
    static final java.util.regex.Pattern NAMES_THE_FIELD = java.util.regex.Pattern
            .compile("^(line \\d+: .+|[A-Za-z_][\\w.\\[\\]-]*: .+)");

    /** 2xx, or 4xx; a 400 carries a one-line reason that names the field (JSON {@code error}) or says why (text). */
    static void assertEdgeAnswer(String what, Response response) {
        int status = response.statusCode();
        assertThat(status).as("%s answered %d: %s", what, status, abbreviate(response.asString()))
                .isBetween(200, 499);
        if (status == 400) {
            assertThat(response.asString()).as("%s: a 400 says why", what).isNotBlank();
            String type = response.contentType();
            if (type != null && type.startsWith("application/json")) {
                String error = response.jsonPath().getString("error");
                assertThat(error).as("%s: a 400 names the field: %s", printable(what), printable(response.asString()))
                        .matches(NAMES_THE_FIELD)
                        .doesNotContain("\n");
            }
        }
    }

    /** Found by the REST fuzzing: Quarkus answered these with a bare 400 (in prod also the wrong-shape one). */
    @Test
    void aBodyThatIsNotJsonOrOfTheWrongShapeAnswers400WithTheReason() {
        as("application/json").body("{\"error_output\": ".getBytes(StandardCharsets.UTF_8)).when().post("/api/v1/errors")
                .then().statusCode(400).body("error", org.hamcrest.Matchers.startsWith("body: not valid JSON ("));
        as("application/json").body("{\"error_output\": \"x\", \"exit_code\": \"abc\"}".getBytes(StandardCharsets.UTF_8))
                .when().post("/api/v1/errors")
                .then().statusCode(400)
                .body("error", org.hamcrest.Matchers.equalTo("exit_code: a value of type Integer is required"));
        // every other status of the JSON layer passes unchanged
        as("text/csv").body("a,b".getBytes(StandardCharsets.UTF_8)).when().post("/api/v1/errors").then().statusCode(415);
    }

    // ---------------------------------------------------------------- imports

    /** Mutates a JSON line: drops, retypes or adds fields, changes its kind, or breaks its text. */
    private static String mutateLine(String line, Random r) throws IOException {
        int op = r.nextInt(10);
        if (op == 0 || line.isBlank()) {
            String s = line.isEmpty() ? "{" : line;
            return s.substring(0, r.nextInt(s.length()));
        }
        if (op == 1) {
            return draw(TEXT, r).replace("\n", " ");
        }
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (IOException e) {
            return line;
        }
        if (!(node instanceof ObjectNode object) || object.isEmpty()) {
            return line;
        }
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        for (int k = 1 + r.nextInt(3); k > 0; k--) {
            String field = names.get(r.nextInt(names.size()));
            switch (r.nextInt(5)) {
                case 0 -> object.remove(field);
                case 1 -> object.set(field, JSON.valueToTree(draw(VALUE, r)));
                case 2 -> object.set(draw(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(10), r),
                        JSON.valueToTree(draw(VALUE, r)));
                case 3 -> object.set(field, JSON.valueToTree(draw(NUMBER, r)));
                default -> object.put("kind", draw(Arbitraries.of("error", "solution", "attempt", "rule", "header",
                        "entry", "node", "edge", "synapse", "frame", "link", "chain", "antipattern", "", "x"), r));
            }
        }
        return JSON.writeValueAsString(object);
    }

    private String mutateFile(List<String> lines, Random r) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            int fate = r.nextInt(10);
            if (fate == 0) {
                continue;
            }
            out.add(fate <= 3 ? mutateLine(line, r) : line);
            if (r.nextInt(20) == 0) {
                out.add(line);
            }
        }
        if (r.nextInt(4) == 0 && !out.isEmpty()) {
            java.util.Collections.shuffle(out, r);
        }
        return String.join(r.nextInt(5) == 0 ? "\r\n" : "\n", out) + (r.nextBoolean() ? "\n" : "");
    }

    private List<String> seedErrorExport(Random r) {
        for (String output : List.of("Traceback (most recent call last):\n  File \"/a/app.py\", line 3, in main\n"
                + "KeyError: 'fuzz'", "error[E0382]: borrow of moved value: `v`\n --> src/main.rs:4:20\n")) {
            long errorId = as("application/json").body(Map.of("error_output", output, "project", project))
                    .post("/api/v1/errors").then().statusCode(200).extract().jsonPath().getLong("error_id");
            as("application/json").body(Map.of("title", "fix it", "description", "the fix", "steps", List.of("a", "b")))
                    .post("/api/v1/errors/" + errorId + "/solutions").then().statusCode(201);
            as("application/json").body(Map.of("description", "tried", "reason", "no"))
                    .post("/api/v1/errors/" + errorId + "/attempts").then().statusCode(201);
        }
        String export = as(null).queryParam("project", project).get("/api/v1/errors/export").then().statusCode(200)
                .extract().asString();
        return List.of(export.split("\n"));
    }

    private List<String> seedMemoryExport() {
        for (String content : List.of("The shop's orders come from ORDERS_URL.", "Alice prefers Postgres over MySQL.")) {
            as("application/json").body(Map.of("content", content, "salience", 0.8, "topics", List.of("shop")))
                    .post("/api/v1/memory/remember")
                    .then()
                    .statusCode(org.hamcrest.Matchers.anyOf(org.hamcrest.Matchers.is(200), org.hamcrest.Matchers.is(201)));
        }
        String export = as(null).get("/api/v1/memory/export").then().statusCode(200).extract().asString();
        return List.of(export.split("\n"));
    }

    @Test
    void errorImportsOfMutatedExportsAnswer2xxOr4xx() throws IOException {
        Random r = new Random(SEED + 2);
        List<String> export = seedErrorExport(r);
        assertThat(export.size()).isGreaterThan(3);
        runImports("/api/v1/errors/import", export, r, "project");
    }

    @Test
    void memoryImportsOfMutatedExportsAnswer2xxOr4xx() throws IOException {
        Random r = new Random(SEED + 3);
        List<String> export = seedMemoryExport();
        assertThat(export.size()).isGreaterThan(1);
        runImports("/api/v1/memory/import", export, r, "agent");
    }

    private void runImports(String path, List<String> export, Random r, String scopeParameter) throws IOException {
        for (int i = 0; i < IMPORTS; i++) {
            byte[] body = switch (r.nextInt(10)) {
                case 0 -> {
                    byte[] b = new byte[r.nextInt(3000)];
                    r.nextBytes(b);
                    yield b;
                }
                case 1 -> draw(TEXT, r).getBytes(StandardCharsets.UTF_8);
                default -> mutateFile(export, r).getBytes(StandardCharsets.UTF_8);
            };
            RequestSpecification request = as(draw(Arbitraries.of("application/x-ndjson", "application/jsonl", "text/plain",
                    "application/octet-stream", "application/json"), r)).body(body);
            if (r.nextInt(3) > 0) {
                request.queryParam("on_conflict", java.net.URLEncoder.encode(
                        draw(Arbitraries.of("fail", "skip", "replace", "SKIP", " ", "x", "fail,skip"), r),
                        StandardCharsets.UTF_8));
            }
            if (r.nextInt(3) == 0) {
                request.queryParam(scopeParameter, java.net.URLEncoder.encode(
                        r.nextBoolean() ? project + "-" + r.nextInt(5) : abbreviate(draw(TEXT, r)), StandardCharsets.UTF_8));
            }
            if (path.contains("memory") && r.nextInt(4) == 0) {
                request.queryParam("recompute_edges", r.nextBoolean()).queryParam("embed_missing", draw(TEXT, r).length() > 5);
            }
            long t0 = System.nanoTime();
            Response response = sendUnlessClosed(() -> request.when().post(path), "import " + path, path.length() + 20,
                    body.length);
            if (response == null) {
                continue;
            }
            tally("import " + path, System.nanoTime() - t0);
            assertEdgeAnswer(path + " with " + abbreviate(new String(body, StandardCharsets.UTF_8)), response);
        }
    }

    // ---------------------------------------------------------------- hooks

    static ObjectNode payload(String name) {
        try (InputStream in = EdgeFuzzTest.class.getResourceAsStream("/claude-code/" + name)) {
            return (ObjectNode) JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Claude Code's payloads, plus Write and Edit ones (what post-tool-use checks), mutated field by field. */
    private JsonNode mutatePayload(ObjectNode original, Random r) {
        ObjectNode p = original.deepCopy();
        if (r.nextInt(3) == 0) {
            ObjectNode input = p.putObject("tool_input");
            p.put("tool_name", r.nextBoolean() ? "Write" : "Edit");
            input.put("file_path", r.nextBoolean() ? "/home/dev/src/shop/app.py" : draw(TEXT, r));
            input.put(r.nextBoolean() ? "content" : "new_string", draw(TEXT, r));
        }
        List<String> fields = new ArrayList<>(List.of("session_id", "cwd", "tool_name", "error", "is_interrupt",
                "hook_event_name", "brain_project", "brain_repo", "tool_input", "tool_response", "source", "transcript_path"));
        for (int k = r.nextInt(5); k > 0; k--) {
            String field = fields.get(r.nextInt(fields.size()));
            switch (r.nextInt(5)) {
                case 0 -> p.remove(field);
                case 1 -> p.set(field, JSON.valueToTree(draw(VALUE, r)));
                case 2 -> p.put(field, "Exit code " + draw(NUMBER, r) + "\n" + draw(TEXT, r));
                case 3 -> (p.get("tool_input") instanceof ObjectNode input ? input : p.putObject("tool_input"))
                        .set(r.nextBoolean() ? "command" : "content", JSON.valueToTree(draw(VALUE, r)));
                default -> p.put(field, draw(TEXT, r));
            }
        }
        return switch (r.nextInt(25)) {
            case 0 -> JSON.valueToTree(draw(VALUE, r));
            case 1 -> JSON.createArrayNode().add(p);
            default -> p;
        };
    }

    @Test
    void hooksAnswer200ToAnyJsonPayload() throws IOException {
        Random r = new Random(SEED + 4);
        Map<String, String> hooks = Map.of("session-start", "SessionStart.json", "pre-tool-use", "PreToolUse-Bash.json",
                "post-tool-use-failure", "PostToolUseFailure-Bash.json", "post-tool-use", "PostToolUse-Bash-success.json");
        List<ObjectNode> all = List.of(payload("SessionStart.json"), payload("PreToolUse-Bash.json"),
                payload("PostToolUseFailure-Bash.json"), payload("PostToolUse-Bash-success.json"),
                payload("PostToolUse-mcp-tool.json"));
        Map<String, String> events = Map.of("session-start", "SessionStart", "pre-tool-use", "PreToolUse",
                "post-tool-use-failure", "PostToolUseFailure", "post-tool-use", "PostToolUse");
        for (String hook : new java.util.TreeSet<>(hooks.keySet())) {
            for (int i = 0; i < CALLS_PER_HOOK; i++) {
                ObjectNode base = r.nextInt(4) == 0 ? all.get(r.nextInt(all.size())) : payload(hooks.get(hook));
                JsonNode sent = mutatePayload(base, r);
                String body = JSON.writeValueAsString(sent);
                long t0 = System.nanoTime();
                Response response = as("application/json").body(body.getBytes(StandardCharsets.UTF_8))
                        .post("/hooks/" + hook);
                tally("hook " + hook, System.nanoTime() - t0);
                String what = hook + " " + abbreviate(body);
                assertThat(response.statusCode()).as("%s: %s", what, abbreviate(response.asString())).isEqualTo(200);
                String answer = response.asString();
                if (!answer.isEmpty()) {
                    assertThat(JSON.readTree(answer).path("hookSpecificOutput").path("hookEventName").asText())
                            .as(what).isEqualTo(events.get(hook));
                }
            }
            // a body a hook cannot use (broken JSON, text, garbage after the JSON, any content type) is answered with nothing
            for (int i = 0; i < 10; i++) {
                String text = i == 0 ? "{\"session_id\": \"x\", " : i == 1 ? "{\"session_id\": \"x\"} garbage" : draw(TEXT, r);
                Response broken = as(i % 3 == 0 ? "text/plain" : "application/json").body(text.getBytes(StandardCharsets.UTF_8))
                        .post("/hooks/" + hook);
                assertThat(broken.statusCode()).as("%s with %s", hook, abbreviate(text)).isEqualTo(200);
            }
        }
    }
}
