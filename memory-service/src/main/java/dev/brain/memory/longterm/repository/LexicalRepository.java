package dev.brain.memory.longterm.repository;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import com.github.benmanes.caffeine.cache.Ticker;

import dev.brain.db.Jdbc;
import dev.brain.db.search.Bm25;

/**
 * The lexical side of the relevance read path (memory.md §9): a node's {@code search_vector} ('english' full text of
 * its content, its entities' names and its topics; V8) queried within one pair. The statistics BM25 needs — how many
 * active nodes the pair has, their average number of lexemes, in how many of them a lexeme occurs — come from the
 * pair's own rows. A pair of at least {@value #KEPT_FROM_NODES} nodes keeps them and recounts them in the background
 * once they are a minute old, answering the kept figures meanwhile: counting the statistics read every node's text
 * vector, 263–382 ms a call at 100k nodes, and a lexeme's count 10–20 ms (bench/RESULTS.md, issue #42), while a minute
 * moves a large pair's figures by a fraction of a percent. A lexeme not yet kept is counted on the call. A smaller
 * pair's are counted on every call, exactly.
 */
@ApplicationScoped
public class LexicalRepository {

    static final long KEPT_FROM_NODES = 5_000;
    private static final Duration KEPT_FOR = Duration.ofSeconds(60);

    private final Jdbc jdbc;
    private final LoadingCache<List<String>, PairStats> largePairs;
    /** (user, agent, lexeme) → in how many active nodes of a large pair the lexeme occurs. */
    private final LoadingCache<List<String>, Long> largePairFrequencies;

    @Inject
    public LexicalRepository(Jdbc jdbc) {
        this(jdbc, Ticker.systemTicker());
    }

    /** With the caches' clock (tests move it). */
    LexicalRepository(Jdbc jdbc, Ticker ticker) {
        this.jdbc = jdbc;
        this.largePairs = Caffeine.newBuilder().ticker(ticker).refreshAfterWrite(KEPT_FOR)
                .expireAfterAccess(Duration.ofMinutes(10)).maximumSize(1_000)
                .build(pair -> count(pair.get(0), pair.get(1)));
        this.largePairFrequencies = Caffeine.newBuilder().ticker(ticker).refreshAfterWrite(KEPT_FOR)
                .expireAfterAccess(Duration.ofMinutes(10)).maximumSize(100_000)
                .build(key -> count(key.get(0), key.get(1), List.of(key.get(2))).get(key.get(2)));
    }

    /** The query's distinct lexemes as the 'english' configuration makes them (stemmed, no stop words), in order. */
    public List<String> lexemes(String text) {
        return jdbc.list("select lexeme from unnest(to_tsvector('english', ?)) order by positions[1]",
                rs -> rs.getString(1), text);
    }

    /** The pair's active node count and their average number of distinct lexemes. */
    public record PairStats(long nodes, double averageLength) {
    }

    public PairStats stats(String userId, String agentId) {
        List<String> pair = List.of(userId, agentId);
        PairStats stats = largePairs.get(pair);
        if (stats.nodes() < KEPT_FROM_NODES) {
            largePairs.invalidate(pair);
        }
        return stats;
    }

    private PairStats count(String userId, String agentId) {
        return jdbc.one("""
                select count(*), coalesce(avg(length(search_vector)), 0) from long_term_node
                where user_id = ? and agent_id = ? and active""", rs -> new PairStats(rs.getLong(1), rs.getDouble(2)),
                userId, agentId).orElse(new PairStats(0, 0));
    }

    /** Per lexeme: in how many active nodes of the pair it occurs. */
    public Map<String, Long> documentFrequencies(String userId, String agentId, List<String> lexemes) {
        Map<String, Long> df = new LinkedHashMap<>();
        if (lexemes.isEmpty()) {
            return df;
        }
        boolean large = largePairs.getIfPresent(List.of(userId, agentId)) != null;
        List<String> counted = lexemes;
        if (large) {
            counted = new ArrayList<>();
            for (String l : lexemes) {
                // a count a minute old is still answered, and recounted in the background
                Long kept = largePairFrequencies.getIfPresent(List.of(userId, agentId, l));
                if (kept != null) {
                    df.put(l, kept);
                } else {
                    counted.add(l);
                }
            }
            if (counted.isEmpty()) {
                return df;
            }
        }
        Map<String, Long> fresh = count(userId, agentId, counted);
        df.putAll(fresh);
        if (large) {
            fresh.forEach((l, n) -> largePairFrequencies.put(List.of(userId, agentId, l), n));
        }
        return df;
    }

    private Map<String, Long> count(String userId, String agentId, List<String> lexemes) {
        Map<String, Long> counts = new LinkedHashMap<>();
        jdbc.list("""
                select l, (select count(*) from long_term_node n where n.user_id = ? and n.agent_id = ? and n.active
                             and n.search_vector @@ quote_literal(l)::tsquery)
                from unnest(?::text[]) l""", rs -> counts.put(rs.getString(1), rs.getLong(2)), userId, agentId,
                lexemes.toArray(String[]::new));
        return counts;
    }

    /** A memory remembered next to a candidate: {@code distance} −2, −1 (before it) or 1, 2 (after it). */
    public record Neighbour(long of, long id, int distance) {
    }

    /**
     * Per candidate (its id, its entry's creation time, its time reference), the active nodes of the pair remembered
     * just before and after it (by the entries' creation order), up to {@code span} on each side, from the same
     * episode: the same time reference, written within {@code window} of the candidate. The candidates come with
     * their values, so each side is one range of {@code node_remembered_idx} whatever the statistics.
     */
    public List<Neighbour> rememberedNext(String userId, String agentId, List<NodeRow> candidates, int span,
            java.time.Duration window, List<String> observers) {
        if (candidates.isEmpty() || span <= 0) {
            return List.of();
        }
        String side = """
                select m.id, m.entry_created_at from long_term_node m
                where m.user_id = ? and m.agent_id = ? and m.active and (cardinality(?::text[]) = 0 or m.observer = any(?))
                  and (m.entry_created_at, m.id) %s (c.created, c.id)
                  and m.entry_created_at between c.created - ?::interval and c.created + ?::interval
                  and m.time_at is not distinct from c.time_at
                order by m.entry_created_at %s, m.id %s limit ?""";
        String sql = """
                select c.id, b.id, -row_number() over (partition by c.id order by b.entry_created_at desc, b.id desc)
                from unnest(?::bigint[], ?::timestamptz[], ?::timestamptz[]) c(id, created, time_at)
                cross join lateral (%s) b
                union all
                select c.id, a.id, row_number() over (partition by c.id order by a.entry_created_at, a.id)
                from unnest(?::bigint[], ?::timestamptz[], ?::timestamptz[]) c(id, created, time_at)
                cross join lateral (%s) a""".formatted(side.formatted("<", "desc", "desc"), side.formatted(">", "asc", "asc"));
        Long[] ids = candidates.stream().map(NodeRow::id).toArray(Long[]::new);
        // timestamps as ISO text: the driver binds no OffsetDateTime[]
        String[] created = candidates.stream().map(n -> n.entryCreatedAt().toString()).toArray(String[]::new);
        String[] times = candidates.stream().map(n -> n.timeAt() == null ? null : n.timeAt().toString())
                .toArray(String[]::new);
        String interval = window.toSeconds() + " seconds";
        String[] who = observers.toArray(String[]::new);
        return jdbc.list(sql, rs -> new Neighbour(rs.getLong(1), rs.getLong(2), rs.getInt(3)), ids, created, times,
                userId, agentId, who, who, interval, interval, span, ids, created, times, userId, agentId, who, who,
                interval, interval, span);
    }

    /**
     * Up to {@code limit} active nodes of the pair (observer filter; empty = both) that hold any of {@code anyOf},
     * each with its term frequencies for every lexeme of {@code lexemes} (in that order).
     */
    public List<Bm25.Match> matches(String userId, String agentId, List<String> anyOf, List<String> lexemes,
            List<String> observers, int limit) {
        if (anyOf.isEmpty()) {
            return List.of();
        }
        String sql = """
                select n.id, n.search_vector::text
                from long_term_node n
                where n.user_id = ? and n.agent_id = ? and n.active
                  and n.search_vector @@ (select string_agg(quote_literal(a), ' | ')::tsquery from unnest(?::text[]) a)"""
                + (observers.isEmpty() ? "" : " and n.observer = any(?)") + " limit ?";
        List<Object> params = new ArrayList<>(List.of(userId, agentId, anyOf.toArray(String[]::new)));
        if (!observers.isEmpty()) {
            params.add(observers.toArray(String[]::new));
        }
        params.add(limit);
        return jdbc.list(sql, rs -> Bm25.match(rs.getLong(1), rs.getString(2), lexemes), params.toArray());
    }
}
