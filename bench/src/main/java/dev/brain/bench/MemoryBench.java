package dev.brain.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import dev.brain.grpc.v1.FloatVector;
import dev.brain.grpc.v1.LongTermMemoryServiceGrpc;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MemoryJob;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PromoteEntryRequest;
import dev.brain.grpc.v1.PromoteEntryResponse;
import dev.brain.grpc.v1.PromotionOutcome;
import dev.brain.grpc.v1.ReadRequest;
import dev.brain.grpc.v1.RecomputeEdgesRequest;
import dev.brain.grpc.v1.RenderOptions;
import dev.brain.grpc.v1.RunJobRequest;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc;
import dev.brain.grpc.v1.WriteEntryRequest;
import dev.brain.tenancy.Tenancy;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.MetadataUtils;

/**
 * memory-service long-term memory over real gRPC (memory.md §16): the read path at 100k nodes / 2M edges
 * (hops 3, query vector, no render) with the share of reads whose anchors equal the exact top 3; promotion of
 * one entry into a pair of 10k nodes; Trigger 2 for a node with 1,000 edges; NODE_DECAY over 1M nodes.
 * Vectors lie around 1,000 random cluster centres (dimension 384), so nearest neighbours are meaningful. The
 * pairs (tenant {@code bench}) are generated once per database with a fixed seed.
 */
final class MemoryBench {

    private static final String TENANT = "bench";
    private static final String AGENT = "bench";
    private static final int DIM = 384;
    private static final int CENTRES = 1000;
    /** Noise per component relative to a centre component: cosine to the centre ≈ 0.78. */
    private static final double NOISE = 0.8;

    private final int port;
    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final LongSupplier rssMiB;
    private final Random random = new Random(11);
    private float[][] centres;

    MemoryBench(int port, String jdbcUrl, String user, String password, LongSupplier rssMiB) {
        this.port = port;
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
        this.rssMiB = rssMiB;
    }

    void run() throws Exception {
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext()
                .maxInboundMessageSize(16 << 20).build();
        try {
            var metadata = MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(TENANT));
            var longTerm = LongTermMemoryServiceGrpc.newBlockingStub(channel).withInterceptors(metadata);
            var shortTerm = ShortTermMemoryServiceGrpc.newBlockingStub(channel).withInterceptors(metadata);
            var admin = MemoryAdminServiceGrpc.newBlockingStub(channel).withInterceptors(metadata);
            ensureCentres();
            Pair read = pair("bench:read-100k");
            Pair promotion = pair("bench:promo-10k");
            Pair trigger2 = pair("bench:trigger2");
            Pair decay = pair("bench:decay-1m");
            ensureNodes(read, 100_000, false);
            ensureEdges(read, 20);
            ensureNodes(promotion, 10_000, false);
            ensureStar(trigger2, 500);
            ensureNodes(decay, 1_000_000, true);
            recordStats(read, promotion, trigger2, decay);
            if (forgetPromotedNodes(promotion)) {
                vacuum(); // an earlier run stopped before its end
            }

            prewarm(read);

            System.out.printf("%n== memory: long-term memory over gRPC ==%n");
            System.out.println(
                    "case                               | data                | calls | p50 ms | p95 ms | p99 ms | calls/s");
            System.out.println(
                    "-----------------------------------|---------------------|-------|--------|--------|--------|--------");
            String readData = String.format("%,d n / %,d e", count("long_term_node", read), count("long_term_edge", read));
            measure("read, hops 3, vector query", readData, 1000, () -> longTerm.withDeadlineAfter(30, TimeUnit.SECONDS)
                    .read(ReadRequest.newBuilder().setPair(read).setQueryVector(query()).setHops(3).build()));
            int exact = 0;
            for (int i = 0; i < 200; i++) {
                FloatVector q = query();
                // hops 0 returns the anchors, ordered by sort weight: compare them as a set
                Set<Long> anchors = longTerm.read(ReadRequest.newBuilder().setPair(read).setQueryVector(q).setHops(0)
                        .build()).getMemoriesList().stream().map(m -> m.getNode().getId()).collect(Collectors.toSet());
                exact += anchors.equals(Set.copyOf(exactTop3(read, q))) ? 1 : 0;
            }
            System.out.printf("  anchors equal to the exact top 3: %d of 200 reads (%.1f %%)%n", exact, exact / 2.0);

            String promotionData = String.format("%,d nodes", count("long_term_node", promotion));
            // a fresh seed per run: the vectors of an earlier run's entries would be duplicates of their nodes
            Random entryRandom = new Random(System.nanoTime());
            long[] entry = { 0 };
            int[] newNodes = { 0 };
            // each entry is written just before its promotion (untimed), so the scheduled promotion job finds no
            // pending entry of the benchmark to promote beside it
            Runnable writeEntry = () -> entry[0] = shortTerm.writeEntry(WriteEntryRequest.newBuilder()
                    .setPair(promotion).setObserver(Observer.OBSERVER_USER)
                    .setContent("bench entry " + System.nanoTime()).setEmbedding(query(entryRandom)).setSalience(0.8)
                    .addTopics("t" + entryRandom.nextInt(2000)).addTopics("t" + entryRandom.nextInt(2000)).build())
                    .getEntry().getId();
            Stats.Run promotions = Stats.time(1000, writeEntry, () -> {
                PromoteEntryResponse r = admin.promoteEntry(PromoteEntryRequest.newBuilder().setPair(promotion)
                        .setId(entry[0]).build());
                newNodes[0] += r.getOutcome() == PromotionOutcome.PROMOTION_OUTCOME_NEW_NODE ? 1 : 0;
            });
            print("promotion of one entry", promotionData, 1000, promotions);
            System.out.printf("  %d of 1,020 promotions created a node (the rest matched an existing one)%n", newNodes[0]);

            long centre = minId(trigger2);
            measure("Trigger 2, node with 1,000 edges", String.format("%,d edges", count("long_term_edge", trigger2)),
                    1000, () -> admin.recomputeEdges(RecomputeEdgesRequest.newBuilder().setPair(trigger2)
                            .addNodeIds(centre).build()));

            long total = countAll("long_term_node where active");
            long t0 = System.nanoTime();
            var result = admin.withDeadlineAfter(10, TimeUnit.MINUTES)
                    .runJob(RunJobRequest.newBuilder().setJob(MemoryJob.MEMORY_JOB_NODE_DECAY).build()).getResult();
            System.out.printf("NODE_DECAY over %,d active nodes: %.1f s (%s)%n", total, (System.nanoTime() - t0) / 1e9,
                    result.getCountsMap());
            forgetPromotedNodes(promotion);
            vacuum();
            System.out.printf("RSS memory-service: %s%n", rssMiB.getAsLong() < 0 ? "unknown (not started by ./brain)"
                    : rssMiB.getAsLong() + " MiB");
        } finally {
            channel.shutdownNow();
        }
    }

    /**
     * {@code memory_recall} where the agent waits for it: {@code POST /api/v1/memory/recall} through the gateway (hops 3,
     * a fresh question each time, so memory-service embeds it with the model it runs), beside the same read straight
     * to memory-service over gRPC with the question's text, alternating. The pair of 100k nodes and 2M edges is the
     * read case's, generated for tenant {@code bench-recall} (a gateway token's pair is its tenant and an agent), whose
     * nodes then get notes of developer words as their content and that content's vectors from memory-service
     * {@code Embed}: questions of the same words find anchors, as a user's questions find their memories.
     */
    /** Calls of each path before the timed ones of {@link #recallThroughGateway}. */
    static final int RECALL_WARM_UP = 1_000;

    void recallThroughGateway(int gatewayPort) throws Exception {
        Pair pair = Pair.newBuilder().setUserId("bench-recall").setAgentId(AGENT).build();
        ensureCentres();
        ensureNodes(pair, 100_000, false);
        ensureEdges(pair, 20);
        recordStats(pair);
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext()
                .maxInboundMessageSize(16 << 20).build();
        ensureNotes(pair, channel);
        prewarm(pair);
        try (GatewayClient gateway = new GatewayClient(gatewayPort, this::connect, "bench-recall", pair.getUserId(), "bench")) {
            var longTerm = LongTermMemoryServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(pair.getUserId())));
            Random words = new Random(System.nanoTime());
            int calls = 300;
            int[] anchors = new int[2];
            long[] direct = new long[calls];
            long[] through = new long[calls];
            // untimed first: the services compile the read path as they serve it, and one bench run's 300 calls are
            // not enough (after a start the gateway added ~5 ms a call over the first few hundred, ~1.5 ms after 3,000)
            for (int i = -RECALL_WARM_UP; i < calls; i++) {
                String question = note(words, 6) + "?";
                String other = note(words, 6) + "?";
                long t0 = System.nanoTime();
                var read = longTerm.withDeadlineAfter(30, TimeUnit.SECONDS).read(ReadRequest.newBuilder().setPair(pair)
                        .setQueryText(question).setHops(3).setTurnId("bench-" + i)
                        .setRender(RenderOptions.newBuilder().setAgentName("Bench")).build());
                long t1 = System.nanoTime();
                String recall = gateway.postJson("/api/v1/memory/recall",
                        "{\"query\":\"" + other + "\",\"hops\":3,\"agent\":\"" + AGENT + "\"}");
                long t2 = System.nanoTime();
                if (i >= 0) {
                    direct[i] = t1 - t0;
                    through[i] = t2 - t1;
                    anchors[0] += read.getAnchorsFound() > 0 ? 1 : 0;
                    anchors[1] += recall.contains("\"anchors_found\":0") ? 0 : 1;
                }
            }
            String data = String.format("%,d n / %,d e", count("long_term_node", pair), count("long_term_edge", pair));
            System.out.printf("%n== memory_recall: hops 3, a fresh question each call (embedded by memory-service), after %,d"
                    + " untimed calls of each ==%n", RECALL_WARM_UP);
            System.out.println(
                    "case                               | data                | calls | p50 ms | p95 ms | p99 ms | target p95");
            System.out.println(
                    "-----------------------------------|---------------------|-------|--------|--------|--------|-----------");
            Stats d = Stats.of(direct);
            Stats g = Stats.of(through);
            System.out.printf("%-34s | %-19s | %5d | %6.1f | %6.1f | %6.1f |%n", "Read over gRPC, question as text", data,
                    calls, d.p50(), d.p95(), d.p99());
            System.out.printf("%-34s | %-19s | %5d | %6.1f | %6.1f | %6.1f | ≤ 30 ms: %s%n", "POST /api/v1/memory/recall",
                    data, calls, g.p50(), g.p95(), g.p99(), g.p95() <= 30 ? "met" : "not met");
            System.out.printf("  calls that found anchors: %d of %d over gRPC, %d of %d through the gateway%n", anchors[0],
                    calls,
                    anchors[1], calls);
        } finally {
            channel.shutdownNow();
        }
    }

    /** Words of the recall pair's notes and questions. */
    private static final String[] WORDS = ("deploy migration postgres index vacuum kafka consumer retry timeout gateway "
            + "token schema flyway quarkus grpc deadline cache caffeine embedding vector hnsw recall memory synapse "
            + "decay promotion entry node edge anchor render session hook prevention rule solution attempt error "
            + "fingerprint template parser stack frame python rust java typescript go shell docker kubernetes helm "
            + "manifest probe liveness readiness replica lock advisory outbox relay event batch import export tenant "
            + "project scope admin write read benchmark latency throughput profile heap native image reflection "
            + "config property secret redaction limit quota circuit breaker fallback test fixture corpus ground truth "
            + "release branch merge rebase commit review pipeline build maven offline dependency version upgrade "
            + "rollback incident alert dashboard metric log trace span query plan generic custom statistics analyze")
            .split(" ");

    private static String note(Random random, int words) {
        StringBuilder note = new StringBuilder();
        for (int i = 0; i < words; i++) {
            note.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return note.toString();
    }

    /**
     * The recall pair's nodes as notes (content {@code note <g>: } and ten words picked by a seed of g) with their
     * content's vectors from memory-service {@code Embed} in batches of 256; once per database.
     */
    private void ensureNotes(Pair pair, ManagedChannel channel) throws SQLException {
        try (Connection c = connect();
                PreparedStatement pending = c.prepareStatement("""
                        select id, source_key from memory.long_term_node where user_id = ? and agent_id = ?
                          and content not like 'note %' order by id limit 256""");
                PreparedStatement store = c.prepareStatement("""
                        with v as (select * from unnest(?::bigint[], ?::text[], ?::text[]) v(id, content, vector)),
                        n as (update memory.long_term_node n set content = v.content from v
                              where n.user_id = ? and n.agent_id = ? and n.id = v.id returning n.id)
                        update memory.long_term_node_embedding e set embedding = v.vector::vector from v
                        where e.user_id = ? and e.agent_id = ? and e.node_id = v.id""")) {
            var embed = dev.brain.grpc.v1.EmbeddingServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(pair.getUserId())));
            pending.setString(1, pair.getUserId());
            pending.setString(2, pair.getAgentId());
            long t0 = System.nanoTime();
            int done = 0;
            while (true) {
                List<Long> ids = new ArrayList<>();
                List<String> notes = new ArrayList<>();
                try (ResultSet rs = pending.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getLong(1));
                        notes.add("note " + rs.getString(2).substring(1) + ": "
                                + note(new Random(rs.getString(2).hashCode()), 10));
                    }
                }
                if (ids.isEmpty()) {
                    break;
                }
                if (done == 0) {
                    System.out.printf("embedding the notes of %s (once) ...%n", pair.getUserId());
                }
                var vectors = embed.withDeadlineAfter(60, TimeUnit.SECONDS)
                        .embed(dev.brain.grpc.v1.EmbedRequest.newBuilder().addAllTexts(notes).build());
                String[] literals = new String[ids.size()];
                for (int i = 0; i < literals.length; i++) {
                    literals[i] = Vectors.literal(vectors.getVectors(i));
                }
                store.setArray(1, c.createArrayOf("bigint", ids.toArray()));
                store.setArray(2, c.createArrayOf("text", notes.toArray()));
                store.setArray(3, c.createArrayOf("text", literals));
                for (int i : new int[] { 4, 6 }) {
                    store.setString(i, pair.getUserId());
                    store.setString(i + 1, pair.getAgentId());
                }
                store.executeUpdate();
                done += ids.size();
            }
            if (done > 0) {
                System.out.printf("(embedded %,d notes in %.0f s)%n", done, (System.nanoTime() - t0) / 1e9);
                try (Statement s = c.createStatement()) {
                    s.execute("vacuum (analyze) memory.long_term_node, memory.long_term_node_embedding");
                }
            }
        }
    }

    private static void measure(String name, String data, int calls, Runnable call) {
        print(name, data, calls, Stats.time(calls, call));
    }

    private static void print(String name, String data, int calls, Stats.Run run) {
        System.out.printf("%-34s | %-19s | %5d | %6.1f | %6.1f | %6.1f | %7.0f%n", name, data, calls, run.stats().p50(),
                run.stats().p95(), run.stats().p99(), run.perSecond());
    }

    private static Pair pair(String userId) {
        return Pair.newBuilder().setUserId(userId).setAgentId(AGENT).build();
    }

    /** A query near a random centre, like the nodes. */
    private FloatVector query() {
        return query(random);
    }

    private FloatVector query(Random random) {
        float[] centre = centres[random.nextInt(CENTRES)];
        FloatVector.Builder v = FloatVector.newBuilder();
        for (int d = 0; d < DIM; d++) {
            v.addValues((float) (centre[d] + NOISE * (random.nextDouble() - 0.5)));
        }
        return v.build();
    }

    private List<Long> exactTop3(Pair pair, FloatVector q) throws SQLException {
        try (Connection c = connect()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("set local enable_indexscan = off");
                s.execute("set local enable_bitmapscan = off");
            }
            try (PreparedStatement s = c.prepareStatement("select n.id from memory.long_term_node n"
                    + " join memory.long_term_node_embedding e on e.node_id = n.id and e.user_id = n.user_id"
                    + " and e.agent_id = n.agent_id where n.user_id = ? and n.agent_id = ?"
                    + " and n.active order by e.embedding <=> ?::vector, n.id limit 3")) {
                s.setString(1, pair.getUserId());
                s.setString(2, pair.getAgentId());
                s.setString(3, Vectors.literal(q));
                List<Long> ids = new ArrayList<>();
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getLong(1));
                    }
                }
                c.rollback();
                return ids;
            }
        }
    }

    /** The cluster centres, stored once in table bench_centre (public schema) so data and queries share them. */
    private void ensureCentres() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("create table if not exists public.bench_centre (id int primary key, v real[] not null)");
            try (ResultSet rs = s.executeQuery("select count(*) from public.bench_centre")) {
                rs.next();
                if (rs.getLong(1) < CENTRES) {
                    s.execute("truncate public.bench_centre");
                    s.execute("select setseed(0.5)");
                    s.execute("insert into public.bench_centre select id, array_agg((random() - 0.5)::real order by d)"
                            + " from generate_series(1, " + CENTRES + ") id, generate_series(1, " + DIM + ") d group by id");
                }
            }
            centres = new float[CENTRES][];
            try (ResultSet rs = s.executeQuery("select id, v from public.bench_centre order by id")) {
                while (rs.next()) {
                    Float[] v = (Float[]) rs.getArray(2).getArray();
                    float[] f = new float[DIM];
                    for (int d = 0; d < DIM; d++) {
                        f[d] = v[d];
                    }
                    centres[rs.getInt(1) - 1] = f;
                }
            }
        }
    }

    /**
     * {@code size} nodes of the pair, generated once: vectors around the centres (zero vectors for the decay
     * pair, which only the decay job reads — zero vectors stay out of the cosine HNSW index, so a million of
     * them are cheap to generate), two topics of 2,000 and one entity of 2,000 each, salience 0.5–1.
     */
    private void ensureNodes(Pair pair, int size, boolean zeroVectors) throws SQLException {
        if (count("long_term_node", pair) >= size) {
            return;
        }
        System.out.printf("generating %,d nodes for %s (once) ...%n", size, pair.getUserId());
        String vector = zeroVectors ? "array_fill(0::real, array[" + DIM + "])::vector"
                : "(select array_agg(c.v[d] + " + NOISE + " * (random() - 0.5) order by d) from generate_series(1, "
                        + DIM + ") d)::vector";
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("select setseed(0.25)");
            s.execute(("""
                    with x as materialized (
                        select g, 1 + floor(random() * 2000)::int as t1, 1 + floor(random() * 2000)::int as t2,
                               0.5 + random() * 0.5 as w, 1 + floor(random() * %4$d)::int as centre
                          from generate_series(1, %5$d) g),
                    n as (
                        insert into memory.long_term_node (user_id, agent_id, observer, source_key, content, topics,
                            topic_keys, entity_ids, entry_created_at, raw_weight, absolute_weight, decay_weight,
                            decay_base, decay_base_at, frequency, active, created_at, reinforced_at)
                        select '%1$s', '%2$s', 'user', 'n' || g, 'bench memory ' || g,
                               array['t' || t1, 't' || t2], array['t' || t1, 't' || t2], array[1 + (g %% 2000)::bigint],
                               now(), w, w * 4, w * 4, w * 4, now(), 1, true, now(), now()
                          from x
                        on conflict do nothing
                        returning id, source_key)
                    insert into memory.long_term_node_embedding (node_id, user_id, agent_id, embedding)
                    select n.id, '%1$s', '%2$s', %3$s
                      from n join x on 'n' || x.g = n.source_key
                      join public.bench_centre c on c.id = x.centre""").formatted(pair.getUserId(), pair.getAgentId(),
                    vector, CENTRES, size));
            s.execute("analyze memory.long_term_node");
            s.execute("analyze memory.long_term_node_embedding");
        }
    }

    /**
     * The pairs' {@code partition_stats} rows, as promotion keeps them for real pairs (the read path decides between
     * an exact scan and the HNSW index by the recorded active count); the generators insert nodes in SQL.
     */
    private void recordStats(Pair... pairs) throws SQLException {
        try (Connection c = connect(); PreparedStatement s = c.prepareStatement("""
                insert into memory.partition_stats as ps (user_id, agent_id, node_count, active_count, edge_count)
                select ?, ?, (select count(*) from memory.long_term_node where user_id = ? and agent_id = ?),
                       (select count(*) from memory.long_term_node where user_id = ? and agent_id = ? and active),
                       (select count(*) from memory.long_term_edge where user_id = ? and agent_id = ?)
                on conflict (user_id, agent_id) do update set node_count = excluded.node_count,
                    active_count = excluded.active_count, edge_count = excluded.edge_count""")) {
            for (Pair pair : pairs) {
                for (int i = 1; i <= 8; i += 2) {
                    s.setString(i, pair.getUserId());
                    s.setString(i + 1, pair.getAgentId());
                }
                s.executeUpdate();
            }
        }
    }

    /**
     * The promotion pair back to its generated nodes (source keys {@code n<g>}), deleting the nodes the run
     * promoted (their edges and vectors go by cascade): the case is for a pair of 10k nodes. Whether any were left.
     */
    private boolean forgetPromotedNodes(Pair pair) throws SQLException {
        try (Connection c = connect();
                PreparedStatement s = c.prepareStatement("delete from memory.long_term_node"
                        + " where user_id = ? and agent_id = ? and source_key !~ '^n[0-9]+$'")) {
            s.setString(1, pair.getUserId());
            s.setString(2, pair.getAgentId());
            if (s.executeUpdate() == 0) {
                return false;
            }
        }
        recordStats(pair);
        return true;
    }

    /**
     * At the end, the tables as a deployment's autovacuum would leave them for the next run: without it (CI machines
     * run PostgreSQL with autovacuum off) every run's decay, Trigger 2 and promotions leave dead row versions behind
     * for the next run to read.
     */
    private void vacuum() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("vacuum (analyze) memory.long_term_node, memory.long_term_node_embedding, memory.long_term_edge,"
                    + " memory.short_term_entry, memory.partition_stats");
        }
    }

    /**
     * §16 measures "data warm". After a restart of PostgreSQL its buffer cache is empty, and the read case's first
     * few hundred reads would measure disk and page-cache copies instead of the read path; 20 warm-up reads touch a
     * small part of 2M edges. So the relations a read walks are loaded into the buffer cache first with pg_prewarm
     * (installed by scripts/db-bootstrap.sh): the nodes, the edges, the nodes' primary key, the edges' indexes,
     * the read pair's vector partition and its indexes — most used last, so that what a small shared_buffers
     * evicts again is the least used (with PostgreSQL's default of 128 MB this warms little).
     */
    private void prewarm(Pair pair) throws SQLException {
        String relations = """
                with part as (select tableoid as oid from memory.long_term_node_embedding
                              where user_id = ? and agent_id = ? limit 1),
                     wanted as (
                       select i.indexrelid as oid, 1 as o from pg_index i join part on i.indrelid = part.oid
                       union all select oid, 2 from part
                       union all select i.indexrelid, 3 from pg_index i where i.indrelid = 'memory.long_term_edge'::regclass
                       union all select 'memory.long_term_node_pkey'::regclass, 4
                       union all select 'memory.long_term_edge'::regclass, 5
                       union all select 'memory.long_term_node'::regclass, 6)
                select oid::regclass::text from wanted order by o desc, oid""";
        long t0 = System.nanoTime();
        long blocks = 0;
        try (Connection c = connect()) {
            List<String> names = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(relations)) {
                s.setString(1, pair.getUserId());
                s.setString(2, pair.getAgentId());
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        names.add(rs.getString(1));
                    }
                }
            }
            for (String name : names) {
                try (PreparedStatement s = c.prepareStatement("select pg_prewarm(?::regclass)")) {
                    s.setString(1, name);
                    try (ResultSet rs = s.executeQuery()) {
                        rs.next();
                        blocks += rs.getLong(1);
                    }
                }
            }
        } catch (SQLException e) {
            System.out.printf("(no prewarm: %s; the read case starts with what PostgreSQL's cache holds)%n",
                    e.getMessage().lines().findFirst().orElse(""));
            return;
        }
        System.out.printf("(prewarmed %,d MiB of the read pair's relations in %.1f s)%n", blocks * 8 / 1024,
                (System.nanoTime() - t0) / 1e9);
    }

    /** {@code perNode} outgoing edges per node to random nodes of the pair, generated once. */
    private void ensureEdges(Pair pair, int perNode) throws SQLException {
        long nodes = count("long_term_node", pair);
        if (count("long_term_edge", pair) >= nodes * perNode * 0.9) {
            return;
        }
        System.out.printf("generating %,d edges for %s (once) ...%n", nodes * perNode, pair.getUserId());
        long first = minId(pair);
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("select setseed(0.75)");
            s.execute(("""
                    insert into memory.long_term_edge (user_id, agent_id, from_node_id, to_node_id, raw_weight,
                        absolute_weight, reasons, shared_topics, embedding_cosine_initial, layer_count, created_at)
                    select '%1$s', '%2$s', f, t, w, w, '{embedding,topics}', '{t}', 0.6, 2, now()
                      from (select n.id as f, %3$d + floor(random() * %4$d)::bigint as t, 1 + random() * 7 as w
                              from memory.long_term_node n, generate_series(1, %5$d) k
                             where n.user_id = '%1$s' and n.agent_id = '%2$s') x
                     where f <> t
                    on conflict do nothing""").formatted(pair.getUserId(), pair.getAgentId(), first, nodes, perNode));
            s.execute("analyze memory.long_term_edge");
        }
    }

    /** A centre node with edges to and from {@code neighbours} nodes (2 × neighbours directed edges). */
    private void ensureStar(Pair pair, int neighbours) throws SQLException {
        ensureNodes(pair, neighbours + 1, false);
        if (count("long_term_edge", pair) >= 2L * neighbours) {
            return;
        }
        long centre = minId(pair);
        String columns = "insert into memory.long_term_edge (user_id, agent_id, from_node_id, to_node_id, raw_weight,"
                + " absolute_weight, reasons, shared_entity_ids, shared_topics, embedding_cosine_initial, layer_count,"
                + " created_at) select ?, ?, ";
        String rest = ", 1, 1, '{entity,embedding,topics}', '{1}', '{t}', 0.7, 3, now() from memory.long_term_node n"
                + " where n.user_id = ? and n.agent_id = ? and n.id <> ? on conflict do nothing";
        try (Connection c = connect()) {
            for (String ends : new String[] { "n.id, " + centre, centre + ", n.id" }) {
                try (PreparedStatement s = c.prepareStatement(columns + ends + rest)) {
                    s.setString(1, pair.getUserId());
                    s.setString(2, pair.getAgentId());
                    s.setString(3, pair.getUserId());
                    s.setString(4, pair.getAgentId());
                    s.setLong(5, centre);
                    s.executeUpdate();
                }
            }
        }
    }

    private long minId(Pair pair) throws SQLException {
        try (Connection c = connect();
                PreparedStatement s = c.prepareStatement(
                        "select min(id) from memory.long_term_node where user_id = ? and agent_id = ?")) {
            s.setString(1, pair.getUserId());
            s.setString(2, pair.getAgentId());
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private long count(String table, Pair pair) throws SQLException {
        try (Connection c = connect();
                PreparedStatement s = c.prepareStatement(
                        "select count(*) from memory." + table + " where user_id = ? and agent_id = ?")) {
            s.setString(1, pair.getUserId());
            s.setString(2, pair.getAgentId());
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private long countAll(String tableAndCondition) throws SQLException {
        try (Connection c = connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select count(*) from memory." + tableAndCondition)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, user, password);
    }
}
