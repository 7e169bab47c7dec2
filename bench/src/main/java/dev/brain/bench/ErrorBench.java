package dev.brain.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.grpc.v1.EmbedRequest;
import dev.brain.grpc.v1.EmbedResponse;
import dev.brain.grpc.v1.EmbeddingServiceGrpc;
import dev.brain.grpc.v1.ErrorServiceGrpc;
import dev.brain.grpc.v1.QueryErrorsRequest;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.Scope;
import dev.brain.tenancy.Tenancy;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.MetadataUtils;

/**
 * error-service over real gRPC (error-code.md §17): the corpus replay with its ground truth (re-occurrences
 * linked, rows wrongly merged across templates), ReportError latency with 10k and 100k stored errors (cold
 * and recurring reports 50/50), QueryErrors latency, and sustained reports/s with 16 concurrent clients.
 * Stores of 10k/100k errors are generated once per database in SQL (tenants {@code bench-err-10k},
 * {@code bench-err-100k}) from the corpus' error shapes, each with a distinct identifier.
 */
final class ErrorBench {

    private final int port;
    private final int memoryPort;
    private final Path corpus;
    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final LongSupplier rssMiB;
    private final List<JsonNode> rows = new ArrayList<>();

    ErrorBench(int port, int memoryPort, Path corpus, String jdbcUrl, String user, String password, LongSupplier rssMiB) {
        this.port = port;
        this.memoryPort = memoryPort;
        this.corpus = corpus;
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
        this.rssMiB = rssMiB;
    }

    void run() throws Exception {
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(corpus)) {
            if (!line.isBlank()) {
                rows.add(json.readTree(line));
            }
        }
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext()
                .maxInboundMessageSize(16 * 1024 * 1024).build();
        try {
            corpusReplay(channel);
            System.out.printf("%n== errors: error-service ReportError / QueryErrors over gRPC ==%n");
            System.out.println("case                              | stored  | calls | p50 ms | p95 ms | p99 ms | calls/s | CPU ms/call");
            System.out.println("----------------------------------|---------|-------|--------|--------|--------|---------|------------");
            long embedded = 0;
            for (int size : new int[] {10_000, 100_000}) {
                String tenant = "bench-err-" + (size / 1000) + "k";
                ensureStore(tenant, size);
                embedded += embedStore(tenant);
            }
            if (embedded > 100) {
                // every embedded row left a dead version (this machine's PostgreSQL runs with autovacuum off)
                try (Connection c = DriverManager.getConnection(jdbcUrl, user, password); Statement vacuum = c.createStatement()) {
                    vacuum.execute("vacuum analyze error.error, error.error_embedding, error.error_recency");
                }
            }
            for (int size : new int[] {10_000, 100_000}) {
                String tenant = "bench-err-" + (size / 1000) + "k";
                var stub = stub(channel, tenant);
                Random random = new Random(11);
                long stored = count(tenant);
                // warm-up
                for (int i = 0; i < 100; i++) {
                    report(stub, recurring(random));
                }
                long[] nanos = new long[1000];
                double cpu = Stats.machineCpuSeconds();
                for (int i = 0; i < nanos.length; i++) {
                    String output = i % 2 == 0 ? cold(random) : recurring(random);
                    long t0 = System.nanoTime();
                    report(stub, output);
                    nanos[i] = System.nanoTime() - t0;
                }
                print("report (cold/recurring 50/50)", stored, nanos, Stats.machineCpuSeconds() - cpu);
                long[] queries = new long[300];
                cpu = Stats.machineCpuSeconds();
                for (int i = 0; i < queries.length; i++) {
                    String q = firstLine(rows.get(random.nextInt(rows.size())).get("raw_output").asText());
                    long t0 = System.nanoTime();
                    stub.withDeadlineAfter(30, TimeUnit.SECONDS).queryErrors(QueryErrorsRequest.newBuilder()
                            .setScope(Scope.newBuilder().setProject("bench")).setQuery(q).build());
                    queries[i] = System.nanoTime() - t0;
                }
                print("query (pasted first line)", stored, queries, Stats.machineCpuSeconds() - cpu);
                if (size == 100_000) {
                    throughput(channel, tenant, stored);
                }
            }
            System.out.printf("error-service RSS after the runs: %d MiB%n", rssMiB.getAsLong());
        } finally {
            channel.shutdownNow();
        }
    }

    private void corpusReplay(ManagedChannel channel) {
        String tenant = "bench-corpus-" + System.currentTimeMillis();
        var stub = stub(channel, tenant);
        Map<String, Long> idOf = new HashMap<>();
        Map<Long, Set<String>> templatesOf = new HashMap<>();
        long[] nanos = new long[rows.size()];
        int reoccurrences = 0;
        int linked = 0;
        int sameRow = 0;
        for (int i = 0; i < rows.size(); i++) {
            JsonNode row = rows.get(i);
            long t0 = System.nanoTime();
            ReportErrorResponse r = stub.withDeadlineAfter(30, TimeUnit.SECONDS).reportError(ReportErrorRequest.newBuilder()
                    .setScope(Scope.newBuilder().setProject("corpus")).setRawOutput(row.get("raw_output").asText())
                    .setCommand(row.path("command").asText("")).build());
            nanos[i] = System.nanoTime() - t0;
            long id = r.getError().getId();
            idOf.put(row.get("id").asText(), id);
            templatesOf.computeIfAbsent(id, k -> new HashSet<>()).add(row.get("template").asText());
            if (row.hasNonNull("expect_same_as")) {
                reoccurrences++;
                Long first = idOf.get(row.get("expect_same_as").asText());
                if (first != null && first == id) {
                    linked++;
                    sameRow++;
                } else if (first != null && r.getMatchesList().stream().anyMatch(m -> m.getError().getId() == first)) {
                    linked++;
                }
            }
        }
        long wronglyMerged = templatesOf.values().stream().filter(t -> t.size() > 1).count();
        Stats s = Stats.of(nanos);
        System.out.printf("%n== errors: corpus replay (%d reports of %d known errors, ground truth) ==%n", rows.size(),
                rows.stream().map(r -> r.get("template").asText()).distinct().count());
        System.out.println("re-occurrences | linked to first | same stored row | rows merged across templates | p50 ms | p95 ms | p99 ms");
        System.out.println("---------------|-----------------|-----------------|------------------------------|--------|--------|-------");
        System.out.printf("%14d | %15d | %15d | %28d | %6.1f | %6.1f | %6.1f%n", reoccurrences, linked, sameRow,
                wronglyMerged, s.p50(), s.p95(), s.p99());
    }

    /**
     * §17's sustained throughput: 16 clients report as fast as they are answered. The first {@code WARM_UP_SECONDS}
     * are not counted: before them the services had only sequential calls, and under the first seconds of
     * concurrent load the JVMs still compile (error-service's JIT compiler took 6.5 % of the machine's CPU over an
     * uncounted 30 s run); a sustained load runs compiled code.
     */
    private static final long WARM_UP_SECONDS = 10;

    private void throughput(ManagedChannel channel, String tenant, long stored) throws Exception {
        int clients = 16;
        long seconds = 30;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        AtomicLong calls = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        List<long[]> samples = new ArrayList<>();
        long counted = System.nanoTime() + TimeUnit.SECONDS.toNanos(WARM_UP_SECONDS);
        long end = counted + TimeUnit.SECONDS.toNanos(seconds);
        double[] cpuBefore = {Double.NaN};
        CountDownLatch warm = new CountDownLatch(clients);
        List<Future<?>> futures = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            long[] mine = new long[200_000];
            samples.add(mine);
            int seed = c;
            futures.add(pool.submit(() -> {
                var stub = stub(channel, tenant);
                Random random = new Random(100 + seed);
                while (System.nanoTime() < counted) {
                    try {
                        report(stub, random.nextBoolean() ? cold(random) : recurring(random));
                    } catch (RuntimeException e) {
                        failures.incrementAndGet();
                    }
                }
                warm.countDown();
                int n = 0;
                while (System.nanoTime() < end && n < mine.length) {
                    long t0 = System.nanoTime();
                    try {
                        report(stub, random.nextBoolean() ? cold(random) : recurring(random));
                        mine[n++] = System.nanoTime() - t0;
                        calls.incrementAndGet();
                    } catch (RuntimeException e) {
                        failures.incrementAndGet();
                    }
                }
                mine[mine.length - 1] = n;
            }));
        }
        warm.await();
        cpuBefore[0] = Stats.machineCpuSeconds();
        for (Future<?> f : futures) {
            f.get();
        }
        pool.shutdown();
        double cpuMsPerCall = (Stats.machineCpuSeconds() - cpuBefore[0]) * 1000 / calls.get();
        List<Long> all = new ArrayList<>();
        for (long[] mine : samples) {
            int n = (int) mine[mine.length - 1];
            for (int i = 0; i < n; i++) {
                all.add(mine[i]);
            }
        }
        long[] nanos = all.stream().mapToLong(Long::longValue).toArray();
        Stats s = Stats.of(nanos);
        System.out.printf("%-33s | %7d | %5d | %6.1f | %6.1f | %6.1f | %7.0f | %10.1f%n", "report, 16 clients, " + seconds + " s",
                stored, calls.get(), s.p50(), s.p95(), s.p99(), calls.get() / (double) seconds, cpuMsPerCall);
        System.out.printf("failed calls in the throughput run (its %d s warm-up included): %d; CPU ms/call: every process on the"
                + " machine (bench, services, PostgreSQL; steal excluded) per call — %d cores allow at most %.0f reports/s at %.1f ms%n",
                WARM_UP_SECONDS, failures.get(), Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().availableProcessors() * 1000 / cpuMsPerCall, cpuMsPerCall);
    }

    /** One row of the table; {@code cpuSeconds}: the machine's CPU time over the case (see {@link Stats#machineCpuSeconds}). */
    private static void print(String name, long stored, long[] nanos, double cpuSeconds) {
        Stats s = Stats.of(nanos);
        double total = 0;
        for (long n : nanos) {
            total += n;
        }
        System.out.printf("%-33s | %7d | %5d | %6.1f | %6.1f | %6.1f | %7.0f | %10.1f%n", name, stored, nanos.length,
                s.p50(), s.p95(), s.p99(), nanos.length / (total / 1e9), cpuSeconds * 1000 / nanos.length);
    }

    private static ErrorServiceGrpc.ErrorServiceBlockingStub stub(ManagedChannel channel, String tenant) {
        return ErrorServiceGrpc.newBlockingStub(channel)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
    }

    private static void report(ErrorServiceGrpc.ErrorServiceBlockingStub stub, String output) {
        stub.withDeadlineAfter(30, TimeUnit.SECONDS).reportError(ReportErrorRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject("bench")).setRawOutput(output).build());
    }

    private String recurring(Random random) {
        return rows.get(random.nextInt(rows.size())).get("raw_output").asText();
    }

    /** Distinguishes this run's cold reports from an earlier run's (the random sequences repeat). */
    private final String run = Long.toString(System.currentTimeMillis(), 36);

    /** A corpus error made new: its first line gets a quoted identifier distinct in this run and every other. */
    private String cold(Random random) {
        String raw = recurring(random);
        int nl = raw.indexOf('\n');
        String word = "'b" + run + Long.toString(random.nextLong() & Long.MAX_VALUE, 36) + "'";
        return nl < 0 ? raw + " " + word : raw.substring(0, nl) + " " + word + raw.substring(nl);
    }

    private static String firstLine(String raw) {
        return raw.lines().filter(l -> !l.isBlank()).findFirst().orElse(raw).strip();
    }

    private long count(String tenant) throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, password);
                PreparedStatement s = c.prepareStatement("select count(*) from error.error where tenant = ?")) {
            s.setString(1, tenant);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /**
     * Gives the store's errors without a vector theirs, as the embedding worker does within seconds of a report
     * (its text: {@code type: template} and the task context's first 1,000 characters; vectors from memory-service
     * {@code Embed}) but without the worker's late match of each row, which would take over an hour for the generated
     * rows. A store without vectors is no user's store: the query's vector list then scans the index in vain.
     */
    private long embedStore(String tenant) throws SQLException {
        ManagedChannel memory = ManagedChannelBuilder.forAddress("127.0.0.1", memoryPort).usePlaintext()
                .maxInboundMessageSize(64 * 1024 * 1024).build();
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, password);
                PreparedStatement pending = c.prepareStatement("""
                        select id, error_type || ': ' || message_template
                               || coalesce(E'\\n' || nullif(left(task_context, 1000), ''), '')
                        from error.error where tenant = ? and embedded_at is null order by id limit 256""");
                PreparedStatement store = c.prepareStatement("""
                        with v as (select * from unnest(?::bigint[], ?::text[]) v(id, vector)),
                        marked as (update error.error e set embedded_at = now() from v where e.id = v.id)
                        insert into error.error_embedding (error_id, tenant, embedding)
                        select v.id, ?, v.vector::vector from v""")) {
            var stub = EmbeddingServiceGrpc.newBlockingStub(memory)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
            pending.setString(1, tenant);
            long embedded = 0;
            long t0 = System.nanoTime();
            while (true) {
                List<Long> ids = new ArrayList<>();
                List<String> texts = new ArrayList<>();
                try (ResultSet rs = pending.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getLong(1));
                        texts.add(rs.getString(2));
                    }
                }
                if (ids.isEmpty()) {
                    break;
                }
                EmbedResponse response = stub.withDeadlineAfter(60, TimeUnit.SECONDS)
                        .embed(EmbedRequest.newBuilder().addAllTexts(texts).build());
                String[] vectors = new String[ids.size()];
                for (int i = 0; i < vectors.length; i++) {
                    vectors[i] = Vectors.literal(response.getVectors(i));
                }
                store.setArray(1, c.createArrayOf("bigint", ids.toArray()));
                store.setArray(2, c.createArrayOf("text", vectors));
                store.setString(3, tenant);
                store.executeUpdate();
                embedded += ids.size();
            }
            if (embedded > 100) {
                System.out.printf("(embedded %,d stored errors of %s through memory-service Embed in %.0f s)%n", embedded,
                        tenant, (System.nanoTime() - t0) / 1e9);
            }
            return embedded;
        } finally {
            memory.shutdownNow();
        }
    }

    /**
     * Generates the store in SQL once: project "bench" and {@code size} errors whose type and template come from
     * the corpus' shapes (after one real report of each corpus row), each template made distinct.
     */
    private void ensureStore(String tenant, int size) throws SQLException {
        if (count(tenant) >= size) {
            return;
        }
        System.out.printf("(generating %,d stored errors for %s once ...)%n", size, tenant);
        // seed the shapes through the real service so templates, frames and fingerprints are the service's own
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
        try {
            var stub = stub(channel, tenant);
            for (JsonNode row : rows) {
                report(stub, row.get("raw_output").asText());
            }
        } finally {
            channel.shutdownNow();
        }
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, password); Statement s = c.createStatement()) {
            long have = count(tenant);
            s.execute("""
                    insert into error.error (tenant, project_id, fingerprint, error_type, message, message_template,
                        language, parser, source_file, source_line, stack_text, raw_output, command, labels,
                        occurrence_count, first_seen_at, last_seen_at)
                    with base as (select x.*, row_number() over (order by x.id) - 1 as k from error.error x
                                  where x.tenant = '%s')
                    select e.tenant, e.project_id, encode(sha256((e.fingerprint || ':' || g)::bytea), 'hex'),
                           e.error_type, e.message || ' ''g' || g || '''', e.message_template || ' ''g' || g || '''',
                           e.language, e.parser, e.source_file, e.source_line, e.stack_text, e.raw_output, e.command,
                           e.labels, 1 + (g %% 5), now() - (g %% 90) * interval '1 day', now() - (g %% 30) * interval '1 day'
                    from generate_series(1, %d) g join base e on e.k = g %% %d
                    """.formatted(tenant.replace("'", ""), size - have, have));
            s.execute("analyze error.error");
        }
    }
}
