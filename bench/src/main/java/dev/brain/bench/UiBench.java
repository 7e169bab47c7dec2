package dev.brain.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code ./brain bench ui [--ui-calls 50] [--ui-warmup 5] [--ui-synapses 1000000]}: the gateway's web view
 * ({@code /ui}) over HTTP for a tenant that holds 100,000 errors and a 1,000,000-synapse network (issue #26: every
 * page within 1 s, the neighbourhood of a node bounded and paged). Tenant {@code bench-err-100k}, project
 * {@code bench}: the store of the {@code hooks} section ({@link ErrorStores}, generated and embedded once per
 * database when missing), plus {@code ui-synapses} synapses between its errors generated once in SQL with a fixed
 * seed (skipped while the tenant holds 90 % of them): sources power-law over the errors in id order (the first
 * errors are hubs with ~20,000 synapses each), targets uniform, types co_occurs/similar_to/causes/prevents, weights
 * uniform in [0.05, 1], labels {@code type: template} as error-service gives them.
 * <p>
 * A token of the tenant with scope {@code read} (default project {@code bench}) is created for the run through
 * {@code POST /api/v1/admin/tokens} with the local token of {@code ./brain up} (scope {@code system}), and revoked at
 * its end. Each page is called {@code ui-warmup} times untimed, then {@code ui-calls} times, one call after the
 * other, each call with parameters drawn anew: the errors list (default, unresolved, recurring), a search with the
 * first words of a stored message or an error type, one error, the network page of one of the ten strongest hubs and
 * of a random error (the HTML and the first page of the graph its script loads; a hub's next page alone), the path
 * between two errors two synapses apart (HTML, graph and path), a recall, the insights and the status. A call counts
 * only when every answer is HTTP 200 and shows its page's content (the tenant in the frame, the table or data the page
 * exists for, no problem line; a graph page holds at most 60 synapses and a hub's names the next page), so a failed
 * page is not timed as fast; its time is the sum of its requests' round trips. Prints per page calls, failed calls,
 * p50/p95/p99/max and bytes per call (of the timed answers), the gateway's RSS and the verdict; exit status 1 when a
 * page's p95 exceeds 1 s or any call failed.
 */
final class UiBench {

    static final String TENANT = ErrorStores.tenant(100_000);
    private static final String LABEL = "bench-ui";
    /** Synapses per page of a node's neighbourhood (the gateway's UiPages.GRAPH_PAGE). */
    private static final int GRAPH_PAGE = 60;
    private static final double TARGET_MS = 1000;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern PROBLEM = Pattern.compile("class=\"problem\"[^>]*>([^<]*)<");

    private final int port;
    private final ErrorStores stores;
    private final java.util.concurrent.atomic.AtomicInteger partialPaths = new java.util.concurrent.atomic.AtomicInteger();
    private final Path tokenFile;
    private final int synapses;
    private final int calls;
    private final int warmup;
    private final LongSupplier gatewayRss;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final Random random = new Random(26);
    private String token;

    UiBench(int port, ErrorStores stores, Path tokenFile, int synapses, int calls, int warmup, LongSupplier gatewayRss) {
        this.port = port;
        this.stores = stores;
        this.tokenFile = tokenFile;
        this.synapses = synapses;
        this.calls = calls;
        this.warmup = warmup;
        this.gatewayRss = gatewayRss;
    }

    /** One request of a page view: its path (given the previous answer's body, null for the first), and its check. */
    private record Step(UnaryOperator<String> path, boolean html, boolean timed, Function<String, String> check) {
    }

    /** A measured page: its row and the requests of its next call (parameters drawn anew each call). */
    private record Case(String name, Supplier<List<Step>> steps) {
    }

    /** One call's outcome: its timed nanoseconds and bytes, or why it failed. */
    private record Outcome(long nanos, long bytes, String problem) {
        static Outcome failed(String problem) {
            return new Outcome(0, 0, problem);
        }
    }

    /** What the pages are asked about: the tenant's errors, its hubs and their degrees, related pairs, search terms. */
    private record Data(List<Long> errors, long synapses, List<long[]> hubs, List<long[]> pairs, List<String> terms) {
    }

    /** 0 when every call succeeded and every page's p95 is within 1 s, 1 otherwise. */
    int run() throws Exception {
        stores.prepare(100_000);
        Data data;
        try (Connection c = stores.connect()) {
            ensureGraph(c);
            data = data(c);
        }
        String local = localToken();
        long tokenId = createToken(local);
        try {
            System.out.printf(Locale.ROOT,
                    "%n== ui: gateway web view (/ui) over HTTP (:%d), tenant %s: %,d errors, %,d synapses"
                            + " (hubs: %,d–%,d synapses out); read token; %d warm-up + %d calls per page, one at a time ==%n",
                    port, TENANT, data.errors().size(), data.synapses(), data.hubs().get(data.hubs().size() - 1)[1],
                    data.hubs().get(0)[1], warmup, calls);
            System.out.println(
                    "page                                   | calls | failed | p50 ms | p95 ms | p99 ms | max ms |   bytes");
            System.out.println(
                    "---------------------------------------|-------|--------|--------|--------|--------|--------|--------");
            boolean within = true;
            long failedCalls = 0;
            Map<String, Map<String, Integer>> reasons = new LinkedHashMap<>();
            for (Case page : cases(data)) {
                Map<String, Integer> why = new LinkedHashMap<>();
                int warmFailed = 0;
                for (int i = 0; i < warmup; i++) {
                    Outcome o = call(page.steps().get());
                    if (o.problem() != null) {
                        warmFailed++;
                        why.merge("(warm-up) " + o.problem(), 1, Integer::sum);
                    }
                }
                long[] nanos = new long[calls];
                int ok = 0;
                int failed = 0;
                long bytes = 0;
                for (int i = 0; i < calls; i++) {
                    Outcome o = call(page.steps().get());
                    if (o.problem() != null) {
                        failed++;
                        why.merge(o.problem(), 1, Integer::sum);
                    } else {
                        nanos[ok++] = o.nanos();
                        bytes += o.bytes();
                    }
                }
                failedCalls += failed + warmFailed;
                if (ok == 0) {
                    within = false;
                    System.out.printf(Locale.ROOT, "%-38s | %5d | %6d | %6s | %6s | %6s | %6s | %7s%n", page.name(), calls,
                            failed, "-", "-", "-", "-", "-");
                } else {
                    long[] timed = Arrays.copyOf(nanos, ok);
                    Stats s = Stats.of(timed);
                    within &= s.p95() <= TARGET_MS;
                    System.out.printf(Locale.ROOT, "%-38s | %5d | %6d | %6.1f | %6.1f | %6.1f | %6.1f | %7d%n", page.name(),
                            calls, failed, s.p50(), s.p95(), s.p99(), Arrays.stream(timed).max().getAsLong() / 1e6,
                            bytes / ok);
                }
                if (!why.isEmpty()) {
                    reasons.put(page.name(), why);
                }
            }
            for (Map.Entry<String, Map<String, Integer>> e : reasons.entrySet()) {
                e.getValue().entrySet().stream().sorted(Map.Entry.<String, Integer> comparingByValue().reversed()).limit(5)
                        .forEach(r -> System.out.printf("  failed: %s: %d× %s%n", e.getKey(), r.getValue(), r.getKey()));
            }
            long rss = gatewayRss.getAsLong();
            System.out.printf("paths answered partial (the strongest seen within memory's path.budget; warm-up included): %d%n",
                    partialPaths.get());
            System.out.printf("gateway RSS: %s%n", rss < 0 ? "unknown (not started by ./brain)" : rss + " MiB");
            System.out.printf("failed calls: %d (warm-up included)%n", failedCalls);
            System.out.printf("pages ≤ 1 s at p95: %s%n", within ? "yes" : "no");
            return within && failedCalls == 0 ? 0 : 1;
        } finally {
            revokeToken(local, tokenId);
        }
    }

    // --- the pages ---------------------------------------------------------------------------------------------

    private List<Case> cases(Data data) {
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("errors (default filter)", () -> List.of(
                html("/ui/errors", errorRows("unresolved")))));
        cases.add(new Case("errors, search", () -> List.of(
                html("/ui/errors?q=" + GatewayClient.encode(pick(data.terms())), body -> !body.contains("id=\"errors\"")
                        ? "no error matches (no table id=errors)"
                        : body.contains("<th>score</th>") ? null : "no score column"))));
        cases.add(new Case("errors, filter unresolved", () -> List.of(
                html("/ui/errors?filter=unresolved", errorRows("unresolved")))));
        cases.add(new Case("errors, filter recurring", () -> List.of(
                html("/ui/errors?filter=recurring", errorRows("recurring")))));
        cases.add(new Case("one error", () -> {
            long id = pick(data.errors());
            return List.of(html("/ui/errors/" + id, body -> body.contains("id=\"error-title\">Error " + id + ":") ? null
                    : "no title of error " + id));
        }));
        cases.add(new Case("network, hub (page + graph)", () -> {
            String node = "error:" + pick(data.hubs())[0];
            return List.of(networkHtml(node, null), graph(node, true, true));
        }));
        cases.add(new Case("network, hub's next page (graph)", () -> {
            String node = "error:" + pick(data.hubs())[0];
            Step first = graph(node, false, true);
            return List.of(first, new Step(previous -> "/ui/network/graph?node=" + GatewayClient.encode(node) + "&page="
                    + GatewayClient.encode(json(previous).path("next_page_token").asText()), false, true,
                    graphCheck(node, false)));
        }));
        cases.add(new Case("network, random error (page + graph)", () -> {
            String node = "error:" + pick(data.errors());
            return List.of(networkHtml(node, null), graph(node, true, false));
        }));
        cases.add(new Case("path, 2 hops (page + graph + path)", () -> {
            long[] pair = pick(data.pairs());
            String from = "error:" + pair[0];
            String to = "error:" + pair[1];
            return List.of(networkHtml(from, to), graph(from, true, false),
                    json("/ui/network/path?from=" + GatewayClient.encode(from) + "&to=" + GatewayClient.encode(to), body -> {
                        JsonNode c = json(body);
                        if (c.path("partial").asBoolean(false)) {
                            partialPaths.incrementAndGet();
                        }
                        return c.path("found").asBoolean(false) ? null
                                : "no path found from " + from + " to " + to + ": "
                                        + c.path("searched").asText("");
                    }));
        }));
        cases.add(new Case("memory (recall)", () -> List.of(
                html("/ui/memory?q=" + GatewayClient.encode(pick(data.terms())),
                        body -> body.contains("id=\"recall-summary\"") ? null : "no recall summary"))));
        cases.add(new Case("insights", () -> List.of(
                html("/ui/insights", body -> body.contains("id=\"insights\"") ? null : "no insights table"))));
        cases.add(new Case("status", () -> List.of(
                html("/ui/status", body -> body.contains("id=\"services\"") ? null : "no services table"))));
        return cases;
    }

    private static Function<String, String> errorRows(String filter) {
        return body -> !body.contains("id=\"errors\"") ? "no error rows (no table id=errors)"
                : body.contains("class=\"active\" id=\"filter-" + filter + "\"") ? null
                        : "filter " + filter + " not shown active";
    }

    private static Step networkHtml(String node, String to) {
        return html("/ui/network?node=" + GatewayClient.encode(node) + (to == null ? "" : "&to=" + GatewayClient.encode(to)),
                body -> !body.contains("data-node=\"" + node + "\"") ? "no graph box of " + node
                        : to == null || body.contains("data-to=\"" + to + "\"") ? null : "no path target " + to);
    }

    /** The graph the network page's script loads: one page of the node's synapses, bounded. */
    private static Step graph(String node, boolean timed, boolean hub) {
        String path = "/ui/network/graph?node=" + GatewayClient.encode(node);
        return new Step(previous -> path, false, timed, graphCheck(node, hub));
    }

    private static Function<String, String> graphCheck(String node, boolean hub) {
        return body -> {
            JsonNode g = json(body);
            int edges = g.path("edges").size();
            if (!node.equals(g.path("start").asText())) {
                return "the graph starts at " + g.path("start").asText() + ", not " + node;
            }
            if (edges > GRAPH_PAGE) {
                return "the graph page holds " + edges + " synapses, more than " + GRAPH_PAGE + " (not bounded)";
            }
            if (hub && (edges < GRAPH_PAGE || g.path("next_page_token").asText("").isEmpty())) {
                return "a hub's graph page holds " + edges + " synapses and "
                        + (g.path("next_page_token").asText("").isEmpty() ? "no" : "a") + " next page token";
            }
            return null;
        };
    }

    private static Step html(String path, Function<String, String> check) {
        return new Step(previous -> path, true, true, check);
    }

    private static Step json(String path, Function<String, String> check) {
        return new Step(previous -> path, false, true, check);
    }

    private static JsonNode json(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException("the answer is no JSON", e);
        }
    }

    private <T> T pick(List<T> list) {
        return list.get(random.nextInt(list.size()));
    }

    /** Runs one call's requests in order; stops at the first that fails. */
    private Outcome call(List<Step> steps) throws InterruptedException {
        long nanos = 0;
        long bytes = 0;
        String previous = null;
        for (Step step : steps) {
            String path;
            try {
                path = step.path().apply(previous);
            } catch (RuntimeException e) {
                return Outcome.failed("the next request's path: " + e.getMessage());
            }
            String route = path.replaceFirst("\\?.*", "").replaceAll("/[0-9]+", "/{id}");
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .timeout(Duration.ofSeconds(30)).header("Authorization", "Bearer " + token)
                    .header("Accept", step.html() ? "text/html" : "application/json").GET().build();
            HttpResponse<byte[]> response;
            long t0 = System.nanoTime();
            try {
                response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            } catch (IOException e) {
                return Outcome.failed(route + ": " + e.getClass().getSimpleName() + " " + e.getMessage());
            }
            long took = System.nanoTime() - t0;
            String body = new String(response.body(), StandardCharsets.UTF_8);
            if (response.statusCode() != 200) {
                return Outcome.failed(route + " answered " + response.statusCode() + ": " + oneLine(body));
            }
            String problem;
            try {
                problem = step.html() ? htmlProblem(body) : null;
                if (problem == null) {
                    problem = step.check().apply(body);
                }
            } catch (RuntimeException e) {
                problem = e.getMessage() + ": " + oneLine(body);
            }
            if (problem != null) {
                return Outcome.failed(route + ": " + problem);
            }
            if (step.timed()) {
                nanos += took;
                bytes += response.body().length;
            }
            previous = body;
        }
        return new Outcome(nanos, bytes, null);
    }

    /** What every page must show: the tenant in its frame (not the login form), and no problem line. */
    private static String htmlProblem(String body) {
        if (!body.contains("id=\"tenant\">" + TENANT + "<")) {
            return body.contains("action=\"/ui/login\"") ? "the login form instead of the page"
                    : "not a page of tenant " + TENANT;
        }
        Matcher m = PROBLEM.matcher(body);
        return m.find() ? "the page shows a problem: " + oneLine(m.group(1)) : null;
    }

    private static String oneLine(String text) {
        String t = text.replaceAll("\\s+", " ").strip();
        return t.length() > 160 ? t.substring(0, 159) + "…" : t;
    }

    // --- the data ----------------------------------------------------------------------------------------------

    /**
     * Generates the tenant's network once: {@code synapses} synapses between its stored errors (one statement, fixed
     * seed, duplicates and self-loops dropped), then vacuums and analyzes the table (autovacuum may be off).
     */
    private void ensureGraph(Connection c) throws SQLException {
        if (count(c, "select count(*) from memory.synapse where tenant = ?") >= synapses * 0.9) {
            return;
        }
        System.out.printf("(generating %,d synapses between the stored errors of %s once ...)%n", synapses, TENANT);
        long t0 = System.nanoTime();
        try (Statement s = c.createStatement()) {
            s.execute("select setseed(0.26)");
            s.execute(
                    """
                            insert into memory.synapse (tenant, source_type, source_id, source_label, target_type, target_id,
                                                        target_label, synapse_type, weight, base_weight, activation_count,
                                                        last_activated_at, created_at)
                            with e as (select id, row_number() over (order by id) as k,
                                              left(error_type || ': ' || message_template, 120) as label
                                         from error.error where tenant = '%1$s'),
                                 g as (select 1 + floor(m.n * power(random(), 3))::bigint as sk,
                                              1 + floor(m.n * random())::bigint as dk,
                                              (array['co_occurs','co_occurs','similar_to','causes','prevents'])[1 + floor(random() * 5)::int] as type,
                                              0.05 + random() * 0.95 as w
                                         from (select count(*) as n from e) m, generate_series(1, %2$d))
                            select '%1$s', 'error', s.id, s.label, 'error', d.id, d.label, g.type, g.w, g.w, 1,
                                   now() - random() * interval '60 days', now()
                              from g join e s on s.k = g.sk join e d on d.k = g.dk
                             where s.id <> d.id
                            on conflict do nothing"""
                            .formatted(TENANT, (int) (synapses * 1.02)));
            s.execute("vacuum analyze memory.synapse");
        }
        System.out.printf("(generated in %.0f s)%n", (System.nanoTime() - t0) / 1e9);
    }

    private Data data(Connection c) throws SQLException {
        List<Long> errors = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("select id from error.error where tenant = ? order by id")) {
            s.setString(1, TENANT);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    errors.add(rs.getLong(1));
                }
            }
        }
        List<long[]> hubs = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("""
                select source_id, count(*) from memory.synapse where tenant = ? and source_type = 'error'
                 group by source_id order by count(*) desc, source_id limit 10""")) {
            s.setString(1, TENANT);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    hubs.add(new long[] { rs.getLong(1), rs.getLong(2) });
                }
            }
        }
        if (errors.isEmpty() || hubs.isEmpty()) {
            throw new IllegalStateException("tenant " + TENANT + " holds " + errors.size() + " errors and no synapse");
        }
        // pairs two synapses apart (either direction, as the path search goes): a – b – c
        Random r = new Random(2626);
        List<long[]> pairs = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("""
                (select target_id from memory.synapse
                  where tenant = ? and source_type = 'error' and source_id = ? and target_type = 'error' limit 100)
                union
                (select source_id from memory.synapse
                  where tenant = ? and target_type = 'error' and target_id = ? and source_type = 'error' limit 100)""")) {
            for (int attempt = 0; attempt < 1000 && pairs.size() < 60; attempt++) {
                long a = errors.get(r.nextInt(errors.size()));
                List<Long> near = neighbours(s, a);
                if (near.isEmpty()) {
                    continue;
                }
                List<Long> next = neighbours(s, near.get(r.nextInt(near.size())));
                next.remove(Long.valueOf(a));
                if (!next.isEmpty()) {
                    pairs.add(new long[] { a, next.get(r.nextInt(next.size())) });
                }
            }
        }
        if (pairs.isEmpty()) {
            throw new IllegalStateException("no two errors of " + TENANT + " are two synapses apart");
        }
        // search and recall terms: the first words of stored messages, and error types
        List<String> terms = new ArrayList<>();
        Long[] sample = new Long[40];
        for (int i = 0; i < sample.length; i++) {
            sample[i] = errors.get(r.nextInt(errors.size()));
        }
        try (PreparedStatement s = c.prepareStatement(
                "select error_type, message from error.error where tenant = ? and id = any(?) order by id")) {
            s.setString(1, TENANT);
            s.setArray(2, c.createArrayOf("bigint", sample));
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    String words = firstWords(rs.getString(2));
                    terms.add(words.isEmpty() ? rs.getString(1) : words);
                    if (terms.size() % 4 == 0 && rs.getString(1) != null && !rs.getString(1).isBlank()) {
                        terms.add(rs.getString(1));
                    }
                }
            }
        }
        terms.removeIf(t -> t == null || t.isBlank());
        if (terms.isEmpty()) {
            throw new IllegalStateException("no stored message of " + TENANT + " to search for");
        }
        return new Data(errors, count(c, "select count(*) from memory.synapse where tenant = ?"), hubs, pairs, terms);
    }

    private static List<Long> neighbours(PreparedStatement s, long node) throws SQLException {
        s.setString(1, TENANT);
        s.setLong(2, node);
        s.setString(3, TENANT);
        s.setLong(4, node);
        List<Long> out = new ArrayList<>();
        try (ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        }
        return out;
    }

    /** A message's first five words, without the generated store's {@code 'g123'} marks; at most 100 characters. */
    private static String firstWords(String message) {
        if (message == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        int n = 0;
        for (String w : message.strip().split("\\s+")) {
            if (w.matches("'g[0-9]+'") || w.isEmpty()) {
                continue;
            }
            out.append(out.length() == 0 ? "" : " ").append(w);
            if (++n == 5) {
                break;
            }
        }
        return out.length() > 100 ? out.substring(0, 100) : out.toString();
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, TENANT);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    // --- the token ---------------------------------------------------------------------------------------------

    private String localToken() throws IOException {
        if (!Files.isReadable(tokenFile)) {
            throw new IllegalStateException("no local token in " + tokenFile + ": ./brain up first (or --token-file FILE)");
        }
        List<String> lines = Files.readAllLines(tokenFile);
        if (lines.isEmpty() || lines.get(0).isBlank()) {
            throw new IllegalStateException(tokenFile + " holds no token");
        }
        return lines.get(0).strip();
    }

    /** Creates the run's read token of the tenant through the admin REST API (the local token has scope system). */
    private long createToken(String local) throws IOException, InterruptedException {
        String body = JSON.createObjectNode().put("tenant", TENANT).put("project", ErrorStores.PROJECT).put("label", LABEL)
                .set("scopes", JSON.createArrayNode().add("read")).toString();
        HttpResponse<String> answer = admin(local, "/api/v1/admin/tokens", body);
        if (answer.statusCode() != 201) {
            throw new IllegalStateException("creating a token of " + TENANT + " answered " + answer.statusCode() + ": "
                    + answer.body());
        }
        JsonNode created = json(answer.body());
        token = created.path("token").asText();
        if (!token.startsWith("brn_")) {
            throw new IllegalStateException("no token in the answer: " + answer.body());
        }
        return created.path("id").asLong();
    }

    private void revokeToken(String local, long id) {
        try {
            HttpResponse<String> answer = admin(local, "/api/v1/admin/tokens/revoke", "{\"id\":" + id + "}");
            if (answer.statusCode() != 200) {
                System.err.printf("revoking the bench token %d answered %d: %s%n", id, answer.statusCode(), answer.body());
            }
        } catch (IOException e) {
            System.err.printf("revoking the bench token %d failed: %s%n", id, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private HttpResponse<String> admin(String local, String path, String json) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30)).header("Authorization", "Bearer " + local)
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
