package dev.brain.gateway.errors;

import java.util.List;

import dev.brain.gateway.errors.ErrorInputs.Who;
import dev.brain.grpc.v1.CheckPreventionRequest;
import dev.brain.grpc.v1.ErrorListFilter;
import dev.brain.grpc.v1.ForgetKind;
import dev.brain.grpc.v1.ForgetRequest;
import dev.brain.grpc.v1.ListErrorsRequest;
import dev.brain.grpc.v1.ListNotificationsRequest;
import dev.brain.grpc.v1.ListRulesRequest;
import dev.brain.grpc.v1.PreventionKind;
import dev.brain.grpc.v1.PreventionOutcome;
import dev.brain.grpc.v1.QueryErrorsRequest;
import dev.brain.grpc.v1.RateSolutionRequest;
import dev.brain.grpc.v1.RecordToolUseRequest;
import dev.brain.grpc.v1.RegisterSessionRequest;
import dev.brain.grpc.v1.ReportAttemptRequest;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.ReportRuleOutcomeRequest;
import dev.brain.grpc.v1.ReportSolutionRequest;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SessionKind;
import dev.brain.grpc.v1.SolutionOutcome;
import dev.brain.grpc.v1.UpdateErrorRequest;

/**
 * The error tools' arguments as error-service requests: one builder per call, from arguments {@link ErrorInputs}
 * has checked. An absent text is sent empty; the scope carries the caller's project and session.
 */
public final class ErrorRequests {

    /** The rules one list answers with. */
    static final int RULES_LIMIT = 100;

    private ErrorRequests() {
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

    /** The scope of a call about the whole tenant (an id, a search of every project): the session only. */
    static Scope tenantWide(Who who) {
        return scope(new Who(who.tenant(), null, who.session()));
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }

    static ReportErrorRequest report(Who who, ErrorInputs.ReportError in, boolean observed) {
        ReportErrorRequest.Builder request = ReportErrorRequest.newBuilder().setScope(scope(who))
                .setRawOutput(in.errorOutput())
                .setCommand(orEmpty(in.command())).setTaskContext(orEmpty(in.taskContext()))
                .setWorkingDirectory(orEmpty(in.workingDirectory())).setObserved(observed);
        if (in.exitCode() != null) {
            request.setExitCode(in.exitCode());
        }
        return request.build();
    }

    static QueryErrorsRequest query(Who who, String query, boolean projectOnly, int limit) {
        return QueryErrorsRequest.newBuilder().setScope(projectOnly ? scope(who) : tenantWide(who)).setQuery(query)
                .setProjectOnly(projectOnly).setLimit(limit).build();
    }

    static ListErrorsRequest list(Who who, ErrorListFilter filter, int limit) {
        return ListErrorsRequest.newBuilder().setScope(scope(who)).setFilter(filter).setLimit(limit).build();
    }

    static UpdateErrorRequest update(Who who, long errorId, Boolean resolved, Boolean notAnError, String note) {
        UpdateErrorRequest.Builder request = UpdateErrorRequest.newBuilder().setScope(tenantWide(who))
                .setErrorId(errorId).setNote(orEmpty(note));
        if (resolved != null) {
            request.setResolved(resolved);
        }
        if (notAnError != null) {
            request.setNotAnError(notAnError);
        }
        return request.build();
    }

    static ForgetRequest forget(Who who, ForgetKind kind, long id, String reason) {
        return ForgetRequest.newBuilder().setScope(tenantWide(who)).setKind(kind).setId(id)
                .setReason(orEmpty(reason)).build();
    }

    /** The rules that apply in the project (its own and tenant-wide ones). */
    static ListRulesRequest rules(Who who, boolean includeInactive) {
        return ListRulesRequest.newBuilder().setScope(scope(who)).setActiveOnly(!includeInactive)
                .setLimit(RULES_LIMIT).build();
    }

    /** The active rules about the project: its own, and tenant-wide ones that come from an error of it. */
    static ListRulesRequest rulesAboutProject(Who who) {
        return ListRulesRequest.newBuilder().setScope(scope(who)).setActiveOnly(true).setAboutProjectOnly(true)
                .setLimit(RULES_LIMIT).build();
    }

    static ReportRuleOutcomeRequest ruleOutcome(Who who, long ruleId, PreventionOutcome outcome, Boolean blocking,
            String note) {
        ReportRuleOutcomeRequest.Builder request = ReportRuleOutcomeRequest.newBuilder().setScope(scope(who))
                .setKind(PreventionKind.PREVENTION_KIND_RULE).setId(ruleId).setOutcome(outcome).setNote(orEmpty(note));
        if (blocking != null) {
            request.setBlocking(blocking);
        }
        return request.build();
    }

    static RecordToolUseRequest toolUse(Who who, RecordToolUseRequest.Builder event) {
        return event.setScope(scope(who)).build();
    }

    /** Claude Code's session (hook kind) in the project. */
    static RegisterSessionRequest hookSession(Who who, String client) {
        return RegisterSessionRequest.newBuilder().setScope(scope(who)).setKey(who.session())
                .setKind(SessionKind.SESSION_KIND_HOOK).setClientName(client).build();
    }

    static ListNotificationsRequest notifications(Who who, boolean acknowledge) {
        return ListNotificationsRequest.newBuilder().setScope(scope(who)).setAcknowledge(acknowledge).build();
    }

    /** The pending notifications about the project, left unacknowledged. */
    static ListNotificationsRequest notificationsAboutProject(Who who) {
        return ListNotificationsRequest.newBuilder().setScope(scope(who)).setAcknowledge(false)
                .setAboutProjectOnly(true).build();
    }

    /** {@code steps}: the solution's checked steps (none: empty). */
    static ReportSolutionRequest solution(Who who, long errorId, ErrorInputs.ReportSolution in, List<String> steps) {
        return ReportSolutionRequest.newBuilder().setScope(scope(who)).setErrorId(errorId).setTitle(in.title().trim())
                .setDescription(orEmpty(in.description())).addAllSteps(steps).setCodeBefore(orEmpty(in.codeBefore()))
                .setCodeAfter(orEmpty(in.codeAfter())).setDiff(orEmpty(in.diff())).build();
    }

    /** A fix that did not work. */
    static ReportAttemptRequest attempt(Who who, long errorId, ErrorInputs.ReportAttempt in) {
        return ReportAttemptRequest.newBuilder().setScope(scope(who)).setErrorId(errorId)
                .setDescription(in.description()).setReason(orEmpty(in.reason()))
                .setOutcome(SolutionOutcome.SOLUTION_OUTCOME_FAILURE).build();
    }

    static RateSolutionRequest rating(Who who, long errorId, long solutionId, SolutionOutcome outcome, String notes) {
        return RateSolutionRequest.newBuilder().setScope(scope(who)).setErrorId(errorId).setSolutionId(solutionId)
                .setOutcome(outcome).setNotes(orEmpty(notes)).build();
    }

    static CheckPreventionRequest prevention(Who who, ErrorInputs.CheckPrevention in) {
        return CheckPreventionRequest.newBuilder().setScope(scope(who)).setCommand(orEmpty(in.command()))
                .setOutput(orEmpty(in.output())).setCode(orEmpty(in.code())).setFilePath(orEmpty(in.filePath()))
                .build();
    }
}
