package dev.brain.gateway.client;

import io.grpc.Status;

/**
 * A failed call to a service, already in the words a reader sees: {@code badInput} when the service
 * rejected an argument (the description names the field), else the service is unavailable or failed.
 */
public class ServiceCallException extends RuntimeException {

    private final boolean badInput;
    private final boolean notFound;
    private final boolean forbidden;
    private final boolean unimplemented;
    private final boolean conflict;

    ServiceCallException(String message, boolean badInput, boolean notFound) {
        this(message, badInput, notFound, false);
    }

    ServiceCallException(String message, boolean badInput, boolean notFound, boolean forbidden) {
        this(message, badInput, notFound, forbidden, false);
    }

    private ServiceCallException(String message, boolean badInput, boolean notFound, boolean forbidden,
            boolean unimplemented) {
        this(message, badInput, notFound, forbidden, unimplemented, false);
    }

    private ServiceCallException(String message, boolean badInput, boolean notFound, boolean forbidden,
            boolean unimplemented, boolean conflict) {
        super(message);
        this.conflict = conflict;
        this.badInput = badInput;
        this.notFound = notFound;
        this.forbidden = forbidden;
        this.unimplemented = unimplemented;
    }

    /** The service does not offer the call yet (UNIMPLEMENTED; REST answers 501). */
    public boolean unimplemented() {
        return unimplemented;
    }

    /** The record exists already (ALREADY_EXISTS, e.g. an import under on_conflict FAIL; REST answers 409). */
    public boolean conflict() {
        return conflict;
    }

    /** The id belongs to another tenant (PERMISSION_DENIED with the service's description). */
    public boolean forbidden() {
        return forbidden;
    }

    public boolean badInput() {
        return badInput;
    }

    public boolean notFound() {
        return notFound;
    }

    static ServiceCallException of(String service, Throwable failure) {
        Status status = Status.fromThrowable(failure);
        return switch (status.getCode()) {
            case INVALID_ARGUMENT, OUT_OF_RANGE, FAILED_PRECONDITION ->
                    new ServiceCallException(status.getDescription(), true, false);
            case NOT_FOUND -> new ServiceCallException(status.getDescription(), false, true);
            case ALREADY_EXISTS -> new ServiceCallException(status.getDescription(), false, false, false, false, true);
            case UNIMPLEMENTED -> new ServiceCallException(ServiceFailures.describe(service, failure), false, false, false, true);
            case PERMISSION_DENIED -> status.getDescription() == null || status.getDescription().isBlank()
                    ? new ServiceCallException(ServiceFailures.describe(service, failure), false, false)
                    : new ServiceCallException(status.getDescription(), false, false, true);
            default -> new ServiceCallException(ServiceFailures.describe(service, failure), false, false);
        };
    }
}
