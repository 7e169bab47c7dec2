package dev.brain.error.embedding;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.brain.grpc.v1.EmbedRequest;
import dev.brain.grpc.v1.EmbedResponse;
import dev.brain.grpc.v1.EmbeddingServiceGrpc;
import dev.brain.grpc.v1.FloatVector;
import dev.brain.tenancy.Tenancy;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * A deterministic fake of memory-service's {@code EmbeddingService.Embed}, for tests only: error-service's
 * tests run without memory-service (its own tests cover the real model), so this tiny real gRPC server in the
 * test JVM answers the service's real gRPC client. It is not a production stand-in: the vectors are hashed
 * bags of words (each lower-cased word adds 1 to one of 384 buckets, then the vector is normalized), so texts
 * sharing words are near by cosine. The test switches it to answer vectors of the wrong dimension, late, or
 * {@code UNAVAILABLE} (memory-service up but its provider down).
 */
public final class FakeEmbedder extends EmbeddingServiceGrpc.EmbeddingServiceImplBase {

    public enum Mode {
        NORMAL,
        WRONG_DIMENSION,
        SLOW,
        UNAVAILABLE
    }

    /** One Embed call as received. */
    public record Call(String tenant, List<String> texts) {
    }

    public static final int DIMENSION = 384;
    /** How late a {@link Mode#SLOW} answer is. */
    public static final long SLOW_MS = 2000;
    static final Context.Key<String> TENANT = Context.key("fake-embedder-tenant");

    static final String PORT_PROPERTY = "brain.test.fake-embedder.port";
    private static FakeEmbedder instance;
    private static Server server;

    public final List<Call> calls = new CopyOnWriteArrayList<>();
    public volatile Mode mode = Mode.NORMAL;

    /**
     * The port, chosen once per JVM and kept in a system property: the profile (which points the client at it)
     * and the test (which starts the server) may live in different class loaders.
     */
    static synchronized int chosenPort() {
        String chosen = System.getProperty(PORT_PROPERTY);
        if (chosen == null) {
            try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
                chosen = Integer.toString(s.getLocalPort());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            System.setProperty(PORT_PROPERTY, chosen);
        }
        return Integer.parseInt(chosen);
    }

    /** The running fake (started on first use, on the chosen loopback port, for the rest of the JVM). */
    public static synchronized FakeEmbedder get() {
        if (instance == null) {
            instance = new FakeEmbedder();
            ServerInterceptor tenant = new ServerInterceptor() {
                @Override
                public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                        ServerCallHandler<Q, R> next) {
                    return Contexts.interceptCall(Context.current().withValue(TENANT,
                            headers.get(Tenancy.TENANT_HEADER)), call, headers, next);
                }
            };
            try {
                server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", chosenPort()))
                        .addService(ServerInterceptors.intercept(instance, tenant)).build().start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return instance;
    }

    public void reset() {
        mode = Mode.NORMAL;
        calls.clear();
    }

    /** Calls of one tenant, in order. */
    public List<Call> callsOf(String tenant) {
        return calls.stream().filter(c -> tenant.equals(c.tenant())).toList();
    }

    @Override
    public void embed(EmbedRequest request, StreamObserver<EmbedResponse> response) {
        calls.add(new Call(TENANT.get(), List.copyOf(request.getTextsList())));
        Mode m = mode;
        if (m == Mode.UNAVAILABLE) {
            response.onError(Status.UNAVAILABLE.withDescription("fake provider down").asRuntimeException());
            return;
        }
        if (m == Mode.SLOW) {
            try {
                Thread.sleep(SLOW_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        int dimension = m == Mode.WRONG_DIMENSION ? 8 : DIMENSION;
        EmbedResponse.Builder b = EmbedResponse.newBuilder().setModel("fake-bag-of-words").setDimension(dimension);
        for (String text : request.getTextsList()) {
            b.addVectors(vector(text, dimension));
        }
        response.onNext(b.build());
        response.onCompleted();
    }

    static FloatVector vector(String text, int dimension) {
        float[] v = new float[dimension];
        for (String word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!word.isEmpty()) {
                v[Math.floorMod(word.hashCode(), dimension)] += 1;
            }
        }
        double norm = 0;
        for (float f : v) {
            norm += f * f;
        }
        FloatVector.Builder b = FloatVector.newBuilder();
        for (float f : v) {
            b.addValues(norm == 0 ? (float) (1 / Math.sqrt(dimension)) : (float) (f / Math.sqrt(norm)));
        }
        return b.build();
    }

    /** Points error-service's {@code memory} gRPC client at the fake. */
    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            String port = Integer.toString(chosenPort());
            return Map.of("quarkus.grpc.clients.memory.port", port, "quarkus.grpc.clients.memory.test-port", port);
        }
    }
}
