package dev.brain.gateway.client;

import io.grpc.Status;

/** Turns a failed call to a service into the one line a reader sees ("memory-service unavailable: …"). */
final class ServiceFailures {

    private ServiceFailures() {
    }

    static String describe(String service, Throwable failure) {
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
