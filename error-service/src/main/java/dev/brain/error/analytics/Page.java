package dev.brain.error.analytics;

import java.util.List;

import dev.brain.error.grpc.Pages;

/**
 * One page of an aggregate (error-code.md §14: lists that can exceed 1,000 rows are paged by
 * {@code page_token}): {@code size} rows from {@code offset}. A query reads {@link #fetch()} = size + 1 rows so
 * the answer knows whether another page follows. The token is the same opaque offset the other list RPCs use.
 */
record Page(int size, int offset) {

    static final int DEFAULT_SIZE = 100;
    static final int MAX_SIZE = 1000;

    /** {@code requested}: 0 = 100, at most 1,000; {@code field} names it in errors. */
    static Page of(int requested, String pageToken, String field) {
        return new Page(Arguments.between(requested, DEFAULT_SIZE, 1, MAX_SIZE, field), Pages.offset(pageToken));
    }

    int fetch() {
        return size + 1;
    }

    /** The rows of this page out of the {@link #fetch()}ed ones. */
    <T> List<T> rows(List<T> fetched) {
        return fetched.subList(0, Math.min(size, fetched.size()));
    }

    /** The token of the next page, or "" when {@code fetched} shows this is the last one. */
    String nextToken(int fetched) {
        return fetched > size ? Integer.toString(offset + size) : "";
    }
}
