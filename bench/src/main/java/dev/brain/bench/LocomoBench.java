package dev.brain.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.brain.grpc.v1.DeletePartitionRequest;
import dev.brain.grpc.v1.EmbedRequest;
import dev.brain.grpc.v1.EmbeddingServiceGrpc;
import dev.brain.grpc.v1.FloatVector;
import dev.brain.grpc.v1.LongTermMemoryServiceGrpc;
import dev.brain.grpc.v1.Pair;
import dev.brain.tenancy.Tenancy;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.MetadataUtils;

/**
 * Long-term memory recall on real dialogue (issue 40): LoCoMo (ACL 2024) conversations read from a directory given on
 * the command line ({@code --locomo DIR}; the data stays out of the repository). Every turn is stored through the
 * gateway as a user's agent stores it ({@code POST /api/v1/memory/remember}: salience 0.8, the session's date and
 * time, the speaker as entity; one agent per conversation), promoted, and every question of categories 1–4 is
 * recalled through the gateway ({@code POST /api/v1/memory/recall}, limit 10, hops 1). A hit at k: one of the first k
 * memories is an evidence turn of the question. Side by side in the same run, over the same stored texts: a plain
 * BM25 (k1 1.2, b 0.75, lower-cased word tokens) and plain cosine top k with the service's own model (its
 * {@code Embed}).
 */
final class LocomoBench {

    static final String TENANT = "bench-quality";
    static final String LABEL = "bench-quality";
    static final int K = 10;
    static final String[] CATEGORIES = { "", "multi-hop", "temporal", "open-domain", "single-hop" };
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter SESSION_TIME = DateTimeFormatter.ofPattern("h:mm a 'on' d MMMM, yyyy",
            Locale.ENGLISH);

    /** One stored turn: its conversation, id ("D1:3"), speaker, text, session index and time. */
    record Turn(String dialog, String speaker, String content, int session, String time) {
    }

    /** One question: category 1–4, its text and the ids of its evidence turns. */
    record Question(int category, String text, Set<String> evidence) {
    }

    record Conversation(String name, List<Turn> turns, List<Question> questions) {
    }

    private final int gatewayPort;
    private final int memoryPort;
    private final Path dir;
    private final GatewayClient.Connections db;
    private final boolean explore;
    private final int max;
    private final boolean offline;

    LocomoBench(int gatewayPort, int memoryPort, Path dir, GatewayClient.Connections db, boolean explore, int max,
            boolean offline) {
        this.max = max;
        this.offline = offline;
        this.gatewayPort = gatewayPort;
        this.memoryPort = memoryPort;
        this.dir = dir;
        this.db = db;
        this.explore = explore;
    }

    /** Reads every {@code *.json} of the directory, in name order. */
    static List<Conversation> read(Path dir) throws IOException {
        List<Conversation> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                JsonNode c = JSON.readTree(file.toFile());
                List<Turn> turns = new ArrayList<>();
                for (int s = 1; c.has("session_" + s + "_date_time"); s++) {
                    String time = LocalDateTime.parse(c.get("session_" + s + "_date_time").asText()
                            .replace("am", "AM").replace("pm", "PM"), SESSION_TIME).atOffset(ZoneOffset.UTC).toString();
                    for (JsonNode t : c.path("session_" + s)) {
                        String text = t.path("text").asText();
                        if (t.hasNonNull("blip_caption")) {
                            text += " [shares a photo: " + t.get("blip_caption").asText() + "]";
                        }
                        turns.add(new Turn(t.get("dia_id").asText(), t.get("speaker").asText(), text, s, time));
                    }
                }
                List<Question> questions = new ArrayList<>();
                for (JsonNode q : c.path("qa")) {
                    int category = q.path("category").asInt();
                    if (category < 1 || category > 4) {
                        continue;
                    }
                    Set<String> evidence = new HashSet<>();
                    q.path("evidence").forEach(e -> evidence.add(e.asText().trim()));
                    questions.add(new Question(category, q.get("question").asText(), evidence));
                }
                out.add(new Conversation(file.getFileName().toString().replace(".json", ""), turns, questions));
            }
        }
        return out;
    }

    /** Hits at 5 and 10 per category, and the recall calls' latencies. */
    static final class Score {
        final int[][] hits = new int[5][2];
        final int[] questions = new int[5];

        void add(Question q, List<Set<String>> ranked) {
            questions[q.category()]++;
            for (int i = 0; i < Math.min(K, ranked.size()); i++) {
                if (ranked.get(i).stream().anyMatch(q.evidence()::contains)) {
                    if (i < 5) {
                        hits[q.category()][0]++;
                    }
                    hits[q.category()][1]++;
                    return;
                }
            }
        }

        double recall(int category, int at) {
            int n = category == 0 ? total() : questions[category];
            int h = 0;
            for (int c = 1; c <= 4; c++) {
                if (category == 0 || c == category) {
                    h += hits[c][at == 5 ? 0 : 1];
                }
            }
            return n == 0 ? 0 : (double) h / n;
        }

        int total() {
            return questions[1] + questions[2] + questions[3] + questions[4];
        }
    }

    void run() throws Exception {
        List<Conversation> conversations = read(dir);
        if (max < conversations.size()) {
            conversations = conversations.subList(0, max);
        }
        String run = Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", memoryPort).usePlaintext().build();
        var metadata = MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(TENANT));
        var embed = EmbeddingServiceGrpc.newBlockingStub(channel).withInterceptors(metadata);
        var longTerm = LongTermMemoryServiceGrpc.newBlockingStub(channel).withInterceptors(metadata);
        Score brain = new Score();
        Score bm25 = new Score();
        Score cosine = new Score();
        Map<String, Score> variants = new LinkedHashMap<>();
        List<Long> latencies = new ArrayList<>();
        System.out.printf("%n== quality: long-term memory on LoCoMo (%d conversations of %s), through the gateway ==%n",
                conversations.size(), dir);
        try (GatewayClient gateway = new GatewayClient(gatewayPort, db, LABEL, TENANT, "bench", "{read,write,system}")) {
            for (Conversation c : conversations) {
                String agent = "locomo-" + c.name() + "-" + run;
                long t0 = System.nanoTime();
                Map<String, Set<String>> byContent = new HashMap<>();
                for (Turn t : c.turns()) {
                    byContent.computeIfAbsent(t.content(), k -> new HashSet<>()).add(t.dialog());
                    if (offline) {
                        continue;
                    }
                    ObjectNode body = JSON.createObjectNode().put("content", t.content()).put("salience", 0.8)
                            .put("time", t.time()).put("time_precision", "minute").put("agent", agent);
                    body.putArray("entities").add(t.speaker());
                    gateway.postJson("/api/v1/memory/remember", body.toString());
                }
                long stored = System.nanoTime();
                if (!offline) {
                    promote(gateway, agent);
                }
                long promoted = System.nanoTime();
                // baselines over the same texts
                List<float[]> turnVectors = vectors(embed, c.turns().stream().map(Turn::content).toList());
                List<float[]> contextVectors = explore ? vectors(embed, windows(c)) : null;
                List<float[]> questionVectors = vectors(embed, c.questions().stream().map(Question::text).toList());
                Bm25 index = new Bm25(c.turns().stream().map(Turn::content).toList());
                Bm25 withSpeakers = new Bm25(c.turns().stream().map(t -> t.speaker() + " " + t.content()).toList());
                for (int i = 0; i < c.questions().size(); i++) {
                    Question q = c.questions().get(i);
                    ObjectNode recall = JSON.createObjectNode().put("query", q.text()).put("limit", K).put("hops", 1)
                            .put("agent", agent);
                    if (!offline) {
                        long r0 = System.nanoTime();
                        JsonNode answer = JSON.readTree(gateway.postJson("/api/v1/memory/recall", recall.toString()));
                        latencies.add(System.nanoTime() - r0);
                        List<Set<String>> ranked = new ArrayList<>();
                        answer.path("memories").forEach(m -> ranked.add(byContent.getOrDefault(
                                m.path("content").asText(), Set.of())));
                        brain.add(q, ranked);
                    }
                    bm25.add(q, dialogs(c, index.top(q.text(), K)));
                    cosine.add(q, dialogs(c, topCosine(turnVectors, questionVectors.get(i), K)));
                    if (explore) {
                        Explore.variants(c, q, index, withSpeakers, turnVectors, questionVectors.get(i), variants);
                        Explore.focused(c, q, withSpeakers, turnVectors, contextVectors, questionVectors.get(i), variants);
                    }
                }
                System.out.printf("  conversation %s: %d turns stored in %.1f s, promoted in %.1f s, %d questions%n",
                        c.name(), c.turns().size(), (stored - t0) / 1e9, (promoted - stored) / 1e9, c.questions().size());
                longTerm.withDeadlineAfter(60, TimeUnit.SECONDS).deletePartition(DeletePartitionRequest.newBuilder()
                        .setPair(Pair.newBuilder().setUserId(TENANT).setAgentId(agent)).build());
            }
            if (!offline) {
                promotionDrain(gateway, conversations, run, longTerm);
            }
        } finally {
            channel.shutdownNow();
        }
        System.out.println(
                "system                     | questions | recall@5 | recall@10 | multi-hop @10 | temporal @10 | open-domain @10 | single-hop @10");
        System.out.println(
                "---------------------------|-----------|----------|-----------|---------------|--------------|-----------------|---------------");
        row("Brain memory_recall", brain);
        row("BM25 (k1 1.2, b 0.75)", bm25);
        row("cosine top 10 (same model)", cosine);
        variants.forEach(LocomoBench::row);
        if (offline) {
            return;
        }
        long[] nanos = latencies.stream().mapToLong(Long::longValue).toArray();
        Stats s = Stats.of(nanos);
        System.out.printf("memory_recall through the gateway: %d calls, p50 %.1f ms, p95 %.1f ms, p99 %.1f ms%n",
                nanos.length, s.p50(), s.p95(), s.p99());
        double b = brain.recall(0, 10);
        double base = bm25.recall(0, 10);
        boolean perCategory = true;
        for (int c = 1; c <= 4; c++) {
            perCategory &= brain.recall(c, 10) >= bm25.recall(c, 10);
        }
        System.out.printf("targets: recall@10 ≥ 0.75: %s (%.3f); ≥ BM25 + 0.10: %s (%.3f vs %.3f); no category below BM25:"
                + " %s; p95 ≤ 50 ms: %s%n", b >= 0.75 ? "met" : "not met", b, b >= base + 0.10 ? "met" : "not met", b,
                base, perCategory ? "met" : "not met", s.p95() <= 50 ? "met" : "not met");
    }

    /**
     * Issue 40's promotion line: 1,000 entries of one pair (the first turns of the conversations, in order) written
     * through the gateway, then one promotion run drains them; the time from the run's start to nothing pending.
     */
    private void promotionDrain(GatewayClient gateway, List<Conversation> conversations, String run,
            LongTermMemoryServiceGrpc.LongTermMemoryServiceBlockingStub longTerm) throws Exception {
        String agent = "locomo-drain-" + run;
        int written = 0;
        for (Conversation c : conversations) {
            for (Turn t : c.turns()) {
                if (written == 1000) {
                    break;
                }
                ObjectNode body = JSON.createObjectNode().put("content", t.content()).put("salience", 0.8)
                        .put("time", t.time()).put("time_precision", "minute").put("agent", agent);
                body.putArray("entities").add(t.speaker());
                gateway.postJson("/api/v1/memory/remember", body.toString());
                written++;
            }
        }
        long t0 = System.nanoTime();
        promote(gateway, agent);
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf("promotion: %,d pending entries of one pair promoted in %.1f s (target ≤ 60 s: %s)%n", written,
                seconds, seconds <= 60 ? "met" : "not met");
        longTerm.withDeadlineAfter(60, TimeUnit.SECONDS).deletePartition(DeletePartitionRequest.newBuilder()
                .setPair(Pair.newBuilder().setUserId(TENANT).setAgentId(agent)).build());
    }

    static void row(String name, Score s) {
        System.out.printf("%-26s | %9d | %8.3f | %9.3f | %13.3f | %12.3f | %15.3f | %14.3f%n", name, s.total(),
                s.recall(0, 5), s.recall(0, 10), s.recall(1, 10), s.recall(2, 10), s.recall(3, 10), s.recall(4, 10));
    }

    /**
     * Runs the promotion job (a run drains the queue) until the pair has nothing pending; a run that finds the
     * scheduled one running is skipped, so the pair's pending entries are counted, not the run's.
     */
    private void promote(GatewayClient gateway, String agent) throws Exception {
        for (int i = 0; i < 600 && pending(agent) > 0; i++) {
            gateway.send(gateway.request("/api/v1/admin/jobs/memory/promotion").timeout(java.time.Duration.ofMinutes(10))
                    .header("Content-Type", "application/json").POST(java.net.http.HttpRequest.BodyPublishers.ofString("{}"))
                    .build());
            Thread.sleep(100);
        }
    }

    private long pending(String agent) throws java.sql.SQLException {
        try (java.sql.Connection c = db.connect();
                java.sql.PreparedStatement q = c.prepareStatement(
                        "select count(*) from memory.short_term_entry where user_id = ? and agent_id = ?"
                                + " and promotion_state = 'pending'")) {
            q.setString(1, TENANT);
            q.setString(2, agent);
            try (java.sql.ResultSet rs = q.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** Each turn with the one before and after it in its session ("turn in context"). */
    static List<String> windows(Conversation c) {
        List<String> out = new ArrayList<>();
        List<Turn> t = c.turns();
        for (int i = 0; i < t.size(); i++) {
            StringBuilder sb = new StringBuilder();
            if (i > 0 && t.get(i - 1).session() == t.get(i).session()) {
                sb.append(t.get(i - 1).content()).append(' ');
            }
            sb.append(t.get(i).content());
            if (i + 1 < t.size() && t.get(i + 1).session() == t.get(i).session()) {
                sb.append(' ').append(t.get(i + 1).content());
            }
            out.add(sb.toString());
        }
        return out;
    }

    static List<Set<String>> dialogs(Conversation c, List<Integer> turns) {
        return turns.stream().map(i -> Set.of(c.turns().get(i).dialog())).toList();
    }

    static List<float[]> vectors(EmbeddingServiceGrpc.EmbeddingServiceBlockingStub embed, List<String> texts) {
        List<float[]> out = new ArrayList<>();
        for (int from = 0; from < texts.size(); from += 256) {
            var r = embed.withDeadlineAfter(120, TimeUnit.SECONDS).embed(EmbedRequest.newBuilder()
                    .addAllTexts(texts.subList(from, Math.min(texts.size(), from + 256))).build());
            for (FloatVector v : r.getVectorsList()) {
                float[] f = new float[v.getValuesCount()];
                for (int i = 0; i < f.length; i++) {
                    f[i] = v.getValues(i);
                }
                out.add(f);
            }
        }
        return out;
    }

    static double cos(float[] a, float[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
            na += a[i] * a[i];
            nb += b[i] * b[i];
        }
        return dot / Math.sqrt(na * nb);
    }

    static List<Integer> topCosine(List<float[]> turns, float[] q, int k) {
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < turns.size(); i++) {
            ids.add(i);
        }
        double[] scores = turns.stream().mapToDouble(t -> cos(t, q)).toArray();
        ids.sort(Comparator.comparingDouble((Integer i) -> -scores[i]));
        return ids.subList(0, Math.min(k, ids.size()));
    }

    /** Plain BM25 over lower-cased word tokens (letters and digits), k1 1.2, b 0.75. */
    static final class Bm25 {
        final List<Map<String, Integer>> docs = new ArrayList<>();
        final Map<String, Integer> df = new HashMap<>();
        final double avgdl;

        Bm25(List<String> texts) {
            long total = 0;
            for (String t : texts) {
                Map<String, Integer> tf = new TreeMap<>();
                for (String w : tokens(t)) {
                    tf.merge(w, 1, Integer::sum);
                }
                tf.keySet().forEach(w -> df.merge(w, 1, Integer::sum));
                total += tf.values().stream().mapToInt(Integer::intValue).sum();
                docs.add(tf);
            }
            avgdl = (double) total / Math.max(1, texts.size());
        }

        static List<String> tokens(String text) {
            List<String> out = new ArrayList<>();
            for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
                if (!w.isEmpty()) {
                    out.add(w);
                }
            }
            return out;
        }

        double[] scores(String query) {
            double[] s = new double[docs.size()];
            int n = docs.size();
            for (String w : new HashSet<>(tokens(query))) {
                int d = df.getOrDefault(w, 0);
                if (d == 0) {
                    continue;
                }
                double idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
                for (int i = 0; i < n; i++) {
                    Integer tf = docs.get(i).get(w);
                    if (tf != null) {
                        int dl = docs.get(i).values().stream().mapToInt(Integer::intValue).sum();
                        s[i] += idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * dl / avgdl));
                    }
                }
            }
            return s;
        }

        /** Per document, the share of the query's idf mass (its distinct known words) the document holds. */
        double[] coverage(String query) {
            int n = docs.size();
            double[] held = new double[n];
            double total = 0;
            for (String w : new HashSet<>(tokens(query))) {
                int d = df.getOrDefault(w, 0);
                if (d == 0) {
                    continue;
                }
                double idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
                total += idf;
                for (int i = 0; i < n; i++) {
                    if (docs.get(i).containsKey(w)) {
                        held[i] += idf;
                    }
                }
            }
            for (int i = 0; i < n; i++) {
                held[i] = total == 0 ? 0 : held[i] / total;
            }
            return held;
        }

        List<Integer> top(String query, int k) {
            double[] s = scores(query);
            List<Integer> ids = new ArrayList<>();
            for (int i = 0; i < s.length; i++) {
                if (s[i] > 0) {
                    ids.add(i);
                }
            }
            ids.sort(Comparator.comparingDouble((Integer i) -> -s[i]).thenComparingInt(i -> i));
            return ids.subList(0, Math.min(k, ids.size()));
        }
    }

    /** Offline variants of the ranking ({@code --explore}), to compare fusions before building one. */
    static final class Explore {
        static void variants(Conversation c, Question q, Bm25 index, List<float[]> turns, float[] query,
                Map<String, Score> variants) {
            variants(c, q, index, null, turns, query, variants);
        }

        static void variants(Conversation c, Question q, Bm25 index, Bm25 withSpeakers, List<float[]> turns,
                float[] query, Map<String, Score> variants) {
            int n = turns.size();
            double[] cs = new double[n];
            for (int i = 0; i < n; i++) {
                cs[i] = cos(turns.get(i), query);
            }
            int[] rankCos = ranks(order(cs), cs, false);
            Map<String, double[]> lexicals = new LinkedHashMap<>();
            lexicals.put("bm25", index.scores(q.text()));
            if (withSpeakers != null) {
                lexicals.put("bm25+speaker", withSpeakers.scores(q.text()));
            }
            for (Map.Entry<String, double[]> lex : lexicals.entrySet()) {
                double[] bm = lex.getValue();
                int[] rankBm = ranks(order(bm), bm, true);
                for (int k : new int[] { 5, 10, 20 }) {
                    double[] rrf = new double[n];
                    for (int i = 0; i < n; i++) {
                        rrf[i] = (rankBm[i] > 0 && rankBm[i] <= 50 ? 1.0 / (k + rankBm[i]) : 0)
                                + (rankCos[i] <= 50 ? 1.0 / (k + rankCos[i]) : 0);
                    }
                    String name = lex.getKey() + " rrf k" + k;
                    variants.computeIfAbsent(name, x -> new Score()).add(q, dialogs(c, List.of(order(rrf)).subList(0, K)));
                    Integer[] top = order(rrf);
                    // every turn's score smoothed with its neighbours' (the dialogue's context)
                    for (double w1 : new double[] { 0.3, 0.5, 0.7 }) {
                        for (double w2 : new double[] { 0, 0.25 }) {
                            double[] smooth = new double[n];
                            for (int j = 0; j < n; j++) {
                                smooth[j] = rrf[j];
                                for (int d : new int[] { -2, -1, 1, 2 }) {
                                    int i = j + d;
                                    if (i >= 0 && i < n && c.turns().get(i).session() == c.turns().get(j).session()) {
                                        smooth[j] += (Math.abs(d) == 1 ? w1 : w2) * rrf[i];
                                    }
                                }
                            }
                            variants.computeIfAbsent(name + " smooth " + w1 + "/" + w2, x -> new Score())
                                    .add(q, dialogs(c, List.of(order(smooth)).subList(0, K)));
                        }
                    }
                    for (int seeds : new int[] { 5, 10 }) {
                        for (double w : new double[] { 0.5, 0.8 }) {
                            for (int span : new int[] { 1, 2 }) {
                                double[] boosted = rrf.clone();
                                for (int t = 0; t < seeds; t++) {
                                    int i = top[t];
                                    for (int d = -span; d <= span; d++) {
                                        int j = i + d;
                                        if (d != 0 && j >= 0 && j < n
                                                && c.turns().get(j).session() == c.turns().get(i).session()) {
                                            boosted[j] = Math.max(boosted[j], rrf[j] + w * rrf[i] / Math.abs(d));
                                        }
                                    }
                                }
                                variants.computeIfAbsent(name + " adj" + span + " seeds" + seeds + " w" + w,
                                        x -> new Score()).add(q, dialogs(c, List.of(order(boosted)).subList(0, K)));
                            }
                        }
                    }
                }
            }
        }

        /** Around the best so far (bm25+speaker, rrf k5, smoothing 0.7/0.25): dense weight, context vectors, diversity. */
        static void focused(Conversation c, Question q, Bm25 withSpeakers, List<float[]> turns, List<float[]> contexts,
                float[] query, Map<String, Score> variants) {
            int n = turns.size();
            double[] bm = withSpeakers.scores(q.text());
            int[] rankBm = ranks(order(bm), bm, true);
            double[] cs = new double[n];
            double[] cc = new double[n];
            for (int i = 0; i < n; i++) {
                cs[i] = cos(turns.get(i), query);
                cc[i] = cos(contexts.get(i), query);
            }
            int[] rankCos = ranks(order(cs), cs, false);
            int[] rankCtx = ranks(order(cc), cc, false);
            int k = 5;
            for (double wd : new double[] { 0.5, 1.0 }) {
                for (double wc : new double[] { 0, 0.5, 1.0 }) {
                    double[] rrf = new double[n];
                    for (int i = 0; i < n; i++) {
                        rrf[i] = (rankBm[i] > 0 && rankBm[i] <= 50 ? 1.0 / (k + rankBm[i]) : 0)
                                + (rankCos[i] <= 50 ? wd / (k + rankCos[i]) : 0)
                                + (rankCtx[i] <= 50 ? wc / (k + rankCtx[i]) : 0);
                    }
                    double[] smooth = new double[n];
                    for (int j = 0; j < n; j++) {
                        smooth[j] = rrf[j];
                        for (int d : new int[] { -2, -1, 1, 2 }) {
                            int i = j + d;
                            if (i >= 0 && i < n && c.turns().get(i).session() == c.turns().get(j).session()) {
                                smooth[j] += (Math.abs(d) == 1 ? 0.7 : 0.25) * rrf[i];
                            }
                        }
                    }
                    String name = "F dense " + wd + " ctx " + wc;
                    Integer[] ranked = order(smooth);
                    variants.computeIfAbsent(name, x -> new Score()).add(q, dialogs(c, List.of(ranked).subList(0, K)));
                    // diversity: at most 3 results within ±2 turns of each other
                    List<Integer> picked = new ArrayList<>();
                    for (Integer j : ranked) {
                        long close = picked.stream().filter(p -> Math.abs(p - j) <= 2).count();
                        if (close < 3) {
                            picked.add(j);
                        }
                        if (picked.size() == K) {
                            break;
                        }
                    }
                    variants.computeIfAbsent(name + " diverse", x -> new Score()).add(q, dialogs(c, picked));
                }
            }
        }

        static Integer[] order(double[] s) {
            Integer[] ids = new Integer[s.length];
            for (int i = 0; i < s.length; i++) {
                ids[i] = i;
            }
            java.util.Arrays.sort(ids, Comparator.comparingDouble((Integer i) -> -s[i]).thenComparingInt(i -> i));
            return ids;
        }

        /** 1-based ranks; with {@code positiveOnly}, 0 for a score of 0 or less (not in the list). */
        static int[] ranks(Integer[] order, double[] s, boolean positiveOnly) {
            int[] r = new int[order.length];
            for (int i = 0; i < order.length; i++) {
                r[order[i]] = !positiveOnly || s[order[i]] > 0 ? i + 1 : 0;
            }
            return r;
        }
    }
}
