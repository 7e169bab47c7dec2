package dev.brain.error.report.repository;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.SolutionAttempt;
import dev.brain.grpc.v1.SolutionForError;

/**
 * The ranked lists of {@code QueryErrors} (error-code.md §5.9) and what a page of hits shows: reads of tables
 * {@code error}, {@code error_recency}, {@code error_embedding}, {@code solution} and {@code error_solution}, always
 * within one tenant. The query's text never reaches a query parser as syntax: lexemes are quoted one by one
 * ({@link CandidateRepository#lexemeQuery}).
 */
@ApplicationScoped
public class QueryRepository {

    /** Rows of each ranked list. */
    static final int LIST_SIZE = 50;
    /**
     * At most this many full-text hits are ranked. The hits are the rows holding every word of the query, or, when
     * there is none, any of its words that are not common: an OR of common words hits most of a large store (43,649
     * of 95k rows, ~9 ms), so its first hits were an arbitrary sample; rows with every word are the ones a pasted line
     * means. Ranking 400 hits cost ~3 ms at 100k errors; the list keeps 50.
     */
    public static final int MAX_TEXT_HITS = 100;
    /** The records of errors (ids {@code ?} 2), their best solutions and their failed attempts. */
    private static final String SHOWN = String.join(";\n",
            "select " + ErrorRows.COLUMNS + ErrorRows.FROM + "where e.tenant = ? and e.id = any(?)",
            SolutionRows.FOR_ERRORS.formatted("es.error_id = any(?)"),
            SolutionRows.ATTEMPTS.formatted("a.error_id = any(?)"));

    private final Jdbc jdbc;

    public QueryRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Which errors ({@code e}) a list holds: the tenant's, and of the project, of the types and resolved or not when
     * those are not null.
     */
    public record Filter(String tenant, Long projectId, String[] types, Boolean resolved) {

        String sql() {
            StringBuilder filter = new StringBuilder("e.tenant = ?");
            if (projectId != null) {
                filter.append(" and e.project_id = ?");
            }
            if (types != null) {
                filter.append(" and e.error_type = any(?)");
            }
            if (resolved != null) {
                filter.append(" and e.resolved = ?");
            }
            return filter.toString();
        }

        List<Object> params() {
            List<Object> params = new ArrayList<>(List.of(tenant));
            if (projectId != null) {
                params.add(projectId);
            }
            if (types != null) {
                params.add(types);
            }
            if (resolved != null) {
                params.add(resolved);
            }
            return params;
        }
    }

    /**
     * A hit of list {@code list} (1 full text, 2 same message shape, 3 nearest by vector, 4 solution full text,
     * 5 raw output), in the list's order; {@code everyWordHits}: of the full-text list's hits, how many rows hold every
     * word of the query (at most {@value #MAX_TEXT_HITS}; 0 in the other lists).
     */
    public record Ranked(int list, long id, Instant lastSeen, int everyWordHits) {
    }

    /**
     * Lists 1, 2 and 4 in one statement: the full-text hits of {@code lexemes} (every word; when no row holds every
     * word, every word of {@code ownLexemes}, the query's own words where the parse added some, not read when they are
     * the same words; when no row holds those either, any word of {@code lexemes} that is not among
     * {@code commonWords}, none when all are), ranked by all of them, the errors of the message shape of {@code type}
     * and {@code template}, and the errors of the solutions whose text holds a word.
     */
    public List<Ranked> lexical(String lexemes, String ownLexemes, String[] commonWords, Filter filter, String type,
            String template) {
        List<Object> filterParams = filter.params();
        List<Object> params = new ArrayList<>();
        params.add(lexemes);
        params.add(lexemes);
        params.add(ownLexemes);
        params.add(lexemes);
        params.add(commonWords);
        params.addAll(filterParams);
        params.addAll(filterParams);
        params.addAll(filterParams);
        params.add(LIST_SIZE);
        params.addAll(filterParams);
        params.add(type);
        params.add(template);
        params.add(LIST_SIZE);
        params.addAll(filterParams);
        params.add(LIST_SIZE);
        return jdbc.list(
                """
                        with q as (%1$s), q_all as (%4$s), q_own as (%4$s), q_rare as (%5$s),
                        all_words as (select e.id, e.last_seen_at, e.search_vector from error e, q_all
                           where %2$s and e.search_vector @@ q_all.q limit %3$d),
                        own_words as (select e.id, e.last_seen_at, e.search_vector from error e, q_own, q_all
                           where not exists (select 1 from all_words) and q_own.q <> q_all.q
                             and %2$s and e.search_vector @@ q_own.q limit %3$d),
                        every_word as (select * from all_words union all select * from own_words),
                        hits as (select * from every_word
                           union all
                           (select e.id, e.last_seen_at, e.search_vector from error e, q_rare
                            where not exists (select 1 from every_word) and %2$s and e.search_vector @@ q_rare.q limit %3$d))
                        (select 1, id, last_seen_at, (select count(*)::int from every_word) from (select h.id, h.last_seen_at
                           from hits h cross join q order by ts_rank_cd(h.search_vector, q.q, 32) desc, h.id desc limit ?) a)
                        union all
                        (select 2, id, last_seen_at, 0 from (select e.id, e.last_seen_at from error_recency r
                           join error e on e.id = r.error_id
                           where r.tenant = e.tenant and %2$s and r.message_shape = message_shape(?, ?)
                           order by r.last_seen_at desc limit ?) b)
                        union all
                        (select 4, id, last_seen_at, 0 from (select e.id, e.last_seen_at, max(ts_rank_cd(s.search_vector, q.q, 32)) as rank
                           from solution s cross join q join error_solution es on es.solution_id = s.id
                           join error e on e.id = es.error_id
                           where %2$s and s.search_vector @@ q.q group by e.id, e.last_seen_at
                           order by rank desc, e.id desc limit ?) c)"""
                        .formatted(CandidateRepository.lexemeQuery("|"), filter.sql(),
                                MAX_TEXT_HITS, CandidateRepository.lexemeQuery("&"),
                                CandidateRepository.lexemeQuery("|", "lexeme <> all(?::text[])")),
                rs -> new Ranked(rs.getInt(1), rs.getLong(2), Jdbc.instant(rs, "last_seen_at"), rs.getInt(4)),
                params.toArray());
    }

    /** List 5: the errors whose raw output's first 4 KiB hold the ILIKE {@code pattern}, most recently seen first. */
    public List<Ranked> rawText(Filter filter, String pattern) {
        return rawOutputList(filter, "left(e.raw_output, 4096) ilike ?", pattern, "e.last_seen_at desc, e.id desc");
    }

    /**
     * List 5 for a query that is the header line of {@code parser}'s output alone (Python's {@code Traceback (most
     * recent call last):}): the newest errors that parser read, each of whose raw output holds the line. A trigram
     * index cannot narrow a substring that a language's every error holds (a fifth of a store); the index
     * {@code (tenant, parser, id)} reads the page.
     */
    public List<Ranked> byHeader(Filter filter, String parser) {
        return rawOutputList(filter, "e.parser = ?", parser, "e.id desc");
    }

    /**
     * List 5: the first {@value #LIST_SIZE} errors of the filter in {@code order} for which {@code condition} holds of
     * {@code value}.
     */
    private List<Ranked> rawOutputList(Filter filter, String condition, Object value, String order) {
        List<Object> params = new ArrayList<>(filter.params());
        params.add(value);
        params.add(LIST_SIZE);
        return jdbc.list("""
                select e.id, e.last_seen_at from error e where %s and %s order by %s limit ?"""
                .formatted(filter.sql(), condition, order),
                rs -> new Ranked(5, rs.getLong(1), Jdbc.instant(rs, "last_seen_at"), 0), params.toArray());
    }

    /**
     * List 3: the errors nearest to {@code vector} within cosine distance {@code maxDistance}, nearest first. The
     * iterative HNSW scan ({@code hnsw.iterative_scan}, set for every connection) of the tenant's vectors, each
     * joined to its error for the other filters.
     */
    public List<Ranked> nearest(String vector, Filter filter, double maxDistance) {
        List<Object> vectorParams = new ArrayList<>(List.of(vector, filter.tenant()));
        vectorParams.addAll(filter.params());
        vectorParams.add(LIST_SIZE);
        vectorParams.add(maxDistance);
        return jdbc.list("""
                select 3, id, last_seen_at from (select e.id, e.last_seen_at, x.embedding <=> q.v as d
                  from error_embedding x join error e on e.id = x.error_id, (select ?::vector as v) q
                  where x.tenant = ? and %s
                  order by x.embedding <=> q.v limit ?) v where d <= ? order by d, id""".formatted(filter.sql()),
                rs -> new Ranked(rs.getInt(1), rs.getLong(2), Jdbc.instant(rs, "last_seen_at"), 0),
                vectorParams.toArray());
    }

    /**
     * The records of the tenant's errors among {@code ids}, their best 3 solutions and their last
     * {@code attemptsPerError} failed attempts, put into the maps by error id, in one round trip.
     */
    public void shown(String tenant, Long[] ids, Map<Long, ErrorRecord> records,
            Map<Long, List<SolutionForError>> solutions, Map<Long, List<SolutionAttempt>> attempts,
            int attemptsPerError) {
        jdbc.together(SHOWN, s -> Jdbc.bind(s, tenant, ids, tenant, ids, tenant, ids), results -> {
            results.next(ErrorRows::map).forEach(e -> records.put(e.getId(), e));
            results.next(SolutionRows.collectSolutions(solutions, 3));
            results.next(SolutionRows.collectAttempts(attempts, attemptsPerError));
            return null;
        });
    }
}
