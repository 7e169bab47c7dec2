package dev.brain.bench;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The knowledge library's recall (issue 40) through the gateway: the distillates of
 * {@code knowledge-quality.jsonl} (bench resources: 110 facts condensed from the PostgreSQL, pgvector, Quarkus and
 * gRPC documentation, each with a question worded apart from it, plus 35 questions the library cannot answer) saved
 * with {@code knowledge_save} into a fresh agent's library, then every question searched with
 * {@code knowledge_search} (limit 5). Recall@5 of the paraphrases; the share of unanswerable questions answered with
 * no entry ("nothing there"); side by side a plain BM25 over topic + distillate (which always answers something).
 */
final class KnowledgeQualityBench {

    static final String RESOURCE = "/knowledge-quality.jsonl";
    private static final ObjectMapper JSON = new ObjectMapper();

    record Pair(String id, String topic, String distillate, String question) {
    }

    private final int gatewayPort;
    private final GatewayClient.Connections db;
    private final int memoryPort;
    private final boolean explore;

    KnowledgeQualityBench(int gatewayPort, GatewayClient.Connections db, int memoryPort, boolean explore) {
        this.gatewayPort = gatewayPort;
        this.db = db;
        this.memoryPort = memoryPort;
        this.explore = explore;
    }

    /**
     * {@code --explore}: offline decision rules over the same texts — cosine of question and "topic: distillate"
     * with the services' model, and the BM25 coverage (the share of the question's idf mass a distillate holds) —
     * recall@5 among the accepted and the share of unanswerable questions with nothing accepted.
     */
    private void exploreRules(List<Pair> pairs, List<String> unanswerable) {
        io.grpc.ManagedChannel channel = io.grpc.ManagedChannelBuilder.forAddress("127.0.0.1", memoryPort).usePlaintext()
                .build();
        try {
            var embed = dev.brain.grpc.v1.EmbeddingServiceGrpc.newBlockingStub(channel).withInterceptors(
                    io.grpc.stub.MetadataUtils.newAttachHeadersInterceptor(dev.brain.tenancy.Tenancy.metadataFor(
                            LocomoBench.TENANT)));
            List<float[]> docs = LocomoBench.vectors(embed, pairs.stream().map(p -> p.topic() + ": " + p.distillate())
                    .toList());
            List<String> questions = new ArrayList<>(pairs.stream().map(Pair::question).toList());
            questions.addAll(unanswerable);
            List<float[]> qs = LocomoBench.vectors(embed, questions);
            LocomoBench.Bm25 bm25 = new LocomoBench.Bm25(pairs.stream().map(p -> p.topic() + " " + p.distillate())
                    .toList());
            double[] gates = { 0.0, 0.25, 0.30, 0.35, 0.40 };
            double[] coverages = { 2.0, 0.4, 0.5, 0.6 };
            System.out.println("explore: gate cosine / lexical coverage | recall@5 | nothing there");
            for (double gate : gates) {
                for (double coverage : coverages) {
                    int found = 0;
                    int nothing = 0;
                    for (int i = 0; i < questions.size(); i++) {
                        double[] cs = new double[docs.size()];
                        for (int d = 0; d < docs.size(); d++) {
                            cs[d] = LocomoBench.cos(docs.get(d), qs.get(i));
                        }
                        double[] cov = bm25.coverage(questions.get(i));
                        double[] bm = bm25.scores(questions.get(i));
                        int[] rb = LocomoBench.Explore.ranks(LocomoBench.Explore.order(bm), bm, true);
                        int[] rc = LocomoBench.Explore.ranks(LocomoBench.Explore.order(cs), cs, false);
                        double[] fused = new double[docs.size()];
                        for (int d = 0; d < docs.size(); d++) {
                            boolean accepted = coverage > 1.5 ? cs[d] + 0.5 * cov[d] >= gate + 0.2
                                    : cs[d] >= gate || cov[d] >= coverage;
                            fused[d] = !accepted ? 0 : (rb[d] > 0 ? 1.0 / (60 + rb[d]) : 0) + 1.0 / (60 + rc[d]);
                        }
                        Integer[] order = LocomoBench.Explore.order(fused);
                        if (i < pairs.size()) {
                            for (int r = 0; r < 5; r++) {
                                if (fused[order[r]] > 0 && order[r] == i) {
                                    found++;
                                }
                            }
                        } else if (fused[order[0]] == 0) {
                            nothing++;
                        }
                    }
                    System.out.printf("explore: %s %.2f / %.1f | %.3f | %.3f%n", coverage > 1.5 ? "cos+cov/2 >=" : "cos >=",
                            coverage > 1.5 ? gate + 0.2 : gate, coverage, (double) found / pairs.size(),
                            (double) nothing / unanswerable.size());
                }
            }
        } finally {
            channel.shutdownNow();
        }
    }

    void run() throws Exception {
        List<Pair> pairs = new ArrayList<>();
        List<String> unanswerable = new ArrayList<>();
        try (InputStream in = KnowledgeQualityBench.class.getResourceAsStream(RESOURCE);
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                JsonNode n = JSON.readTree(line);
                if (n.path("kind").asText().equals("pair")) {
                    pairs.add(new Pair(n.get("id").asText(), n.get("topic").asText(), n.get("distillate").asText(),
                            n.get("question").asText()));
                } else {
                    unanswerable.add(n.get("question").asText());
                }
            }
        }
        if (explore) {
            exploreRules(pairs, unanswerable);
        }
        String agent = "knowledge-quality-" + Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);
        System.out.printf("%n== quality: the knowledge library (%d distillates, %d paraphrased questions, %d unanswerable),"
                + " through the gateway ==%n", pairs.size(), pairs.size(), unanswerable.size());
        Map<String, Long> entryOf = new LinkedHashMap<>();
        List<Long> nanos = new ArrayList<>();
        int found = 0;
        int nothing = 0;
        int bm25Found = 0;
        try (GatewayClient gateway = new GatewayClient(gatewayPort, db, LocomoBench.LABEL, LocomoBench.TENANT, "bench",
                "{read,write}")) {
            for (Pair p : pairs) {
                ObjectNode save = JSON.createObjectNode().put("topic", p.topic()).put("distillate", p.distillate())
                        .put("salience", 0.8).put("agent", agent);
                JsonNode saved = JSON.readTree(gateway.postJson("/api/v1/knowledge", save.toString()));
                entryOf.put(p.id(), saved.path("entry_id").asLong());
            }
            LocomoBench.Bm25 bm25 = new LocomoBench.Bm25(pairs.stream().map(p -> p.topic() + " " + p.distillate())
                    .toList());
            for (int i = 0; i < pairs.size(); i++) {
                Pair p = pairs.get(i);
                long t0 = System.nanoTime();
                JsonNode hits = search(gateway, p.question(), agent);
                nanos.add(System.nanoTime() - t0);
                for (JsonNode hit : hits.path("entries")) {
                    if (hit.path("entry_id").asLong() == entryOf.get(p.id())) {
                        found++;
                        break;
                    }
                }
                int index = i;
                if (bm25.top(p.question(), 5).stream().anyMatch(j -> entryOf.get(pairs.get(j).id())
                        .equals(entryOf.get(pairs.get(index).id())))) {
                    bm25Found++;
                }
            }
            for (String q : unanswerable) {
                long t0 = System.nanoTime();
                JsonNode hits = search(gateway, q, agent);
                nanos.add(System.nanoTime() - t0);
                if (hits.path("entries").isEmpty()) {
                    nothing++;
                }
            }
        }
        long entries = entryOf.values().stream().distinct().count();
        Stats s = Stats.of(nanos.stream().mapToLong(Long::longValue).toArray());
        System.out.println("system                 | recall@5 (paraphrases) | nothing there (unanswerable)");
        System.out.println("-----------------------|------------------------|------------------------------");
        System.out.printf("Brain knowledge_search | %22.3f | %28.3f%n", (double) found / pairs.size(),
                (double) nothing / unanswerable.size());
        System.out.printf("BM25 (k1 1.2, b 0.75)  | %22.3f | %28s%n", (double) bm25Found / pairs.size(),
                "0.000 (always answers)");
        System.out.printf("(%d distillates made %d library entries; knowledge_search: %d calls, p50 %.1f ms, p95 %.1f ms)%n",
                pairs.size(), entries, nanos.size(), s.p50(), s.p95());
        System.out.printf("targets: recall@5 ≥ 0.90: %s; ≥ 90 %% of unanswerable answered \"nothing there\": %s%n",
                (double) found / pairs.size() >= 0.90 ? "met" : "not met",
                (double) nothing / unanswerable.size() >= 0.90 ? "met" : "not met");
    }

    private static JsonNode search(GatewayClient gateway, String query, String agent) throws Exception {
        return JSON.readTree(gateway.getJson("/api/v1/knowledge/search?limit=5&agent=" + GatewayClient.encode(agent)
                + "&query=" + GatewayClient.encode(query)));
    }
}
