package dev.brain.error.analytics;

import static dev.brain.tenancy.BadInput.invalid;

import java.time.Instant;
import java.util.List;

import com.google.protobuf.Timestamp;

import dev.brain.db.Page;
import io.grpc.Status;

/**
 * Validation of the analytics requests' fields (error-code.md §15): a bad field is {@code INVALID_ARGUMENT}
 * naming it. Zero means "the default" for every number, as the proto documents.
 */
final class Arguments {

    /** Rows of a page when the request asks for 0, and the most it may ask for (error-code.md §14). */
    static final int DEFAULT_PAGE_SIZE = 100;
    static final int MAX_PAGE_SIZE = 1000;
    /** Most project ids one request may name. */
    static final int MAX_PROJECT_IDS = 1000;
    /** Earliest and latest instants a protobuf {@code Timestamp} may carry (0001-01-01, 9999-12-31T23:59:59Z). */
    private static final long MIN_SECONDS = -62_135_596_800L;
    private static final long MAX_SECONDS = 253_402_300_799L;

    private Arguments() {
    }

    /**
     * One page of an aggregate (lists that can exceed 1,000 rows are paged by {@code page_token}, the same opaque
     * offset the other list RPCs use): {@code requested} 0 = 100, at most 1,000; {@code field} names it in errors.
     */
    static Page page(int requested, String pageToken, String field) {
        int size = between(requested, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE, field);
        try {
            return new Page(size, Page.offset(pageToken));
        } catch (IllegalArgumentException e) {
            throw Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asRuntimeException();
        }
    }

    /** 0 → {@code dflt}; otherwise at least {@code min}. */
    static int atLeast(int requested, int dflt, int min, String field) {
        if (requested == 0) {
            return dflt;
        }
        if (requested < min) {
            throw invalid(field, "0 (= " + dflt + ") or at least " + min);
        }
        return requested;
    }

    /** 0 → {@code dflt}; otherwise {@code min}–{@code max}. */
    static int between(int requested, int dflt, int min, int max, String field) {
        if (requested == 0) {
            return dflt;
        }
        if (requested < min || requested > max) {
            throw invalid(field, "0 (= " + dflt + ") or " + min + "-" + max);
        }
        return requested;
    }

    /** The project filter: null when empty (all projects of the tenant), else positive ids. */
    static Long[] projectIds(List<Long> ids) {
        if (ids.isEmpty()) {
            return null;
        }
        if (ids.size() > MAX_PROJECT_IDS) {
            throw invalid("project_ids", "at most " + MAX_PROJECT_IDS + " ids");
        }
        for (long id : ids) {
            if (id <= 0) {
                throw invalid("project_ids", "ids are positive, got " + id);
            }
        }
        return ids.stream().distinct().toArray(Long[]::new);
    }

    /** The timestamp as an instant, or null when the field is absent. */
    static Instant instant(boolean present, Timestamp t, String field) {
        if (!present) {
            return null;
        }
        if (t.getSeconds() < MIN_SECONDS || t.getSeconds() > MAX_SECONDS || t.getNanos() < 0
                || t.getNanos() > 999_999_999) {
            throw invalid(field, "not a valid timestamp");
        }
        return Instant.ofEpochSecond(t.getSeconds(), t.getNanos());
    }

    /** Both ends given: {@code from} must lie before {@code to}. */
    static void window(Instant from, Instant to) {
        if (from != null && to != null && !from.isBefore(to)) {
            throw invalid("from", "must be before to");
        }
    }
}
