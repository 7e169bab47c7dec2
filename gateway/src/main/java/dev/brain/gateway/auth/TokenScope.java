package dev.brain.gateway.auth;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * What a token may do, each scope implying the ones before it: {@code read} (every read), {@code write} (everything
 * that records or changes the tenant's data: reports, ratings, memories, findings, imports, hooks), {@code admin}
 * (the tenant's tokens and the jobs that touch only the tenant) and {@code system} (every tenant's tokens and the
 * global jobs: retention, session clean-up, memory and knowledge decay; the local token of {@code ./brain up} has it).
 */
public enum TokenScope {
    READ,
    WRITE,
    ADMIN,
    SYSTEM;

    /** The name in tokens, roles and messages: {@code read}, {@code write}, {@code admin}, {@code system}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a token holding this scope may do what {@code required} allows. */
    public boolean implies(TokenScope required) {
        return compareTo(required) >= 0;
    }

    /** The scope of a name, or an exception naming the field and the known scopes. */
    public static TokenScope of(String field, String name) {
        String n = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (TokenScope s : values()) {
            if (s.id().equals(n)) {
                return s;
            }
        }
        throw new IllegalArgumentException(field + ": '" + (name == null ? "" : name.strip())
                + "' is not a scope (read, write, admin, system)");
    }

    /** The highest scope among stored names (unknown names count for nothing); null when there is none. */
    public static TokenScope highest(Set<String> names) {
        TokenScope best = null;
        for (TokenScope s : values()) {
            if (names.contains(s.id())) {
                best = s;
            }
        }
        return best;
    }

    /** The scopes a token holding these names may use: each held scope and every scope below it. */
    public static Set<TokenScope> effective(Set<String> names) {
        TokenScope best = highest(names);
        return best == null ? EnumSet.noneOf(TokenScope.class) : EnumSet.range(READ, best);
    }
}
