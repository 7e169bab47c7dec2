package dev.brain.bench;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.Random;
import java.util.UUID;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The gateway's Claude Code hooks (gateway.md §3) over HTTP, as the hook script posts them: Claude Code's captured
 * payloads with {@code brain_project}/{@code brain_repo} added, in the tenant of the 100k store of
 * {@link ErrorStores} (project {@code bench}). A call is timed from its request to the whole answer: what the agent
 * waits for, less the hook script's own start.
 * Its token is a {@link GatewayClient}'s, labelled {@code bench-hooks}.
 */
final class HookBench {

    private static final int STORED = 100_000;
    private static final String TENANT = ErrorStores.tenant(STORED);
    private static final String LABEL = "bench-hooks";
    /** The command of the bench's tenant-wide rule; no corpus command is like it. */
    private static final String RULE_COMMAND = "terraform apply -auto-approve";
    private static final int WARM_UP = 50;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ErrorStores stores;
    private final int port;
    private final Path payloads;
    private final LongSupplier rssMiB;
    private final Random random = new Random(7);
    /** The Claude Code session of the tool events: one per run, as one session runs the commands. */
    private final String session = UUID.randomUUID().toString();
    private GatewayClient gateway;
    private long written;
    private long hookCalls;

    HookBench(ErrorStores stores, int port, Path payloads, LongSupplier rssMiB) {
        this.stores = stores;
        this.port = port;
        this.payloads = payloads;
        this.rssMiB = rssMiB;
    }

    void run() throws Exception {
        stores.prepare(STORED);
        try (GatewayClient client = new GatewayClient(port, stores::connect, LABEL, TENANT, ErrorStores.PROJECT)) {
            gateway = client;
            importRule();
            System.out.printf("%n== hooks: gateway /hooks/* over HTTP (tenant %s, %,d stored errors, embedding model %s) ==%n",
                    TENANT, stores.count(TENANT), stores.embeddingModel());
            System.out.println(
                    "case                              | calls | answered | p50 ms | p95 ms | p99 ms | calls/s | p95 target        | gateway RSS MiB");
            System.out.println(
                    "----------------------------------|-------|----------|--------|--------|--------|---------|-------------------|----------------");
            measure("session-start", "session-start", 200, 300,
                    () -> payload("SessionStart.json").put("session_id", UUID.randomUUID().toString()));
            measure("pre-tool-use, no rule matches", "pre-tool-use", 1000, 50,
                    () -> command(payload("PreToolUse-Bash.json"), row().get("command").asText()));
            measure("pre-tool-use, a rule matches", "pre-tool-use", 500, 50,
                    () -> command(payload("PreToolUse-Bash.json"), RULE_COMMAND));
            // the failures, edits and successes of one session join its trail (docs/errors.md "Session trail")
            measure("post-tool-use-failure, recurring", "post-tool-use-failure", 400, 100, () -> failure(false));
            measure("post-tool-use-failure, new", "post-tool-use-failure", 300, 100, () -> failure(true));
            measure("post-tool-use, Bash success", "post-tool-use", 1000, 50,
                    () -> command(payload("PostToolUse-Bash-success.json"), row().get("command").asText()));
            measure("post-tool-use, Edit", "post-tool-use", 500, 50, this::edit);
            measure("post-tool-use, Write", "post-tool-use", 500, 50, this::write);
            measureLearning(200);
            System.out.println("answered: calls with a non-empty answer (a hook answers empty when it has nothing to say,"
                    + " and when a service call failed or was late)");
            trailSize();
        }
    }

    /**
     * A success that teaches a fix: per call a new error fails (untimed), an Edit follows (untimed), and the same
     * command's success is timed — the path that creates an observed solution.
     */
    private void measureLearning(int calls) throws IOException, InterruptedException {
        long[] nanos = new long[calls];
        int answered = 0;
        for (int i = -WARM_UP / 5; i < calls; i++) {
            String command = "python3 jobs/job_" + (++written) + ".py";
            ObjectNode failed = failure(true);
            ((ObjectNode) failed.path("tool_input")).put("command", command);
            post(request("post-tool-use-failure", failed));
            post(request("post-tool-use", edit()));
            HttpRequest success = request("post-tool-use", command(payload("PostToolUse-Bash-success.json"), command));
            long t0 = System.nanoTime();
            String answer = post(success);
            if (i >= 0) {
                nanos[i] = System.nanoTime() - t0;
                answered += answer.contains("learned the fix") ? 1 : 0;
            }
        }
        Stats s = Stats.of(nanos);
        double total = 0;
        for (long n : nanos) {
            total += n;
        }
        System.out.printf("%-33s | %5d | %8d | %6.1f | %6.1f | %6.1f | %7.0f | ≤ %3d ms: %-7s | %15d%n",
                "post-tool-use, success learns fix", calls, answered, s.p50(), s.p95(), s.p99(), calls / (total / 1e9),
                50, s.p95() <= 50 ? "met" : "not met", rssMiB.getAsLong());
    }

    /** The bench session's trail after every case: bounded by 200 events and 50 files' content (docs/errors.md). */
    private void trailSize() throws java.sql.SQLException {
        try (java.sql.Connection c = stores.connect(); java.sql.PreparedStatement q = c.prepareStatement("""
                select (select count(*) from error.trail_event t where t.session_id = s.id),
                       (select coalesce(sum(pg_column_size(t)), 0) from error.trail_event t where t.session_id = s.id),
                       (select count(*) from error.trail_file f where f.session_id = s.id),
                       (select coalesce(sum(pg_column_size(f)), 0) from error.trail_file f where f.session_id = s.id)
                from error.session s where s.tenant = ? and s.session_key = ?""")) {
            q.setString(1, TENANT);
            q.setString(2, session);
            try (java.sql.ResultSet rs = q.executeQuery()) {
                if (rs.next()) {
                    System.out.printf("session trail after %,d hook calls of one session: %d events (bound 200), %.1f KiB;"
                            + " %d files' last-seen content (bound 50), %.1f KiB%n", hookCalls, rs.getLong(1),
                            rs.getLong(2) / 1024.0, rs.getLong(3), rs.getLong(4) / 1024.0);
                }
            }
        }
    }

    /** An {@code Edit} of the captured session (session-fix), in project bench, changing a line in its own way. */
    private ObjectNode edit() {
        long n = ++written;
        ObjectNode hook = payload("session-fix/06-PostToolUse-Edit.json");
        String file = "/home/dev/src/" + ErrorStores.PROJECT + "/app/orders_" + (n % 20) + ".py";
        String newString = "return order.get(\"customer_ref_" + n + "\", 0)";
        ((ObjectNode) hook.path("tool_input")).put("file_path", file).put("new_string", newString);
        ObjectNode response = (ObjectNode) hook.path("tool_response");
        response.put("filePath", file).put("newString", newString);
        com.fasterxml.jackson.databind.node.ArrayNode lines = (com.fasterxml.jackson.databind.node.ArrayNode) response
                .path("structuredPatch").path(0).path("lines");
        lines.set(4, JSON.getNodeFactory().textNode("+    " + newString));
        return hook;
    }

    /** Posts {@link #WARM_UP} untimed and then {@code calls} timed payloads to {@code /hooks/<endpoint>}; one row. */
    private void measure(String name, String endpoint, int calls, int targetMs, Supplier<ObjectNode> payload)
            throws IOException, InterruptedException {
        for (int i = 0; i < WARM_UP; i++) {
            post(request(endpoint, payload.get()));
        }
        long[] nanos = new long[calls];
        int answered = 0;
        for (int i = 0; i < calls; i++) {
            HttpRequest request = request(endpoint, payload.get());
            long t0 = System.nanoTime();
            String answer = post(request);
            nanos[i] = System.nanoTime() - t0;
            if (!answer.isEmpty()) {
                answered++;
            }
        }
        Stats s = Stats.of(nanos);
        double total = 0;
        for (long n : nanos) {
            total += n;
        }
        System.out.printf("%-33s | %5d | %8d | %6.1f | %6.1f | %6.1f | %7.0f | ≤ %3d ms: %-7s | %15d%n", name, calls,
                answered, s.p50(), s.p95(), s.p99(), calls / (total / 1e9), targetMs,
                s.p95() <= targetMs ? "met" : "not met", rssMiB.getAsLong());
    }

    private HttpRequest request(String endpoint, ObjectNode payload) {
        hookCalls++;
        return gateway.request("/hooks/" + endpoint).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(payload.toString())).build();
    }

    /** The answer's body; anything but 200 stops the section (a hook answers 200 even when it has nothing to say). */
    private String post(HttpRequest request) throws IOException, InterruptedException {
        return gateway.send(request);
    }

    /** A captured payload as the hook script forwards it: the project fields added, in project bench's directory. */
    private ObjectNode payload(String name) {
        try {
            ObjectNode hook = (ObjectNode) JSON.readTree(payloads.resolve(name).toFile());
            return hook.put("session_id", session).put("cwd", "/home/dev/src/" + ErrorStores.PROJECT)
                    .put("brain_project", ErrorStores.PROJECT).put("brain_repo", "github.com/acme/" + ErrorStores.PROJECT)
                    .put("brain_root", "/home/dev/src/" + ErrorStores.PROJECT);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the Claude Code payload " + payloads.resolve(name), e);
        }
    }

    private static ObjectNode command(ObjectNode hook, String command) {
        ((ObjectNode) hook.path("tool_input")).put("command", command);
        return hook;
    }

    private JsonNode row() {
        return stores.rows().get(random.nextInt(stores.rows().size()));
    }

    /** A failed Bash command: a corpus row's command and output, the output made unique for a new error. */
    private ObjectNode failure(boolean fresh) {
        JsonNode row = row();
        String output = row.get("raw_output").asText();
        return command(payload("PostToolUseFailure-Bash.json"), row.get("command").asText())
                .put("error", "Exit code 1\n" + (fresh ? stores.madeNew(output, random) : output));
    }

    /** A {@code Write} of a new Python module of about 30 lines (there is no captured Write payload). */
    private ObjectNode write() {
        long n = ++written;
        ObjectNode hook = payload("PostToolUse-Bash-success.json").put("tool_name", "Write");
        hook.remove("tool_response");
        hook.putObject("tool_input").put("file_path", "/home/dev/src/" + ErrorStores.PROJECT + "/app/report_" + n + ".py")
                .put("content", """
                        \"\"\"Order report %1$d: totals per customer.\"\"\"
                        import json
                        import sys
                        from collections import defaultdict


                        def load(path):
                            with open(path) as f:
                                return [json.loads(line) for line in f if line.strip()]


                        def totals(orders):
                            out = defaultdict(float)
                            for order in orders:
                                customer = order.get("customer_ref")
                                if customer is None:
                                    continue
                                out[customer] += order["amount"] * order.get("quantity", 1)
                            return out


                        def report_%1$d(path):
                            rows = sorted(totals(load(path)).items(), key=lambda kv: -kv[1])
                            for customer, total in rows[:20]:
                                print(f"{customer:>12} {total:10.2f}")
                            return len(rows)


                        if __name__ == "__main__":
                            sys.exit(0 if report_%1$d(sys.argv[1]) else 1)
                        """.formatted(n));
        return hook;
    }

    /** The bench's tenant-wide warning for {@link #RULE_COMMAND}, imported through the gateway (replacing its last import). */
    private void importRule() throws IOException, InterruptedException {
        String lines = """
                {"kind":"header","format":"brain-errors","version":1}
                {"kind":"rule","id":1,"dedup_key":"%s","name":"Plan before applying","description":"the bench's rule",
                 "error_type":"TerraformError","required_tokens":[],"file_extensions":[],"commands":["%s"],
                 "action":{"type":"apply_solution","solution_ids":[],"message":"run terraform plan first"},
                 "rule_type":"warning","base_successes":7,"base_total":10,"confidence":0.7,"trigger_count":0,
                 "success_count":0,"rejection_count":0,"active":true,"source_error_ids":[],
                 "last_evidence_at":"2026-11-01T00:00:00Z","created_at":"2026-11-01T00:00:00Z",
                 "updated_at":"2026-11-01T00:00:00Z"}
                """.formatted(GatewayClient.sha256(LABEL), RULE_COMMAND).replaceAll("\n ", " ");
        post(gateway.request("/api/v1/errors/import?on_conflict=replace&project=" + ErrorStores.PROJECT)
                .header("Content-Type", "application/x-ndjson").POST(HttpRequest.BodyPublishers.ofString(lines)).build());
    }
}
