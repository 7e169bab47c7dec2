package dev.brain.gateway.client;

import io.grpc.Status;

/** A failed call to a service, already in the words a reader sees, and of which {@link Kind}. */
public class ServiceCallException extends RuntimeException {

    /** What failed, as far as an answer tells them apart. */
    public enum Kind {
        /** The service rejected an argument; the message names the field (REST 400). */
        BAD_INPUT,
        /** The record does not exist (REST 404). */
        NOT_FOUND,
        /** The id belongs to another tenant (PERMISSION_DENIED with the service's description; REST 403). */
        FORBIDDEN,
        /** The record exists already (ALREADY_EXISTS, e.g. an import under on_conflict FAIL; REST 409). */
        CONFLICT,
        /** The service does not offer the call yet (UNIMPLEMENTED; REST 501). */
        UNIMPLEMENTED,
        /** The service is down, late, refused the call or failed (REST 503). */
        UNAVAILABLE
    }

    private final Kind kind;
    private final Status.Code code;
    private final boolean outage;

    ServiceCallException(Kind kind, String message) {
        this(kind, message, null, false);
    }

    ServiceCallException(Kind kind, String message, Status.Code code, boolean outage) {
        super(message);
        this.kind = kind;
        this.code = code;
        this.outage = outage;
    }

    public Kind kind() {
        return kind;
    }

    /** The gRPC status the service answered with; null when no call was made (an open circuit breaker). */
    Status.Code code() {
        return code;
    }

    /**
     * True when the failure says the service is unreachable or did not answer within the normal deadline: what its
     * circuit breaker counts (a rejected argument or a missing record says nothing about the service's health).
     */
    boolean outage() {
        return outage;
    }
}
