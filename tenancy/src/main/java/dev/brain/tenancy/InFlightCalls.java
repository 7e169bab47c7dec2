package dev.brain.tenancy;

import java.util.concurrent.atomic.AtomicInteger;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.quarkus.grpc.GlobalInterceptor;
import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;

/**
 * The gRPC calls a service is answering, so that a stopping instance (SIGTERM, a rolling restart) lets them finish
 * before its connection pool closes: a write in flight on a closed pool failed with "I/O error" or "pool is closed",
 * and a write is not retried by the gateway. On shutdown this waits until no call is in flight, at most
 * {@link #DRAIN_MILLIS}.
 */
@ApplicationScoped
@GlobalInterceptor
public class InFlightCalls implements ServerInterceptor {

    /** The longest a stopping instance waits for its calls (the gateway's deadlines are shorter). */
    static final long DRAIN_MILLIS = 5_000;

    private final AtomicInteger inFlight = new AtomicInteger();

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
            ServerCallHandler<Q, R> next) {
        inFlight.incrementAndGet();
        return CallEnd.startCall(call, headers, next, inFlight::decrementAndGet);
    }

    /** Calls being answered now. */
    public int count() {
        return inFlight.get();
    }

    /** Before the datasource and the rest stop: wait for the calls in flight (they may still use the pool). */
    void drain(@Observes @Priority(1) ShutdownEvent event) {
        long until = System.currentTimeMillis() + DRAIN_MILLIS;
        while (inFlight.get() > 0 && System.currentTimeMillis() < until) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        if (inFlight.get() > 0) {
            Log.warnf("stopping with %d gRPC calls still in flight after %d ms", inFlight.get(), DRAIN_MILLIS);
        }
    }
}
