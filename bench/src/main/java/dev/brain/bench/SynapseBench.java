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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import dev.brain.grpc.v1.ActivateRequest;
import dev.brain.grpc.v1.FindPathRequest;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MemoryJob;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.RunJobRequest;
import dev.brain.grpc.v1.StrengthenRequest;
import dev.brain.grpc.v1.SynapseServiceGrpc;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.tenancy.Tenancy;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.MetadataUtils;

/**
 * memory-service synapse network over real gRPC (memory.md §16): spreading activation at depth 3 and the
 * strongest path at 100k and 1M synapses of one tenant (power-law degrees, weights uniform in [0.05, 1]),
 * strengthen throughput with 16 concurrent clients, and one decay run over the 1M+ synapses. Data is
 * generated once per database with a fixed seed (tenants {@code bench-syn-100k}, {@code bench-syn-1m}) and
 * reused by later runs.
 */
final class SynapseBench {

    private final int port;
    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final LongSupplier rssMiB;

    SynapseBench(int port, String jdbcUrl, String user, String password, LongSupplier rssMiB) {
        this.port = port;
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
        this.rssMiB = rssMiB;
    }

    void run() throws Exception {
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
        try {
            System.out.printf("%n== synapses: memory-service SynapseService over gRPC ==%n");
            System.out.println("case                         | synapses  | calls | p50 ms | p95 ms | p99 ms | calls/s");
            System.out.println("-----------------------------|-----------|-------|--------|--------|--------|--------");
            for (int size : new int[] { 100_000, 1_000_000 }) {
                String tenant = "bench-syn-" + (size / 1000) + "k";
                int nodes = ensureGraph(tenant, size);
                long synapses = count(tenant);
                var stub = SynapseServiceGrpc.newBlockingStub(channel)
                        .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
                Random random = new Random(7);
                measure("activate depth 3", synapses, 1000, () -> stub.withDeadlineAfter(30, TimeUnit.SECONDS)
                        .activate(ActivateRequest.newBuilder().setStart(node(random, nodes)).setMaxDepth(3).build()));
                // pairs that are related (the target is among the start's activated nodes), as brain_connections is used
                List<NodeRef[]> pairs = new ArrayList<>();
                while (pairs.size() < 300) {
                    NodeRef from = node(random, nodes);
                    var reached = stub.activate(ActivateRequest.newBuilder().setStart(from).setMaxDepth(3).build())
                            .getNodesList();
                    if (!reached.isEmpty()) {
                        pairs.add(new NodeRef[] { from, reached.get(random.nextInt(reached.size())).getNode() });
                    }
                }
                AtomicLong exhausted = new AtomicLong();
                java.util.Iterator<NodeRef[]> next = pairs.iterator();
                measure("find path (related pair)", synapses, 280, () -> {
                    NodeRef[] pair = next.next();
                    try {
                        stub.withDeadlineAfter(60, TimeUnit.SECONDS)
                                .findPath(FindPathRequest.newBuilder().setFrom(pair[0]).setTo(pair[1]).build());
                    } catch (io.grpc.StatusRuntimeException e) {
                        if (e.getStatus().getCode() != io.grpc.Status.Code.RESOURCE_EXHAUSTED) {
                            throw e;
                        }
                        exhausted.incrementAndGet();
                    }
                });
                if (exhausted.get() > 0) {
                    System.out.printf("  (%d of 300 path searches hit the expansion limit: RESOURCE_EXHAUSTED)%n",
                            exhausted.get());
                }
            }
            strengthenThroughput(channel);
            var admin = MemoryAdminServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor("bench")));
            long total = countAll();
            long t0 = System.nanoTime();
            var decay = admin.withDeadlineAfter(10, TimeUnit.MINUTES)
                    .runJob(RunJobRequest.newBuilder().setJob(MemoryJob.MEMORY_JOB_SYNAPSE_DECAY).build());
            System.out.printf("decay run over %,d synapses: %.1f s (updated %,d, pruned %,d)%n", total,
                    (System.nanoTime() - t0) / 1e9, decay.getResult().getCountsMap().getOrDefault("updated", 0L),
                    decay.getResult().getCountsMap().getOrDefault("pruned", 0L));
            System.out.printf("RSS memory-service: %s%n", rssMiB.getAsLong() < 0 ? "unknown (not started by ./brain)"
                    : rssMiB.getAsLong() + " MiB");
        } finally {
            channel.shutdownNow();
        }
    }

    private static NodeRef node(Random random, int nodes) {
        // starts drawn like the sources: hubs are visited as often as the degree distribution says
        return NodeRef.newBuilder().setType(NodeType.NODE_TYPE_ERROR)
                .setId(1 + (long) Math.floor(nodes * Math.pow(random.nextDouble(), 3))).build();
    }

    private static void measure(String name, long synapses, int calls, Runnable call) {
        Stats.Run run = Stats.time(calls, call);
        System.out.printf("%-28s | %9d | %5d | %6.1f | %6.1f | %6.1f | %7.0f%n", name, synapses, calls, run.stats().p50(),
                run.stats().p95(), run.stats().p99(), run.perSecond());
    }

    private void strengthenThroughput(ManagedChannel channel) throws Exception {
        var stub = SynapseServiceGrpc.newBlockingStub(channel)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor("bench-strengthen")));
        int clients = 16;
        long durationNanos = TimeUnit.SECONDS.toNanos(10);
        AtomicLong calls = new AtomicLong();
        List<long[]> latencies = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<long[]>> futures = new ArrayList<>();
        long start = System.nanoTime();
        for (int c = 0; c < clients; c++) {
            int seed = c;
            futures.add(pool.submit(() -> {
                Random random = new Random(seed);
                long[] mine = new long[200_000];
                int n = 0;
                while (System.nanoTime() - start < durationNanos && n < mine.length) {
                    long from = 1 + random.nextInt(5_000);
                    long to = 1 + random.nextInt(5_000);
                    if (from == to) {
                        continue;
                    }
                    long t0 = System.nanoTime();
                    stub.strengthen(StrengthenRequest.newBuilder()
                            .setSource(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_ERROR).setId(from))
                            .setTarget(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_SOLUTION).setId(to))
                            .setType(SynapseType.SYNAPSE_TYPE_SOLVES).build());
                    mine[n++] = System.nanoTime() - t0;
                    calls.incrementAndGet();
                }
                return java.util.Arrays.copyOf(mine, n);
            }));
        }
        for (Future<long[]> f : futures) {
            latencies.add(f.get());
        }
        pool.shutdown();
        double seconds = (System.nanoTime() - start) / 1e9;
        long[] all = latencies.stream().flatMapToLong(java.util.Arrays::stream).toArray();
        Stats stats = Stats.of(all);
        System.out.printf("%-28s | %9s | %5d | %6.1f | %6.1f | %6.1f | %7.0f%n", "strengthen, 16 clients", "-",
                calls.get(), stats.p50(), stats.p95(), stats.p99(), calls.get() / seconds);
    }

    /** Generates the tenant's graph once: {@code size} synapses over size/5 nodes, sources power-law. */
    private int ensureGraph(String tenant, int size) throws SQLException {
        int nodes = size / 5;
        if (count(tenant) >= size * 0.9) {
            return nodes;
        }
        System.out.printf("generating %,d synapses for %s (once) ...%n", size, tenant);
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("select setseed(0.42)");
            s.execute(
                    """
                            insert into memory.synapse (tenant, source_type, source_id, target_type, target_id, synapse_type,
                                                        weight, base_weight, activation_count, last_activated_at, created_at)
                            select '%s', 'error', src, 'error', dst, type, w, w, 1, now() - random() * interval '60 days', now()
                              from (select 1 + floor(%d * power(random(), 3))::bigint as src,
                                           1 + floor(random() * %d)::bigint as dst,
                                           (array['solves','causes','similar_to','co_occurs','prevents'])[1 + floor(random() * 5)::int] as type,
                                           0.05 + random() * 0.95 as w
                                      from generate_series(1, %d)) g
                             where src <> dst
                            on conflict do nothing"""
                            .formatted(tenant, nodes, nodes, (int) (size * 1.02)));
            s.execute("analyze memory.synapse");
        }
        return nodes;
    }

    private long count(String tenant) throws SQLException {
        try (Connection c = connect();
                PreparedStatement s = c.prepareStatement("select count(*) from memory.synapse where tenant = ?")) {
            s.setString(1, tenant);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private long countAll() throws SQLException {
        try (Connection c = connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select count(*) from memory.synapse")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, user, password);
    }
}
