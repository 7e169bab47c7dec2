package dev.brain.error.report.repository;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.error.report.CoverDensityRank;
import dev.brain.error.report.Matcher;

/**
 * The candidate searches of multi-signal matching (error-code.md §5.7): reads of tables {@code error},
 * {@code error_recency}, {@code stack_frame} and {@code error_embedding}, always within one tenant. Each list is read
 * from an index and bounded, so the cost does not grow with the store; {@link Matcher} scores what they return.
 */
@ApplicationScoped
public class CandidateRepository {

    /**
     * The full-text list: the first 30 rows the index gives that hold every word of the probe and have another
     * fingerprint (the same fingerprint is list 1). Every word of a
     * common message can be shared by thousands of rows of a large store, so "the 30 best by rank" would rank an
     * arbitrary sample of the hits anyway (ranking 200 of them cost ~5 ms of a report at 100k errors); each
     * candidate's rank is still computed for its full-text signal. The index holds the tenant with the words
     * (V4), so a tenant's hits are found without reading another tenant's. The list is read only when the probe
     * holds a word that is not {@linkplain dev.brain.error.report.CommonWords common}: the AND's cost is the rarest
     * word's posting list, which for common words alone grows with the store.
     */
    static final int TEXT_HITS = 30;

    /**
     * The same-shape list: the 30 most recent rows of the probe's message shape. When it is full, the full-text
     * list is not read. Its hits would be another 30 arbitrary rows holding every word — in a store where the
     * shape is that common, mostly more rows of the same shape — and reading them is most of a report's cost
     * (~5 ms for the ~7,000 hits of a Go panic's words at 100k errors). What only the text list finds cannot be
     * a match: below the same fingerprint, a score reaches 0.70 only with the same type, an equal message, stack
     * and file, which is the same shape in all but word order.
     */
    static final int SHAPE_HITS = 30;

    private final Jdbc jdbc;

    public CandidateRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * A candidate: its columns, rank(c) and the probe's rank(x) of the full-text signal, and its frame keys (in-app
     * first 10, else the first 10).
     */
    public record Candidate(long id, String fingerprint, String type, String template, String sourceFile,
            String workingDirectory, Instant lastSeenAt, double rank, double ownRank,
            List<String> keys) {
    }

    /**
     * The lexeme query of §5.7 step 3 ({@code q}): the distinct lexemes of the text, at most 32, each quoted as a
     * tsquery operand and joined by {@code operator} ({@code |} = any, {@code &} = all), and the lexemes themselves
     * ({@code lexemes}). Raw text never reaches the parser as syntax, and the operands are the lexemes as they are
     * (a cast, where {@code to_tsquery} would parse {@code 'foo-bar'} again, into a phrase of three).
     * Matching ranks with the spec's OR query (rank(c) and rank(x) of the full-text signal) but selects the
     * full-text list's hits with the AND query: an OR of common words hits most of a large store.
     */
    public static String lexemeQuery(String operator) {
        return lexemeQuery(operator, "true");
    }

    /** {@link #lexemeQuery(String)} of the lexemes for which {@code condition} (SQL over {@code lexeme}) holds. */
    public static String lexemeQuery(String operator, String condition) {
        return """
                select coalesce(string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''', ' %s ')::tsquery,
                                ''::tsquery) as q,
                       coalesce(array_agg(lexeme), '{}') as lexemes
                from (select lexeme from unnest(to_tsvector('simple', ?)) where %s limit 32) l"""
                .formatted(operator, condition);
    }

    /**
     * rank(x) of the full-text signal ranks x's own search vector (§5.7): a stored error's column (reported, late
     * match), or for a parsed query, which is not stored, the column's type and template parts (it has no task
     * context or stack text), built as the column builds them (V7). As text, for {@link CoverDensityRank}.
     */
    private static String ownVector(Matcher.Probe probe) {
        return probe.excludeId() > 0 ? "(select search_vector::text from error where id = ?)"
                : "(setweight(searchable_words(?), 'A') || setweight(searchable_words(?), 'A'))::text";
    }

    private static List<Object> ownVectorParams(Matcher.Probe probe) {
        return probe.excludeId() > 0 ? List.of(probe.excludeId()) : List.of(probe.type(), probe.template());
    }

    /**
     * What the matching statements return per candidate (error {@code e}, probe query {@code q}): its search vector
     * as text, and on every row the OR query's lexemes and x's own vector, from which {@link CoverDensityRank}
     * computes rank(c) and rank(x).
     */
    private static final String CANDIDATE_COLUMNS = """
            e.id, e.fingerprint, e.error_type, e.message_template, e.source_file, e.working_directory, e.last_seen_at,
                   e.search_vector::text as words, q.lexemes, q.own_words,
                   (select array_agg(normalized order by position) from (
                      select f.normalized, f.position from stack_frame f where f.error_id = e.id
                        and (f.in_app or not exists (select 1 from stack_frame g where g.error_id = e.id and g.in_app))
                      order by f.position limit 10) k) as keys""";

    /** The candidates of one statement; its query's lexemes and rank(x) are read from the first row. */
    private List<Candidate> candidates(String sql, List<Object> params) {
        List<Set<String>> lexemes = new ArrayList<>(1);
        double[] ownRank = new double[1];
        return jdbc.list(sql, rs -> {
            if (lexemes.isEmpty()) {
                lexemes.add(Set.copyOf(Jdbc.strings(rs, "lexemes")));
                ownRank[0] = CoverDensityRank.rank(rs.getString("own_words"), lexemes.get(0));
            }
            java.sql.Array keys = rs.getArray("keys");
            return new Candidate(rs.getLong("id"), rs.getString("fingerprint"), rs.getString("error_type"),
                    rs.getString("message_template"), rs.getString("source_file"), rs.getString("working_directory"),
                    Jdbc.instant(rs, "last_seen_at"), CoverDensityRank.rank(rs.getString("words"), lexemes.get(0)),
                    ownRank[0], keys == null ? List.of() : List.of((String[]) keys.getArray()));
        }, params.toArray());
    }

    /**
     * The candidates of lists 1–4 of §5.7 and list 5, {@code nearest} (empty for a probe without a vector), which
     * fills what room lists 1–4 leave within {@code maxCandidates}: all selected by one statement, in list order.
     * {@code commonWords}: the full-text list is read only when the probe holds a word outside them.
     */
    public List<Candidate> matching(Matcher.Probe probe, List<Long> nearest, String[] commonWords, int maxCandidates) {
        String scope = "tenant = ? and id <> ?" + (probe.projectOnly() != null ? " and project_id = ?" : "");
        // the "most recent" lists walk the narrow recency table's indexes (V6)
        String recencyScope = "tenant = ? and error_id <> ?" + (probe.projectOnly() != null ? " and project_id = ?" : "");
        List<Object> scopeParams = new ArrayList<>(List.of(probe.tenant(), probe.excludeId()));
        if (probe.projectOnly() != null) {
            scopeParams.add(probe.projectOnly());
        }
        String sql = """
                with q_all as (%s),
                q as (select q_all.q as q_all, q_all.lexemes, %s as own_words from q_all),
                shape as (select id, 400000 + row_number() over () as ord from (select error_id as id from error_recency
                   where %s and message_shape = message_shape(?, ?) order by last_seen_at desc limit %d) b),
                c as (
                  (select id, 100000 + row_number() over () as ord from (select id from error
                   where %s and fingerprint = ? order by last_seen_at desc limit 20) b)
                  union all
                  (select id, 200000 + row_number() over () from (select error_id as id from error_recency
                   where %s and error_type = ? order by last_seen_at desc limit 30) b)
                  union all
                  (select id, 300000 + row_number() over () from (select h.id from (select id
                   from error, q where %s and search_vector @@ q.q_all and fingerprint <> ?
                     and (select count(*) from shape) < %d
                     and exists (select 1 from unnest(q.lexemes) w where w <> all(?::text[])) limit %d) h
                   order by h.id desc) b)
                  union all
                  (select id, ord from shape)%s
                ),
                ids as (select id, min(ord) as ord from c group by id order by min(ord) limit ?)
                select %s
                from ids join error e on e.id = ids.id cross join q
                order by ids.ord""".formatted(lexemeQuery("&"), ownVector(probe), recencyScope, SHAPE_HITS,
                scope, recencyScope, scope, SHAPE_HITS, TEXT_HITS, nearest.isEmpty() ? "" : """

                        union all
                        (select id, 500000 + ord from unnest(?::bigint[]) with ordinality as v(id, ord))""",
                CANDIDATE_COLUMNS);
        List<Object> params = new ArrayList<>();
        params.add(lexemeText(probe)); // the AND query selects the text list; the ranks need only its lexemes
        params.addAll(ownVectorParams(probe));
        params.addAll(scopeParams); // same message shape
        params.add(probe.type());
        params.add(probe.template());
        params.addAll(scopeParams); // same fingerprint
        params.add(probe.fingerprint());
        params.addAll(scopeParams); // same type
        params.add(probe.type());
        params.addAll(scopeParams); // full text, not the same fingerprint (list 1 has those)
        params.add(probe.fingerprint());
        params.add(commonWords); // and not of common words alone
        if (!nearest.isEmpty()) {
            params.add(nearest.toArray(Long[]::new));
        }
        params.add(maxCandidates);
        return candidates(sql, params);
    }

    /**
     * The given stored errors as candidates of {@code probe}, in the given order, with the columns {@link #matching}
     * reads; ids of another tenant, of the probe itself or of deleted errors are left out.
     */
    public List<Candidate> byIds(Matcher.Probe probe, List<Long> candidateIds) {
        String sql = """
                with q_any as (%s),
                q as (select q_any.lexemes, %s as own_words from q_any)
                select %s
                from unnest(?::bigint[]) with ordinality as ids(id, ord) join error e on e.id = ids.id
                cross join q
                where e.tenant = ? and e.id <> ?
                order by ids.ord""".formatted(lexemeQuery("|"), ownVector(probe), CANDIDATE_COLUMNS); // ranks as matching()
        List<Object> params = new ArrayList<>();
        params.add(lexemeText(probe));
        params.addAll(ownVectorParams(probe));
        params.add(candidateIds.toArray(Long[]::new));
        params.add(probe.tenant());
        params.add(probe.excludeId());
        return candidates(sql, params);
    }

    /**
     * The ids of the tenant's (or project's) errors nearest to the stored vector of {@code errorId}, nearest first,
     * ties by id; none when it has no vector. The HNSW scan is iterative ({@code hnsw.iterative_scan = relaxed_order},
     * set for every connection of the service): it reads on until {@code limit} rows pass the filters, and the outer
     * order restores exact distance order.
     */
    public List<Long> nearest(String tenant, long errorId, Long projectOnly, int limit) {
        String vector = "(select embedding from error_embedding where error_id = ?)";
        if (projectOnly == null) {
            return jdbc.list("""
                    select error_id from (select error_id, embedding <=> %1$s as d from error_embedding
                      where tenant = ? and error_id <> ? order by embedding <=> %1$s limit ?) n
                    where d is not null order by d, error_id""".formatted(vector), rs -> rs.getLong(1), errorId, tenant,
                    errorId, errorId, limit);
        }
        return jdbc.list("""
                select error_id from (select x.error_id, x.embedding <=> %1$s as d
                  from error_embedding x join error e on e.id = x.error_id
                  where x.tenant = ? and x.error_id <> ? and e.project_id = ? order by x.embedding <=> %1$s limit ?) n
                where d is not null order by d, error_id""".formatted(vector), rs -> rs.getLong(1), errorId, tenant,
                errorId, projectOnly, errorId, limit);
    }

    /** The words of the lexeme queries: type and template without placeholders. */
    private static String lexemeText(Matcher.Probe probe) {
        return probe.type() + " " + probe.template().replaceAll("<[A-Z]+>", " ");
    }
}
