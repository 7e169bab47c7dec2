package dev.brain.error.report;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;

import dev.brain.db.Jdbc;
import dev.brain.error.config.ErrorConfig;
import dev.brain.error.intake.Tokens;
import dev.brain.error.intake.Trigrams;

/**
 * Multi-signal matching (error-code.md §5.7). Candidates are preselected by one tenant-scoped SQL statement —
 * same fingerprint, same type, full text, same message shape (V3: instead of the spec's store-wide trigram list,
 * whose cost grew with the store) — each list read from an index and bounded, so the cost does not grow with
 * the store; the signals, including the trigram similarity of the templates, are then computed here.
 */
@ApplicationScoped
public class Matcher {

    /** What is matched: a stored error (excludeId = its id) or a parsed query (excludeId = 0). */
    public record Probe(String tenant, Long projectOnly, long excludeId, String fingerprint, String type,
            String template, String sourceFile, String workingDirectory, List<String> frameKeys) {
    }

    /** A scored candidate; {@code signals} holds only the signals not excluded. */
    public record Scored(long errorId, double score, boolean strong, Map<String, Double> signals, Instant lastSeenAt) {
    }

    /** Every scored candidate (best first) and how many were considered. */
    public record Result(List<Scored> scored, int candidatesConsidered) {

        public List<Scored> matches(double threshold) {
            return scored.stream().filter(s -> s.score() >= threshold).toList();
        }

        public Double nearest() {
            return scored.isEmpty() ? null : scored.get(0).score();
        }
    }

    /** Score desc, {@code last_seen_at} desc, id desc (§5.7). */
    static final Comparator<Scored> ORDER = Comparator.comparingDouble(Scored::score).reversed()
            .thenComparing(Scored::lastSeenAt, Comparator.reverseOrder())
            .thenComparing(Comparator.comparingLong(Scored::errorId).reversed());

    static final double W_FINGERPRINT = 0.30;
    static final double W_MESSAGE = 0.20;
    static final double W_TYPE = 0.15;
    static final double W_STACK = 0.15;
    static final double W_FILE = 0.10;
    static final double W_FULL_TEXT = 0.10;

    /**
     * The lexeme query of §5.7 step 3 ({@code q}): the distinct lexemes of the text, at most 32, each quoted as a
     * tsquery operand and joined by {@code operator} ({@code |} = any, {@code &} = all), and the lexemes themselves
     * ({@code lexemes}). Raw text never reaches the parser as syntax, and the operands are the lexemes as they are
     * (a cast, where {@code to_tsquery} would parse {@code 'foo-bar'} again, into a phrase of three).
     * Matching ranks with the spec's OR query (rank(c) and rank(x) of the full-text signal) but selects the
     * full-text list's hits with the AND query: an OR of common words hits most of a large store.
     */
    static String lexemeQuery(String operator) {
        return """
                select coalesce(string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''', ' %s ')::tsquery,
                                ''::tsquery) as q,
                       coalesce(array_agg(lexeme), '{}') as lexemes
                from (select lexeme from unnest(to_tsvector('simple', ?)) limit 32) l"""
                .formatted(operator);
    }

    /**
     * The full-text list: the first 30 rows the index gives that hold every word of the probe and have another
     * fingerprint (the same fingerprint is list 1). Every word of a
     * common message can be shared by thousands of rows of a large store, so "the 30 best by rank" would rank an
     * arbitrary sample of the hits anyway (ranking 200 of them cost ~5 ms of a report at 100k errors); each
     * candidate's rank is still computed for its full-text signal. The index holds the tenant with the words
     * (V4), so a tenant's hits are found without reading another tenant's. The list is read only when the probe
     * holds a word that is not {@linkplain CommonWords common}: the AND's cost is the rarest word's posting list,
     * which for common words alone grows with the store.
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

    /**
     * rank(x) of the full-text signal ranks x's own search vector (§5.7): a stored error's column (reported, late
     * match), or for a parsed query, which is not stored, the column's type and template parts (it has no task
     * context or stack text), built as the column builds them (V7). As text, for {@link CoverDensityRank}.
     */
    private static String ownVector(Probe probe) {
        return probe.excludeId() > 0 ? "(select search_vector::text from error where id = ?)"
                : "(setweight(searchable_words(?), 'A') || setweight(searchable_words(?), 'A'))::text";
    }

    private static List<Object> ownVectorParams(Probe probe) {
        return probe.excludeId() > 0 ? List.of(probe.excludeId()) : List.of(probe.type(), probe.template());
    }

    /**
     * Templates recur from report to report (a fingerprint's rows, a shape's rows, the errors that keep coming
     * back), and computing their trigram sets and tokens was ~20 % of the service's CPU in the benchmark: they are
     * kept for the templates used last, up to ~16 MB (a typical template's take well under 1 KB).
     */
    static final long MESSAGE_CACHE_BYTES = 16L << 20;

    private final Cache<String, Message> messages = Caffeine.newBuilder().maximumWeight(MESSAGE_CACHE_BYTES)
            .weigher((String template, Message m) -> m.bytes(template)).build();
    private final Jdbc jdbc;
    private final ErrorConfig config;
    private final CommonWords commonWords;
    private final LoadingCache<String, Long> storeSizes;

    public Matcher(Jdbc jdbc, ErrorConfig config, CommonWords commonWords, Clock clock) {
        this.jdbc = jdbc;
        this.config = config;
        this.commonWords = commonWords;
        this.storeSizes = Caffeine.newBuilder().refreshAfterWrite(Duration.ofSeconds(60)).maximumSize(10_000)
                .ticker(() -> TimeUnit.MILLISECONDS.toNanos(clock.millis()))
                .build(tenant -> jdbc.count("select count(*) from error where tenant = ?", tenant));
    }

    private record Candidate(long id, String fingerprint, String type, String template, String sourceFile,
            String workingDirectory, Instant lastSeenAt, double rank, double ownRank,
            List<String> keys) {
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
     * The candidates of lists 1–4 of §5.7 and list 5, {@code nearest} (from {@link #nearest}; empty for a probe
     * without a vector), which fills what room lists 1–4 leave within {@code matching.max-candidates}: all selected
     * and scored by one statement.
     */
    public Result match(Probe probe, List<Long> nearest) {
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
        params.add(commonWords.current(Instant.now()).toArray(String[]::new)); // and not of common words alone
        if (!nearest.isEmpty()) {
            params.add(nearest.toArray(Long[]::new));
        }
        params.add(config.matching().maxCandidates());
        List<Candidate> candidates = candidates(sql, params);
        return new Result(scoreAll(probe, candidates), candidates.size());
    }

    /**
     * List 5 of §5.7 and the neighbours of a late match (§12.3): the ids of the tenant's (or project's) errors nearest
     * to the stored vector of {@code errorId}, nearest first, ties by id; none when it has no vector. The HNSW scan
     * is iterative ({@code hnsw.iterative_scan = relaxed_order}, set for every connection of the service): it reads
     * on until {@code limit} rows pass the filters, and the outer order restores exact distance order.
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
    private static String lexemeText(Probe probe) {
        return probe.type() + " " + probe.template().replaceAll("<[A-Z]+>", " ");
    }

    /** The §5.7 signals and score of each candidate, best first. */
    private List<Scored> scoreAll(Probe probe, List<Candidate> candidates) {
        Message probeMessage = message(probe.template());
        // candidates share templates (a fingerprint's rows, a shape's rows): each pair is compared once
        Map<String, Double> messageSignal = new HashMap<>();
        List<Scored> scored = new ArrayList<>();
        for (Candidate c : candidates) {
            Map<String, Double> signals = new LinkedHashMap<>();
            signals.put("fingerprint", probe.fingerprint().equals(c.fingerprint()) ? 1.0 : 0.0);
            signals.put("message", messageSignal.computeIfAbsent(c.template(),
                    t -> probeMessage.similarity(message(t))));
            signals.put("type", typeSignal(probe.type(), c.type()));
            Double stack = stackSignal(probe.frameKeys(), c.keys());
            if (stack != null) {
                signals.put("stack", stack);
            }
            Double file = fileSignal(probe.sourceFile(), probe.workingDirectory(), c.sourceFile(), c.workingDirectory());
            if (file != null) {
                signals.put("file", file);
            }
            signals.put("full_text", c.ownRank() == 0 ? 0.0 : Math.min(1.0, c.rank() / c.ownRank()));
            double score = score(signals);
            scored.add(new Scored(c.id(), score, score >= config.matching().strongThreshold(), signals, c.lastSeenAt()));
        }
        scored.sort(ORDER);
        return scored;
    }

    /** A template's trigram set and tokens, for the message signal: max(trigram similarity, token cosine). */
    private record Message(long[] trigrams, List<String> tokens) {

        static Message of(String template) {
            return new Message(Trigrams.of(template), List.copyOf(Tokens.tokens(template)));
        }

        /** Roughly what the template, its trigrams and tokens occupy. */
        int bytes(String template) {
            return 128 + 2 * template.length() + 8 * trigrams.length + 48 * tokens.size();
        }

        double similarity(Message other) {
            return Math.max(Trigrams.similarity(trigrams, other.trigrams()), Tokens.cosine(tokens, other.tokens()));
        }
    }

    private Message message(String template) {
        return messages.get(template, Message::of);
    }

    /**
     * Scores the given stored errors as candidates of {@code probe} with the same signals as {@link #match}
     * (the late match of error-code.md §12.3, and list 5 of §5.7, find their candidates by vector). Ids of
     * another tenant, of the probe itself or of deleted errors are ignored.
     */
    public Result scoreCandidates(Probe probe, List<Long> candidateIds) {
        if (candidateIds.isEmpty()) {
            return new Result(List.of(), 0);
        }
        String sql = """
                with q_any as (%s),
                q as (select q_any.lexemes, %s as own_words from q_any)
                select %s
                from unnest(?::bigint[]) with ordinality as ids(id, ord) join error e on e.id = ids.id
                cross join q
                where e.tenant = ? and e.id <> ?
                order by ids.ord""".formatted(lexemeQuery("|"), ownVector(probe), CANDIDATE_COLUMNS); // ranks as match()
        List<Object> params = new ArrayList<>();
        params.add(lexemeText(probe));
        params.addAll(ownVectorParams(probe));
        params.add(candidateIds.toArray(Long[]::new));
        params.add(probe.tenant());
        params.add(probe.excludeId());
        List<Candidate> candidates = candidates(sql, params);
        return new Result(scoreAll(probe, candidates), candidates.size());
    }

    /** Σ wᵢ·sᵢ / Σ wᵢ over the signals present (excluded signals are absent from the map). */
    static double score(Map<String, Double> signals) {
        double weighted = 0;
        double weights = 0;
        for (Map.Entry<String, Double> s : signals.entrySet()) {
            double w = weight(s.getKey());
            weighted += w * s.getValue();
            weights += w;
        }
        return weights == 0 ? 0 : weighted / weights;
    }

    static double weight(String signal) {
        return switch (signal) {
            case "fingerprint" -> W_FINGERPRINT;
            case "message" -> W_MESSAGE;
            case "type" -> W_TYPE;
            case "stack" -> W_STACK;
            case "file" -> W_FILE;
            case "full_text" -> W_FULL_TEXT;
            default -> throw new IllegalArgumentException(signal);
        };
    }

    /** 1 if equal; 0.5 if equal after dropping the qualifier (text after the last {@code .} or {@code ::}). */
    static double typeSignal(String a, String b) {
        if (a.equals(b)) {
            return 1;
        }
        return unqualified(a).equals(unqualified(b)) ? 0.5 : 0;
    }

    private static String unqualified(String type) {
        int cut = Math.max(type.lastIndexOf('.') + 1, type.lastIndexOf("::") + 2);
        return type.substring(Math.max(cut, 0));
    }

    /** lcs / max length over the frame keys; null (excluded) when both have none; 0 when one has none. */
    static Double stackSignal(List<String> a, List<String> b) {
        if (a.isEmpty() && b.isEmpty()) {
            return null;
        }
        if (a.isEmpty() || b.isEmpty()) {
            return 0.0;
        }
        return (double) Tokens.lcs(a, b) / Math.max(a.size(), b.size());
    }

    /** Identical 1.0, same basename 0.7, same extension 0.3, else 0; null when both lack a file. */
    static Double fileSignal(String fileA, String cwdA, String fileB, String cwdB) {
        String a = relative(fileA, cwdA);
        String b = relative(fileB, cwdB);
        if (a == null && b == null) {
            return null;
        }
        if (a == null || b == null) {
            return 0.0;
        }
        if (a.equals(b)) {
            return 1.0;
        }
        String baseA = a.substring(a.lastIndexOf('/') + 1);
        String baseB = b.substring(b.lastIndexOf('/') + 1);
        if (baseA.equals(baseB)) {
            return 0.7;
        }
        int dotA = baseA.lastIndexOf('.');
        int dotB = baseB.lastIndexOf('.');
        if (dotA >= 0 && dotB >= 0 && baseA.substring(dotA).equals(baseB.substring(dotB))) {
            return 0.3;
        }
        return 0.0;
    }

    static String relative(String file, String cwd) {
        if (file == null || file.isEmpty()) {
            return null;
        }
        String f = file.replace('\\', '/');
        if (cwd != null && !cwd.isEmpty()) {
            String prefix = cwd.replace('\\', '/');
            prefix = prefix.endsWith("/") ? prefix : prefix + "/";
            if (f.startsWith(prefix)) {
                f = f.substring(prefix.length());
            }
        }
        return f;
    }

    /**
     * The tenant's store size for a report's footprint (§5.8: an estimate refreshed every 60 s). Counting is linear in
     * the tenant's errors (110 ms at 50k), so only a tenant's first call waits for it; after 60 s a call answers the
     * last count and the count is taken again in the background.
     */
    public long storeSize(String tenant) {
        return storeSizes.get(tenant);
    }

}
