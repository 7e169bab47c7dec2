package dev.brain.gateway.client;

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

    ServiceCallException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
