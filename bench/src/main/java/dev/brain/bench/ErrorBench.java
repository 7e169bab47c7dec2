package dev.brain.bench;

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

import dev.brain.grpc.v1.QueryErrorsRequest;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.Scope;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;

/**
 * error-service over real gRPC (error-code.md §17): the corpus replay with its ground truth (re-occurrences
 * linked, rows wrongly merged across templates), ReportError latency with 10k and 100k stored errors (cold
 * and recurring reports 50/50), QueryErrors latency, and sustained reports/s with 16 concurrent clients.
 * The stores of 10k/100k errors are {@link ErrorStores}'.
 */
final class ErrorBench {

    private final int port;
    private final ErrorStores stores;
    private final List<JsonNode> rows;
    private final LongSupplier rssMiB;

    ErrorBench(int port, ErrorStores stores, LongSupplier rssMiB) {
        this.port = port;
        this.stores = stores;
        this.rows = stores.rows();
        this.rssMiB = rssMiB;
    }

    void run() throws Exception {
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext()
                .maxInboundMessageSize(16 * 1024 * 1024).build();
        try {
            corpusReplay(channel);
            System.out.printf("%n== errors: error-service ReportError / QueryErrors over gRPC ==%n");
            System.out.println("case                              | stored  | calls | p50 ms | p95 ms | p99 ms | calls/s | CPU ms/call");
            System.out.println("----------------------------------|---------|-------|--------|--------|--------|---------|------------");
            stores.prepare(10_000, 100_000);
            for (int size : new int[] {10_000, 100_000}) {
                String tenant = ErrorStores.tenant(size);
                var stub = ErrorStores.stub(channel, tenant);
                Random random = new Random(11);
                long stored = stores.count(tenant);
                // warm-up
                for (int i = 0; i < 100; i++) {
                    ErrorStores.report(stub, stores.recurring(random));
                }
                long[] nanos = new long[1000];
                double cpu = Stats.machineCpuSeconds();
                for (int i = 0; i < nanos.length; i++) {
                    String output = i % 2 == 0 ? stores.cold(random) : stores.recurring(random);
                    long t0 = System.nanoTime();
                    ErrorStores.report(stub, output);
                    nanos[i] = System.nanoTime() - t0;
                }
                print("report (cold/recurring 50/50)", stored, nanos, Stats.machineCpuSeconds() - cpu);
                long[] queries = new long[300];
                cpu = Stats.machineCpuSeconds();
                for (int i = 0; i < queries.length; i++) {
                    String q = firstLine(rows.get(random.nextInt(rows.size())).get("raw_output").asText());
                    long t0 = System.nanoTime();
                    stub.withDeadlineAfter(30, TimeUnit.SECONDS).queryErrors(QueryErrorsRequest.newBuilder()
                            .setScope(Scope.newBuilder().setProject(ErrorStores.PROJECT)).setQuery(q).build());
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
        var stub = ErrorStores.stub(channel, tenant);
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
                var stub = ErrorStores.stub(channel, tenant);
                Random random = new Random(100 + seed);
                while (System.nanoTime() < counted) {
                    try {
                        ErrorStores.report(stub, random.nextBoolean() ? stores.cold(random) : stores.recurring(random));
                    } catch (RuntimeException e) {
                        failures.incrementAndGet();
                    }
                }
                warm.countDown();
                int n = 0;
                while (System.nanoTime() < end && n < mine.length) {
                    long t0 = System.nanoTime();
                    try {
                        ErrorStores.report(stub, random.nextBoolean() ? stores.cold(random) : stores.recurring(random));
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

    private static String firstLine(String raw) {
        return raw.lines().filter(l -> !l.isBlank()).findFirst().orElse(raw).strip();
    }
}
