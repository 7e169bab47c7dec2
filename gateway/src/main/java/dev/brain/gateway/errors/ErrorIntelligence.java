package dev.brain.gateway.errors;

import java.time.Duration;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.gateway.client.ErrorServiceClient;
import dev.brain.gateway.errors.ErrorInputs.Who;
import dev.brain.gateway.errors.ErrorViews.AttemptReport;
import dev.brain.gateway.errors.ErrorViews.ErrorDetail;
import dev.brain.gateway.errors.ErrorViews.ErrorList;
import dev.brain.gateway.errors.ErrorViews.ErrorQuery;
import dev.brain.gateway.errors.ErrorViews.ErrorReport;
import dev.brain.gateway.errors.ErrorViews.Forgotten;
import dev.brain.gateway.errors.ErrorViews.Notifications;
import dev.brain.gateway.errors.ErrorViews.PreventionCheck;
import dev.brain.gateway.errors.ErrorViews.Rating;
import dev.brain.gateway.errors.ErrorViews.RuleList;
import dev.brain.gateway.errors.ErrorViews.RuleView;
import dev.brain.gateway.errors.ErrorViews.SolutionReport;
import dev.brain.grpc.v1.ErrorListFilter;
import dev.brain.grpc.v1.ForgetKind;
import dev.brain.grpc.v1.ObservedLearning;
import dev.brain.grpc.v1.PreventionOutcome;
import dev.brain.grpc.v1.RecordToolUseRequest;
import dev.brain.grpc.v1.SolutionOutcome;
import io.smallrye.mutiny.Uni;

/**
 * Error intelligence for a caller, one method per call to error-service: the arguments are checked first
 * ({@link ErrorInputs}: a one-line reason naming the field, thrown before anything is called), built into the
 * request ({@link ErrorRequests}), sent with the call's deadline ({@code null}: the client's), and the answer
 * becomes the view the tools, REST and hooks return ({@link ErrorViewMapping}; its text is {@link ErrorRenderer}'s).
 */
@ApplicationScoped
public class ErrorIntelligence {

    private final ErrorServiceClient errors;

    public ErrorIntelligence(ErrorServiceClient errors) {
        this.errors = errors;
    }

    public Uni<ErrorReport> report(Who who, ErrorInputs.ReportError in) {
        return report(who, in, null, false);
    }

    /**
     * Reports an error; {@code deadline} overrides the client's default (the hook's short deadline);
     * {@code observed}: a Claude Code hook saw the failure in {@code who.session()}, so it joins the session's trail.
     */
    public Uni<ErrorReport> report(Who who, ErrorInputs.ReportError in, Duration deadline, boolean observed) {
        ErrorInputs.check(in);
        return errors.reportError(who.tenant(), ErrorRequests.report(who, in, observed), deadline)
                .map(ErrorViewMapping::report);
    }

    public Uni<ErrorQuery> query(Who who, String query, boolean projectOnly, int limit) {
        ErrorInputs.checkQuery(who, query, projectOnly, limit);
        return errors.queryErrors(who.tenant(), ErrorRequests.query(who, query, projectOnly, limit))
                .map(r -> ErrorViewMapping.query(query, projectOnly, r));
    }

    public Uni<ErrorDetail> get(Who who, long errorId) {
        ErrorInputs.id("error_id", errorId);
        return errors.getError(who.tenant(), ErrorRequests.tenantWide(who), errorId).map(ErrorViewMapping::detail);
    }

    /** The scope's errors by filter (unresolved, recurring, recent); {@code deadline} null = the client's. */
    public Uni<ErrorList> list(Who who, String filter, int limit, Duration deadline) {
        ErrorListFilter f = ErrorInputs.listFilter(filter, limit);
        return errors.listErrors(who.tenant(), ErrorRequests.list(who, f, limit), deadline)
                .map(r -> ErrorViewMapping.list(f, who.project(), r));
    }

    /** A person's correction: resolved / unresolved, not an error. Answers the error as brain_get_error does. */
    public Uni<ErrorDetail> update(Who who, long errorId, Boolean resolved, Boolean notAnError, String note) {
        ErrorInputs.checkUpdate(errorId, resolved, notAnError);
        return errors.updateError(who.tenant(), ErrorRequests.update(who, errorId, resolved, notAnError, note))
                .flatMap(r -> get(who, errorId));
    }

    /** Deletes a wrongly recorded error, solution or attempt. */
    public Uni<Forgotten> forget(Who who, String kind, long id, String reason) {
        ForgetKind k = ErrorInputs.forgetKind(kind, id);
        return errors.forget(who.tenant(), ErrorRequests.forget(who, k, id, reason))
                .map(r -> ErrorViewMapping.forgotten(k, id, r));
    }

    /** The prevention rules that apply in the project (its own and tenant-wide ones). */
    public Uni<RuleList> rules(Who who, boolean includeInactive, Duration deadline) {
        return errors.listRules(who.tenant(), ErrorRequests.rules(who, includeInactive), deadline)
                .map(r -> ErrorViewMapping.rules(who.project(), r));
    }

    /**
     * The active rules of the session digest: the project's own, and tenant-wide ones only when they come from an
     * error of the project.
     */
    public Uni<RuleList> rulesAboutProject(Who who, Duration deadline) {
        return errors.listRules(who.tenant(), ErrorRequests.rulesAboutProject(who), deadline)
                .map(r -> ErrorViewMapping.rules(who.project(), r));
    }

    /** Feedback on a rule: it prevented a mistake, or was a false alarm; {@code blocking} is a person's decision. */
    public Uni<RuleView> ruleFeedback(Who who, long ruleId, String outcome, Boolean blocking, String note) {
        PreventionOutcome o = ErrorInputs.ruleOutcome(ruleId, outcome, blocking);
        return errors.reportRuleOutcome(who.tenant(), ErrorRequests.ruleOutcome(who, ruleId, o, blocking, note))
                .map(r -> ErrorViewMapping.rule(r.getRule()));
    }

    /** One tool use of Claude Code's session joins its trail; what it taught Brain, if anything. */
    public Uni<ObservedLearning> recordToolUse(Who who, RecordToolUseRequest.Builder event, Duration deadline) {
        return errors.recordToolUse(who.tenant(), ErrorRequests.toolUse(who, event), deadline)
                .map(r -> r.hasLearned() ? r.getLearned() : null);
    }

    /** Registers Claude Code's session (hook kind) in the project; the answer is ignored. */
    public Uni<Void> registerSession(Who who, String client, Duration deadline) {
        return errors.registerSession(who.tenant(), ErrorRequests.hookSession(who, client), deadline)
                .replaceWithVoid();
    }

    /**
     * The pending notifications of the session digest: those addressed to the session or the project, and tenant
     * broadcasts only when they are about the project (an error whose fingerprint occurs in it, a rule or
     * antipattern from it); left unacknowledged.
     */
    public Uni<Notifications> notificationsAboutProject(Who who, Duration deadline) {
        return errors.listNotifications(who.tenant(), ErrorRequests.notificationsAboutProject(who), deadline)
                .map(r -> ErrorViewMapping.notifications(r, false));
    }

    public Uni<SolutionReport> reportSolution(Who who, long errorId, ErrorInputs.ReportSolution in) {
        List<String> steps = ErrorInputs.checkSolution(errorId, in);
        return errors.reportSolution(who.tenant(), ErrorRequests.solution(who, errorId, in, steps))
                .map(r -> ErrorViewMapping.solutionReport(errorId, r));
    }

    public Uni<AttemptReport> reportAttempt(Who who, long errorId, ErrorInputs.ReportAttempt in) {
        ErrorInputs.checkAttempt(errorId, in);
        return errors.reportAttempt(who.tenant(), ErrorRequests.attempt(who, errorId, in))
                .map(r -> ErrorViewMapping.attemptReport(errorId, r));
    }

    public Uni<Rating> rateSolution(Who who, long errorId, long solutionId, ErrorInputs.RateSolution in) {
        SolutionOutcome outcome = ErrorInputs.rating(errorId, solutionId, in);
        return errors.rateSolution(who.tenant(), ErrorRequests.rating(who, errorId, solutionId, outcome, in.notes()))
                .map(r -> ErrorViewMapping.rating(errorId, solutionId, outcome, r));
    }

    public Uni<PreventionCheck> checkPrevention(Who who, ErrorInputs.CheckPrevention in) {
        return checkPrevention(who, in, null);
    }

    public Uni<PreventionCheck> checkPrevention(Who who, ErrorInputs.CheckPrevention in, Duration deadline) {
        ErrorInputs.check(in);
        String checked = ErrorViewMapping.checked(who, in);
        return errors.checkPrevention(who.tenant(), ErrorRequests.prevention(who, in), deadline)
                .map(r -> ErrorViewMapping.prevention(r, checked));
    }

    public Uni<Notifications> notifications(Who who, boolean acknowledge) {
        return errors.listNotifications(who.tenant(), ErrorRequests.notifications(who, acknowledge))
                .map(r -> ErrorViewMapping.notifications(r, acknowledge));
    }
}
