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
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;

import dev.brain.error.config.ErrorConfig;
import dev.brain.error.intake.Tokens;
import dev.brain.error.intake.Trigrams;
import dev.brain.error.report.repository.CandidateRepository;
import dev.brain.error.report.repository.CandidateRepository.Candidate;
import dev.brain.error.report.repository.ErrorRepository;

/**
 * Multi-signal matching (error-code.md §5.7). Candidates are preselected by one tenant-scoped SQL statement
 * ({@link CandidateRepository}) — same fingerprint, same type, full text, same message shape (V3: instead of the
 * spec's store-wide trigram list, whose cost grew with the store) — each list read from an index and bounded, so the
 * cost does not grow with the store; the signals, including the trigram similarity of the templates, are then
 * computed here.
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

    /**
     * Templates recur from report to report (a fingerprint's rows, a shape's rows, the errors that keep coming
     * back), and computing their trigram sets and tokens was ~20 % of the service's CPU in the benchmark: they are
     * kept for the templates used last, up to ~16 MB (a typical template's take well under 1 KB).
     */
    static final long MESSAGE_CACHE_BYTES = 16L << 20;

    private final Cache<String, Message> messages = Caffeine.newBuilder().maximumWeight(MESSAGE_CACHE_BYTES)
            .weigher((String template, Message m) -> m.bytes(template)).build();
    private final CandidateRepository candidates;
    private final ErrorConfig config;
    private final CommonWords commonWords;
    private final LoadingCache<String, Long> storeSizes;

    public Matcher(CandidateRepository candidates, ErrorRepository errors, ErrorConfig config, CommonWords commonWords,
            Clock clock) {
        this.candidates = candidates;
        this.config = config;
        this.commonWords = commonWords;
        this.storeSizes = Caffeine.newBuilder().refreshAfterWrite(Duration.ofSeconds(60)).maximumSize(10_000)
                .ticker(() -> TimeUnit.MILLISECONDS.toNanos(clock.millis()))
                .build(tenant -> errors.storeSize(tenant));
    }

    /**
     * The candidates of lists 1–4 of §5.7 and list 5, {@code nearest} (from {@link #nearest}; empty for a probe
     * without a vector), which fills what room lists 1–4 leave within {@code matching.max-candidates}: all selected
     * and scored by one statement.
     */
    public Result match(Probe probe, List<Long> nearest) {
        List<Candidate> found = candidates.matching(probe, nearest,
                commonWords.current(Instant.now()).toArray(String[]::new), config.matching().maxCandidates());
        return new Result(scoreAll(probe, found), found.size());
    }

    /**
     * List 5 of §5.7 and the neighbours of a late match (§12.3): the ids of the tenant's (or project's) errors nearest
     * to the stored vector of {@code errorId}, nearest first, ties by id; none when it has no vector. The HNSW scan
     * is iterative ({@code hnsw.iterative_scan = relaxed_order}, set for every connection of the service): it reads
     * on until {@code limit} rows pass the filters, and the outer order restores exact distance order.
     */
    public List<Long> nearest(String tenant, long errorId, Long projectOnly, int limit) {
        return candidates.nearest(tenant, errorId, projectOnly, limit);
    }

    /** The §5.7 signals and score of each candidate, best first. */
    private List<Scored> scoreAll(Probe probe, List<Candidate> found) {
        Message probeMessage = message(probe.template());
        // candidates share templates (a fingerprint's rows, a shape's rows): each pair is compared once
        Map<String, Double> messageSignal = new HashMap<>();
        List<Scored> scored = new ArrayList<>();
        for (Candidate c : found) {
            Map<String, Double> signals = new LinkedHashMap<>();
            signals.put(MatchSignal.FINGERPRINT.key(), probe.fingerprint().equals(c.fingerprint()) ? 1.0 : 0.0);
            signals.put(MatchSignal.MESSAGE.key(), messageSignal.computeIfAbsent(c.template(),
                    t -> probeMessage.similarity(message(t))));
            signals.put(MatchSignal.TYPE.key(), typeSignal(probe.type(), c.type()));
            Double stack = stackSignal(probe.frameKeys(), c.keys());
            if (stack != null) {
                signals.put(MatchSignal.STACK.key(), stack);
            }
            Double file = fileSignal(probe.sourceFile(), probe.workingDirectory(), c.sourceFile(), c.workingDirectory());
            if (file != null) {
                signals.put(MatchSignal.FILE.key(), file);
            }
            signals.put(MatchSignal.FULL_TEXT.key(), c.ownRank() == 0 ? 0.0 : Math.min(1.0, c.rank() / c.ownRank()));
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
        List<Candidate> found = candidates.byIds(probe, candidateIds);
        return new Result(scoreAll(probe, found), found.size());
    }

    /** Σ wᵢ·sᵢ / Σ wᵢ over the signals present (excluded signals are absent from the map). */
    static double score(Map<String, Double> signals) {
        double weighted = 0;
        double weights = 0;
        for (Map.Entry<String, Double> s : signals.entrySet()) {
            double w = MatchSignal.of(s.getKey()).weight();
            weighted += w * s.getValue();
            weights += w;
        }
        return weights == 0 ? 0 : weighted / weights;
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
