package dev.brain.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.LongSupplier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Code intelligence through the gateway's REST API (what {@code brain_register_code},
 * {@code brain_check_code_similarity} and {@code brain_find_reusable_code} wait for): a fresh tenant is grown to
 * {@code modules} registered modules (default 20,000) of generated TypeScript, Python and Go functions — each a
 * different body from a random expression grammar, with its own names and doc comment — over 20 projects; the
 * registration throughput is measured on the way, then similarity checks (exact copies, renamed copies, novel
 * code) and find-by-purpose queries at the full size. The embedding provider is whatever memory-service runs
 * ({@code onnx} with {@code ./brain up}).
 */
final class CodeBench {

    static final String TENANT = "bench-code";
    private static final String LABEL = "bench-code";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] VERBS = { "parse", "format", "validate", "merge", "split", "encode", "decode",
            "normalize", "compare", "sort", "filter", "group", "cache", "retry", "throttle", "debounce", "hash",
            "escape", "render", "convert" };
    private static final String[] NOUNS = { "csv line", "byte count", "email address", "config object", "url path",
            "date range", "json document", "user record", "price list", "file name", "color value", "query string",
            "matrix", "timestamp", "version string", "slug", "token", "header map", "chunk list", "word list" };

    private final int port;
    private final String dbUrl;
    private final String dbUser;
    private final String dbPassword;
    private final int modules;
    private final LongSupplier errorRss;
    private final LongSupplier gatewayRss;
    private final String embeddingModel;
    private final Random random = new Random(11);

    CodeBench(int port, String dbUrl, String dbUser, String dbPassword, int modules, String embeddingModel,
            LongSupplier errorRss, LongSupplier gatewayRss) {
        this.embeddingModel = embeddingModel;
        this.port = port;
        this.dbUrl = dbUrl;
        this.dbUser = dbUser;
        this.dbPassword = dbPassword;
        this.modules = modules;
        this.errorRss = errorRss;
        this.gatewayRss = gatewayRss;
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(dbUrl, dbUser, dbPassword);
    }

    /** One generated module: its source, path and the purpose its doc comment states. */
    record Generated(String source, String path, String language, String purpose, String name) {
    }

    void run() throws Exception {
        boolean grown = storedModules() == modules;
        if (!grown) {
            dropEarlierRun();
        }
        try (GatewayClient gateway = new GatewayClient(port, this::connect, LABEL, TENANT, "p0")) {
            System.out.printf("%n== code: gateway /api/v1/code over HTTP (tenant %s, %,d modules, embedding model %s) ==%n",
                    TENANT, modules, embeddingModel);
            System.out.println(
                    "case                                   | calls | p50 ms | p95 ms | p99 ms | calls/s | target        | error-service RSS MiB | gateway RSS MiB");
            System.out.println(
                    "---------------------------------------|-------|--------|--------|--------|---------|---------------|-----------------------|----------------");
            List<Generated> stored = new ArrayList<>();
            for (int i = 0; i < modules; i++) {
                stored.add(generate(i));
            }
            if (grown) {
                System.out.println("(the tenant already holds the generated modules: registration not measured again)");
            } else {
                long[] nanos = new long[modules];
                long started = System.nanoTime();
                for (int i = 0; i < modules; i++) {
                    Generated g = stored.get(i);
                    String body = JSON.createObjectNode().put("source_code", g.source()).put("file_path", g.path())
                            .put("project", "p" + (i % 20)).put("purpose", g.purpose()).toString();
                    long t0 = System.nanoTime();
                    gateway.postJson("/api/v1/code/modules", body);
                    nanos[i] = System.nanoTime() - t0;
                    if ((i + 1) % 5000 == 0) {
                        System.err.printf("  registered %,d modules%n", i + 1);
                    }
                }
                row("register (upsert + similarities + events)", nanos, (System.nanoTime() - started) / 1e9, "-");
                // error-service's statistics job analyzes the grown tables within a minute (the bench runs none)
                Thread.sleep(65_000);
            }

            row("check similarity, exact copy", time(200, () -> {
                Generated g = stored.get(random.nextInt(stored.size()));
                return similarity(gateway, g.source(), g.path(), "exact");
            }), 30);
            row("check similarity, renamed copy", time(200, () -> {
                Generated g = stored.get(random.nextInt(stored.size()));
                return similarity(gateway, renamed(g.source()), g.path(), "structural");
            }), 30);
            row("check similarity, novel code", time(200, () -> {
                Generated g = generate(modules + random.nextInt(1_000_000));
                return similarity(gateway, g.source(), g.path(), null);
            }), 30);
            int[] firstHits = new int[1];
            row("find reusable by purpose", time(200, () -> {
                Generated g = stored.get(random.nextInt(stored.size()));
                long t0 = System.nanoTime();
                JsonNode answer = JSON.readTree(gateway.getJson("/api/v1/code/modules?limit=10&purpose="
                        + GatewayClient.encode(g.purpose())));
                long took = System.nanoTime() - t0;
                JsonNode first = answer.path("modules").path(0);
                if (first.path("file_path").asText().equals(g.path())) {
                    firstHits[0]++;
                }
                return took;
            }), 100);
            row("post-tool-use hook, Write of a module", time(200, () -> {
                Generated g = random.nextBoolean() ? stored.get(random.nextInt(stored.size()))
                        : generate(modules + random.nextInt(1_000_000));
                com.fasterxml.jackson.databind.node.ObjectNode hook = JSON.createObjectNode()
                        .put("session_id", "bench-code").put("cwd", "/home/dev/src/p0")
                        .put("hook_event_name", "PostToolUse").put("tool_name", "Write").put("brain_project", "p0");
                hook.putObject("tool_input").put("file_path", "/home/dev/src/p0/" + g.path())
                        .put("content", g.source());
                java.net.http.HttpRequest request = gateway.request("/hooks/post-tool-use")
                        .header("Content-Type", "application/json")
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(hook.toString())).build();
                long t0 = System.nanoTime();
                gateway.send(request);
                return System.nanoTime() - t0;
            }), 300);
            System.out.printf("find by purpose: the module whose doc comment states the purpose came first in %d of 200"
                    + " queries (generated purposes repeat: 400 verb-noun pairs over %,d modules)%n", firstHits[0], modules);
        }
    }

    /** Modules of the bench tenant now. */
    private long storedModules() throws SQLException {
        try (Connection c = connect();
                PreparedStatement count = c.prepareStatement(
                        "select count(*) from error.code_module where tenant = ?")) {
            count.setString(1, TENANT);
            try (java.sql.ResultSet rs = count.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    interface TimedCall {
        long call() throws Exception;
    }

    /** Runs 20 warm-up calls, then {@code calls} calls; each call returns its own timed nanoseconds. */
    private static long[] time(int calls, TimedCall call) throws Exception {
        for (int i = 0; i < 20; i++) {
            call.call();
        }
        long[] nanos = new long[calls];
        for (int i = 0; i < calls; i++) {
            nanos[i] = call.call();
        }
        return nanos;
    }

    private long similarity(GatewayClient gateway, String source, String path, String expectedKind) throws Exception {
        String body = JSON.createObjectNode().put("source_code", source).put("file_path", path).put("project", "p0")
                .toString();
        long t0 = System.nanoTime();
        String answer = gateway.postJson("/api/v1/code/similarity", body);
        long took = System.nanoTime() - t0;
        if (expectedKind != null) {
            JsonNode first = JSON.readTree(answer).path("similar").path(0);
            if (!expectedKind.equals(first.path("kind").asText())) {
                throw new IllegalStateException("expected a " + expectedKind + " hit first, got " + answer);
            }
        }
        return took;
    }

    private void row(String name, long[] nanos, int targetMs) {
        double total = 0;
        for (long n : nanos) {
            total += n;
        }
        Stats s = Stats.of(nanos);
        System.out.printf(Locale.ROOT, "%-38s | %5d | %6.1f | %6.1f | %6.1f | %7.0f | ≤ %3d ms: %-4s | %21d | %15d%n",
                name, nanos.length, s.p50(), s.p95(), s.p99(), nanos.length / (total / 1e9), targetMs,
                s.p95() <= targetMs ? "met" : "not", errorRss.getAsLong(), gatewayRss.getAsLong());
    }

    private void row(String name, long[] nanos, double seconds, String target) {
        Stats s = Stats.of(nanos);
        System.out.printf(Locale.ROOT, "%-38s | %5d | %6.1f | %6.1f | %6.1f | %7.1f | %-13s | %21d | %15d%n",
                name, nanos.length, s.p50(), s.p95(), s.p99(), nanos.length / seconds, target, errorRss.getAsLong(),
                gatewayRss.getAsLong());
    }

    /** A module of its own: a function whose body is 3–10 statements drawn from a small grammar. */
    static Generated generate(int n) {
        Random r = new Random(n * 7919L + 13);
        String verb = VERBS[r.nextInt(VERBS.length)];
        String noun = NOUNS[r.nextInt(NOUNS.length)];
        String purpose = Character.toUpperCase(verb.charAt(0)) + verb.substring(1) + "s a " + noun + ".";
        String name = verb + camel(noun) + n;
        int statements = 3 + r.nextInt(8);
        StringBuilder body = new StringBuilder();
        switch (n % 3) {
            case 0 -> {
                body.append("/** ").append(purpose).append(" */\nexport function ").append(name)
                        .append("(input: string, limit: number): string {\n  let acc = '';\n");
                for (int i = 0; i < statements; i++) {
                    body.append("  ").append(tsStatement(r, i)).append('\n');
                }
                body.append("  return acc;\n}\n");
                return new Generated(body.toString(), "src/" + verb + "/" + name + ".ts", "typescript", purpose, name);
            }
            case 1 -> {
                body.append("def ").append(snake(name)).append("(value: str, limit: int) -> str:\n    \"\"\"")
                        .append(purpose).append("\"\"\"\n    acc = \"\"\n");
                for (int i = 0; i < statements; i++) {
                    body.append("    ").append(pyStatement(r, i)).append('\n');
                }
                body.append("    return acc\n");
                return new Generated(body.toString(), "lib/" + verb + "/" + snake(name) + ".py", "python", purpose, name);
            }
            default -> {
                String exported = Character.toUpperCase(name.charAt(0)) + name.substring(1);
                body.append("package ").append(verb).append("\n\n// ").append(exported).append(' ')
                        .append(purpose.substring(0, 1).toLowerCase(Locale.ROOT)).append(purpose.substring(1))
                        .append("\nfunc ").append(exported).append("(input string, limit int) string {\n\tacc := \"\"\n");
                for (int i = 0; i < statements; i++) {
                    body.append('\t').append(goStatement(r, i)).append('\n');
                }
                body.append("\treturn acc\n}\n");
                return new Generated(body.toString(), "pkg/" + verb + "/" + snake(name) + ".go", "go", purpose, name);
            }
        }
    }

    /** Member names a generated expression calls; names after "." are kept by the structural fingerprint. */
    private static final String[] METHODS = { "trim", "slice", "split", "join", "map", "filter", "reduce", "concat",
            "indexOf", "replace", "repeat", "padStart", "toLowerCase", "toUpperCase", "charAt", "startsWith",
            "endsWith", "includes", "keys", "values", "entries", "push", "pop", "shift", "sort", "reverse", "find",
            "some", "every", "flat", "at", "fill", "substring", "normalize", "localeCompare", "codePointAt", "match",
            "search", "lastIndexOf", "toFixed" };
    private static final String[] OPERATORS = { "+", "-", "*", "/", "%", "&&", "||", "==", "!=", "<", ">" };

    /** A random expression over the function's names (depth ≤ 3): the shape differs from module to module. */
    private static String expression(Random r, int depth, String[] names) {
        int pick = depth >= 3 ? r.nextInt(3) : r.nextInt(7);
        return switch (pick) {
            case 0 -> names[r.nextInt(names.length)];
            case 1 -> String.valueOf(r.nextInt(1000));
            case 2 -> "\"" + METHODS[r.nextInt(METHODS.length)] + "\"";
            case 3, 4 -> expression(r, depth + 1, names) + " " + OPERATORS[r.nextInt(OPERATORS.length)] + " "
                    + expression(r, depth + 1, names);
            case 5 -> names[r.nextInt(names.length)] + "." + METHODS[r.nextInt(METHODS.length)] + "("
                    + (r.nextBoolean() ? expression(r, depth + 1, names) : "") + ")";
            default -> "(" + expression(r, depth + 1, names) + ")";
        };
    }

    private static String tsStatement(Random r, int i) {
        String[] names = { "acc", "input", "limit" };
        return switch (r.nextInt(5)) {
            case 0 -> "const v" + i + " = " + expression(r, 0, names) + ";";
            case 1 -> "if (" + expression(r, 1, names) + ") { acc = String(" + expression(r, 1, names) + "); }";
            case 2 -> "for (let k = 0; k < " + expression(r, 2, names) + "; k++) { acc += " + expression(r, 2, names) + "; }";
            case 3 -> "acc = String(" + expression(r, 0, names) + ");";
            default -> "while (" + expression(r, 1, names) + ") { break; }";
        };
    }

    private static String pyStatement(Random r, int i) {
        String[] names = { "acc", "value", "limit" };
        return switch (r.nextInt(4)) {
            case 0 -> "v" + i + " = " + expression(r, 0, names).replace("&&", "and").replace("||", "or");
            case 1 -> "acc = str(" + expression(r, 0, names).replace("&&", "and").replace("||", "or") + ")";
            case 2 -> "if " + expression(r, 1, names).replace("&&", "and").replace("||", "or") + ":\n        acc = str("
                    + expression(r, 1, names).replace("&&", "and").replace("||", "or") + ")";
            default -> "for k in range(" + r.nextInt(20) + "):\n        acc += str("
                    + expression(r, 1, names).replace("&&", "and").replace("||", "or") + ")";
        };
    }

    private static String goStatement(Random r, int i) {
        String[] names = { "acc", "input", "limit" };
        return switch (r.nextInt(4)) {
            case 0 -> "v" + i + " := " + expression(r, 0, names) + "\n\t_ = v" + i;
            case 1 -> "if " + expression(r, 1, names) + " {\n\t\tacc = fmt.Sprint(" + expression(r, 1, names) + ")\n\t}";
            case 2 ->
                "for k := 0; k < " + r.nextInt(20) + "; k++ {\n\t\tacc += fmt.Sprint(" + expression(r, 2, names) + ")\n\t}";
            default -> "acc = fmt.Sprint(" + expression(r, 0, names) + ")";
        };
    }

    /** The same code with its own names renamed (a structural copy). */
    static String renamed(String source) {
        return source.replaceAll("\\bacc\\b", "result").replaceAll("\\binput\\b", "text")
                .replaceAll("\\bvalue\\b", "text").replaceAll("\\blimit\\b", "max");
    }

    private static String camel(String words) {
        StringBuilder out = new StringBuilder();
        for (String w : words.split(" ")) {
            out.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1));
        }
        return out.toString();
    }

    private static String snake(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }

    /** Deletes an earlier run's tenant (modules cascade with their projects) and vacuums what it left. */
    private void dropEarlierRun() throws SQLException {
        try (Connection c = connect()) {
            try (PreparedStatement delete = c.prepareStatement("delete from error.project where tenant = ?")) {
                delete.setString(1, TENANT);
                int deleted = delete.executeUpdate();
                if (deleted > 0) {
                    try (PreparedStatement vacuum = c.prepareStatement("vacuum analyze error.code_module")) {
                        vacuum.execute();
                    }
                }
            }
            try (PreparedStatement outbox = c.prepareStatement("delete from error.outbox where tenant = ?")) {
                outbox.setString(1, TENANT);
                outbox.executeUpdate();
            }
        }
    }

}
