package dev.brain.error.code.analysis;

import java.util.Locale;

/** How a source file is cut into modules: the {@code module_type} of error-code.md §9.3. */
public enum Granularity {
    FILE,
    CLASS,
    FUNCTION,
    PATTERN;

    /** The value stored in SQL and sent over gRPC: the lower-case name. */
    public String sqlName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
