package dev.brain.error.grpc;

import java.util.concurrent.Semaphore;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.Prioritized;
import jakarta.inject.Inject;

import dev.brain.error.config.ErrorConfig;
import dev.brain.tenancy.CallEnd;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.quarkus.grpc.GlobalInterceptor;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

/**
 * The concurrent-request limit of error-code.md §15 ({@code brain.error.grpc.max-in-flight}, default 64): a call that
 * finds every permit taken is refused at once with {@code RESOURCE_EXHAUSTED} (never queued). A permit is taken
 * when the call starts and returned exactly once, when the call is closed (answer or failure), cancelled
 * (client gone, deadline) or completes, whichever comes first. The standard services under {@code grpc.*}
 * (health, reflection) are not limited, so probes still answer under load. Runs before every other interceptor.
 */
@ApplicationScoped
@GlobalInterceptor
public class InFlightLimit implements ServerInterceptor, Prioritized {

    private final int limit;
    private final Semaphore permits;

    @Inject
    public InFlightLimit(ErrorConfig config) {
        this(config.grpc().maxInFlight());
    }

    public InFlightLimit(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("brain.error.grpc.max-in-flight must be at least 1, got " + limit);
        }
        this.limit = limit;
        this.permits = new Semaphore(limit);
    }

    /** Highest priority: a refused call costs nothing downstream. */
    @Override
    public int getPriority() {
        return Integer.MAX_VALUE;
    }

    /** Permits free right now (for tests and status). */
    public int available() {
        return permits.availablePermits();
    }

    public int limit() {
        return limit;
    }

    /**
     * Closes the call with {@code status}. On the Vert.x transport the close runs right after this interceptor
     * returns: the transport sets the call's listener only then, and closing earlier fails inside Vert.x.
     */
    private static <Q, R> ServerCall.Listener<Q> refuse(ServerCall<Q, R> call, Status status) {
        Context context = Vertx.currentContext();
        if (context == null) {
            call.close(status, new Metadata());
        } else {
            context.runOnContext(ignored -> call.close(status, new Metadata()));
        }
        return new ServerCall.Listener<>() {
        };
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
            ServerCallHandler<Q, R> next) {
        String service = call.getMethodDescriptor().getServiceName();
        if (service != null && service.startsWith("grpc.")) {
            return next.startCall(call, headers);
        }
        if (!permits.tryAcquire()) {
            return refuse(call, Status.RESOURCE_EXHAUSTED.withDescription("error-service is serving its limit of "
                    + limit + " concurrent requests; retry later"));
        }
        return CallEnd.startCall(call, headers, next, permits::release);
    }
}
