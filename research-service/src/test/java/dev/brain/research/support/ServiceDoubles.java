package dev.brain.research.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import com.google.protobuf.Message;

import dev.brain.tenancy.Tenancy;
import io.grpc.BindableService;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.netty.NettyServerBuilder;

/**
 * Test-only gRPC servers that stand in for error-service (port 19201) and memory-service (port 19202) in this
 * module's tests, reached by research-service's real gRPC clients. They answer with the <em>constructed
 * datasets</em> research.md §5 asks for ("each analyzer produces its insight from a constructed dataset"): a test
 * sets the aggregate answers per tenant with {@link #answer} and reads what research-service sent
 * ({@link #calls}). The services' own modules test the real aggregates; the gateway's tests run research-service
 * against the real error-service and memory-service.
 */
public final class ServiceDoubles {

    public static final int ERROR_PORT = 19201;
    public static final int MEMORY_PORT = 19202;

    /** One call as received: tenant, RPC name and request. */
    public record Call(String tenant, String method, Message request) {
    }

    static final Context.Key<String> TENANT = Context.key("double-tenant");

    private static final ServiceDoubles INSTANCE = new ServiceDoubles();

    /** tenant → response type → the answer. */
    final Map<String, Map<Class<?>, Message>> answers = new ConcurrentHashMap<>();
    /** tenant → the answer of SolutionSuccessRates for a request with {@code from} (the recent window). */
    final Map<String, dev.brain.grpc.v1.SolutionSuccessRatesResponse> recentRates = new ConcurrentHashMap<>();
    /** Every call, in arrival order. */
    public final List<Call> calls = new CopyOnWriteArrayList<>();
    final AtomicLong ids = new AtomicLong(1000);
    /** When true, memory-service answers UNAVAILABLE (down). */
    public volatile boolean memoryDown;
    private Server errorServer;
    private Server memoryServer;

    public static synchronized ServiceDoubles get() {
        INSTANCE.start();
        return INSTANCE;
    }

    /** Sets the answer of the RPC that returns {@code response}'s type, for one tenant. */
    public ServiceDoubles answer(String tenant, Message response) {
        answers.computeIfAbsent(tenant, t -> new ConcurrentHashMap<>()).put(response.getClass(), response);
        return this;
    }

    /** Sets the answer of SolutionSuccessRates for the recent window (a request with {@code from}). */
    public ServiceDoubles answerRecentRates(String tenant, dev.brain.grpc.v1.SolutionSuccessRatesResponse response) {
        recentRates.put(tenant, response);
        return this;
    }

    /** Forgets every answer and call of a tenant. */
    public void reset(String tenant) {
        answers.remove(tenant);
        recentRates.remove(tenant);
        calls.removeIf(c -> tenant.equals(c.tenant()));
    }

    /** The calls of a tenant to one RPC (e.g. "ApplySynapseEvents"). */
    public List<Call> calls(String tenant, String method) {
        return calls.stream().filter(c -> tenant.equals(c.tenant()) && method.equals(c.method())).toList();
    }

    @SuppressWarnings("unchecked")
    <T extends Message> T answerOf(Class<T> type, T fallback) {
        String tenant = TENANT.get();
        Map<Class<?>, Message> byType = tenant == null ? null : answers.get(tenant);
        Message answer = byType == null ? null : byType.get(type);
        return answer == null ? fallback : (T) answer;
    }

    void record(String method, Message request) {
        calls.add(new Call(TENANT.get(), method, request));
    }

    private synchronized void start() {
        if (errorServer != null) {
            return;
        }
        try {
            errorServer = server(ERROR_PORT, new ErrorServiceDouble(this).services());
            memoryServer = server(MEMORY_PORT, new MemoryServiceDouble(this).services());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the test doubles of error-service and memory-service", e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            errorServer.shutdownNow();
            memoryServer.shutdownNow();
        }));
    }

    private static Server server(int port, List<BindableService> services) throws IOException {
        ServerInterceptor tenant = new ServerInterceptor() {
            @Override
            public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                    ServerCallHandler<Q, R> next) {
                return Contexts.interceptCall(Context.current().withValue(TENANT, headers.get(Tenancy.TENANT_HEADER)),
                        call, headers, next);
            }
        };
        NettyServerBuilder builder = NettyServerBuilder.forPort(port);
        services.forEach(s -> builder.addService(ServerInterceptors.intercept(s, tenant)));
        return builder.build().start();
    }
}
