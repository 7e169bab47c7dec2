package dev.brain.error.code.repository;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * How common each shape-sketch value is: PostgreSQL's own statistics of {@code code_module.shape_sketch} (its most
 * common elements and their frequencies, gathered by {@code ANALYZE}; error-service's statistics job runs it as the
 * table grows). Code shares idioms — {@code for ( let <VAR> = <NUM> ;} — so a few sketch values stand in most
 * modules, and an overlap search over a probe's whole sketch read nearly every module (817 of 867 in a benchmark
 * store, growing with it). {@link #rarest} picks the probe values the index walks instead. Read at most once a
 * minute per replica; without statistics every value counts as rare.
 */
@ApplicationScoped
public class CommonShapes {

    static final Duration REFRESH = Duration.ofSeconds(60);

    private final Jdbc jdbc;
    private volatile Snapshot snapshot = new Snapshot(Map.of(), Instant.EPOCH);

    private record Snapshot(Map<Long, Double> frequencies, Instant readAt) {
    }

    public CommonShapes(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The {@code count} values of {@code sketch} held by the fewest modules (by the statistics; values not among the
     * most common ones first, in sketch order).
     */
    public long[] rarest(long[] sketch, int count, Instant now) {
        Map<Long, Double> frequencies = current(now);
        return java.util.Arrays.stream(sketch).boxed()
                .sorted(java.util.Comparator.comparingDouble(v -> frequencies.getOrDefault(v, 0.0)))
                .limit(count).mapToLong(Long::longValue).toArray();
    }

    private Map<Long, Double> current(Instant now) {
        Snapshot s = snapshot;
        if (Duration.between(s.readAt(), now).compareTo(REFRESH) < 0) {
            return s.frequencies();
        }
        return refresh(now);
    }

    /** Reads the statistics now, for the next minute (also what a test calls after {@code ANALYZE}). */
    Map<Long, Double> refresh(Instant now) {
        Map<Long, Double> frequencies = new HashMap<>();
        // most_common_elem_freqs holds one frequency per element, then the minimum, maximum and null frequency: the
        // zip pads the elements with nulls there
        jdbc.list("""
                select e.value, e.freq from pg_stats s
                  cross join lateral unnest(s.most_common_elems::text::bigint[], s.most_common_elem_freqs)
                    as e(value, freq)
                where s.schemaname = current_schema() and s.tablename = 'code_module' and s.attname = 'shape_sketch'
                  and e.value is not null""", rs -> frequencies.put(rs.getLong(1), rs.getDouble(2)));
        snapshot = new Snapshot(Map.copyOf(frequencies), now);
        return frequencies;
    }
}
