package dev.brain.error.report;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.error.config.ErrorConfig;
import dev.brain.error.report.repository.ErrorRepository;

/**
 * The words of the error full text that too many stored errors hold for an AND over them to be cheap: the lexemes
 * that PostgreSQL's own statistics of {@code error.search_vector} (its most common elements and their frequencies,
 * gathered by {@code ANALYZE}, which autovacuum runs as the table grows) estimate in more than
 * {@code matching.common-word-hits} (1,000) rows, all tenants together: the index's posting lists are shared.
 *
 * <p>
 * An AND of a report's words over the GIN index costs about as much as the rarest word's posting list: the index
 * walks the rarest list and skips through the others. When every word is common — {@code cannot find value in this
 * scope} — that list grows with the store (1,718 hits, 2.4 ms at 20k errors; five times that at 100k), and the
 * text list of matching takes 30 arbitrary rows of it anyway. {@link Matcher} therefore reads the text list only
 * when the report holds a word outside this set. The set is read at most once a minute per replica; without
 * statistics (a table never analyzed) it is empty and the text list is always read, as before.
 */
@ApplicationScoped
public class CommonWords {

    static final Duration REFRESH = Duration.ofSeconds(60);

    private final ErrorRepository errors;
    private final ErrorConfig config;
    private volatile Snapshot snapshot = new Snapshot(List.of(), Instant.EPOCH);

    private record Snapshot(List<String> words, Instant readAt) {
    }

    public CommonWords(ErrorRepository errors, ErrorConfig config) {
        this.errors = errors;
        this.config = config;
    }

    /** The common words as of the last read, read again when older than {@link #REFRESH}. */
    public List<String> current(Instant now) {
        Snapshot s = snapshot;
        if (Duration.between(s.readAt(), now).compareTo(REFRESH) < 0) {
            return s.words();
        }
        return refresh(now);
    }

    /** Reads the set now, for the next minute (also what a test calls after {@code ANALYZE}). */
    List<String> refresh(Instant now) {
        List<String> words = read();
        snapshot = new Snapshot(words, now);
        return words;
    }

    private List<String> read() {
        return errors.commonWords(config.matching().commonWordHits());
    }
}
