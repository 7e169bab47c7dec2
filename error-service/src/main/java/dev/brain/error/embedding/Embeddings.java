package dev.brain.error.embedding;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import com.google.common.util.concurrent.Futures;

import dev.brain.error.config.ErrorConfig;
import dev.brain.error.embedding.repository.VectorColumnRepository;
import dev.brain.grpc.v1.EmbedRequest;
import dev.brain.grpc.v1.EmbedResponse;
import dev.brain.grpc.v1.EmbeddingServiceGrpc;
import dev.brain.grpc.v1.FloatVector;
import dev.brain.tenancy.Tenancy;
import io.grpc.Channel;
import io.grpc.stub.MetadataUtils;
import io.quarkus.grpc.GrpcClient;

/**
 * Embeddings come from memory-service's {@code Embed} (error-code.md §12.3), never computed here; same gRPC
 * client ({@code quarkus.grpc.clients.memory}) as the outbox relay. Also the text of an error's embedding and
 * the vector literal of pgvector.
 */
@ApplicationScoped
public class Embeddings {

    /** memory.proto: each text ≤ 8 KiB of UTF-8. */
    static final int MAX_TEXT_BYTES = 8 * 1024;
    static final int MAX_CONTEXT_CHARS = 1000;

    private final EmbeddingServiceGrpc.EmbeddingServiceBlockingStub blocking;
    /**
     * A plain grpc-java future stub, not the Mutiny one: Quarkus propagates the caller's context (its JTA
     * transaction too) into the Mutiny callbacks on another thread, and a QueryErrors transaction then failed to
     * commit now and then ("Enlisted connection used without active transaction").
     */
    private final EmbeddingServiceGrpc.EmbeddingServiceFutureStub async;
    private final ErrorConfig config;
    private final VectorColumnRepository vectorColumn;
    private volatile Integer columnDimension;

    public Embeddings(@GrpcClient("memory") EmbeddingServiceGrpc.EmbeddingServiceBlockingStub blocking,
            @GrpcClient("memory") Channel memory, ErrorConfig config, VectorColumnRepository vectorColumn) {
        this.blocking = blocking;
        this.async = EmbeddingServiceGrpc.newFutureStub(memory);
        this.config = config;
        this.vectorColumn = vectorColumn;
    }

    /** {@code type: template}, a newline and the first 1,000 characters of the task context (§12.3), ≤ 8 KiB. */
    public static String errorText(String type, String template, String taskContext) {
        String text = type + ": " + template;
        if (taskContext != null && !taskContext.isBlank()) {
            int end = taskContext.length() <= MAX_CONTEXT_CHARS ? taskContext.length()
                    : taskContext.offsetByCodePoints(0, Math.min(MAX_CONTEXT_CHARS,
                            taskContext.codePointCount(0, taskContext.length())));
            text += "\n" + taskContext.substring(0, end);
        }
        return cutUtf8(text, MAX_TEXT_BYTES);
    }

    static String cutUtf8(String s, int maxBytes) {
        if (s.getBytes(StandardCharsets.UTF_8).length <= maxBytes) {
            return s;
        }
        int bytes = 0;
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            int len = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (bytes + len > maxBytes) {
                break;
            }
            bytes += len;
            i += Character.charCount(cp);
        }
        return s.substring(0, i);
    }

    /** The vectors of {@code texts}, in order, for {@code tenant}; throws when memory-service fails or is late. */
    public EmbedResponse embed(String tenant, List<String> texts, Duration deadline) {
        return blocking.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)))
                .withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS)
                .embed(EmbedRequest.newBuilder().addAllTexts(texts).build());
    }

    /** Starts embedding one text now (the caller awaits it later); the deadline is counted from now. */
    public Future<EmbedResponse> embedAsync(String tenant, String text, Duration deadline) {
        return embedAsync(tenant, List.of(text), deadline);
    }

    /** Starts embedding {@code texts} now, in one call (the caller awaits it later). */
    public Future<EmbedResponse> embedAsync(String tenant, List<String> texts, Duration deadline) {
        try {
            return async.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)))
                    .withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS)
                    .embed(EmbedRequest.newBuilder().addAllTexts(texts.stream().map(t -> cutUtf8(t, MAX_TEXT_BYTES))
                            .toList()).build());
        } catch (RuntimeException e) {
            return Futures.immediateFailedFuture(e);
        }
    }

    /**
     * The vector literals of a pending {@link #embedAsync} once memory-service answered within {@code deadline}
     * (counted from {@code startNanos}) with {@code count} vectors of the column's dimension; null otherwise (late,
     * down, wrong dimension): the caller's semantic part is skipped.
     */
    public List<String> await(Future<EmbedResponse> pending, int count, long startNanos, Duration deadline) {
        long left = deadline.toNanos() - (System.nanoTime() - startNanos);
        try {
            EmbedResponse response = pending.get(Math.max(left, 0), TimeUnit.NANOSECONDS);
            return vectorProblem(response, count) == null ? response.getVectorsList().stream().map(Embeddings::literal)
                    .toList() : null;
        } catch (java.util.concurrent.TimeoutException e) {
            pending.cancel(true);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (java.util.concurrent.ExecutionException | RuntimeException e) {
            return null;
        }
    }

    /** The dimension vectors must have: the configured one, which must also be the column's (null when it is). */
    public String dimensionProblem() {
        int column = columnDimension();
        int configured = config.embedding().dimension();
        return column == configured ? null
                : "configured embedding dimension " + configured + " differs from the column's " + column;
    }

    /** Dimension of {@code error_embedding.embedding} (pgvector keeps it in atttypmod). */
    public int columnDimension() {
        Integer d = columnDimension;
        if (d == null) {
            d = vectorColumn.errorEmbeddingDimension();
            columnDimension = d;
        }
        return d;
    }

    /** Null when every vector has the column's dimension, else what is wrong. */
    public String vectorProblem(EmbedResponse response, int expectedCount) {
        int dim = columnDimension();
        if (response.getVectorsCount() != expectedCount) {
            return "memory-service returned " + response.getVectorsCount() + " vectors for " + expectedCount + " texts";
        }
        for (FloatVector v : response.getVectorsList()) {
            if (v.getValuesCount() != dim) {
                return "memory-service returned vectors of dimension " + v.getValuesCount() + " (model "
                        + response.getModel() + "); the column holds " + dim;
            }
        }
        return null;
    }

    /** pgvector's text form {@code [v1,v2,…]}, for a {@code ?::vector} parameter. */
    public static String literal(FloatVector v) {
        StringBuilder sb = new StringBuilder(v.getValuesCount() * 10).append('[');
        for (int i = 0; i < v.getValuesCount(); i++) {
            float f = v.getValues(i);
            if (!Float.isFinite(f)) {
                throw new IllegalArgumentException("vector value " + i + " is not finite");
            }
            if (i > 0) {
                sb.append(',');
            }
            sb.append(f);
        }
        return sb.append(']').toString();
    }
}
