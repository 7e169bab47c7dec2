package dev.brain.error.report;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.config.ErrorConfig;
import dev.brain.error.embedding.QueryVectors;
import dev.brain.error.intake.Fingerprints;
import dev.brain.error.intake.InputNormalizer;
import dev.brain.error.intake.MessageTemplate;
import dev.brain.error.intake.ParsedError;
import dev.brain.error.intake.ParserRegistry;
import dev.brain.error.report.repository.ErrorRepository;
import dev.brain.error.report.repository.QueryRepository;
import dev.brain.error.report.repository.QueryRepository.Filter;
import dev.brain.error.report.repository.QueryRepository.Ranked;
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
    static final int RRF_K = 60;
    /** A query this short (characters, words) is also searched as a substring of the raw output (list 5). */
    static final int RAW_QUERY_CHARS = 64;
    static final int RAW_QUERY_WORDS = 4;
    /**
     * A tenant with at least this many errors skips the raw-text list for a query of common words alone
     * ({@link #rawTextIsRead}); a smaller one's raw outputs are rechecked within ~10 ms whatever the pattern (~5 µs a
     * row), and words common among all tenants' errors may be rare among its own.
     */
    static final long RAW_COMMON_GATE_ROWS = 2_000;

    private final QueryRepository queries;
    private final ErrorRepository errors;
    private final Scopes scopes;
    private final Matcher matcher;
    private final ErrorConfig config;
    private final QueryVectors queryVectors;
    private final CommonWords commonWords;

    public ErrorQueries(QueryRepository queries, ErrorRepository errors, Scopes scopes, Matcher matcher,
            ErrorConfig config, QueryVectors queryVectors, CommonWords commonWords) {
        this.queryVectors = queryVectors;
        this.commonWords = commonWords;
        this.queries = queries;
        this.errors = errors;
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
        String lexemes = words(searchedText(text, parsed, isError));
        // a parsed query's own words: what the full-text list searches when no row holds the parse's type with them
        // ("ECONNREFUSED" parses as a ConnectionRefused, a type no Node row holds)
        String ownLexemes = isError ? words(searchedText(text, parsed, false)) : "";
        Filter filter = new Filter(scope.tenant(), projectOnly ? scope.projectId() : null,
                r.getTypesCount() > 0 ? r.getTypesList().toArray(String[]::new) : null,
                r.hasResolved() ? Boolean.valueOf(r.getResolved()) : null);
        List<String> common = commonWords.current(Instant.now());
        List<Ranked> ranked = queries.lexical(lexemes, ownLexemes, common.toArray(String[]::new), filter, parsed.type(),
                MessageTemplate.template(parsed.message()));
        int everyWordHits = ranked.stream().mapToInt(Ranked::everyWordHits).max().orElse(0);
        String raw = config.matching().rawTextList() ? rawPattern(text) : null;
        String header = config.matching().rawTextList() ? ParserRegistry.headerOf(text) : null;
        if (header != null) {
            // a trace header names the language and no error: that language's errors hold it (list 5, newest first)
            ranked = new ArrayList<>(ranked);
            ranked.addAll(queries.byHeader(filter, header));
        }
        // only a short query is weighed; the common words gate list 5 only in a tenant large enough for them to be
        // its own (rawTextIsRead)
        if (raw != null && rawTextIsRead(text, everyWordHits,
                matcher.storeSize(scope.tenant()) >= RAW_COMMON_GATE_ROWS ? common : List.of())) {
            ranked = new ArrayList<>(ranked);
            ranked.addAll(queries.rawText(filter, raw));
        }
        // list 3 (vector) only when the lexical lists are weak (lexicalIsEnough); late or unavailable → skipped
        boolean lexicalIsEnough = lexicalIsEnough(everyWordHits > 0, ranked.stream().anyMatch(x -> x.list() == 5));
        String vector = lexicalIsEnough ? null : queryVectors.vector(scope.tenant(), text);
        boolean semanticSkipped = !lexicalIsEnough && vector == null;
        if (vector != null) {
            ranked = new ArrayList<>(ranked);
            ranked.addAll(queries.nearest(vector, filter, 1 - config.embedding().queryMinSimilarity()));
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
            queries.shown(scope.tenant(), candidates, records, solutionsById, attemptsById, ErrorReporting.MAX_ATTEMPTS);
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
                .setStoreSize(projectOnly ? errors.projectSize(scope.tenant(), scope.projectId())
                        : matcher.storeSize(scope.tenant()))
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

    /** The words of a trigram: pg_trgm splits text at every character that is not a letter or a digit. */
    private static final Pattern NOT_ALPHANUMERIC = Pattern.compile("[^\\p{L}\\p{N}]+");

    /**
     * Whether a short query is also searched in the raw output (list 5): always when it holds a value that templating
     * replaces (a number, an address, a path, a hash: what the words cannot find — {@code 3000}, {@code ECONNREFUSED
     * 10.0.3.7:6379}); otherwise not when {@value QueryRepository#MAX_TEXT_HITS} rows hold every word of it
     * ({@code everyWordHits}) or each of its words (as pg_trgm splits them) is among the {@code common} words (none
     * for a tenant under {@value #RAW_COMMON_GATE_ROWS} errors). Such a substring is as common as its words, and a
     * trigram index cannot narrow it: {@code # app/app} is the trigrams of "app", 51,269 index candidates for 1,707
     * rows at 95k errors, 250–300 ms of rechecks.
     */
    static boolean rawTextIsRead(String text, int everyWordHits, Collection<String> common) {
        if (!MessageTemplate.template(text).equals(text)) {
            return true;
        }
        List<String> words = NOT_ALPHANUMERIC.splitAsStream(text.toLowerCase(Locale.ROOT)).filter(w -> !w.isEmpty())
                .toList();
        return everyWordHits < QueryRepository.MAX_TEXT_HITS && !common.containsAll(words);
    }

    /**
     * The words of a searched text: placeholders are no words; a path's directory goes with its slash:
     * "src/api/users.ts" is templated to "<PATH>/users.ts" and searched as "users.ts", a word of every row that names
     * the file (V7).
     */
    private static String words(String searchedText) {
        return MessageTemplate.template(searchedText).replaceAll("<[A-Z]+>/?", " ");
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
