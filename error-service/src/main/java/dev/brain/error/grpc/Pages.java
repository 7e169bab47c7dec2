package dev.brain.error.grpc;

import io.grpc.Status;

/** List limits (1–100, 0 = 50) and page tokens (an opaque offset) of the list RPCs. */
public final class Pages {

    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 100;

    private Pages() {
    }

    public static int limit(int requested) {
        if (requested < 0 || requested > MAX_LIMIT) {
            throw Status.INVALID_ARGUMENT.withDescription("limit: 0-" + MAX_LIMIT).asRuntimeException();
        }
        return requested == 0 ? DEFAULT_LIMIT : requested;
    }

    public static int offset(String token) {
        if (token.isEmpty()) {
            return 0;
        }
        try {
            int offset = Integer.parseInt(token);
            if (offset < 0) {
                throw new NumberFormatException();
            }
            return offset;
        } catch (NumberFormatException e) {
            throw Status.INVALID_ARGUMENT.withDescription("page_token is not valid").asRuntimeException();
        }
    }
}
