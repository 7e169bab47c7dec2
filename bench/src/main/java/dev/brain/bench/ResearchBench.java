package dev.brain.bench;

import java.net.http.HttpRequest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.grpc.v1.JobRunResult;
import dev.brain.grpc.v1.JobStep;
import dev.brain.grpc.v1.ResearchServiceGrpc;
import dev.brain.grpc.v1.ResearchStatsRequest;
import dev.brain.grpc.v1.RunResearchCycleRequest;
import dev.brain.grpc.v1.Scope;
import dev.brain.tenancy.Tenancy;
import dev.brain.wire.WireNames;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.MetadataUtils;

/**
 * research-service where its targets are (research.md §4), through the gateway:
 * <ol>
 * <li>the research cycle of one tenant with {@code errors} errors, {@code modules} code modules and
 * {@code synapses} synapses ({@link ResearchStores}; 100k / 20k / 1M by default), triggered three times through
 * {@code POST /api/v1/admin/jobs/research/cycle}: each cycle's wall time, the service's own duration and every
 * phase's (the {@code JobRunResult} steps), and research-service's RSS (target ≤ 60 s on 2 cores);</li>
 * <li>one pair's knowledge library grown to {@code entries} entries (10k) through the MCP tool {@code knowledge_save}
 * (distinct topics of ~1.5 KiB distillates, {@link KnowledgeTopics}; save latency per 1,000), then 300
 * {@code knowledge_search} calls of questions about stored topics (target p95 ≤ 20 ms);</li>
 * <li>100 {@code knowledge_save} calls of 20 KiB distillates on new topics into that library (target p95 ≤ 50 ms).</li>
 * </ol>
 * The embedding provider is whatever memory-service runs ({@code onnx} with {@code ./brain up}; the tables name
 * the model). Library and tenant are kept between runs: a later run measures at the same sizes without growing
 * them again.
 */
final class ResearchBench {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int GROW_BYTES = 1536;
    private static final int SEARCHES = 300;
    private static final int BIG_SAVES = 100;
    private static final int WARM_UP = 20;

    private final ErrorStores stores;
    private final int errorPort;
    private final int researchPort;
    private final int gatewayPort;
    private final int errors;
    private final int modules;
    private final int synapses;
    private final int entries;
    private final LongSupplier researchRss;
    private final LongSupplier gatewayRss;

    ResearchBench(ErrorStores stores, int errorPort, int researchPort, int gatewayPort, int errors, int modules,
            int synapses, int entries, LongSupplier researchRss, LongSupplier gatewayRss) {
        this.stores = stores;
        this.errorPort = errorPort;
        this.researchPort = researchPort;
        this.gatewayPort = gatewayPort;
        this.errors = errors;
        this.modules = modules;
        this.synapses = synapses;
        this.entries = entries;
        this.researchRss = researchRss;
        this.gatewayRss = gatewayRss;
    }

    void run() throws Exception {
        String model = stores.embeddingModel();
        ManagedChannel research = ManagedChannelBuilder.forAddress("127.0.0.1", researchPort).usePlaintext()
                .maxInboundMessageSize(16 << 20).build();
        try {
            cycles(research);
            knowledge(model);
        } finally {
            research.shutdownNow();
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // 1. the research cycle

    /** One cycle as measured: how it was triggered, its result and the wall time the caller waited. */
    private record Cycle(String via, String status, double wallSeconds, long serviceMs, Map<String, Long> counts,
            List<Phase> phases, long rssMiB) {
    }

    private record Phase(String name, String status, long ms, Map<String, Long> counts) {
    }

    private void cycles(ManagedChannel research) throws Exception {
        String tenant = ResearchStores.tenant(errors);
        ResearchStores seed = new ResearchStores(stores, errorPort, tenant);
        ResearchStores.Seeded seeded = seed.ensure(errors, modules, synapses);
        System.out.printf("%n== research: the research cycle of one tenant through the gateway"
                + " (POST /api/v1/admin/jobs/research/cycle, %d cores) ==%n", Runtime.getRuntime().availableProcessors());
        System.out.printf(Locale.ROOT, "tenant %s: %,d errors in %d projects (%,d occurrences, %,d solutions, %,d chains),"
                + " %,d code modules, %,d synapses%n", tenant, seed.count("error.error"), ResearchStores.PROJECTS,
                seed.count("error.error_occurrence"), seed.count("error.solution"), seed.count("error.error_chain"),
                seed.count("error.code_module"), seed.count("memory.synapse"));
        if (seeded.errors() + seeded.modules() + seeded.synapses() == 0) {
            System.out.println("(generated by an earlier run: reused as it is)");
        } else {
            System.out.printf(Locale.ROOT, "generated now (not part of the figures): errors %.0f s, modules %.0f s,"
                    + " synapses %.0f s — corpus reports and 500 AnalyzeCode registrations through error-service,"
                    + " the rest in SQL%n", seeded.errors(), seeded.modules(), seeded.synapses());
        }
        var stub = ResearchServiceGrpc.newBlockingStub(research)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
        List<Cycle> cycles = new ArrayList<>();
        try (GatewayClient gateway = new GatewayClient(gatewayPort, stores::connect, "bench-research", tenant, "r0")) {
            grantAdmin("bench-research");
            for (int i = 0; i < 3; i++) {
                cycles.add(cycle(gateway, stub));
                System.err.printf("  cycle %d: %.1f s%n", i + 1, cycles.get(i).wallSeconds());
            }
        }
        System.out.println(
                "cycle | via     | status  | wall s | service s | target ≤ 60 s | insights created / updated / expired | research-service RSS MiB");
        System.out.println(
                "------|---------|---------|--------|-----------|---------------|--------------------------------------|-------------------------");
        for (int i = 0; i < cycles.size(); i++) {
            Cycle c = cycles.get(i);
            System.out.printf(Locale.ROOT, "%5d | %-7s | %-7s | %6.1f | %9.1f | %-13s | %14d / %7d / %7d | %d%n", i + 1,
                    c.via(), c.status(), c.wallSeconds(), c.serviceMs() / 1000.0, c.wallSeconds() <= 60 ? "met" : "not met",
                    c.counts().getOrDefault("insights_created", 0L), c.counts().getOrDefault("insights_updated", 0L),
                    c.counts().getOrDefault("insights_expired", 0L), c.rssMiB());
        }
        // phases in the order of the first cycle that reported them
        List<String> names = new ArrayList<>();
        cycles.forEach(c -> c.phases().forEach(p -> {
            if (!names.contains(p.name())) {
                names.add(p.name());
            }
        }));
        if (names.isEmpty()) {
            System.out.println(
                    "(no per-phase durations: neither the gateway's answer nor ResearchService.Stats carried the steps)");
            return;
        }
        System.out.println();
        System.out.println("phase                | cycle 1 ms | cycle 2 ms | cycle 3 ms | counts of cycle 1");
        System.out.println("---------------------|------------|------------|------------|------------------");
        for (String name : names) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-20s", name));
            String counts = "";
            for (int i = 0; i < 3; i++) {
                Phase phase = i < cycles.size() ? find(cycles.get(i), name) : null;
                row.append(" | ").append(phase == null ? String.format("%10s", "-")
                        : String.format(Locale.ROOT, "%10d", phase.ms()));
                if (i == 0 && phase != null) {
                    counts = (phase.status().equals("DONE") ? "" : phase.status() + " ")
                            + phase.counts().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                                    .collect(Collectors.joining(", "));
                }
            }
            System.out.println(row.append(" | ").append(counts));
        }
    }

    private static Phase find(Cycle cycle, String name) {
        return cycle.phases().stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
    }

    /**
     * Runs one cycle through the gateway and takes its phases from the answer, or — when the answer carries none —
     * from ResearchService.Stats' {@code last_cycle} of the tenant. A gateway that does not offer the job yet (404,
     * 501) is bypassed: the cycle then runs through ResearchService.RunCycle over gRPC, and the table says so.
     */
    private Cycle cycle(GatewayClient gateway, ResearchServiceGrpc.ResearchServiceBlockingStub stub) throws Exception {
        HttpRequest request = gateway.request("/api/v1/admin/jobs/research/cycle").timeout(Duration.ofMinutes(15))
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build();
        long t0 = System.nanoTime();
        String body;
        try {
            body = gateway.send(request);
        } catch (IllegalStateException e) {
            if (!e.getMessage().contains("answered 501") && !e.getMessage().contains("answered 404")) {
                throw e;
            }
            System.err.println("  the gateway does not run research/cycle (" + e.getMessage()
                    + "): ResearchService.RunCycle over gRPC instead");
            long t1 = System.nanoTime();
            JobRunResult result = stub.withDeadlineAfter(15, TimeUnit.MINUTES)
                    .runCycle(RunResearchCycleRequest.newBuilder().setScope(Scope.newBuilder()).build()).getResult();
            double wall = (System.nanoTime() - t1) / 1e9;
            return new Cycle("gRPC", WireNames.constant(result.getStatus()), wall, result.getDurationMs(),
                    result.getCountsMap(), phases(result), researchRss.getAsLong());
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        JsonNode answer = JSON.readTree(body);
        Map<String, Long> counts = counts(answer.path("counts"));
        List<Phase> phases = new ArrayList<>();
        for (JsonNode step : answer.path("steps")) {
            phases.add(new Phase(step.path("name").asText(), status(step.path("status").asText("DONE")),
                    step.path("duration_ms").asLong(), counts(step.path("counts"))));
        }
        if (phases.isEmpty()) {
            var stats = stub.withDeadlineAfter(30, TimeUnit.SECONDS).stats(ResearchStatsRequest.getDefaultInstance());
            if (stats.hasLastCycle()) {
                phases = phases(stats.getLastCycle());
            }
        }
        return new Cycle("gateway", status(answer.path("status").asText()), wall, answer.path("duration_ms").asLong(),
                counts, phases, researchRss.getAsLong());
    }

    private static List<Phase> phases(JobRunResult result) {
        List<Phase> phases = new ArrayList<>();
        for (JobStep step : result.getStepsList()) {
            phases.add(new Phase(step.getName(), WireNames.constant(step.getStatus()), step.getDurationMs(),
                    new TreeMap<>(step.getCountsMap())));
        }
        return phases;
    }

    /** A job status as the gateway's REST answer spells it, in the constants' case ("DONE"). */
    private static String status(String name) {
        return name.toUpperCase(java.util.Locale.ROOT);
    }

    private static Map<String, Long> counts(JsonNode node) {
        Map<String, Long> counts = new TreeMap<>();
        node.properties().forEach(e -> counts.put(e.getKey(), e.getValue().asLong()));
        return counts;
    }

    /** The bench token of {@code label} may run admin jobs too (the local token of ./brain up has scope admin). */
    private void grantAdmin(String label) throws SQLException {
        try (Connection c = stores.connect();
                PreparedStatement update = c.prepareStatement(
                        "update gateway.api_token set scopes = '{read,write,admin}' where label = ?")) {
            update.setString(1, label);
            update.executeUpdate();
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // 2. and 3. the knowledge library

    private void knowledge(String model) throws Exception {
        KnowledgeTopics topics = new KnowledgeTopics();
        // the library's tenant is named by its size (bench-knowledge-10000): a smaller run never grows the full one
        try (GatewayClient gateway = new GatewayClient(gatewayPort, stores::connect, "bench-knowledge",
                "bench-knowledge-" + entries, "bench")) {
            McpClient mcp = new McpClient(gateway).open();
            // the first save (untimed) names the pair: its library directory is <agent>/<user>/
            String path = save(mcp, topics, 0, GROW_BYTES).path("structuredContent").path("knowledge_path").asText();
            String[] segments = path.split("/");
            if (segments.length < 3) {
                throw new IllegalStateException(
                        "knowledge_save answered knowledge_path '" + path + "', not <agent>/<user>/<file>");
            }
            String agent = segments[0];
            String user = segments[1];
            Set<String> stored = storedTopics(user, agent);
            long have = countEntries(user, agent);
            System.out.printf("%n== knowledge: one pair's library through the gateway's MCP tools (pair %s/%s; embedding"
                    + " model %s, provider %s) ==%n", agent, user, model, provider(model));
            System.out.println(
                    "case                                    | entries        | calls | p50 ms | p95 ms | p99 ms | calls/s | target        | research RSS MiB | gateway RSS MiB");
            System.out.println(
                    "----------------------------------------|----------------|-------|--------|--------|--------|---------|---------------|------------------|----------------");
            if (have >= entries) {
                System.out.printf("(the library holds %,d entries from an earlier run: growth not measured again)%n", have);
            } else {
                have = grow(mcp, topics, stored, user, agent, have);
            }
            // questions about topics that are entries (a save the gate took for another topic extended that one)
            search(mcp, topics, storedTopics(user, agent), have);
            bigSaves(mcp, topics, stored, user, agent);
        }
    }

    /** Saves new topics (1.5 KiB distillates) until the pair holds {@code entries}; a row per 1,000 saves. */
    private long grow(McpClient mcp, KnowledgeTopics topics, Set<String> stored, String user, String agent, long have)
            throws Exception {
        int slice = Math.min(1000, Math.max(100, entries / 10));
        List<Long> nanos = new ArrayList<>();
        long sliceFrom = have;
        long started = System.nanoTime();
        for (int n = 1; n < topics.size() && have < entries; n++) {
            if (stored.contains(key(topics.topic(n)))) {
                continue;
            }
            long t0 = System.nanoTime();
            save(mcp, topics, n, GROW_BYTES);
            nanos.add(System.nanoTime() - t0);
            stored.add(key(topics.topic(n)));
            if (nanos.size() == slice) {
                have = countEntries(user, agent);
                row("knowledge_save 1.5 KiB, new topic", String.format("%,d → %,d", sliceFrom, have), nanos,
                        (System.nanoTime() - started) / 1e9, "-");
                System.err.printf("  library at %,d entries%n", have);
                nanos.clear();
                sliceFrom = have;
                started = System.nanoTime();
            }
        }
        if (!nanos.isEmpty()) {
            have = countEntries(user, agent);
            row("knowledge_save 1.5 KiB, new topic", String.format("%,d → %,d", sliceFrom, have), nanos,
                    (System.nanoTime() - started) / 1e9, "-");
        }
        if (have < entries) {
            System.out.printf("(the topics ran out at %,d entries: saves of a topic the gate took for a stored one"
                    + " extended that entry)%n", have);
        }
        return have;
    }

    /** 300 questions about stored topics (two of a topic's three parts), after 20 untimed ones. */
    private void search(McpClient mcp, KnowledgeTopics topics, Set<String> stored, long have) throws Exception {
        List<Integer> known = new ArrayList<>();
        for (int n = 0; n < topics.size(); n++) {
            if (stored.contains(key(topics.topic(n)))) {
                known.add(n);
            }
        }
        if (known.isEmpty()) {
            System.out.println("(no stored topic of the generator found in the library: the search is not measured)");
            return;
        }
        Random random = new Random(5);
        List<Long> nanos = new ArrayList<>();
        int found = 0;
        long searched = 0;
        double nearest = 0;
        for (int i = -WARM_UP; i < SEARCHES; i++) {
            int n = known.get(random.nextInt(known.size()));
            var args = McpClient.arguments().put("query", topics.question(n, random)).put("limit", 5);
            long t0 = System.nanoTime();
            JsonNode result = mcp.callTool("knowledge_search", args);
            long took = System.nanoTime() - t0;
            if (i < 0) {
                continue;
            }
            nanos.add(took);
            JsonNode structured = result.path("structuredContent");
            for (JsonNode entry : structured.path("entries")) {
                if (key(entry.path("topic").asText()).equals(key(topics.topic(n)))) {
                    found++;
                    break;
                }
            }
            searched = Math.max(searched, structured.path("footprint").path("searched").asLong());
            nearest += structured.path("footprint").path("nearest").asDouble();
        }
        row("knowledge_search, limit 5", String.format("%,d", have), nanos, Double.NaN, "≤ 20 ms");
        System.out.printf(Locale.ROOT, "  the asked topic among the 5 entries: %d of %d searches; footprint: searched %,d,"
                + " mean nearest %.2f%n", found, SEARCHES, searched, nearest / SEARCHES);
    }

    /** 100 saves of 20 KiB distillates on topics the library does not hold, after 20 untimed ones. */
    private void bigSaves(McpClient mcp, KnowledgeTopics topics, Set<String> stored, String user, String agent)
            throws Exception {
        List<Integer> fresh = new ArrayList<>();
        for (int n = topics.size() - 1; n > 0 && fresh.size() < WARM_UP + BIG_SAVES; n--) {
            if (!stored.contains(key(topics.topic(n)))) {
                fresh.add(n);
            }
        }
        if (fresh.size() <= WARM_UP) {
            System.out.println("(no new topics left for the 20 KiB saves: every generated topic is stored)");
            return;
        }
        long before = countEntries(user, agent);
        List<Long> nanos = new ArrayList<>();
        Map<String, Integer> statuses = new LinkedHashMap<>();
        long started = 0;
        for (int i = 0; i < fresh.size(); i++) {
            int n = fresh.get(i);
            String distillate = topics.distillate(n, 20 * 1024);
            if (i == WARM_UP) {
                started = System.nanoTime();
            }
            long t0 = System.nanoTime();
            JsonNode result = save(mcp, topics, n, distillate);
            long took = System.nanoTime() - t0;
            stored.add(key(topics.topic(n)));
            if (i >= WARM_UP) {
                nanos.add(took);
                statuses.merge(result.path("structuredContent").path("status").asText("?"), 1, Integer::sum);
            }
        }
        row("knowledge_save 20 KiB, new topic", String.format("%,d → %,d", before, countEntries(user, agent)), nanos,
                Double.NaN, "≤ 50 ms");
        System.out.printf("  gate: %s (%d untimed saves before; topics the library did not hold)%n", statuses, WARM_UP);
    }

    private static JsonNode save(McpClient mcp, KnowledgeTopics topics, int n, int bytes) throws Exception {
        return save(mcp, topics, n, topics.distillate(n, bytes));
    }

    private static JsonNode save(McpClient mcp, KnowledgeTopics topics, int n, String distillate) throws Exception {
        String topic = topics.topic(n);
        String report = "## Queries\n\n| query | hits | relevant | new info |\n|---|---|---|---|\n| " + topic
                + " | 8 | 3 | yes |\n\nChecked against two sources.\n";
        var args = McpClient.arguments().put("topic", topic).put("distillate", distillate)
                .put("salience", 0.5 + (n % 5) * 0.1).put("report", report).put("mode", "research");
        return mcp.callTool("knowledge_save", args);
    }

    private void row(String name, String library, List<Long> nanos, double seconds, String target) {
        long[] values = nanos.stream().mapToLong(Long::longValue).toArray();
        Stats s = Stats.of(values);
        double total = seconds;
        if (Double.isNaN(total)) {
            total = nanos.stream().mapToLong(Long::longValue).sum() / 1e9;
        }
        String verdict = target.equals("-") ? "-"
                : target + ": " + (s.p95() <= Integer.parseInt(target.replaceAll("[^0-9]", ""))
                        ? "met"
                        : "not");
        System.out.printf(Locale.ROOT, "%-39s | %-14s | %5d | %6.1f | %6.1f | %6.1f | %7.1f | %-13s | %16d | %15d%n",
                name, library, values.length, s.p50(), s.p95(), s.p99(), values.length / total, verdict,
                researchRss.getAsLong(), gatewayRss.getAsLong());
    }

    private long countEntries(String user, String agent) throws SQLException {
        try (Connection c = stores.connect(); PreparedStatement count = c.prepareStatement("""
                select count(*) from research.knowledge_entry
                where user_id = ? and agent_id = ? and type = 'knowledge' and active""")) {
            count.setString(1, user);
            count.setString(2, agent);
            try (ResultSet rs = count.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private Set<String> storedTopics(String user, String agent) throws SQLException {
        Set<String> topics = new HashSet<>();
        try (Connection c = stores.connect(); PreparedStatement select = c.prepareStatement("""
                select topic from research.knowledge_entry where user_id = ? and agent_id = ? and type = 'knowledge'""")) {
            select.setString(1, user);
            select.setString(2, agent);
            try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    topics.add(key(rs.getString(1)));
                }
            }
        }
        return topics;
    }

    /** A topic as the comparisons here take it: trimmed, lower case (the service may store it normalised). */
    private static String key(String topic) {
        return topic.strip().toLowerCase(Locale.ROOT);
    }

    /** The provider behind a model name (memory-service: onnx all-minilm-l6-v2-q, hash hash-384). */
    private static String provider(String model) {
        return model.startsWith("hash") ? "hash" : model.contains("minilm") ? "onnx" : "?";
    }
}
