package dev.brain.tenancy;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * The one way a service refuses a request's content: {@code INVALID_ARGUMENT} with a one-line reason that starts
 * with the field it names ({@code "limit: 0 is outside 1..50"}), thrown before anything is written.
 */
public final class BadInput {

    private BadInput() {
    }

    /** {@code reason} already names its field ({@code "field: rule"}). */
    public static StatusRuntimeException invalid(String reason) {
        return Status.INVALID_ARGUMENT.withDescription(reason).asRuntimeException();
    }

    /** {@code field: rule}. */
    public static StatusRuntimeException invalid(String field, String rule) {
        return invalid(field + ": " + rule);
    }
}
