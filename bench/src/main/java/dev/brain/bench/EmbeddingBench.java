package dev.brain.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import dev.brain.grpc.v1.EmbedRequest;
import dev.brain.grpc.v1.EmbedResponse;
import dev.brain.grpc.v1.EmbeddingServiceGrpc;
import dev.brain.tenancy.Tenancy;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.MetadataUtils;

/**
 * memory-service {@code EmbeddingService.Embed} over real gRPC: latency per call and texts per second for
 * several batch sizes, with fresh texts (no cache hits), plus one case that hits the cache only.
 */
final class EmbeddingBench {

    private static final String[] SUBJECTS = { "the build", "the parser", "a migration", "the cache", "our service",
            "the test suite", "a request", "the scheduler", "the index", "the client" };
    private static final String[] VERBS = { "fails", "times out", "returns null", "leaks memory", "slows down",
            "throws an exception", "retries", "deadlocks", "crashes", "logs a warning" };
    private static final String[] CONTEXTS = { "after the upgrade", "under load", "on startup", "in production",
            "when the disk is full", "with an empty input", "on the second call", "during the nightly job",
            "behind the proxy", "in the CI pipeline" };

    private final int port;
    private final LongSupplier rssMiB;
    private final Random random = new Random(42);
    private long counter;

    EmbeddingBench(int port, LongSupplier rssMiB) {
        this.port = port;
        this.rssMiB = rssMiB;
    }

    void run() {
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext()
                .maxInboundMessageSize(64 * 1024 * 1024).build();
        try {
            var stub = EmbeddingServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor("bench")));
            EmbedResponse probe = stub.embed(EmbedRequest.newBuilder().addTexts("probe").build());
            System.out.printf("%n== embedding: memory-service Embed over gRPC (model %s, %d dimensions) ==%n",
                    probe.getModel(), probe.getDimension());
            System.out.println("case              | calls | p50 ms | p95 ms | p99 ms | texts/s");
            System.out.println("------------------|-------|--------|--------|--------|--------");
            int[][] cases = { { 1, 300 }, { 8, 100 }, { 32, 40 }, { 128, 12 }, { 256, 6 } };
            for (int[] c : cases) {
                measure(stub, "batch " + c[0] + " (fresh)", c[0], c[1], false);
            }
            measure(stub, "batch 32 (cached)", 32, 200, true);
            System.out.printf("RSS memory-service: %s%n", rssMiB.getAsLong() < 0 ? "unknown (not started by ./brain)"
                    : rssMiB.getAsLong() + " MiB");
        } finally {
            channel.shutdownNow();
        }
    }

    private void measure(EmbeddingServiceGrpc.EmbeddingServiceBlockingStub stub, String name, int batch, int calls,
            boolean cached) {
        List<EmbedRequest> requests = new ArrayList<>();
        EmbedRequest repeated = request(batch);
        for (int i = 0; i < calls + 3; i++) {
            requests.add(cached ? repeated : request(batch));
        }
        for (int i = 0; i < 3; i++) { // warm-up
            stub.withDeadlineAfter(60, TimeUnit.SECONDS).embed(requests.get(i));
        }
        long[] nanos = new long[calls];
        long started = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            long t0 = System.nanoTime();
            stub.withDeadlineAfter(60, TimeUnit.SECONDS).embed(requests.get(i + 3));
            nanos[i] = System.nanoTime() - t0;
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        Stats stats = Stats.of(nanos);
        System.out.printf("%-17s | %5d | %6.1f | %6.1f | %6.1f | %7.0f%n", name, calls, stats.p50(), stats.p95(),
                stats.p99(), calls * (double) batch / seconds);
    }

    private EmbedRequest request(int batch) {
        EmbedRequest.Builder request = EmbedRequest.newBuilder();
        for (int i = 0; i < batch; i++) {
            request.addTexts(SUBJECTS[random.nextInt(SUBJECTS.length)] + " " + VERBS[random.nextInt(VERBS.length)] + " "
                    + CONTEXTS[random.nextInt(CONTEXTS.length)] + " (case " + (++counter) + ")");
        }
        return request.build();
    }
}
