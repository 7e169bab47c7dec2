package dev.brain.gateway.client;

import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What one service reported for {@code Stats}: up with its live row counts per table, or down with the
 * reason in one line.
 */
@RegisterForReflection
public record ServiceCounts(boolean up, Map<String, Long> counts, String error) {

    public static ServiceCounts up(Map<String, Long> counts) {
        return new ServiceCounts(true, counts, null);
    }

    public static ServiceCounts down(String error) {
        return new ServiceCounts(false, Map.of(), error);
    }

    public long totalRows() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }
}
