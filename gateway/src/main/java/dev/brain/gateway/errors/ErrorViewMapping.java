package dev.brain.gateway.errors;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import com.google.protobuf.Timestamp;

import dev.brain.gateway.errors.ErrorInputs.Who;
import dev.brain.gateway.errors.ErrorViews.AttemptReport;
import dev.brain.gateway.errors.ErrorViews.AttemptView;
import dev.brain.gateway.errors.ErrorViews.Chain;
import dev.brain.gateway.errors.ErrorViews.ChainStep;
import dev.brain.gateway.errors.ErrorViews.ErrorDetail;
import dev.brain.gateway.errors.ErrorViews.ErrorList;
import dev.brain.gateway.errors.ErrorViews.ErrorQuery;
import dev.brain.gateway.errors.ErrorViews.ErrorReport;
import dev.brain.gateway.errors.ErrorViews.Forgotten;
import dev.brain.gateway.errors.ErrorViews.ListedError;
import dev.brain.gateway.errors.ErrorViews.MatchView;
import dev.brain.gateway.errors.ErrorViews.NotificationView;
import dev.brain.gateway.errors.ErrorViews.Notifications;
import dev.brain.gateway.errors.ErrorViews.PreventionCheck;
import dev.brain.gateway.errors.ErrorViews.QueryResult;
import dev.brain.gateway.errors.ErrorViews.Rating;
import dev.brain.gateway.errors.ErrorViews.RuleList;
import dev.brain.gateway.errors.ErrorViews.RuleView;
import dev.brain.gateway.errors.ErrorViews.SolutionReport;
import dev.brain.gateway.errors.ErrorViews.SolutionView;
import dev.brain.gateway.errors.ErrorViews.WarningView;
import dev.brain.grpc.v1.CheckPreventionResponse;
import dev.brain.grpc.v1.ErrorChain;
import dev.brain.grpc.v1.ErrorChainEntry;
import dev.brain.grpc.v1.ErrorListFilter;
import dev.brain.grpc.v1.ErrorMatch;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.ForgetKind;
import dev.brain.grpc.v1.ForgetResponse;
import dev.brain.grpc.v1.GetErrorResponse;
import dev.brain.grpc.v1.ListErrorsResponse;
import dev.brain.grpc.v1.ListNotificationsResponse;
import dev.brain.grpc.v1.ListRulesResponse;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.Notification;
import dev.brain.grpc.v1.NotificationType;
import dev.brain.grpc.v1.PreventionKind;
import dev.brain.grpc.v1.PreventionWarning;
import dev.brain.grpc.v1.QueryErrorsResponse;
import dev.brain.grpc.v1.RateSolutionResponse;
import dev.brain.grpc.v1.ReportAttemptResponse;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.ReportSolutionResponse;
import dev.brain.grpc.v1.Rule;
import dev.brain.grpc.v1.RuleType;
import dev.brain.grpc.v1.SearchFootprint;
import dev.brain.grpc.v1.Severity;
import dev.brain.grpc.v1.SolutionAttempt;
import dev.brain.grpc.v1.SolutionForError;
import dev.brain.grpc.v1.SolutionOutcome;
import dev.brain.grpc.v1.SolutionSource;
import dev.brain.wire.WireNames;

/**
 * error-service's answers as the views of {@link ErrorViews} (what the tools return as structured content; the
 * text is {@link ErrorRenderer}'s). Enum values become their lower-case wire names ({@link WireNames}).
 */
final class ErrorViewMapping {

    /** A solution's diff in an answer (gateway.md §1: ≤ 2 KiB, cut with a marker). */
    static final int MAX_DIFF = 2048;

    private ErrorViewMapping() {
    }

    static ErrorReport report(ReportErrorResponse r) {
        ErrorRecord e = r.getError();
        List<MatchView> matches = r.getMatchesList().stream().map(ErrorViewMapping::match).toList();
        return new ErrorReport(e.getId(), r.getIsNew(), e.getFingerprint(), e.getErrorType(), e.getMessage(),
                e.getLanguage(), e.getProject(), e.getOccurrenceCount(), r.getReopened(), e.getNotAnError(),
                solutions(r.getSolutionsList()), attempts(r.getAttemptsList()), matches,
                warnings(r.getWarningsList()), r.getTruncatedBytes() > 0, r.getTruncatedBytes(),
                matches.isEmpty() && r.hasFootprint() ? searched(r.getFootprint()) : null);
    }

    static ErrorQuery query(String query, boolean projectOnly, QueryErrorsResponse r) {
        return new ErrorQuery(query, projectOnly, r.getHitsList().stream().map(hit -> {
            ErrorRecord e = hit.getError();
            return new QueryResult(e.getId(), hit.getScore(), hit.hasMatchScore() ? hit.getMatchScore() : null,
                    e.getErrorType(), e.getMessage(), e.getProject(), e.getOccurrenceCount(), e.getResolved(),
                    solutions(hit.getSolutionsList()), attempts(hit.getAttemptsList()));
        }).toList(), r.hasFootprint() ? searched(r.getFootprint()) : null, r.getSemanticSkipped());
    }

    static ErrorDetail detail(GetErrorResponse r) {
        ErrorRecord e = r.getError();
        return new ErrorDetail(e.getId(), e.getFingerprint(), e.getErrorType(), e.getMessage(), e.getLanguage(),
                e.getProject(), e.getOccurrenceCount(), e.getResolved(), e.getNotAnError(),
                instant(e.getFirstSeenAt()), instant(e.getLastSeenAt()), e.getCommand(), e.getWorkingDirectory(),
                e.getRawOutput(), solutions(r.getSolutionsList()), attempts(r.getAttemptsList()),
                chain(e.getId(), r.getChainsList()));
    }

    /** The distinct errors before and after {@code errorId} in its chains, nearest first. */
    static Chain chain(long errorId, List<ErrorChain> chains) {
        Map<Long, ChainStep> before = new LinkedHashMap<>();
        Map<Long, ChainStep> after = new LinkedHashMap<>();
        for (ErrorChain chain : chains) {
            List<ErrorChainEntry> entries = chain.getEntriesList();
            for (int i = 0; i < entries.size(); i++) {
                if (entries.get(i).getErrorId() != errorId) {
                    continue;
                }
                for (int b = i - 1; b >= 0; b--) {
                    step(before, entries.get(b), errorId);
                }
                for (int a = i + 1; a < entries.size(); a++) {
                    step(after, entries.get(a), errorId);
                }
            }
        }
        return new Chain(List.copyOf(before.values()), List.copyOf(after.values()));
    }

    private static void step(Map<Long, ChainStep> steps, ErrorChainEntry entry, long errorId) {
        if (entry.getErrorId() != errorId) {
            steps.putIfAbsent(entry.getErrorId(), new ChainStep(entry.getErrorId(), entry.getErrorType(),
                    entry.getMessageTemplate()));
        }
    }

    static ErrorList list(ErrorListFilter filter, String project, ListErrorsResponse r) {
        return new ErrorList(WireNames.of(filter), project, r.getErrorsList().stream().map(l -> {
            ErrorRecord e = l.getError();
            return new ListedError(e.getId(), e.getErrorType(), e.getMessage(), e.getProject(),
                    e.getOccurrenceCount(), instant(e.getLastSeenAt()), e.getResolved(),
                    l.hasBestSolution() ? solution(l.getBestSolution()) : null);
        }).toList());
    }

    static Forgotten forgotten(ForgetKind kind, long id, ForgetResponse r) {
        return new Forgotten(WireNames.of(kind), id, new TreeMap<>(r.getDeletedMap()));
    }

    static RuleList rules(String project, ListRulesResponse r) {
        return new RuleList(project, r.getRulesList().stream().map(ErrorViewMapping::rule).toList());
    }

    static RuleView rule(Rule r) {
        String pattern = r.getErrorType() + (r.getRequiredTokensCount() == 0 ? ""
                : " … " + String.join(" … ",
                        r.getRequiredTokensList()));
        String kind = r.getRuleType() == RuleType.UNRECOGNIZED ? "unknown" : WireNames.of(r.getRuleType());
        return new RuleView(r.getId(), kind, r.getName(), pattern, r.getCommandsList(), r.getAction().getMessage(),
                r.getConfidence(), r.getTriggerCount(), r.getSuccessCount(), r.getRejectionCount(), r.getBlocking(),
                r.getActive(), r.getProject().isEmpty() ? null : r.getProject());
    }

    /** {@code acknowledged}: the listed notifications were marked read (when there were any). */
    static Notifications notifications(ListNotificationsResponse r, boolean acknowledged) {
        return new Notifications(r.getNotificationsList().stream().map(ErrorViewMapping::notification).toList(),
                acknowledged && r.getNotificationsCount() > 0);
    }

    static NotificationView notification(Notification n) {
        String type = n.getType() == NotificationType.UNRECOGNIZED ? "other" : WireNames.of(n.getType());
        NodeType ref = n.getReferenceType();
        String reference = ref == NodeType.UNRECOGNIZED || ref == NodeType.NODE_TYPE_UNSPECIFIED ? null
                : WireNames.of(ref);
        return new NotificationView(n.getId(), type, n.getSummary(), n.getProject().isEmpty() ? null : n.getProject(),
                reference, n.getReferenceId(),
                n.hasCreatedAt() ? Instant.ofEpochSecond(n.getCreatedAt().getSeconds(), n.getCreatedAt().getNanos()).toString()
                        : null);
    }

    static SolutionReport solutionReport(long errorId, ReportSolutionResponse r) {
        return new SolutionReport(r.getSolution().getId(), errorId, r.getSolution().getTitle(),
                r.getLink().getConfidence(), r.getCrossProjectErrorsList().stream().map(ErrorRecord::getId).toList());
    }

    static AttemptReport attemptReport(long errorId, ReportAttemptResponse r) {
        return new AttemptReport(r.getAttempt().getId(), errorId, r.getFailedTotal());
    }

    static Rating rating(long errorId, long solutionId, SolutionOutcome outcome, RateSolutionResponse r) {
        return new Rating(solutionId, errorId, outcome(outcome), r.getLink().getConfidence(),
                r.getSolution().getConfidence(), r.getErrorResolved());
    }

    /** What a prevention check looked at: "command, code against the rules and antipatterns of project P and …". */
    static String checked(Who who, ErrorInputs.CheckPrevention in) {
        List<String> checked = new ArrayList<>();
        if (!ErrorInputs.isBlank(in.command())) {
            checked.add("command");
        }
        if (!ErrorInputs.isBlank(in.output())) {
            checked.add("output");
        }
        if (!ErrorInputs.isBlank(in.code())) {
            checked.add("code");
        }
        return String.join(", ", checked) + " against the rules and antipatterns of "
                + (who.project() == null ? "the tenant" : "project " + who.project() + " and the tenant");
    }

    static PreventionCheck prevention(CheckPreventionResponse r, String checked) {
        List<WarningView> all = warnings(r.getWarningsList());
        return new PreventionCheck(all.stream().filter(w -> w.kind().equals("rule")).toList(),
                all.stream().filter(w -> w.kind().equals("antipattern")).toList(),
                all.stream().filter(w -> w.kind().equals("solution_code")).toList(), checked);
    }

    // ---- parts of several answers -------------------------------------------------------------------------------

    static MatchView match(ErrorMatch m) {
        ErrorRecord e = m.getError();
        return new MatchView(e.getId(), m.getScore(), m.getStrong(), e.getErrorType(), e.getMessage(), e.getProject(),
                e.getOccurrenceCount(), e.getResolved(), solutions(m.getSolutionsList()), attempts(m.getAttemptsList()));
    }

    static List<SolutionView> solutions(List<SolutionForError> solutions) {
        return solutions.stream().map(ErrorViewMapping::solution).toList();
    }

    static SolutionView solution(SolutionForError s) {
        var solution = s.getSolution();
        return new SolutionView(solution.getId(), solution.getTitle(), emptyToNull(solution.getDescription()),
                solution.getStepsList(), emptyToNull(cut(solution.getDiff(), MAX_DIFF)),
                s.hasLink() ? s.getLink().getConfidence() : solution.getConfidence(), solution.getConfidence(),
                s.getLink().getSuccessCount(), s.getLink().getFailureCount(), s.getLink().getPartialCount(),
                source(solution.getSource()), s.getLink().getObservedSuccessCount());
    }

    static List<AttemptView> attempts(List<SolutionAttempt> attempts) {
        return attempts.stream().map(a -> new AttemptView(a.getId(), a.getDescription(), emptyToNull(a.getReason()),
                outcome(a.getOutcome()), source(a.getSource()))).toList();
    }

    /** {@code observed} (learned from a session's trail) or {@code reported}. */
    static String source(SolutionSource source) {
        return source == SolutionSource.SOLUTION_SOURCE_OBSERVED ? "observed" : "reported";
    }

    /** At most {@code max} UTF-8 bytes, cut at a line end when one is near, with a marker saying how much is cut. */
    static String cut(String text, int max) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= max) {
            return text;
        }
        String head = new String(bytes, 0, max, StandardCharsets.UTF_8).replaceAll("\uFFFD$", "");
        int line = head.lastIndexOf('\n');
        if (line > max / 2) {
            head = head.substring(0, line + 1);
        }
        int rest = bytes.length - head.getBytes(StandardCharsets.UTF_8).length;
        return head + (head.endsWith("\n") ? "" : "\n") + "… (" + rest + " more bytes not shown)";
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    private static String instant(Timestamp t) {
        return t == null || (t.getSeconds() == 0 && t.getNanos() == 0) ? null
                : Instant.ofEpochSecond(t.getSeconds(), t.getNanos()).toString();
    }

    static List<WarningView> warnings(List<PreventionWarning> warnings) {
        return warnings.stream().map(w -> new WarningView(kind(w.getKind()), w.getId(), severity(w.getSeverity()),
                w.getMessage(), w.getConfidence(), w.getSolutionIdsList(), w.getErrorIdsList(), w.getMatchedOn(),
                w.getLine().isEmpty() ? null : w.getLine(), w.getBlocking())).toList();
    }

    /** {@code info}, {@code warning}, {@code critical} ({@code unspecified}; a value newer than the gateway: unknown). */
    static String severity(Severity severity) {
        return severity == Severity.UNRECOGNIZED ? "unknown" : WireNames.of(severity);
    }

    static String kind(PreventionKind kind) {
        return switch (kind) {
            case PREVENTION_KIND_RULE -> "rule";
            case PREVENTION_KIND_ANTIPATTERN -> "antipattern";
            case PREVENTION_KIND_SOLUTION_CODE -> "solution_code";
            default -> "other";
        };
    }

    static String outcome(SolutionOutcome outcome) {
        return switch (outcome) {
            case SOLUTION_OUTCOME_SUCCESS -> "success";
            case SOLUTION_OUTCOME_PARTIAL -> "partial";
            default -> "failure";
        };
    }

    /** "searched 1,204 errors of the tenant; nearest 0.41 < 0.70". */
    static String searched(SearchFootprint f) {
        String scope = f.getScope().isBlank() ? "the tenant" : f.getScope().equals("tenant") ? "the tenant" : f.getScope();
        StringBuilder text = new StringBuilder(
                String.format(Locale.ROOT, "searched %,d errors of %s", f.getStoreSize(), scope));
        if (f.getCandidatesConsidered() > 0 && f.getCandidatesConsidered() != f.getStoreSize()) {
            text.append(String.format(Locale.ROOT, " (%,d scored)", f.getCandidatesConsidered()));
        }
        if (f.hasNearestScore()) {
            text.append(String.format(Locale.ROOT, "; nearest %.2f", f.getNearestScore()));
            if (f.getThreshold() > 0) {
                text.append(String.format(Locale.ROOT, " < %.2f", f.getThreshold()));
            }
        } else {
            text.append("; none was close enough to score");
        }
        return text.toString();
    }
}
