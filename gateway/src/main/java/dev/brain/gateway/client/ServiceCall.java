package dev.brain.gateway.client;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

import jakarta.enterprise.util.TypeLiteral;

import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;

import dev.brain.gateway.client.ServiceCallException.Kind;
import dev.brain.grpc.v1.TableCount;
import dev.brain.tenancy.Tenancy;
import io.grpc.Channel;
import io.grpc.Deadline;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.MetadataUtils;
import io.quarkus.logging.Log;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.faulttolerance.api.Guard;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;

/**
 * How the gateway calls one service: every call carries the tenant's metadata and a deadline, and this is the one
 * place where a failed call becomes a {@link ServiceCallException} in a reader's words.
 * <p>
 * Resilience (SmallRye Fault Tolerance, programmatic {@link Guard}s): every call of the service passes one circuit
 * breaker, which counts only outages (UNAVAILABLE, or DEADLINE_EXCEEDED of a call that had at least the normal
 * deadline) and, once open, fails calls at once with "… unavailable: failing fast …" instead of letting each wait
 * for its deadline. Reads ({@link #read}) are also retried on UNAVAILABLE, each attempt through the breaker and all
 * of them within the call's one deadline (an absolute gRPC {@link Deadline} fixed when the call starts), so a retry
 * never makes a caller wait longer than it asked to. Writes ({@link #call}) are never retried here; only gRPC's
 * transparent retry ({@code quarkus.grpc.clients.*.retry=true}) resends a call an instance refused unprocessed.
 */
final class ServiceCall {

    private static final TypeLiteral<Uni<Object>> UNI = new TypeLiteral<>() {
    };

    private final String service;
    private final Channel channel;
    private final Duration deadline;
    private final Guard breaker;
    private final Guard retry;
    private final Duration openFor;
    private volatile CircuitBreakerState state = CircuitBreakerState.CLOSED;
    private volatile String lastOutage = "";

    /**
     * Calls to {@code service} (its name in messages, e.g. {@code memory-service}) over {@code channel} as {@code config} says.
     */
    ServiceCall(String service, Channel channel, ServicesConfig config) {
        this.service = service;
        this.channel = channel;
        this.deadline = config.deadline();
        ServicesConfig.CircuitBreaker cb = config.circuitBreaker();
        this.openFor = cb.delay();
        this.breaker = cb.enabled() ? Guard.create().withDescription(service + " circuit breaker")
                .withCircuitBreaker()
                .requestVolumeThreshold(cb.requestVolume())
                .failureRatio(cb.failureRatio())
                .delay(cb.delay().toMillis(), ChronoUnit.MILLIS)
                .successThreshold(cb.successThreshold())
                .when(failure -> failure instanceof ServiceCallException e && e.outage())
                .onStateChange(this::changed)
                .done().build() : null;
        ServicesConfig.Retry r = config.retry();
        this.retry = r.maxRetries() > 0 ? Guard.create().withDescription(service + " retry of reads")
                .withRetry()
                .maxRetries(r.maxRetries())
                .delay(r.delay().toMillis(), ChronoUnit.MILLIS)
                .jitter(r.jitter().toMillis(), ChronoUnit.MILLIS)
                .whenException(failure -> failure instanceof ServiceCallException e
                        && e.code() == Status.Code.UNAVAILABLE)
                .done().build() : null;
    }

    /** A write within the default deadline: never retried. */
    <S extends AbstractStub<S>, T> Uni<T> call(S stub, String tenant, Function<S, Uni<T>> call) {
        return guarded(stub, tenant, null, false, call);
    }

    /** A write within its own deadline ({@code null}: the default): never retried. */
    <S extends AbstractStub<S>, T> Uni<T> call(S stub, String tenant, Duration callDeadline, Function<S, Uni<T>> call) {
        return guarded(stub, tenant, callDeadline, false, call);
    }

    /**
     * An idempotent call (a read, or a write that carries its own idempotency key) within the default deadline:
     * retried on UNAVAILABLE.
     */
    <S extends AbstractStub<S>, T> Uni<T> read(S stub, String tenant, Function<S, Uni<T>> call) {
        return guarded(stub, tenant, null, true, call);
    }

    /** An idempotent call within its own deadline ({@code null}: the default): retried on UNAVAILABLE. */
    <S extends AbstractStub<S>, T> Uni<T> read(S stub, String tenant, Duration callDeadline, Function<S, Uni<T>> call) {
        return guarded(stub, tenant, callDeadline, true, call);
    }

    /**
     * A streamed answer within its own deadline; not retried and not counted by the breaker (a stream has no one
     * outcome), but refused at once while the breaker is open.
     */
    <S extends AbstractStub<S>, T> Multi<T> stream(S stub, String tenant, Duration callDeadline, Function<S, Multi<T>> call) {
        return Multi.createFrom().deferred(() -> {
            if (state == CircuitBreakerState.OPEN) {
                return Multi.createFrom().failure(open());
            }
            Duration d = callDeadline == null ? deadline : callDeadline;
            return call.apply(as(stub, tenant, Deadline.after(d.toMillis(), TimeUnit.MILLISECONDS)))
                    .onFailure().transform(f -> failure(f, true));
        });
    }

    /** The service's live row counts of the tenant's data; never fails: a failed call becomes {@link ServiceCounts#down}. */
    <S extends AbstractStub<S>> Uni<ServiceCounts> counts(S stub, String tenant, Function<S, Uni<List<TableCount>>> call) {
        return read(stub, tenant, call)
                .map(tables -> {
                    Map<String, Long> counts = new LinkedHashMap<>();
                    for (TableCount table : tables) {
                        counts.put(table.getTable(), table.getRows());
                    }
                    return ServiceCounts.up(counts);
                })
                .onFailure().recoverWithItem(failure -> ServiceCounts.down(failure.getMessage()));
    }

    /**
     * One call: its deadline is fixed when it starts; each attempt passes the breaker; an idempotent one is retried.
     * A deadline shorter than the normal one (a hook's) that runs out is the caller's impatience, not an outage.
     */
    private <S extends AbstractStub<S>, T> Uni<T> guarded(S stub, String tenant, Duration callDeadline,
            boolean idempotent, Function<S, Uni<T>> call) {
        Duration d = callDeadline == null ? deadline : callDeadline;
        boolean lateIsOutage = d.compareTo(deadline) >= 0;
        return Uni.createFrom().deferred(() -> {
            Deadline until = Deadline.after(d.toMillis(), TimeUnit.MILLISECONDS);
            Supplier<Uni<T>> attempt = () -> through(breaker,
                    () -> call.apply(as(stub, tenant, until)).onFailure().transform(f -> failure(f, lateIsOutage)));
            Uni<T> answer = idempotent ? through(retry, attempt) : attempt.get();
            return answer.onFailure(CircuitBreakerOpenException.class).transform(f -> open());
        });
    }

    @SuppressWarnings("unchecked")
    private static <T> Uni<T> through(Guard guard, Supplier<Uni<T>> action) {
        if (guard == null) {
            return action.get();
        }
        return (Uni<T>) (Uni<?>) guard.get(() -> (Uni<Object>) (Uni<?>) action.get(), UNI);
    }

    private <S extends AbstractStub<S>> S as(S stub, String tenant, Deadline until) {
        return stub.withDeadline(until)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
    }

    private void changed(CircuitBreakerState now) {
        state = now;
        if (now == CircuitBreakerState.HALF_OPEN) {
            reconnectNow();
        }
        if (now == CircuitBreakerState.OPEN) {
            Log.warnf("%s: circuit breaker open for %s after repeated failures (last: %s)", service, openFor,
                    lastOutage);
        } else {
            Log.infof("%s: circuit breaker %s", service, now.name().toLowerCase().replace('_', '-'));
        }
    }

    /**
     * After an outage grpc-java waits out an exponential reconnect back-off (up to 2 min) before it dials again, and
     * until then every call fails at once with UNAVAILABLE: a service back after a minute stayed "down" for another
     * half minute behind it (the memory-outage fault run). A failed call and the breaker's trial call therefore end
     * the back-off, so the next call dials; with the breaker open that is at most one dial per trial.
     */
    private void reconnectNow() {
        if (channel instanceof ManagedChannel managed) {
            managed.resetConnectBackoff();
        }
    }

    /** What a call refused by the open breaker answers: one line, naming the service. */
    private ServiceCallException open() {
        return new ServiceCallException(Kind.UNAVAILABLE, service + " unavailable: failing fast for up to "
                + openFor.toSeconds() + " s after repeated failures"
                + (lastOutage.isEmpty() ? "" : " (last: " + lastOutage + ")"));
    }

    /**
     * A rejected argument, a missing or foreign record and an existing one carry the service's own description
     * (it names the field or the id); anything else says which service failed and how.
     */
    ServiceCallException failure(Throwable failure, boolean lateIsOutage) {
        if (failure instanceof ServiceCallException known) {
            return known;
        }
        Status status = Status.fromThrowable(failure);
        String description = status.getDescription();
        boolean described = description != null && !description.isBlank();
        Status.Code code = status.getCode();
        if (connectionLost(status)) {
            // not the service's answer: retried like UNAVAILABLE when idempotent, but no sign of an outage. The
            // instance that closed it is stopping; another one may still wait out a reconnect back-off from its own
            // restart, with no other connection ready: end the back-off so the retry finds one (the scale test's
            // second restart round waited 5 s for a connection)
            reconnectNow();
            return new ServiceCallException(Kind.UNAVAILABLE, describe(failure), Status.Code.UNAVAILABLE, false);
        }
        boolean outage = code == Status.Code.UNAVAILABLE || (code == Status.Code.DEADLINE_EXCEEDED && lateIsOutage);
        if (outage) {
            lastOutage = what(code);
        }
        if (code == Status.Code.UNAVAILABLE) {
            reconnectNow();
        }
        return switch (code) {
            case INVALID_ARGUMENT, OUT_OF_RANGE, FAILED_PRECONDITION ->
                new ServiceCallException(Kind.BAD_INPUT, description, code, false);
            case NOT_FOUND -> new ServiceCallException(Kind.NOT_FOUND, description, code, false);
            case ALREADY_EXISTS -> new ServiceCallException(Kind.CONFLICT, description, code, false);
            case PERMISSION_DENIED -> described
                    ? new ServiceCallException(Kind.FORBIDDEN, description, code, false)
                    : new ServiceCallException(Kind.UNAVAILABLE, describe(failure), code, false);
            case UNIMPLEMENTED -> new ServiceCallException(Kind.UNIMPLEMENTED, describe(failure), code, false);
            default -> new ServiceCallException(Kind.UNAVAILABLE, describe(failure), code, outage);
        };
    }

    /**
     * A call lost with its HTTP/2 connection: the services' unified gRPC server (Vert.x) answers a call after the
     * client's deadline reset its stream, and the late answer makes the server close the whole connection with GOAWAY
     * PROTOCOL_ERROR ("Request stream N is not correct for server connection", quarkusio/quarkus#56268), failing
     * every call in flight on it with INTERNAL. Those calls did nothing wrong; an idempotent one is worth a retry.
     */
    static boolean connectionLost(Status status) {
        String description = status.getDescription();
        return status.getCode() == Status.Code.INTERNAL && description != null
                && description.startsWith("Connection closed after GOAWAY");
    }

    /** The one line a reader sees for a failed call ("memory-service unavailable: …"). */
    String describe(Throwable failure) {
        Status status = Status.fromThrowable(failure);
        String detail = status.getDescription();
        return service + " " + what(status.getCode()) + (detail == null || detail.isBlank() ? "" : ": " + detail);
    }

    private static String what(Status.Code code) {
        return switch (code) {
            case UNAVAILABLE -> "unavailable";
            case DEADLINE_EXCEEDED -> "did not answer in time";
            case UNAUTHENTICATED, PERMISSION_DENIED -> "refused the call";
            case UNIMPLEMENTED -> "does not offer this yet";
            default -> "failed (" + code + ")";
        };
    }
}
