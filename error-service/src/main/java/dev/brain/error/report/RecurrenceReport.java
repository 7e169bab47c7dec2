package dev.brain.error.report;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.error.config.ErrorConfig;
import dev.brain.error.intake.Fingerprints;
import dev.brain.error.prevention.Prevention;
import dev.brain.error.report.repository.RecurrenceRepository;
import dev.brain.error.report.repository.RecurrenceRepository.Read;
import dev.brain.error.report.repository.RecurrenceRepository.Recurrence;
import dev.brain.error.report.repository.RecurrenceRepository.Shown;
import dev.brain.error.report.repository.RecurrenceRepository.Written;
import dev.brain.error.session.CallScope;
import dev.brain.grpc.v1.ErrorMatch;
import dev.brain.grpc.v1.MatchSource;
import dev.brain.grpc.v1.PreventionWarning;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.SearchFootprint;

/**
 * A recurrence (docs/errors.md "A recurrence"): a report whose fingerprint the project already holds, in one round
 * trip to PostgreSQL ({@link RecurrenceRepository}). Function {@code report_recurrence} (V13) writes it — the session
 * heartbeated, the occurrence counted and inserted, a resolved error reopened, the chain linked, notifications and
 * synapse events written — and the statements sent with it read what the answer shows: the error and its stored
 * matches (either direction, best first), their best 3 solutions and last 5 failed attempts, the frames, and the
 * prevention candidates of the output. Matching does not run on this path: the stored matches are re-computed in the background
 * ({@link Rematching}) when an error came to the tenant after they were. Triggered rules and antipatterns are
 * counted by a second statement, only when one triggers.
 */
@ApplicationScoped
public class RecurrenceReport {

    private static final TypeReference<Map<String, Double>> SIGNALS = new TypeReference<>() {
    };

    private final RecurrenceRepository recurrences;
    private final Prevention prevention;
    private final Matcher matcher;
    private final ErrorConfig config;
    private final ObjectMapper json;

    public RecurrenceReport(RecurrenceRepository recurrences, Prevention prevention, Matcher matcher, ErrorConfig config,
            ObjectMapper json) {
        this.recurrences = recurrences;
        this.prevention = prevention;
        this.matcher = matcher;
        this.config = config;
        this.json = json;
    }

    /**
     * The recurrence written and answered, or empty when the project does not hold the fingerprint (nothing was
     * written; the caller reports the error in full). {@code scope} is checked but not resolved.
     */
    Optional<ReportErrorResponse> report(CallScope scope, ErrorReporting.Input input, Long sameCommandBefore) {
        Read read = recurrences.report(recurrence(scope, input, sameCommandBefore));
        return read.written().map(w -> answer(scope, input, w, read));
    }

    /** The recurrence of the request: the scope's names, the analyzed output, the request's fields, the config. */
    private Recurrence recurrence(CallScope scope, ErrorReporting.Input input, Long sameCommandBefore) {
        return new Recurrence(scope.tenant(), scope.project(), scope.sessionKey(), scope.now(),
                input.analyzed().fingerprint(), ErrorReporting.cut(input.analyzed().parsed().type(), 200),
                input.analyzed().template(), Fingerprints.sha256(input.analyzed().rawOutput()), input.command(),
                input.workingDirectory(), input.taskContext(), sameCommandBefore, config.chain().window().toMillis(),
                input.projectOnly(), config.matching().threshold(), input.maxMatches(), ErrorReporting.MAX_ATTEMPTS);
    }

    /** The answer as the full path composes it (ErrorReporting step 10), with the stored matches. */
    private ReportErrorResponse answer(CallScope named, ErrorReporting.Input input, Written w, Read read) {
        CallScope scope = new CallScope(named.tenant(), named.project(), w.projectId(), named.sessionKey(),
                w.sessionId(), named.now());
        List<PreventionWarning> warnings = prevention.check(scope,
                new Prevention.Check(input.analyzed(), null, null, null, false), read.rules(), read.antipatterns());
        long errorId = w.errorId();
        ReportErrorResponse.Builder response = ReportErrorResponse.newBuilder()
                .setError(read.shown().get(0).record()).setIsNew(false)
                .setTruncatedBytes(input.analyzed().truncatedBytes())
                .addAllSolutions(read.solutions().getOrDefault(errorId, List.of())).addAllWarnings(warnings)
                .addAllFrames(read.frames()).setDiagnostics(input.analyzed().parsed().diagnostics())
                .setReopened(w.reopened()).setOccurrenceId(w.occurrenceId())
                .addAllAttempts(read.attempts().getOrDefault(errorId, List.of()));
        List<Shown> matches = read.shown().subList(1, read.shown().size());
        for (Shown m : matches) {
            long id = m.record().getId();
            response.addMatches(ErrorMatch.newBuilder().setError(m.record()).setScore(m.score()).setStrong(m.strong())
                    .putAllSignals(signals(m.signals()))
                    .addAllSolutions(read.solutions().getOrDefault(id, List.of()))
                    .addAllAttempts(read.attempts().getOrDefault(id, List.of()))
                    .setSource(source(m.source())));
        }
        if (w.link() != null) {
            response.setChainLink(w.link());
        }
        SearchFootprint.Builder footprint = SearchFootprint.newBuilder()
                .setStoreSize(matcher.storeSize(scope.tenant()))
                .setCandidatesConsidered(matches.size())
                .setThreshold(config.matching().threshold())
                .setScope(input.projectOnly() ? "project " + scope.project() : "tenant");
        if (!matches.isEmpty()) {
            footprint.setNearestScore(matches.get(0).score());
        }
        return response.setFootprint(footprint).build();
    }

    private Map<String, Double> signals(String stored) {
        try {
            return json.readValue(stored, SIGNALS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored match signals: " + e.getOriginalMessage(), e);
        }
    }

    private static MatchSource source(String stored) {
        return switch (stored) {
            case "late" -> MatchSource.MATCH_SOURCE_LATE;
            case "query" -> MatchSource.MATCH_SOURCE_QUERY;
            default -> MatchSource.MATCH_SOURCE_REPORT;
        };
    }
}
