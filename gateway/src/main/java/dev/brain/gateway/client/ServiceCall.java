package dev.brain.gateway.client;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import dev.brain.gateway.client.ServiceCallException.Kind;
import dev.brain.grpc.v1.TableCount;
import dev.brain.tenancy.Tenancy;
import io.grpc.Status;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.MetadataUtils;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;

/**
 * How the gateway calls one service: every call carries the tenant's metadata and a deadline, and this is the one
 * place where a failed call becomes a {@link ServiceCallException} in a reader's words.
 */
final class ServiceCall {

    private final String service;
    private final Duration deadline;

    /** Calls to {@code service} (its name in messages, e.g. {@code memory-service}), by default within {@code deadline}. */
    ServiceCall(String service, Duration deadline) {
        this.service = service;
        this.deadline = deadline;
    }

    /** A call within the default deadline. */
    <S extends AbstractStub<S>, T> Uni<T> call(S stub, String tenant, Function<S, Uni<T>> call) {
        return call(stub, tenant, null, call);
    }

    /** A call within its own deadline ({@code null}: the default). */
    <S extends AbstractStub<S>, T> Uni<T> call(S stub, String tenant, Duration callDeadline, Function<S, Uni<T>> call) {
        return call.apply(as(stub, tenant, callDeadline)).onFailure().transform(this::failure);
    }

    /** A streamed answer within its own deadline. */
    <S extends AbstractStub<S>, T> Multi<T> stream(S stub, String tenant, Duration callDeadline, Function<S, Multi<T>> call) {
        return call.apply(as(stub, tenant, callDeadline)).onFailure().transform(this::failure);
    }

    /** The service's live row counts of the tenant's data; never fails: a failed call becomes {@link ServiceCounts#down}. */
    <S extends AbstractStub<S>> Uni<ServiceCounts> counts(S stub, String tenant, Function<S, Uni<List<TableCount>>> call) {
        return call.apply(as(stub, tenant, null))
                .map(tables -> {
                    Map<String, Long> counts = new LinkedHashMap<>();
                    for (TableCount table : tables) {
                        counts.put(table.getTable(), table.getRows());
                    }
                    return ServiceCounts.up(counts);
                })
                .onFailure().recoverWithItem(failure -> ServiceCounts.down(describe(failure)));
    }

    private <S extends AbstractStub<S>> S as(S stub, String tenant, Duration callDeadline) {
        Duration d = callDeadline == null ? deadline : callDeadline;
        return stub.withDeadlineAfter(d.toMillis(), TimeUnit.MILLISECONDS)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
    }

    /**
     * A rejected argument, a missing or foreign record and an existing one carry the service's own description
     * (it names the field or the id); anything else says which service failed and how.
     */
    ServiceCallException failure(Throwable failure) {
        Status status = Status.fromThrowable(failure);
        String description = status.getDescription();
        boolean described = description != null && !description.isBlank();
        return switch (status.getCode()) {
            case INVALID_ARGUMENT, OUT_OF_RANGE, FAILED_PRECONDITION -> new ServiceCallException(Kind.BAD_INPUT, description);
            case NOT_FOUND -> new ServiceCallException(Kind.NOT_FOUND, description);
            case ALREADY_EXISTS -> new ServiceCallException(Kind.CONFLICT, description);
            case PERMISSION_DENIED -> described
                    ? new ServiceCallException(Kind.FORBIDDEN, description)
                    : new ServiceCallException(Kind.UNAVAILABLE, describe(failure));
            case UNIMPLEMENTED -> new ServiceCallException(Kind.UNIMPLEMENTED, describe(failure));
            default -> new ServiceCallException(Kind.UNAVAILABLE, describe(failure));
        };
    }

    /** The one line a reader sees for a failed call ("memory-service unavailable: …"). */
    String describe(Throwable failure) {
        Status status = Status.fromThrowable(failure);
        String what = switch (status.getCode()) {
            case UNAVAILABLE -> "unavailable";
            case DEADLINE_EXCEEDED -> "did not answer in time";
            case UNAUTHENTICATED, PERMISSION_DENIED -> "refused the call";
            case UNIMPLEMENTED -> "does not offer this yet";
            default -> "failed (" + status.getCode() + ")";
        };
        String detail = status.getDescription();
        return service + " " + what + (detail == null || detail.isBlank() ? "" : ": " + detail);
    }
}
