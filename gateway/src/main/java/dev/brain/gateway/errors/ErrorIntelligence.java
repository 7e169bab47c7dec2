package dev.brain.gateway.errors;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.gateway.client.ErrorServiceClient;
import dev.brain.gateway.errors.ErrorInputs.Who;
import dev.brain.gateway.errors.ErrorViews.AttemptReport;
import dev.brain.gateway.errors.ErrorViews.AttemptView;
import dev.brain.gateway.errors.ErrorViews.ErrorDetail;
import dev.brain.gateway.errors.ErrorViews.ErrorQuery;
import dev.brain.gateway.errors.ErrorViews.ErrorReport;
import dev.brain.gateway.errors.ErrorViews.MatchView;
import dev.brain.gateway.errors.ErrorViews.NotificationView;
import dev.brain.gateway.errors.ErrorViews.Notifications;
import dev.brain.gateway.errors.ErrorViews.PreventionCheck;
import dev.brain.gateway.errors.ErrorViews.QueryResult;
import dev.brain.gateway.errors.ErrorViews.Rating;
import dev.brain.gateway.errors.ErrorViews.SolutionReport;
import dev.brain.gateway.errors.ErrorViews.SolutionView;
import dev.brain.gateway.errors.ErrorViews.WarningView;
import dev.brain.gateway.errors.ErrorViews.Chain;
import dev.brain.gateway.errors.ErrorViews.ChainStep;
import dev.brain.gateway.errors.ErrorViews.ErrorList;
import dev.brain.gateway.errors.ErrorViews.Forgotten;
import dev.brain.gateway.errors.ErrorViews.ListedError;
import dev.brain.gateway.errors.ErrorViews.RuleList;
import dev.brain.gateway.errors.ErrorViews.RuleView;
import dev.brain.grpc.v1.CheckPreventionRequest;
import dev.brain.grpc.v1.ErrorChain;
import dev.brain.grpc.v1.ErrorChainEntry;
import dev.brain.grpc.v1.ErrorListFilter;
import dev.brain.grpc.v1.ForgetKind;
import dev.brain.grpc.v1.ForgetRequest;
import dev.brain.grpc.v1.ListErrorsRequest;
import dev.brain.grpc.v1.ListRulesRequest;
import dev.brain.grpc.v1.PreventionOutcome;
import dev.brain.grpc.v1.RegisterSessionRequest;
import dev.brain.grpc.v1.ReportRuleOutcomeRequest;
import dev.brain.grpc.v1.Rule;
import dev.brain.grpc.v1.SessionKind;
import dev.brain.grpc.v1.SolutionAttempt;
import dev.brain.grpc.v1.UpdateErrorRequest;
import dev.brain.grpc.v1.ErrorMatch;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.ListNotificationsRequest;
import dev.brain.grpc.v1.Notification;
import dev.brain.grpc.v1.PreventionKind;
import dev.brain.grpc.v1.PreventionWarning;
import dev.brain.grpc.v1.QueryErrorsRequest;
import dev.brain.grpc.v1.RateSolutionRequest;
import dev.brain.grpc.v1.ReportAttemptRequest;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.ReportSolutionRequest;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SearchFootprint;
import dev.brain.grpc.v1.SolutionForError;
import dev.brain.grpc.v1.SolutionOutcome;
import dev.brain.grpc.v1.SolutionSource;
import dev.brain.grpc.v1.ObservedLearning;
import dev.brain.grpc.v1.RecordToolUseRequest;
import dev.brain.tenancy.RequestText;
import io.smallrye.mutiny.Uni;

/**
 * Error intelligence for a caller: validates the arguments (a one-line reason naming the field), calls
 * error-service and turns its answers into the views the tools, REST and hooks return.
 */
@ApplicationScoped
public class ErrorIntelligence {

    static final Pattern PROJECT = Pattern.compile("^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$");
    static final Pattern SESSION = Pattern.compile("^[A-Za-z0-9._:-]{1,128}$");
    static final int MAX_LIMIT = 50;
    /** A solution's diff in an answer (gateway.md §1: ≤ 2 KiB, cut with a marker). */
    static final int MAX_DIFF = 2048;

    private final ErrorServiceClient errors;

    public ErrorIntelligence(ErrorServiceClient errors) {
        this.errors = errors;
    }

    /** The caller's project: the argument when given, else the default; {@code null} only for no default. */
    public static String project(String argument, String defaultProject) {
        if (argument == null || argument.isBlank()) {
            return defaultProject;
        }
        String name = argument.trim();
        if (!PROJECT.matcher(name).matches()) {
            throw new IllegalArgumentException("project: '" + name
                    + "' is not a project name (letters, digits, '.', '_', '-'; starts with a letter or digit; ≤ 128)");
        }
        return name;
    }

    /** A session key the services accept, or null (an unusable key is dropped, never an error). */
    public static String session(String key) {
        return key != null && SESSION.matcher(key).matches() ? key : null;
    }

    /** The scope of a call: the caller's project and session when known. */
    public static Scope scope(Who who) {
        Scope.Builder scope = Scope.newBuilder();
        if (who.project() != null) {
            scope.setProject(who.project());
        }
        if (who.session() != null) {
            scope.setSession(who.session());
        }
        return scope.build();
    }

    /** {@code value}, or an {@link IllegalArgumentException} naming the field when it is blank. */
    public static String required(String field, String value) {
        if (value == null || RequestText.blank(value)) { // invisible-only text is blank too (tenancy's one rule)
            throw new IllegalArgumentException(field + ": is required and must not be blank");
        }
        return value;
    }

    static long id(String field, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(field + ": must be a positive id, was " + value);
        }
        return value;
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }

    // ---------------------------------------------------------------------------------------------------------

    public Uni<ErrorReport> report(Who who, ErrorInputs.ReportError in) {
        return report(who, in, null, false);
    }

    /**
     * Reports an error; {@code deadline} overrides the client's default (the hook's short deadline);
     * {@code observed}: a Claude Code hook saw the failure in {@code who.session()}, so it joins the session's trail.
     */
    public Uni<ErrorReport> report(Who who, ErrorInputs.ReportError in, Duration deadline, boolean observed) {
        ReportErrorRequest.Builder request = ReportErrorRequest.newBuilder().setScope(scope(who))
                .setRawOutput(required("error_output", in.error_output()))
                .setCommand(orEmpty(in.command())).setTaskContext(orEmpty(in.task_context()))
                .setWorkingDirectory(orEmpty(in.working_directory())).setObserved(observed);
        if (in.exit_code() != null) {
            request.setExitCode(in.exit_code());
        }
        return errors.reportError(who.tenant(), request.build(), deadline).map(ErrorIntelligence::report);
    }

    static ErrorReport report(ReportErrorResponse r) {
        ErrorRecord e = r.getError();
        List<MatchView> matches = r.getMatchesList().stream().map(ErrorIntelligence::match).toList();
        return new ErrorReport(e.getId(), r.getIsNew(), e.getFingerprint(), e.getErrorType(), e.getMessage(),
                e.getLanguage(), e.getProject(), e.getOccurrenceCount(), r.getReopened(), e.getNotAnError(),
                solutions(r.getSolutionsList()), attempts(r.getAttemptsList()), matches,
                warnings(r.getWarningsList()), r.getTruncatedBytes() > 0, r.getTruncatedBytes(),
                matches.isEmpty() && r.hasFootprint() ? searched(r.getFootprint()) : null);
    }

    public Uni<ErrorQuery> query(Who who, String query, boolean projectOnly, int limit) {
        required("query", query);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit: " + limit + " is outside 1.." + MAX_LIMIT);
        }
        if (projectOnly && who.project() == null) {
            throw new IllegalArgumentException("project: project_only needs a project (none given and the token has no default)");
        }
        Scope scope = projectOnly ? scope(who) : scope(new Who(who.tenant(), null, who.session()));
        return errors.queryErrors(who.tenant(), QueryErrorsRequest.newBuilder().setScope(scope).setQuery(query)
                .setProjectOnly(projectOnly).setLimit(limit).build())
                .map(r -> new ErrorQuery(query, projectOnly, r.getHitsList().stream().map(hit -> {
                    ErrorRecord e = hit.getError();
                    return new QueryResult(e.getId(), hit.getScore(), hit.hasMatchScore() ? hit.getMatchScore() : null,
                            e.getErrorType(), e.getMessage(), e.getProject(), e.getOccurrenceCount(), e.getResolved(),
                            solutions(hit.getSolutionsList()), attempts(hit.getAttemptsList()));
                }).toList(), r.hasFootprint() ? searched(r.getFootprint()) : null, r.getSemanticSkipped()));
    }

    public Uni<ErrorDetail> get(Who who, long errorId) {
        id("error_id", errorId);
        return errors.getError(who.tenant(), scope(new Who(who.tenant(), null, who.session())), errorId).map(r -> {
            ErrorRecord e = r.getError();
            return new ErrorDetail(e.getId(), e.getFingerprint(), e.getErrorType(), e.getMessage(), e.getLanguage(),
                    e.getProject(), e.getOccurrenceCount(), e.getResolved(), e.getNotAnError(),
                    instant(e.getFirstSeenAt()), instant(e.getLastSeenAt()), e.getCommand(), e.getWorkingDirectory(),
                    e.getRawOutput(), solutions(r.getSolutionsList()), attempts(r.getAttemptsList()),
                    chain(e.getId(), r.getChainsList()));
        });
    }

    /** The distinct errors before and after {@code errorId} in its chains, nearest first. */
    static Chain chain(long errorId, List<ErrorChain> chains) {
        java.util.Map<Long, ChainStep> before = new java.util.LinkedHashMap<>();
        java.util.Map<Long, ChainStep> after = new java.util.LinkedHashMap<>();
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

    private static void step(java.util.Map<Long, ChainStep> steps, ErrorChainEntry entry, long errorId) {
        if (entry.getErrorId() != errorId) {
            steps.putIfAbsent(entry.getErrorId(), new ChainStep(entry.getErrorId(), entry.getErrorType(),
                    entry.getMessageTemplate()));
        }
    }

    /** The scope's errors by filter (unresolved, recurring, recent); {@code deadline} null = the client's. */
    public Uni<ErrorList> list(Who who, String filter, int limit, Duration deadline) {
        ErrorListFilter f = switch (filter == null || filter.isBlank() ? "unresolved" : filter.trim().toLowerCase(Locale.ROOT)) {
            case "unresolved" -> ErrorListFilter.ERROR_LIST_FILTER_UNRESOLVED;
            case "recurring" -> ErrorListFilter.ERROR_LIST_FILTER_RECURRING;
            case "recent" -> ErrorListFilter.ERROR_LIST_FILTER_RECENT;
            default -> throw new IllegalArgumentException("filter: '" + filter + "' is not one of unresolved, recurring, recent");
        };
        if (limit < 1 || limit > 100) {
            throw new IllegalArgumentException("limit: " + limit + " is outside 1..100");
        }
        String name = f.name().substring("ERROR_LIST_FILTER_".length()).toLowerCase(Locale.ROOT);
        return errors.listErrors(who.tenant(), ListErrorsRequest.newBuilder().setScope(scope(who)).setFilter(f)
                .setLimit(limit).build(), deadline)
                .map(r -> new ErrorList(name, who.project(), r.getErrorsList().stream().map(l -> {
                    ErrorRecord e = l.getError();
                    return new ListedError(e.getId(), e.getErrorType(), e.getMessage(), e.getProject(),
                            e.getOccurrenceCount(), instant(e.getLastSeenAt()), e.getResolved(),
                            l.hasBestSolution() ? solution(l.getBestSolution()) : null);
                }).toList()));
    }

    /** A person's correction: resolved / unresolved, not an error. Answers the error as brain_get_error does. */
    public Uni<ErrorDetail> update(Who who, long errorId, Boolean resolved, Boolean notAnError, String note) {
        id("error_id", errorId);
        if (resolved == null && notAnError == null) {
            throw new IllegalArgumentException("resolved: give resolved (true/false) or not_an_error (true/false)");
        }
        UpdateErrorRequest.Builder request = UpdateErrorRequest.newBuilder().setScope(scope(new Who(who.tenant(), null,
                who.session()))).setErrorId(errorId).setNote(orEmpty(note));
        if (resolved != null) {
            request.setResolved(resolved);
        }
        if (notAnError != null) {
            request.setNotAnError(notAnError);
        }
        return errors.updateError(who.tenant(), request.build()).flatMap(r -> get(who, errorId));
    }

    /** Deletes a wrongly recorded error, solution or attempt. */
    public Uni<Forgotten> forget(Who who, String kind, long id, String reason) {
        id("id", id);
        String k = required("kind", kind).trim().toLowerCase(Locale.ROOT);
        ForgetKind forgetKind = switch (k) {
            case "error" -> ForgetKind.FORGET_KIND_ERROR;
            case "solution" -> ForgetKind.FORGET_KIND_SOLUTION;
            case "attempt" -> ForgetKind.FORGET_KIND_ATTEMPT;
            default -> throw new IllegalArgumentException("kind: '" + kind + "' is not one of error, solution, attempt");
        };
        return errors.forget(who.tenant(), ForgetRequest.newBuilder().setScope(scope(new Who(who.tenant(), null,
                who.session()))).setKind(forgetKind).setId(id).setReason(orEmpty(reason)).build())
                .map(r -> new Forgotten(k, id, new java.util.TreeMap<>(r.getDeletedMap())));
    }

    /** The prevention rules that apply in the project (its own and tenant-wide ones). */
    public Uni<RuleList> rules(Who who, boolean includeInactive, Duration deadline) {
        return errors.listRules(who.tenant(), ListRulesRequest.newBuilder().setScope(scope(who))
                .setActiveOnly(!includeInactive).setLimit(100).build(), deadline)
                .map(r -> new RuleList(who.project(), r.getRulesList().stream().map(ErrorIntelligence::rule).toList()));
    }

    /**
     * The active rules of the session digest: the project's own, and tenant-wide ones only when they come from an
     * error of the project.
     */
    public Uni<RuleList> rulesAboutProject(Who who, Duration deadline) {
        return errors.listRules(who.tenant(), ListRulesRequest.newBuilder().setScope(scope(who)).setActiveOnly(true)
                .setAboutProjectOnly(true).setLimit(100).build(), deadline)
                .map(r -> new RuleList(who.project(), r.getRulesList().stream().map(ErrorIntelligence::rule).toList()));
    }

    /** Feedback on a rule: it prevented a mistake, or was a false alarm; {@code blocking} is a person's decision. */
    public Uni<RuleView> ruleFeedback(Who who, long ruleId, String outcome, Boolean blocking, String note) {
        id("rule_id", ruleId);
        PreventionOutcome o = switch (outcome == null ? "" : outcome.trim().toLowerCase(Locale.ROOT)) {
            case "prevented" -> PreventionOutcome.PREVENTION_OUTCOME_PREVENTED;
            case "false_alarm" -> PreventionOutcome.PREVENTION_OUTCOME_REJECTED;
            case "" -> {
                if (blocking == null) {
                    throw new IllegalArgumentException("outcome: is required (prevented or false_alarm) unless blocking is given");
                }
                yield PreventionOutcome.PREVENTION_OUTCOME_UNSPECIFIED;
            }
            default -> throw new IllegalArgumentException("outcome: '" + outcome + "' is not one of prevented, false_alarm");
        };
        ReportRuleOutcomeRequest.Builder request = ReportRuleOutcomeRequest.newBuilder().setScope(scope(who))
                .setKind(PreventionKind.PREVENTION_KIND_RULE).setId(ruleId).setOutcome(o).setNote(orEmpty(note));
        if (blocking != null) {
            request.setBlocking(blocking);
        }
        return errors.reportRuleOutcome(who.tenant(), request.build()).map(r -> rule(r.getRule()));
    }

    /** One tool use of Claude Code's session joins its trail; what it taught Brain, if anything. */
    public Uni<ObservedLearning> recordToolUse(Who who, RecordToolUseRequest.Builder event, Duration deadline) {
        return errors.recordToolUse(who.tenant(), event.setScope(scope(who)).build(), deadline)
                .map(r -> r.hasLearned() ? r.getLearned() : null);
    }

    /** Registers Claude Code's session (hook kind) in the project; the answer is ignored. */
    public Uni<Void> registerSession(Who who, String client, Duration deadline) {
        return errors.registerSession(who.tenant(), RegisterSessionRequest.newBuilder().setScope(scope(who))
                .setKey(who.session()).setKind(SessionKind.SESSION_KIND_HOOK).setClientName(client).build(), deadline)
                .replaceWithVoid();
    }

    /**
     * The pending notifications of the session digest: those addressed to the session or the project, and tenant
     * broadcasts only when they are about the project (an error whose fingerprint occurs in it, a rule or
     * antipattern from it); left unacknowledged.
     */
    public Uni<Notifications> notificationsAboutProject(Who who, Duration deadline) {
        return errors.listNotifications(who.tenant(), ListNotificationsRequest.newBuilder().setScope(scope(who))
                .setAcknowledge(false).setAboutProjectOnly(true).build(), deadline)
                .map(r -> new Notifications(r.getNotificationsList().stream().map(ErrorIntelligence::notification)
                        .toList(), false));
    }

    static RuleView rule(Rule r) {
        String pattern = r.getErrorType() + (r.getRequiredTokensCount() == 0 ? "" : " … " + String.join(" … ",
                r.getRequiredTokensList()));
        return new RuleView(r.getId(), r.getRuleType().name().substring("RULE_TYPE_".length()).toLowerCase(Locale.ROOT),
                r.getName(), pattern, r.getCommandsList(), r.getAction().getMessage(), r.getConfidence(),
                r.getTriggerCount(), r.getSuccessCount(), r.getRejectionCount(), r.getBlocking(), r.getActive(),
                r.getProject().isEmpty() ? null : r.getProject());
    }

    public Uni<SolutionReport> reportSolution(Who who, long errorId, ErrorInputs.ReportSolution in) {
        id("error_id", errorId);
        required("title", in.title());
        List<String> steps = in.steps() == null ? List.of() : in.steps();
        for (int i = 0; i < steps.size(); i++) {
            required("steps[" + i + "]", steps.get(i));
        }
        return errors.reportSolution(who.tenant(), ReportSolutionRequest.newBuilder().setScope(scope(who))
                .setErrorId(errorId).setTitle(in.title().trim()).setDescription(orEmpty(in.description()))
                .addAllSteps(steps).setCodeBefore(orEmpty(in.code_before())).setCodeAfter(orEmpty(in.code_after()))
                .setDiff(orEmpty(in.diff())).build())
                .map(r -> new SolutionReport(r.getSolution().getId(), errorId, r.getSolution().getTitle(),
                        r.getLink().getConfidence(),
                        r.getCrossProjectErrorsList().stream().map(ErrorRecord::getId).toList()));
    }

    public Uni<AttemptReport> reportAttempt(Who who, long errorId, ErrorInputs.ReportAttempt in) {
        id("error_id", errorId);
        required("description", in.description());
        return errors.reportAttempt(who.tenant(), ReportAttemptRequest.newBuilder().setScope(scope(who))
                .setErrorId(errorId).setDescription(in.description()).setReason(orEmpty(in.reason()))
                .setOutcome(SolutionOutcome.SOLUTION_OUTCOME_FAILURE).build())
                .map(r -> new AttemptReport(r.getAttempt().getId(), errorId, r.getFailedTotal()));
    }

    public Uni<Rating> rateSolution(Who who, long errorId, long solutionId, ErrorInputs.RateSolution in) {
        id("error_id", errorId);
        id("solution_id", solutionId);
        SolutionOutcome outcome = switch (required("outcome", in.outcome()).trim().toLowerCase(Locale.ROOT)) {
            case "success" -> SolutionOutcome.SOLUTION_OUTCOME_SUCCESS;
            case "failure" -> SolutionOutcome.SOLUTION_OUTCOME_FAILURE;
            case "partial" -> SolutionOutcome.SOLUTION_OUTCOME_PARTIAL;
            default -> throw new IllegalArgumentException("outcome: '" + in.outcome() + "' is not one of success, failure, partial");
        };
        return errors.rateSolution(who.tenant(), RateSolutionRequest.newBuilder().setScope(scope(who))
                .setErrorId(errorId).setSolutionId(solutionId).setOutcome(outcome).setNotes(orEmpty(in.notes())).build())
                .map(r -> new Rating(solutionId, errorId, outcome(outcome), r.getLink().getConfidence(),
                        r.getSolution().getConfidence(), r.getErrorResolved()));
    }

    public Uni<PreventionCheck> checkPrevention(Who who, ErrorInputs.CheckPrevention in) {
        return checkPrevention(who, in, null);
    }

    public Uni<PreventionCheck> checkPrevention(Who who, ErrorInputs.CheckPrevention in, Duration deadline) {
        if (isBlank(in.command()) && isBlank(in.output()) && isBlank(in.code())) {
            throw new IllegalArgumentException("command: give at least one of command, output, code");
        }
        CheckPreventionRequest request = CheckPreventionRequest.newBuilder().setScope(scope(who))
                .setCommand(orEmpty(in.command())).setOutput(orEmpty(in.output())).setCode(orEmpty(in.code()))
                .setFilePath(orEmpty(in.file_path())).build();
        List<String> checked = new ArrayList<>();
        if (!isBlank(in.command())) {
            checked.add("command");
        }
        if (!isBlank(in.output())) {
            checked.add("output");
        }
        if (!isBlank(in.code())) {
            checked.add("code");
        }
        String what = String.join(", ", checked) + " against the rules and antipatterns of "
                + (who.project() == null ? "the tenant" : "project " + who.project() + " and the tenant");
        return errors.checkPrevention(who.tenant(), request, deadline).map(r -> {
            List<WarningView> all = warnings(r.getWarningsList());
            return new PreventionCheck(all.stream().filter(w -> w.kind().equals("rule")).toList(),
                    all.stream().filter(w -> w.kind().equals("antipattern")).toList(),
                    all.stream().filter(w -> w.kind().equals("solution_code")).toList(), what);
        });
    }

    public Uni<Notifications> notifications(Who who, boolean acknowledge) {
        return errors.listNotifications(who.tenant(), ListNotificationsRequest.newBuilder().setScope(scope(who))
                .setAcknowledge(acknowledge).build())
                .map(r -> new Notifications(r.getNotificationsList().stream().map(ErrorIntelligence::notification)
                        .toList(), acknowledge && r.getNotificationsCount() > 0));
    }

    // ---------------------------------------------------------------------------------------------------------

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    static MatchView match(ErrorMatch m) {
        ErrorRecord e = m.getError();
        return new MatchView(e.getId(), m.getScore(), m.getStrong(), e.getErrorType(), e.getMessage(), e.getProject(),
                e.getOccurrenceCount(), e.getResolved(), solutions(m.getSolutionsList()), attempts(m.getAttemptsList()));
    }

    static List<SolutionView> solutions(List<SolutionForError> solutions) {
        return solutions.stream().map(ErrorIntelligence::solution).toList();
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
        byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        if (bytes.length <= max) {
            return text;
        }
        String head = new String(bytes, 0, max, java.nio.charset.StandardCharsets.UTF_8).replaceAll("\uFFFD$", "");
        int line = head.lastIndexOf('\n');
        if (line > max / 2) {
            head = head.substring(0, line + 1);
        }
        int rest = bytes.length - head.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        return head + (head.endsWith("\n") ? "" : "\n") + "… (" + rest + " more bytes not shown)";
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    private static String instant(com.google.protobuf.Timestamp t) {
        return t == null || (t.getSeconds() == 0 && t.getNanos() == 0) ? null
                : Instant.ofEpochSecond(t.getSeconds(), t.getNanos()).toString();
    }

    static List<WarningView> warnings(List<PreventionWarning> warnings) {
        return warnings.stream().map(w -> new WarningView(kind(w.getKind()), w.getId(),
                w.getSeverity().name().substring("SEVERITY_".length()).toLowerCase(Locale.ROOT), w.getMessage(),
                w.getConfidence(), w.getSolutionIdsList(), w.getErrorIdsList(), w.getMatchedOn(),
                w.getLine().isEmpty() ? null : w.getLine(), w.getBlocking())).toList();
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

    static NotificationView notification(Notification n) {
        String type = n.getType().name().startsWith("NOTIFICATION_TYPE_")
                ? n.getType().name().substring("NOTIFICATION_TYPE_".length()).toLowerCase(Locale.ROOT) : "other";
        String reference = n.getReferenceType().name().startsWith("NODE_TYPE_")
                ? n.getReferenceType().name().substring("NODE_TYPE_".length()).toLowerCase(Locale.ROOT) : null;
        return new NotificationView(n.getId(), type, n.getSummary(), n.getProject().isEmpty() ? null : n.getProject(),
                "unspecified".equals(reference) ? null : reference, n.getReferenceId(),
                n.hasCreatedAt() ? Instant.ofEpochSecond(n.getCreatedAt().getSeconds(), n.getCreatedAt().getNanos()).toString() : null);
    }

    /** "searched 1,204 errors of the tenant; nearest 0.41 < 0.70". */
    static String searched(SearchFootprint f) {
        String scope = f.getScope().isBlank() ? "the tenant" : f.getScope().equals("tenant") ? "the tenant" : f.getScope();
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "searched %,d errors of %s", f.getStoreSize(), scope));
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
