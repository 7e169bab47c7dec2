package dev.brain.db.transfer;

/**
 * What an import does with a record whose unique key exists already (the {@code on_conflict} option of memory.md
 * §14 and error-code.md §14): {@code FAIL} reports it as a conflict, {@code SKIP} keeps the existing row, and
 * {@code REPLACE} overwrites the existing row in place (same id). {@link ImportWriter} applies it.
 */
public enum OnConflict {
    FAIL,
    SKIP,
    REPLACE
}
