package dev.brain.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Error search on the dev corpus (issue 40), through the gateway: its 1,000 reports stored in a fresh tenant's
 * project ({@code POST /api/v1/errors}), then 200 re-occurrences (seeded) searched by their first line
 * ({@code GET /api/v1/errors?q=}, limit 10) — a hit when a stored error of the same known error (its template) is in
 * the top 10 — and the five short raw tokens of the issue, each found when the best hit's raw output holds it. Side by
 * side a plain BM25 over the stored errors' raw outputs with the same queries.
 */
final class ErrorSearchQualityBench {

    static final List<String> TOKENS = List.of("idx", "3000", "profile", "client", "# app/store");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final int gatewayPort;
    private final GatewayClient.Connections db;
    private final Path corpus;

    ErrorSearchQualityBench(int gatewayPort, GatewayClient.Connections db, Path corpus) {
        this.gatewayPort = gatewayPort;
        this.db = db;
        this.corpus = corpus;
    }

    interface Call {
        String send() throws Exception;
    }

    /** A call again (up to three times) when the gateway answered 503: a cold service's first reports can be late. */
    static String retried(Call call) throws Exception {
        for (int attempt = 1;; attempt++) {
            try {
                return call.send();
            } catch (IllegalStateException e) {
                if (attempt == 3 || !e.getMessage().contains("answered 503")) {
                    throw e;
                }
                Thread.sleep(1000);
            }
        }
    }

    void run() throws Exception {
        List<JsonNode> rows = new ArrayList<>();
        for (String line : Files.readAllLines(corpus)) {
            if (!line.isBlank()) {
                rows.add(JSON.readTree(line));
            }
        }
        String tenant = "bench-search-" + Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);
        Map<Long, String> templateOf = new HashMap<>();
        Map<Long, String> rawOf = new HashMap<>();
        int hits = 0;
        int bm25Hits = 0;
        List<Long> nanos = new ArrayList<>();
        try (GatewayClient gateway = new GatewayClient(gatewayPort, db, "bench-search", tenant, "search")) {
            for (JsonNode r : rows) {
                ObjectNode report = JSON.createObjectNode().put("error_output", r.get("raw_output").asText())
                        .put("command", r.path("command").asText(""));
                JsonNode stored = JSON.readTree(retried(() -> gateway.postJson("/api/v1/errors", report.toString())));
                long id = stored.path("error_id").asLong();
                templateOf.putIfAbsent(id, r.get("template").asText());
                rawOf.putIfAbsent(id, r.get("raw_output").asText());
            }
            List<Long> ids = new ArrayList<>(rawOf.keySet());
            LocomoBench.Bm25 bm25 = new LocomoBench.Bm25(ids.stream().map(rawOf::get).toList());
            List<JsonNode> again = new ArrayList<>(rows.stream().filter(r -> !r.path("expect_same_as").isNull()).toList());
            java.util.Collections.shuffle(again, new Random(40));
            List<JsonNode> sample = again.subList(0, Math.min(200, again.size()));
            for (JsonNode r : sample) {
                String query = r.get("raw_output").asText().strip().lines().findFirst().orElse("");
                String template = r.get("template").asText();
                long t0 = System.nanoTime();
                JsonNode answer = JSON.readTree(gateway.getJson("/api/v1/errors?limit=10&q=" + GatewayClient.encode(query)));
                nanos.add(System.nanoTime() - t0);
                for (JsonNode hit : answer.path("results")) {
                    if (template.equals(templateOf.get(hit.path("error_id").asLong()))) {
                        hits++;
                        break;
                    }
                }
                if (bm25.top(query, 10).stream().anyMatch(i -> template.equals(templateOf.get(ids.get(i))))) {
                    bm25Hits++;
                }
            }
            System.out.printf("%n== quality: error search on the dev corpus (%d reports, %d stored errors), through the"
                    + " gateway ==%n", rows.size(), ids.size());
            System.out.println("system                 | hit@10 (200 first lines) | short raw tokens found");
            System.out.println("-----------------------|--------------------------|-----------------------");
            Set<String> found = new HashSet<>();
            for (String token : TOKENS) {
                JsonNode answer = JSON.readTree(gateway.getJson("/api/v1/errors?limit=10&q=" + GatewayClient.encode(token)));
                JsonNode best = answer.path("results").path(0);
                if (!best.isMissingNode() && rawOf.getOrDefault(best.path("error_id").asLong(), "").contains(token)) {
                    found.add(token);
                }
            }
            long present = TOKENS.stream().filter(t -> rawOf.values().stream().anyMatch(raw -> raw.contains(t))).count();
            System.out.printf("Brain brain_query_error | %24s | %d of %d in the store (%s)%n", hits + "/" + sample.size(),
                    found.size(), present, String.join(", ", found));
            System.out.printf("BM25 (k1 1.2, b 0.75)  | %24s |%n", bm25Hits + "/" + sample.size());
            Stats s = Stats.of(nanos.stream().mapToLong(Long::longValue).toArray());
            System.out.printf("(queries: p50 %.1f ms, p95 %.1f ms)%n", s.p50(), s.p95());
        }
    }
}
