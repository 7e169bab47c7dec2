package dev.brain.db.transfer;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.LongFunction;
import java.util.function.Supplier;

import dev.brain.db.Jdbc;

/**
 * The writes of one import call under its {@link OnConflict} policy, and their counts: every record written counts
 * under its kind ({@code node}, {@code rule}, …), a record left out for an existing one counts {@code skipped}, one
 * written over an existing one counts {@code replaced} as well as its kind.
 */
public final class ImportWriter {

    private final Jdbc jdbc;
    private final OnConflict onConflict;
    private final Map<String, Long> counts = new TreeMap<>();

    public ImportWriter(Jdbc jdbc, OnConflict onConflict) {
        this.jdbc = jdbc;
        this.onConflict = onConflict;
    }

    public OnConflict onConflict() {
        return onConflict;
    }

    /** The counts by kind, in name order. */
    public Map<String, Long> counts() {
        return counts;
    }

    public void count(String kind) {
        counts.merge(kind, 1L, Long::sum);
    }

    /**
     * A record of {@code kind} whose unique key row {@code existing} holds, if any. A free key inserts the row;
     * a taken one goes by the policy ({@link #replaces}). {@code row} is built only when it is written. Returns the
     * id of the row written, or empty when the record was skipped.
     */
    public Optional<Long> write(String kind, Optional<Long> existing, LongFunction<? extends RuntimeException> conflict,
            Supplier<ImportRow> row) {
        if (existing.isPresent() && !replaces(existing.get(), conflict)) {
            return Optional.empty();
        }
        long id = existing.isPresent() ? update(row.get(), existing.get()) : insert(row.get());
        count(kind);
        return Optional.of(id);
    }

    /**
     * Whether a record is written over the existing row {@code existing} that holds its key: {@code FAIL} throws
     * {@code conflict} of that row, {@code SKIP} counts {@code skipped} and answers false, {@code REPLACE} counts
     * {@code replaced} and answers true.
     */
    public boolean replaces(long existing, LongFunction<? extends RuntimeException> conflict) {
        switch (onConflict) {
            case FAIL -> throw conflict.apply(existing);
            case SKIP -> {
                count("skipped");
                return false;
            }
            default -> {
                count("replaced");
                return true;
            }
        }
    }

    /** Inserts {@code row}; its new id. */
    public long insert(ImportRow row) {
        return jdbc.one(row.insertSql() + " returning id", rs -> rs.getLong(1), row.insertParams()).orElseThrow();
    }

    /** Writes {@code row} over the row {@code id}; that id. */
    public long update(ImportRow row, long id) {
        jdbc.update(row.updateSql(), row.updateParams(id));
        return id;
    }
}
