package dev.brain.gateway.client;

import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.grpc.v1.AnalyzeCodeRequest;
import dev.brain.grpc.v1.AnalyzeCodeResponse;
import dev.brain.grpc.v1.CheckPreventionRequest;
import dev.brain.grpc.v1.CheckPreventionResponse;
import dev.brain.grpc.v1.CheckSimilarityRequest;
import dev.brain.grpc.v1.CheckSimilarityResponse;
import dev.brain.grpc.v1.DeleteFindingRequest;
import dev.brain.grpc.v1.DeleteFindingResponse;
import dev.brain.grpc.v1.ErrorStatsRequest;
import dev.brain.grpc.v1.ErrorStatsResponse;
import dev.brain.grpc.v1.ErrorTimelineRequest;
import dev.brain.grpc.v1.ErrorTimelineResponse;
import dev.brain.grpc.v1.ExportErrorsRequest;
import dev.brain.grpc.v1.ExportErrorsResponse;
import dev.brain.grpc.v1.ExportFindingsRequest;
import dev.brain.grpc.v1.ExportFindingsResponse;
import dev.brain.grpc.v1.FindReusableRequest;
import dev.brain.grpc.v1.FindReusableResponse;
import dev.brain.grpc.v1.FindingsIndexRequest;
import dev.brain.grpc.v1.FindingsIndexResponse;
import dev.brain.grpc.v1.ForgetRequest;
import dev.brain.grpc.v1.ForgetResponse;
import dev.brain.grpc.v1.GetErrorRequest;
import dev.brain.grpc.v1.GetErrorResponse;
import dev.brain.grpc.v1.GetFindingRequest;
import dev.brain.grpc.v1.GetFindingResponse;
import dev.brain.grpc.v1.GetStatusRequest;
import dev.brain.grpc.v1.GetStatusResponse;
import dev.brain.grpc.v1.ImportErrorsRequest;
import dev.brain.grpc.v1.ImportErrorsResponse;
import dev.brain.grpc.v1.JobRunResult;
import dev.brain.grpc.v1.ListErrorsRequest;
import dev.brain.grpc.v1.ListErrorsResponse;
import dev.brain.grpc.v1.ListModulesRequest;
import dev.brain.grpc.v1.ListModulesResponse;
import dev.brain.grpc.v1.ListNotificationsRequest;
import dev.brain.grpc.v1.ListNotificationsResponse;
import dev.brain.grpc.v1.ListRulesRequest;
import dev.brain.grpc.v1.ListRulesResponse;
import dev.brain.grpc.v1.MutinyCodeServiceGrpc;
import dev.brain.grpc.v1.MutinyErrorServiceGrpc;
import dev.brain.grpc.v1.MutinyFindingsServiceGrpc;
import dev.brain.grpc.v1.MutinyLearningServiceGrpc;
import dev.brain.grpc.v1.MutinyNotificationServiceGrpc;
import dev.brain.grpc.v1.MutinyPreventionServiceGrpc;
import dev.brain.grpc.v1.MutinySessionServiceGrpc;
import dev.brain.grpc.v1.QueryErrorsRequest;
import dev.brain.grpc.v1.QueryErrorsResponse;
import dev.brain.grpc.v1.RateSolutionRequest;
import dev.brain.grpc.v1.RateSolutionResponse;
import dev.brain.grpc.v1.RecordToolUseRequest;
import dev.brain.grpc.v1.RecordToolUseResponse;
import dev.brain.grpc.v1.RegisterSessionRequest;
import dev.brain.grpc.v1.RegisterSessionResponse;
import dev.brain.grpc.v1.ReportAttemptRequest;
import dev.brain.grpc.v1.ReportAttemptResponse;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.ReportRuleOutcomeRequest;
import dev.brain.grpc.v1.ReportRuleOutcomeResponse;
import dev.brain.grpc.v1.ReportSolutionRequest;
import dev.brain.grpc.v1.ReportSolutionResponse;
import dev.brain.grpc.v1.RunLearningCycleRequest;
import dev.brain.grpc.v1.RunLearningCycleResponse;
import dev.brain.grpc.v1.RunRetentionRequest;
import dev.brain.grpc.v1.RunRetentionResponse;
import dev.brain.grpc.v1.RunSessionCleanupRequest;
import dev.brain.grpc.v1.RunSessionCleanupResponse;
import dev.brain.grpc.v1.SaveFindingRequest;
import dev.brain.grpc.v1.SaveFindingResponse;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.UpdateErrorRequest;
import dev.brain.grpc.v1.UpdateErrorResponse;
import io.grpc.Channel;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;

/**
 * The gateway's only door to error-service (every call made by {@link ServiceCall}). Reads go through
 * {@code calls.read} (retried on UNAVAILABLE); writes through {@code calls.call} (never retried): CheckPrevention
 * counts a trigger on every rule it returns, so it is a write here.
 */
@ApplicationScoped
public class ErrorServiceClient {

    static final String NAME = "error-service";

    /** Jobs and imports can take longer than the call deadline. */
    private static final Duration LONG = Duration.ofMinutes(10);

    private final MutinyErrorServiceGrpc.MutinyErrorServiceStub service;
    private final MutinyPreventionServiceGrpc.MutinyPreventionServiceStub prevention;
    private final MutinyNotificationServiceGrpc.MutinyNotificationServiceStub notifications;
    private final MutinyLearningServiceGrpc.MutinyLearningServiceStub learning;
    private final MutinySessionServiceGrpc.MutinySessionServiceStub sessions;
    private final MutinyCodeServiceGrpc.MutinyCodeServiceStub code;
    private final MutinyFindingsServiceGrpc.MutinyFindingsServiceStub findings;
    private final ServiceCall calls;

    public ErrorServiceClient(@GrpcClient("error") MutinyErrorServiceGrpc.MutinyErrorServiceStub service,
            @GrpcClient("error") MutinyPreventionServiceGrpc.MutinyPreventionServiceStub prevention,
            @GrpcClient("error") MutinyNotificationServiceGrpc.MutinyNotificationServiceStub notifications,
            @GrpcClient("error") MutinyLearningServiceGrpc.MutinyLearningServiceStub learning,
            @GrpcClient("error") MutinySessionServiceGrpc.MutinySessionServiceStub sessions,
            @GrpcClient("error") MutinyCodeServiceGrpc.MutinyCodeServiceStub code,
            @GrpcClient("error") MutinyFindingsServiceGrpc.MutinyFindingsServiceStub findings,
            @GrpcClient("error") Channel channel, ServicesConfig config) {
        this.service = service;
        this.prevention = prevention;
        this.notifications = notifications;
        this.learning = learning;
        this.sessions = sessions;
        this.code = code;
        this.findings = findings;
        this.calls = new ServiceCall(NAME, channel, config);
    }

    /**
     * Stores an error (or a new occurrence) and returns matches, solutions and warnings; {@code callDeadline} the
     * caller's own (hooks answer fast) or null for the default.
     */
    public Uni<ReportErrorResponse> reportError(String tenant, ReportErrorRequest request, Duration callDeadline) {
        return calls.call(service, tenant, callDeadline, s -> s.reportError(request));
    }

    public Uni<QueryErrorsResponse> queryErrors(String tenant, QueryErrorsRequest request) {
        return calls.read(service, tenant, s -> s.queryErrors(request));
    }

    public Uni<GetErrorResponse> getError(String tenant, Scope scope, long errorId) {
        return calls.read(service, tenant,
                s -> s.getError(GetErrorRequest.newBuilder().setScope(scope).setErrorId(errorId).build()));
    }

    /** One error's occurrences per day over the last {@code days} days (the web view's chart). */
    public Uni<ErrorTimelineResponse> errorTimeline(String tenant, Scope scope, long errorId, int days) {
        return calls.read(service, tenant, s -> s.errorTimeline(ErrorTimelineRequest.newBuilder().setScope(scope)
                .setErrorId(errorId).setDays(days).build()));
    }

    public Uni<ReportSolutionResponse> reportSolution(String tenant, ReportSolutionRequest request) {
        return calls.call(service, tenant, s -> s.reportSolution(request));
    }

    public Uni<RateSolutionResponse> rateSolution(String tenant, RateSolutionRequest request) {
        return calls.call(service, tenant, s -> s.rateSolution(request));
    }

    public Uni<ReportAttemptResponse> reportAttempt(String tenant, ReportAttemptRequest request) {
        return calls.call(service, tenant, s -> s.reportAttempt(request));
    }

    /** Checks a command, output or code against the rules; {@code callDeadline} null: the default deadline. */
    public Uni<CheckPreventionResponse> checkPrevention(String tenant, CheckPreventionRequest request, Duration callDeadline) {
        return calls.call(prevention, tenant, callDeadline, s -> s.checkPrevention(request));
    }

    public Uni<ListNotificationsResponse> listNotifications(String tenant, ListNotificationsRequest request) {
        return listNotifications(tenant, request, null);
    }

    /** Pending notifications; retried only when it does not acknowledge what it returns (then it writes). */
    public Uni<ListNotificationsResponse> listNotifications(String tenant, ListNotificationsRequest request,
            Duration callDeadline) {
        return request.getAcknowledge()
                ? calls.call(notifications, tenant, callDeadline, s -> s.listNotifications(request))
                : calls.read(notifications, tenant, callDeadline, s -> s.listNotifications(request));
    }

    /** One page of errors; {@code callDeadline} null: the default deadline. */
    public Uni<ListErrorsResponse> listErrors(String tenant, ListErrorsRequest request, Duration callDeadline) {
        return calls.read(service, tenant, callDeadline, s -> s.listErrors(request));
    }

    public Uni<UpdateErrorResponse> updateError(String tenant, UpdateErrorRequest request) {
        return calls.call(service, tenant, s -> s.updateError(request));
    }

    public Uni<ForgetResponse> forget(String tenant, ForgetRequest request) {
        return calls.call(service, tenant, s -> s.forget(request));
    }

    /** The prevention rules; {@code callDeadline} null: the default deadline. */
    public Uni<ListRulesResponse> listRules(String tenant, ListRulesRequest request, Duration callDeadline) {
        return calls.read(prevention, tenant, callDeadline, s -> s.listRules(request));
    }

    public Uni<ReportRuleOutcomeResponse> reportRuleOutcome(String tenant, ReportRuleOutcomeRequest request) {
        return calls.call(prevention, tenant, s -> s.reportRuleOutcome(request));
    }

    /**
     * Registers (or refreshes) a session, e.g. Claude Code's session at its SessionStart hook; idempotent per
     * (tenant, session key), so retried like a read.
     */
    public Uni<RegisterSessionResponse> registerSession(String tenant, RegisterSessionRequest request,
            Duration callDeadline) {
        return calls.read(sessions, tenant, callDeadline, s -> s.registerSession(request));
    }

    /** The tenant's (or scope.project's) status overview. */
    public Uni<GetStatusResponse> status(String tenant, Scope scope) {
        return calls.read(sessions, tenant, s -> s.getStatus(GetStatusRequest.newBuilder().setScope(scope).build()));
    }

    /** One tool use of a Claude Code session for its trail (a write: never retried). */
    public Uni<RecordToolUseResponse> recordToolUse(String tenant, RecordToolUseRequest request, Duration callDeadline) {
        return calls.call(sessions, tenant, callDeadline, s -> s.recordToolUse(request));
    }

    /** One page of the error export (JSON lines); a page reads up to 1,000 records, so a longer deadline. */
    public Uni<ExportErrorsResponse> exportErrors(String tenant, ExportErrorsRequest request) {
        return calls.read(service, tenant, Duration.ofMinutes(1), s -> s.exportErrors(request));
    }

    /** One import call = one transaction; a long deadline, an import writes every record of its lines. */
    public Uni<ImportErrorsResponse> importErrors(String tenant, ImportErrorsRequest request) {
        return calls.call(service, tenant, LONG, s -> s.importErrors(request));
    }

    /** Runs a learning-service job now (admin). */
    public Uni<JobRunResult> runLearningCycle(String tenant) {
        return calls.call(learning, tenant, LONG, s -> s.runLearningCycle(
                RunLearningCycleRequest.newBuilder().setScope(Scope.getDefaultInstance()).build())
                .map(RunLearningCycleResponse::getResult));
    }

    public Uni<JobRunResult> runRetention(String tenant) {
        return calls.call(learning, tenant, LONG, s -> s.runRetention(
                RunRetentionRequest.newBuilder().setScope(Scope.getDefaultInstance()).build())
                .map(RunRetentionResponse::getResult));
    }

    public Uni<JobRunResult> runSessionCleanup(String tenant) {
        return calls.call(learning, tenant, LONG, s -> s.runSessionCleanup(
                RunSessionCleanupRequest.newBuilder().setScope(Scope.getDefaultInstance()).build())
                .map(RunSessionCleanupResponse::getResult));
    }

    /** Live row counts of the tenant's data; never fails: a down service becomes {@link ServiceCounts#down}. */
    public Uni<ServiceCounts> stats(String tenant) {
        return calls.counts(service, tenant,
                s -> s.stats(ErrorStatsRequest.getDefaultInstance()).map(ErrorStatsResponse::getTablesList));
    }

    // code intelligence (CodeService) --------------------------------------------------------------------------

    /**
     * Analyzes and (unless dry run) registers a source; {@code callDeadline} null: the default deadline. A dry run
     * stores nothing and is retried like a read.
     */
    public Uni<AnalyzeCodeResponse> analyzeCode(String tenant, AnalyzeCodeRequest request, Duration callDeadline) {
        return request.getDryRun()
                ? calls.read(code, tenant, callDeadline, s -> s.analyzeCode(request))
                : calls.call(code, tenant, callDeadline, s -> s.analyzeCode(request));
    }

    public Uni<FindReusableResponse> findReusable(String tenant, FindReusableRequest request) {
        return calls.read(code, tenant, s -> s.findReusable(request));
    }

    /** Modules similar to a source; {@code callDeadline} null: the default deadline. */
    public Uni<CheckSimilarityResponse> checkSimilarity(String tenant, CheckSimilarityRequest request,
            Duration callDeadline) {
        return calls.read(code, tenant, callDeadline, s -> s.checkSimilarity(request));
    }

    public Uni<ListModulesResponse> listModules(String tenant, ListModulesRequest request) {
        return calls.read(code, tenant, s -> s.listModules(request));
    }

    // findings store (FindingsService) ----------------------------------------------------------------------------

    public Uni<SaveFindingResponse> saveFinding(String tenant, SaveFindingRequest request) {
        return calls.call(findings, tenant, s -> s.saveFinding(request));
    }

    public Uni<GetFindingResponse> getFinding(String tenant, GetFindingRequest request) {
        return calls.read(findings, tenant, s -> s.getFinding(request));
    }

    public Uni<DeleteFindingResponse> deleteFinding(String tenant, DeleteFindingRequest request) {
        return calls.call(findings, tenant, s -> s.deleteFinding(request));
    }

    /** The project's index lines; {@code callDeadline} null: the default deadline (the SessionStart digest's own). */
    public Uni<FindingsIndexResponse> findingsIndex(String tenant, FindingsIndexRequest request,
            Duration callDeadline) {
        return calls.read(findings, tenant, callDeadline, s -> s.findingsIndex(request));
    }

    public Uni<ExportFindingsResponse> exportFindings(String tenant, ExportFindingsRequest request) {
        return calls.read(findings, tenant, s -> s.exportFindings(request));
    }
}
