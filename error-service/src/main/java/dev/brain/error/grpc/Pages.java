package dev.brain.error.grpc;

import dev.brain.db.Page;
import io.grpc.Status;

/**
 * List limits (1–100, 0 = 50) and page tokens (an opaque offset) of the list RPCs. A list reads {@code limit + 1}
 * rows from the offset: the extra row tells whether another page follows.
 */
final class Pages {

    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 100;

    private Pages() {
    }

    static int limit(int requested) {
        if (requested < 0 || requested > MAX_LIMIT) {
            throw Status.INVALID_ARGUMENT.withDescription("limit: 0-" + MAX_LIMIT).asRuntimeException();
        }
        return requested == 0 ? DEFAULT_LIMIT : requested;
    }

    /** The page a list request asks for: {@code limit} rows (1–100, 0 = 50) from the offset of {@code token}. */
    static Page page(int limit, String token) {
        int size = limit(limit);
        try {
            return new Page(size, Page.offset(token));
        } catch (IllegalArgumentException e) {
            throw Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asRuntimeException();
        }
    }
}
