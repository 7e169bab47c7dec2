package dev.brain.error.report;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.error.config.ErrorConfig;
import dev.brain.error.embedding.QueryVectors;
import dev.brain.error.intake.Fingerprints;
import dev.brain.error.intake.InputNormalizer;
import dev.brain.error.intake.MessageTemplate;
import dev.brain.error.intake.ParsedError;
import dev.brain.error.intake.ParserRegistry;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.ErrorHit;
import dev.brain.grpc.v1.ErrorQueryList;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.QueryErrorsRequest;
import dev.brain.grpc.v1.QueryErrorsResponse;
import dev.brain.grpc.v1.SearchFootprint;
import dev.brain.grpc.v1.SolutionAttempt;
import dev.brain.grpc.v1.SolutionForError;
import io.grpc.Status;

/**
 * {@code QueryErrors} (error-code.md §5.9): free text of any shape — a pasted error line with quotes,
 * parentheses and operators, keywords, an error code — is templated and searched in ranked lists (error full
 * text, same message shape as the parsed text, nearest by embedding when memory-service embeds the query within
 * {@code embedding.queryDeadline}, solution full text mapped to its errors), fused by reciprocal rank. The text
 * never reaches a query parser as syntax: lexemes are quoted one by one.
 */
@ApplicationScoped
@Transactional
public class ErrorQueries {

    static final int MAX_QUERY_BYTES = 4 * 1024;
    static final int LIST_SIZE = 50;
    static final int RRF_K = 60;
    /**
     * At most this many full-text hits are ranked. The hits are the rows holding every word of the query, or, when
     * there is none, any word: an OR of common words hits most of a large store (64k of 100k rows, ~10 ms), so its
     * first hits were an arbitrary sample; rows with every word are the ones a pasted line means. Ranking 400 hits
     * cost ~3 ms at 100k errors; the list keeps 50.
     */
    static final int MAX_TEXT_HITS = 100;
    /** The records of errors (ids {@code ?} 2), their best solutions and their failed attempts. */
    private static final String SHOWN = String.join(";\n",
            "select " + ErrorRows.COLUMNS + ErrorRows.FROM + "where e.tenant = ? and e.id = any(?)",
            SolutionRows.FOR_ERRORS.formatted("es.error_id = any(?)"),
            SolutionRows.ATTEMPTS.formatted("a.error_id = any(?)"));
    /** A query this short (characters, words) is also searched as a substring of the raw output (list 5). */
    static final int RAW_QUERY_CHARS = 64;
    static final int RAW_QUERY_WORDS = 4;

    private final Jdbc jdbc;
    private final Scopes scopes;
    private final Matcher matcher;
    private final ErrorConfig config;
    private final QueryVectors queryVectors;

    public ErrorQueries(Jdbc jdbc, Scopes scopes, Matcher matcher, ErrorConfig config, QueryVectors queryVectors) {
        this.queryVectors = queryVectors;
        this.jdbc = jdbc;
        this.scopes = scopes;
        this.matcher = matcher;
        this.config = config;
    }

    public QueryErrorsResponse query(QueryErrorsRequest r) {
        String text = InputNormalizer.clean(r.getQuery()).strip();
        if (text.isEmpty()) {
            throw Status.INVALID_ARGUMENT.withDescription("query is required").asRuntimeException();
        }
        if (text.getBytes(StandardCharsets.UTF_8).length > MAX_QUERY_BYTES) {
            throw Status.INVALID_ARGUMENT.withDescription("query: at most 4 KiB").asRuntimeException();
        }
        if (r.getLimit() < 0 || r.getLimit() > 50) {
            throw Status.INVALID_ARGUMENT.withDescription("limit: 0-50").asRuntimeException();
        }
        int limit = r.getLimit() == 0 ? 10 : r.getLimit();
        CallScope scope = scopes.forRead(r.getScope());
        boolean projectOnly = r.getProjectOnly() && scope.project() != null;
        if (projectOnly && scope.projectId() == null) {
            return empty(scope, "project " + scope.project());
        }
        ParsedError parsed = ParserRegistry.parse(text);
        boolean isError = !"generic".equals(parsed.parser());
        // placeholders are no words; a path's directory goes with its slash: "src/api/users.ts" is templated to
        // "<PATH>/users.ts" and searched as "users.ts", a word of every row that names the file (V7)
        String lexemes = MessageTemplate.template(searchedText(text, parsed, isError)).replaceAll("<[A-Z]+>/?", " ");
        StringBuilder filter = new StringBuilder("e.tenant = ?");
        List<Object> filterParams = new ArrayList<>(List.of(scope.tenant()));
        if (projectOnly) {
            filter.append(" and e.project_id = ?");
            filterParams.add(scope.projectId());
        }
        if (r.getTypesCount() > 0) {
            filter.append(" and e.error_type = any(?)");
            filterParams.add(r.getTypesList().toArray(String[]::new));
        }
        if (r.hasResolved()) {
            filter.append(" and e.resolved = ?");
            filterParams.add(r.getResolved());
        }
        List<Object> params = new ArrayList<>();
        params.add(lexemes);
        params.add(lexemes);
        params.addAll(filterParams);
        params.addAll(filterParams);
        params.add(LIST_SIZE);
        params.addAll(filterParams);
        params.add(parsed.type());
        params.add(MessageTemplate.template(parsed.message()));
        params.add(LIST_SIZE);
        params.addAll(filterParams);
        params.add(LIST_SIZE);
        record Ranked(int list, long id, Instant lastSeen, boolean everyWord) {
        }
        List<Ranked> ranked = jdbc.list(
                """
                        with q as (%1$s), q_all as (%4$s),
                        every_word as (select e.id, e.last_seen_at, e.search_vector from error e, q_all
                           where %2$s and e.search_vector @@ q_all.q limit %3$d),
                        hits as (select * from every_word
                           union all
                           (select e.id, e.last_seen_at, e.search_vector from error e, q
                            where not exists (select 1 from every_word) and %2$s and e.search_vector @@ q.q limit %3$d))
                        (select 1, id, last_seen_at, exists (select 1 from every_word) from (select h.id, h.last_seen_at
                           from hits h cross join q order by ts_rank_cd(h.search_vector, q.q, 32) desc, h.id desc limit ?) a)
                        union all
                        (select 2, id, last_seen_at, false from (select e.id, e.last_seen_at from error_recency r
                           join error e on e.id = r.error_id
                           where r.tenant = e.tenant and %2$s and r.message_shape = message_shape(?, ?)
                           order by r.last_seen_at desc limit ?) b)
                        union all
                        (select 4, id, last_seen_at, false from (select e.id, e.last_seen_at, max(ts_rank_cd(s.search_vector, q.q, 32)) as rank
                           from solution s cross join q join error_solution es on es.solution_id = s.id
                           join error e on e.id = es.error_id
                           where %2$s and s.search_vector @@ q.q group by e.id, e.last_seen_at
                           order by rank desc, e.id desc limit ?) c)"""
                        .formatted(Matcher.lexemeQuery("|"), filter,
                                MAX_TEXT_HITS, Matcher.lexemeQuery("&")),
                rs -> new Ranked(rs.getInt(1), rs.getLong(2), Jdbc.instant(rs, "last_seen_at"), rs.getBoolean(4)),
                params.toArray());
        String raw = config.matching().rawTextList() ? rawPattern(text) : null;
        if (raw != null) {
            List<Object> rawParams = new ArrayList<>(filterParams);
            rawParams.add(raw);
            rawParams.add(LIST_SIZE);
            ranked = new ArrayList<>(ranked);
            ranked.addAll(jdbc.list("""
                    select 5, id, last_seen_at, false from (select e.id, e.last_seen_at from error e
                      where %s and left(e.raw_output, 4096) ilike ? order by e.last_seen_at desc, e.id desc limit ?) r"""
                    .formatted(filter),
                    rs -> new Ranked(rs.getInt(1), rs.getLong(2), Jdbc.instant(rs, "last_seen_at"),
                            false),
                    rawParams.toArray()));
        }
        // list 3 (vector) only when the lexical lists are weak (lexicalIsEnough); late or unavailable → skipped
        boolean lexicalIsEnough = lexicalIsEnough(ranked.stream().anyMatch(Ranked::everyWord),
                ranked.stream().anyMatch(x -> x.list() == 5));
        String vector = lexicalIsEnough ? null : queryVectors.vector(scope.tenant(), text);
        boolean semanticSkipped = !lexicalIsEnough && vector == null;
        if (vector != null) {
            List<Object> vectorParams = new ArrayList<>(List.of(vector, scope.tenant()));
            vectorParams.addAll(filterParams);
            vectorParams.add(LIST_SIZE);
            vectorParams.add(1 - config.embedding().queryMinSimilarity());
            // the iterative HNSW scan (hnsw.iterative_scan, set for every connection) of the tenant's vectors, each
            // joined to its error for the other filters
            ranked = new ArrayList<>(ranked);
            ranked.addAll(jdbc.list("""
                    select 3, id, last_seen_at from (select e.id, e.last_seen_at, x.embedding <=> q.v as d
                      from error_embedding x join error e on e.id = x.error_id, (select ?::vector as v) q
                      where x.tenant = ? and %s
                      order by x.embedding <=> q.v limit ?) v where d <= ? order by d, id""".formatted(filter),
                    rs -> new Ranked(rs.getInt(1), rs.getLong(2), Jdbc.instant(rs, "last_seen_at"), false),
                    vectorParams.toArray()));
        }
        Map<Long, Double> scores = new LinkedHashMap<>();
        Map<Long, List<ErrorQueryList>> lists = new HashMap<>();
        Map<Long, Instant> lastSeen = new HashMap<>();
        Map<Integer, Integer> rankInList = new HashMap<>();
        for (Ranked x : ranked) {
            int rank = rankInList.merge(x.list(), 1, Integer::sum);
            scores.merge(x.id(), 1.0 / (RRF_K + rank), Double::sum);
            lists.computeIfAbsent(x.id(), k -> new ArrayList<>()).add(ErrorQueryList.forNumber(x.list()));
            lastSeen.put(x.id(), x.lastSeen());
        }
        List<Long> order = new ArrayList<>(scores.keySet());
        order.sort(Comparator.comparingDouble((Long id) -> scores.get(id)).reversed()
                .thenComparing(id -> lastSeen.get(id), Comparator.reverseOrder()));
        // errors a person marked not-an-error are never listed: the best ranked others fill the page
        // the best 2 × limit with their solutions and attempts, in one round trip
        Map<Long, ErrorRecord> records = new HashMap<>();
        Map<Long, List<SolutionForError>> solutionsById = new HashMap<>();
        Map<Long, List<SolutionAttempt>> attemptsById = new HashMap<>();
        Long[] candidates = order.subList(0, Math.min(2 * limit, order.size())).toArray(Long[]::new);
        if (candidates.length > 0) {
            jdbc.together(SHOWN, s -> Jdbc.bind(s, scope.tenant(), candidates, scope.tenant(), candidates,
                    scope.tenant(), candidates), results -> {
                        results.next(ErrorRows::map).forEach(e -> records.put(e.getId(), e));
                        results.next(SolutionRows.collectSolutions(solutionsById, 3));
                        results.next(SolutionRows.collectAttempts(attemptsById, ErrorReporting.MAX_ATTEMPTS));
                        return null;
                    });
        }
        List<Long> top = order.stream().filter(id -> records.containsKey(id) && !records.get(id).getNotAnError())
                .limit(limit).toList();
        Map<Long, Matcher.Scored> matchScores = new HashMap<>();
        Matcher.Result matched = null;
        if (isError) {
            // the §5.7 score of each hit; the hits are the candidates (a second candidate search cost as much as a report)
            matched = matcher.scoreCandidates(new Matcher.Probe(scope.tenant(), projectOnly ? scope.projectId() : null, 0,
                    Fingerprints.fingerprint(parsed), parsed.type(),
                    MessageTemplate.template(parsed.message()), parsed.sourceFile(), null,
                    Fingerprints.selectedKeys(parsed.frames(), parsed.parser(), 10)), top);
            matched.scored().forEach(s -> matchScores.put(s.errorId(), s));
        }
        QueryErrorsResponse.Builder response = QueryErrorsResponse.newBuilder().setSemanticSkipped(semanticSkipped);
        for (Long id : top) {
            ErrorHit.Builder hit = ErrorHit.newBuilder().setError(records.get(id)).setScore(scores.get(id))
                    .addAllSolutions(solutionsById.getOrDefault(id, List.of())).addAllLists(lists.get(id))
                    .addAllAttempts(attemptsById.getOrDefault(id, List.of()));
            Matcher.Scored s = matchScores.get(id);
            if (s != null) {
                hit.setMatchScore(s.score()).putAllSignals(s.signals());
            }
            response.addHits(hit);
        }
        SearchFootprint.Builder footprint = SearchFootprint.newBuilder()
                .setStoreSize(projectOnly ? jdbc.count("select count(*) from error where tenant = ? and project_id = ?",
                        scope.tenant(), scope.projectId()) : matcher.storeSize(scope.tenant()))
                .setCandidatesConsidered(scores.size())
                .setScope(projectOnly ? "project " + scope.project() : "tenant");
        if (matched != null && matched.nearest() != null) {
            footprint.setNearestScore(matched.nearest()).setThreshold(config.matching().threshold());
        }
        return response.setFootprint(footprint).build();
    }

    /**
     * The ILIKE pattern of a short query (at most {@value #RAW_QUERY_CHARS} characters and {@value #RAW_QUERY_WORDS}
     * words, at least 3 non-blank characters — a trigram needs three) as a substring of the raw output; null for a
     * longer or shorter one. {@code %}, {@code _} and the backslash match themselves.
     */
    static String rawPattern(String text) {
        String q = text.strip();
        if (q.length() > RAW_QUERY_CHARS || q.replaceAll("\\s", "").length() < 3
                || q.split("\\s+").length > RAW_QUERY_WORDS) {
            return null;
        }
        return "%" + q.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }

    /** A leading label of a pasted line that a stored row holds as its type, as its code, or not at all. */
    private static final Pattern LABEL = Pattern.compile("(?i)^(?:error|fatal|panic)(?:\\[([A-Za-z]?\\d+)])?:\\s*");

    /**
     * The text whose words the full-text lists search. A pasted line that parses as an error: its type and message,
     * the words a stored row holds with weight A — the line's "error:", path and line number are no stored word, and
     * one word missing sent the search from "every word" to "any word" (tens of thousands of hits at 100k errors,
     * ranked as an arbitrary sample). Other text as it is, without a leading "error:", "error[E0502]:",
     * "panic:" or "fatal:" (the code kept: rustc rows hold it as their type).
     */
    static String searchedText(String text, ParsedError parsed, boolean isError) {
        if (isError) {
            return parsed.type() + " " + parsed.message();
        }
        java.util.regex.Matcher label = LABEL.matcher(text);
        return label.find() ? (label.group(1) == null ? "" : label.group(1) + " ") + text.substring(label.end()) : text;
    }

    /**
     * Whether a query is answered from the lexical lists alone, without waiting for the model (docs/errors.md
     * "Queries: lexical first"): when some stored error holds every word of it (the full-text list's AND query hit),
     * or a short query is a substring of a stored raw output (list 5). Either way the query names something the store
     * holds, and the lexical lists rank it; on the dev corpus the vector list changed no such query's top 10 (issue
     * 42's note). Otherwise the query is embedded (the vector cached) and list 3 joins the fusion.
     */
    static boolean lexicalIsEnough(boolean everyWordHit, boolean rawTextHit) {
        return everyWordHit || rawTextHit;
    }

    private QueryErrorsResponse empty(CallScope scope, String searched) {
        return QueryErrorsResponse.newBuilder().setSemanticSkipped(true)
                .setFootprint(SearchFootprint.newBuilder().setScope(searched)).build();
    }
}
