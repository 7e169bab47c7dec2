package dev.brain.error.grpc;

import java.util.List;

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

    static int offset(String token) {
        try {
            return Page.offset(token);
        } catch (IllegalArgumentException e) {
            throw Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asRuntimeException();
        }
    }

    /** The rows of the page out of the {@code limit + 1} read. */
    static <T> List<T> rows(List<T> fetched, int limit) {
        return fetched.subList(0, Math.min(limit, fetched.size()));
    }

    /** The token of the next page, or "" when the rows read show this page is the last. */
    static String nextToken(List<?> fetched, int limit, int offset) {
        return fetched.size() > limit ? Integer.toString(offset + limit) : "";
    }
}
