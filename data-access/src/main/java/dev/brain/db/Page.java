package dev.brain.db;

import java.util.List;

/**
 * One page of a list: {@code size} rows from {@code offset}. A query reads {@link #fetch()} = size + 1 rows so the
 * answer knows whether another page follows; the page token is the opaque offset of the next page ("" = none).
 */
public record Page(int size, int offset) {

    /** The offset a page token stands for ("" = 0); a malformed token throws {@link IllegalArgumentException}. */
    public static int offset(String token) {
        if (token == null || token.isEmpty()) {
            return 0;
        }
        try {
            int offset = Integer.parseInt(token);
            if (offset < 0) {
                throw new NumberFormatException();
            }
            return offset;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("page_token is not valid");
        }
    }

    public int fetch() {
        return size + 1;
    }

    /** The rows of this page out of the {@link #fetch()}ed ones. */
    public <T> List<T> rows(List<T> fetched) {
        return fetched.subList(0, Math.min(size, fetched.size()));
    }

    /** The token of the next page, or "" when {@code fetched} rows show this is the last one. */
    public String nextToken(int fetched) {
        return fetched > size ? Integer.toString(offset + size) : "";
    }
}
