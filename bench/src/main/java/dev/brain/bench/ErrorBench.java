package dev.brain.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.brain.grpc.v1.ErrorServiceGrpc;
import dev.brain.grpc.v1.QueryErrorsRequest;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.Scope;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;

/**
 * The error path where users wait: through the gateway's REST API (what the hooks and the MCP tools call), with the
 * embedding provider the services run. Three tables:
 * <ol>
 * <li>the corpus replay with its ground truth (re-occurrences linked, rows merged across templates);</li>
 * <li>one tenant grown from 0 to {@code max} errors with the distinct corpus (20,000 different errors that share
 * their vocabulary the way a real store does; beyond 20k the same rows with their identifiers shifted, so every row
 * is again a different error): at 1k, 10k and 100k (option {@code errors-steps}), new-error reports, repeated
 * reports (the {@code recurrence} table) and queries (the {@code query} table: the first line of a stored error —
 * a query that names something stored — and the first line of an error the store does not hold, its identifiers
 * unknown — the rest), interleaved, with their percentiles, and the slope of the new-error p95 over the store's
 * size;</li>
 * <li>what the gateway adds: the same repeated reports and queries straight to error-service over gRPC and through
 * the gateway, alternating, at the largest size.</li>
 * </ol>
 * The store grows between the measured steps by reports sent straight to error-service (4 clients; not measured);
 * before each step every stored error gets its vector (a user's store is embedded within seconds of a report).
 */
final class ErrorBench {

    private static final String PROJECT = "bench";
    private static final int CALLS = 200;
    /**
     * Untimed recurrences and queries before the first step is measured: the corpus replay warms the report path only,
     * and the JIT was still compiling the query path through the first step (as the recall bench showed).
     */
    static final int WARM_UP = 1_000;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The distinct corpus' identifiers: {@code V1} and the row's five digits ({@code RowsRepoV100000}). */
    private static final Pattern IDENTIFIER = Pattern.compile("V1(\\d{5})");

    private final int errorPort;
    private final int gatewayPort;
    private final ErrorStores stores;
    private final List<JsonNode> distinct;
    private final int max;
    private final LongSupplier errorRssMiB;
    private final LongSupplier gatewayRssMiB;
    private final String run = Long.toString(System.currentTimeMillis(), 36);

    private final List<Integer> steps;
    /** The stored error of each grown row (row k's id at k), for the named queries' hit@10. */
    private final long[] grownIds;

    ErrorBench(int errorPort, int gatewayPort, ErrorStores stores, Path distinctCorpus, List<Integer> steps,
            LongSupplier errorRssMiB, LongSupplier gatewayRssMiB) throws IOException {
        this.steps = steps;
        int max = steps.get(steps.size() - 1);
        this.errorPort = errorPort;
        this.gatewayPort = gatewayPort;
        this.stores = stores;
        this.max = max;
        this.grownIds = new long[max];
        this.errorRssMiB = errorRssMiB;
        this.gatewayRssMiB = gatewayRssMiB;
        this.distinct = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(distinctCorpus)), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.isBlank()) {
                    distinct.add(JSON.readTree(line));
                }
            }
        }
    }

    void run() throws Exception {
        dropEarlierRuns();
        String model = stores.embeddingModel();
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", errorPort).usePlaintext()
                .maxInboundMessageSize(16 * 1024 * 1024).build();
        try {
            corpusReplay(model);
            growth(channel, model);
        } finally {
            channel.shutdownNow();
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    private void corpusReplay(String model) throws Exception {
        String tenant = "bench-corpus-" + run;
        Map<String, Long> idOf = new HashMap<>();
        Map<Long, Set<String>> templatesOf = new HashMap<>();
        List<JsonNode> rows = stores.rows();
        long[] nanos = new long[rows.size()];
        int reoccurrences = 0;
        int linked = 0;
        int sameRow = 0;
        try (GatewayClient gateway = new GatewayClient(gatewayPort, stores::connect, "bench-corpus", tenant, "corpus")) {
            for (int i = 0; i < rows.size(); i++) {
                JsonNode row = rows.get(i);
                long t0 = System.nanoTime();
                JsonNode r = report(gateway, row.get("raw_output").asText(), row.path("command").asText(""));
                nanos[i] = System.nanoTime() - t0;
                long id = r.get("error_id").asLong();
                idOf.put(row.get("id").asText(), id);
                templatesOf.computeIfAbsent(id, k -> new HashSet<>()).add(row.get("template").asText());
                if (row.hasNonNull("expect_same_as")) {
                    reoccurrences++;
                    Long first = idOf.get(row.get("expect_same_as").asText());
                    if (first != null && first == id) {
                        linked++;
                        sameRow++;
                    } else if (first != null && hasMatch(r, first)) {
                        linked++;
                    }
                }
            }
        }
        long wronglyMerged = templatesOf.values().stream().filter(t -> t.size() > 1).count();
        Stats s = Stats.of(nanos);
        System.out.printf(
                "%n== errors: corpus replay through the gateway (%d reports of %d known errors, ground truth; embedding model %s) ==%n",
                rows.size(), rows.stream().map(r -> r.get("template").asText()).distinct().count(), model);
        System.out.println(
                "re-occurrences | linked to first | same stored row | rows merged across templates | p50 ms | p95 ms | p99 ms");
        System.out.println(
                "---------------|-----------------|-----------------|------------------------------|--------|--------|-------");
        System.out.printf("%14d | %15d | %15d | %28d | %6.1f | %6.1f | %6.1f%n", reoccurrences, linked, sameRow,
                wronglyMerged, s.p50(), s.p95(), s.p99());
    }

    private static boolean hasMatch(JsonNode report, long errorId) {
        for (JsonNode m : report.path("matches")) {
            if (m.get("error_id").asLong() == errorId) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------------------------------------------------

    /** Row {@code k} of the grown store: distinct row k mod 20k, its identifiers shifted by k / 20k. */
    private String grown(int k) {
        return shifted(distinct.get(k % distinct.size()).get("raw_output").asText(), 1 + k / distinct.size());
    }

    /** A new error: a distinct row with identifiers no grown row has ({@code V<90+step>…}); {@code i} picks the row. */
    private String fresh(int step, int i) {
        return shifted(distinct.get(Math.floorMod(i * 7919 + step * 104_729, distinct.size())).get("raw_output").asText(),
                90 + step);
    }

    private static String shifted(String raw, int round) {
        if (round == 1) {
            return raw;
        }
        Matcher m = IDENTIFIER.matcher(raw);
        return m.replaceAll("V" + round + "$1");
    }

    /** An error the store does not hold: a distinct row with identifiers of a round no row has ({@code V2<step>…}). */
    private String unknown(int step, int i) {
        return shifted(distinct.get(Math.floorMod(i * 104_729 + step * 7919, distinct.size())).get("raw_output").asText(),
                200 + step);
    }

    private void growth(ManagedChannel channel, String model) throws Exception {
        String tenant = "bench-grow-" + run;
        List<String> newRows = new ArrayList<>();
        List<String> recurrenceRows = new ArrayList<>();
        List<String> queryRows = new ArrayList<>();
        List<double[]> newP95 = new ArrayList<>();
        int grownRows = 0;
        try (GatewayClient gateway = new GatewayClient(gatewayPort, stores::connect, "bench-errors", tenant, PROJECT)) {
            var stub = ErrorStores.stub(channel, tenant);
            for (int step = 0; step < steps.size(); step++) {
                int target = steps.get(step);
                grownRows = grow(stub, tenant, grownRows, target);
                settle(tenant);
                long stored = stores.count(tenant);
                if (step == 0) {
                    warmUp(gateway, grownRows);
                }
                Random random = new Random(step);
                long[] fresh = new long[CALLS];
                long[] repeated = new long[CALLS];
                long[] queries = new long[CALLS];
                long[] unknownQueries = new long[CALLS];
                int isNew = 0;
                int recurred = 0;
                int namedFound = 0;
                for (int i = 0; i < 4 * CALLS; i++) {
                    int n = i / 4;
                    long t0 = System.nanoTime();
                    switch (i % 4) {
                        case 0 -> {
                            JsonNode r = report(gateway, fresh(step, n), "");
                            fresh[n] = System.nanoTime() - t0;
                            isNew += r.get("is_new").asBoolean() ? 1 : 0;
                        }
                        case 1 -> {
                            JsonNode r = report(gateway, grown(random.nextInt(grownRows)), "");
                            repeated[n] = System.nanoTime() - t0;
                            recurred += r.get("is_new").asBoolean() ? 0 : 1;
                        }
                        case 2 -> {
                            int k = random.nextInt(grownRows);
                            String answer = gateway.getJson("/api/v1/errors?q=" + GatewayClient.encode(firstLine(grown(k))));
                            queries[n] = System.nanoTime() - t0;
                            namedFound += found(answer, grownIds[k]) ? 1 : 0;
                        }
                        default -> {
                            gateway.getJson("/api/v1/errors?q=" + GatewayClient.encode(firstLine(unknown(step, n))));
                            unknownQueries[n] = System.nanoTime() - t0;
                        }
                    }
                }
                Stats f = Stats.of(fresh);
                Stats r = Stats.of(repeated);
                Stats q = Stats.of(queries);
                Stats u = Stats.of(unknownQueries);
                newP95.add(new double[] { stored, f.p95() });
                long rss = errorRssMiB.getAsLong();
                newRows.add(String.format("%7d | %6.2f / %6.2f / %6.2f | %4d/%d  | %d", stored, f.p50(), f.p95(), f.p99(),
                        isNew, CALLS, rss));
                recurrenceRows.add(String.format("%7d | %6.2f / %6.2f / %6.2f | %4d/%d        | %7.0f", stored, r.p50(),
                        r.p95(), r.p99(), recurred, CALLS, CALLS / (java.util.Arrays.stream(repeated).sum() / 1e9)));
                queryRows.add(String.format("%7d | %6.2f / %6.2f / %6.2f      | %4d/%d      | %6.2f / %6.2f / %6.2f", stored,
                        q.p50(), q.p95(), q.p99(), namedFound, CALLS, u.p50(), u.p95(), u.p99()));
                System.err.printf("(step %,d measured)%n", stored);
            }
            System.out.printf(
                    "%n== errors: new — one tenant grown to %,d errors, through the gateway (REST; embedding model %s) ==%n",
                    steps.get(steps.size() - 1), model);
            System.out.println("stored  | new: p50 / p95 / p99 ms     | new rows | error-service RSS MiB");
            System.out.println("--------|-----------------------------|----------|----------------------");
            newRows.forEach(System.out::println);
            printSlope(newP95);
            System.out.printf(
                    "%n== errors: recurrence — a stored error reported again, through the gateway (target p50 ≤ 2 ms, p95 ≤ 6 ms) ==%n");
            System.out.println("stored  | recurrence: p50 / p95 / p99 ms | recurred   | calls/s (one client)");
            System.out.println("--------|--------------------------------|------------|---------------------");
            recurrenceRows.forEach(System.out::println);
            System.out.printf(
                    "%n== errors: query — GET /api/v1/errors?q=, through the gateway (targets: named p50 ≤ 3, p95 ≤ 10 ms; the rest p95 ≤ 20 ms) ==%n");
            System.out.println(
                    "stored  | names a stored error: p50 / p95 / p99 | that error in the 10 | the rest: p50 / p95 / p99 ms");
            System.out.println(
                    "--------|---------------------------------------|----------------------|-----------------------------");
            queryRows.forEach(System.out::println);
            hop(gateway, stub, grownRows);
        }
        System.out.printf("RSS after the runs: error-service %d MiB, gateway %d MiB%n", errorRssMiB.getAsLong(),
                gatewayRssMiB.getAsLong());
    }

    /**
     * {@link #WARM_UP} rounds of a recurrence, a query naming a stored error and a query of an unknown one, untimed;
     * the unknown queries' texts are none the measured steps send (memory-service caches a query's vector).
     */
    private void warmUp(GatewayClient gateway, int grownRows) throws Exception {
        Random random = new Random(-1);
        for (int n = 0; n < WARM_UP; n++) {
            report(gateway, grown(random.nextInt(grownRows)), "");
            gateway.getJson("/api/v1/errors?q=" + GatewayClient.encode(firstLine(grown(random.nextInt(grownRows)))));
            gateway.getJson("/api/v1/errors?q=" + GatewayClient.encode(firstLine(unknown(50, n))));
        }
        System.err.printf("(warmed up: %,d untimed rounds of a recurrence and two queries)%n", WARM_UP);
    }

    /** Whether a query's answer lists error {@code id} among its (10) results. */
    private static boolean found(String answer, long id) throws IOException {
        for (JsonNode hit : JSON.readTree(answer).path("results")) {
            if (hit.path("error_id").asLong() == id) {
                return true;
            }
        }
        return false;
    }

    /** Least-squares slope of the new-error p95 over the store's size (ms per 10k errors), and p95 at the end / at 10k. */
    private static void printSlope(List<double[]> points) {
        double n = points.size();
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (double[] p : points) {
            double x = p[0] / 10_000;
            sx += x;
            sy += p[1];
            sxx += x * x;
            sxy += x * p[1];
        }
        double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
        double at10k = points.size() > 1 ? points.get(1)[1] : Double.NaN;
        double last = points.get(points.size() - 1)[1];
        System.out.printf("new-error p95: slope %+.2f ms per 10k errors; p95 at %,.0f / p95 at %,.0f = %.2f (target ≤ 1.2)%n",
                slope, points.get(points.size() - 1)[0], points.size() > 1 ? points.get(1)[0] : Double.NaN, last / at10k);
    }

    /** Reports rows {@code from..target-1} straight to error-service, 4 clients; the count of rows now grown. */
    private int grow(ErrorServiceGrpc.ErrorServiceBlockingStub stub, String tenant, int from, int target) throws Exception {
        if (target <= from) {
            return from;
        }
        long t0 = System.nanoTime();
        AtomicInteger next = new AtomicInteger(from);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<?>> clients = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            clients.add(pool.submit(() -> {
                for (int k = next.getAndIncrement(); k < target; k = next.getAndIncrement()) {
                    JsonNode row = distinct.get(k % distinct.size());
                    grownIds[k] = stub.withDeadlineAfter(60, TimeUnit.SECONDS).reportError(ReportErrorRequest.newBuilder()
                            .setScope(Scope.newBuilder().setProject(PROJECT)).setRawOutput(grown(k))
                            .setCommand(row.path("command").asText("")).build()).getError().getId();
                }
            }));
        }
        for (Future<?> f : clients) {
            f.get();
        }
        pool.shutdown();
        System.err.printf("(grew %s to %,d reports in %.0f s)%n", tenant, target, (System.nanoTime() - t0) / 1e9);
        return target;
    }

    /**
     * Embeds the tenant's errors that the worker has not embedded yet, in batches of 256 as {@link ErrorStores} does
     * (the worker embeds 64 every 2 s with a late match each: ~35 errors/s here, an hour for 100k). The tables are not
     * analyzed here: error-service does that itself where autovacuum is off, as on this machine.
     */
    private void settle(String tenant) throws Exception {
        stores.embedStore(tenant);
    }

    /**
     * What the gateway adds: repeated reports and queries of stored rows, each sent straight to error-service over gRPC
     * and through the gateway, which of the two first alternating; the difference of the medians is the gateway's part
     * (HTTP, JSON, auth, its gRPC client).
     */
    private void hop(GatewayClient gateway, ErrorServiceGrpc.ErrorServiceBlockingStub stub, int grownRows) throws Exception {
        Random random = new Random(99);
        long[][] nanos = new long[4][CALLS];
        for (int i = 0; i < CALLS; i++) {
            String output = grown(random.nextInt(grownRows));
            String q = firstLine(grown(random.nextInt(grownRows)));
            // which path goes first alternates: the second call of a query finds its vector in memory-service's cache
            for (int path : i % 2 == 0 ? new int[] { 0, 1 } : new int[] { 1, 0 }) {
                long t0 = System.nanoTime();
                if (path == 0) {
                    stub.withDeadlineAfter(30, TimeUnit.SECONDS).reportError(ReportErrorRequest.newBuilder()
                            .setScope(Scope.newBuilder().setProject(PROJECT)).setRawOutput(output).build());
                } else {
                    report(gateway, output, "");
                }
                nanos[path][i] = System.nanoTime() - t0;
            }
            for (int path : i % 2 == 0 ? new int[] { 2, 3 } : new int[] { 3, 2 }) {
                long t0 = System.nanoTime();
                if (path == 2) {
                    stub.withDeadlineAfter(30, TimeUnit.SECONDS).queryErrors(QueryErrorsRequest.newBuilder()
                            .setScope(Scope.newBuilder()).setQuery(q).setLimit(10).build());
                } else {
                    gateway.getJson("/api/v1/errors?q=" + GatewayClient.encode(q));
                }
                nanos[path][i] = System.nanoTime() - t0;
            }
        }
        System.out.printf("%n== errors: what the gateway adds (%d calls each, alternating, same inputs) ==%n", CALLS);
        System.out.println(
                "case              | gRPC to error-service p50 / p95 ms | through the gateway p50 / p95 ms | gateway's part at p50 ms");
        System.out.println(
                "------------------|------------------------------------|----------------------------------|-------------------------");
        String[] names = { "repeated report", "query" };
        for (int c = 0; c < 2; c++) {
            Stats direct = Stats.of(nanos[2 * c]);
            Stats through = Stats.of(nanos[2 * c + 1]);
            System.out.printf("%-17s | %15.2f / %6.2f             | %13.2f / %6.2f             | %+.2f%n", names[c],
                    direct.p50(), direct.p95(), through.p50(), through.p95(), through.p50() - direct.p50());
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    private static JsonNode report(GatewayClient gateway, String output, String command) throws Exception {
        ObjectNode body = JSON.createObjectNode().put("error_output", output).put("command", command);
        return JSON.readTree(gateway.postJson("/api/v1/errors", body.toString()));
    }

    /** Drops the stores of earlier runs' growth and replay tenants, in every schema that holds a tenant column, and vacuums. */
    private void dropEarlierRuns() throws SQLException {
        try (Connection c = stores.connect(); Statement s = c.createStatement()) {
            s.execute("delete from error.error where tenant like 'bench-grow-%' or tenant like 'bench-corpus-%'");
            for (int pass = 0; pass < 2; pass++) {
                s.execute(
                        """
                                do $$ declare t record; begin
                                  for t in select table_schema, table_name from information_schema.columns
                                           where column_name = 'tenant' and table_schema in ('error', 'memory')
                                             and table_name in (select table_name from information_schema.tables
                                                                where table_type = 'BASE TABLE' and table_schema in ('error', 'memory'))
                                  loop
                                    begin   -- a table still referenced by another's rows is emptied on the second pass
                                      execute format('delete from %I.%I where tenant like ''bench-grow-%%'' or tenant like ''bench-corpus-%%''',
                                                     t.table_schema, t.table_name);
                                    exception when foreign_key_violation then null;
                                    end;
                                  end loop;
                                end $$""");
            }
            // what a deployment's autovacuum does after such a delete (this machine's PostgreSQL runs without it): the
            // dead rows would otherwise stay in every index the next run reads
            s.execute("vacuum analyze error.error, error.error_embedding, error.error_recency, error.stack_frame,"
                    + " error.error_occurrence, error.error_match, error.outbox");
        }
    }

    private static String firstLine(String raw) {
        return raw.lines().filter(l -> !l.isBlank()).findFirst().orElse(raw).strip();
    }
}
