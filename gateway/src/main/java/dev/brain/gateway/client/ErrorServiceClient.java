package dev.brain.gateway.client;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.brain.grpc.v1.CheckPreventionRequest;
import dev.brain.grpc.v1.CheckPreventionResponse;
import dev.brain.grpc.v1.ErrorStatsRequest;
import dev.brain.grpc.v1.ExportErrorsRequest;
import dev.brain.grpc.v1.ExportErrorsResponse;
import dev.brain.grpc.v1.GetErrorRequest;
import dev.brain.grpc.v1.GetErrorResponse;
import dev.brain.grpc.v1.ImportErrorsRequest;
import dev.brain.grpc.v1.ImportErrorsResponse;
import dev.brain.grpc.v1.JobRunResult;
import dev.brain.grpc.v1.ForgetRequest;
import dev.brain.grpc.v1.ForgetResponse;
import dev.brain.grpc.v1.ListErrorsRequest;
import dev.brain.grpc.v1.ListErrorsResponse;
import dev.brain.grpc.v1.ListNotificationsRequest;
import dev.brain.grpc.v1.ListNotificationsResponse;
import dev.brain.grpc.v1.MutinyErrorServiceGrpc;
import dev.brain.grpc.v1.MutinyLearningServiceGrpc;
import dev.brain.grpc.v1.MutinyNotificationServiceGrpc;
import dev.brain.grpc.v1.ListRulesRequest;
import dev.brain.grpc.v1.ListRulesResponse;
import dev.brain.grpc.v1.MutinyPreventionServiceGrpc;
import dev.brain.grpc.v1.MutinySessionServiceGrpc;
import dev.brain.grpc.v1.RegisterSessionRequest;
import dev.brain.grpc.v1.RegisterSessionResponse;
import dev.brain.grpc.v1.ReportRuleOutcomeRequest;
import dev.brain.grpc.v1.ReportRuleOutcomeResponse;
import dev.brain.grpc.v1.QueryErrorsRequest;
import dev.brain.grpc.v1.QueryErrorsResponse;
import dev.brain.grpc.v1.RateSolutionRequest;
import dev.brain.grpc.v1.RateSolutionResponse;
import dev.brain.grpc.v1.ReportAttemptRequest;
import dev.brain.grpc.v1.ReportAttemptResponse;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.ReportSolutionRequest;
import dev.brain.grpc.v1.ReportSolutionResponse;
import dev.brain.grpc.v1.RunLearningCycleRequest;
import dev.brain.grpc.v1.RunLearningCycleResponse;
import dev.brain.grpc.v1.RunRetentionRequest;
import dev.brain.grpc.v1.RunRetentionResponse;
import dev.brain.grpc.v1.RunSessionCleanupRequest;
import dev.brain.grpc.v1.RunSessionCleanupResponse;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.TableCount;
import dev.brain.grpc.v1.UpdateErrorRequest;
import dev.brain.grpc.v1.UpdateErrorResponse;
import dev.brain.tenancy.Tenancy;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.MetadataUtils;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;

/**
 * The gateway's only door to error-service: tenant metadata and a deadline on every call, and the one place
 * where a failed call becomes a {@link ServiceCallException} in a reader's words.
 */
@ApplicationScoped
public class ErrorServiceClient {

    public static final String NAME = "error-service";

    private final MutinyErrorServiceGrpc.MutinyErrorServiceStub service;
    private final MutinyPreventionServiceGrpc.MutinyPreventionServiceStub prevention;
    private final MutinyNotificationServiceGrpc.MutinyNotificationServiceStub notifications;
    private final MutinyLearningServiceGrpc.MutinyLearningServiceStub learning;
    private final MutinySessionServiceGrpc.MutinySessionServiceStub sessions;
    private final Duration deadline;

    public ErrorServiceClient(@GrpcClient("error") MutinyErrorServiceGrpc.MutinyErrorServiceStub service,
            @GrpcClient("error") MutinyPreventionServiceGrpc.MutinyPreventionServiceStub prevention,
            @GrpcClient("error") MutinyNotificationServiceGrpc.MutinyNotificationServiceStub notifications,
            @GrpcClient("error") MutinyLearningServiceGrpc.MutinyLearningServiceStub learning,
            @GrpcClient("error") MutinySessionServiceGrpc.MutinySessionServiceStub sessions,
            @ConfigProperty(name = "brain.services.deadline", defaultValue = "2s") Duration deadline) {
        this.service = service;
        this.prevention = prevention;
        this.notifications = notifications;
        this.learning = learning;
        this.sessions = sessions;
        this.deadline = deadline;
    }

    private static <S extends AbstractStub<S>> S as(S stub, String tenant, Duration deadline) {
        return stub.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
    }

    private static <T> Uni<T> failures(Uni<T> call) {
        return call.onFailure().transform(f -> ServiceCallException.of(NAME, f));
    }

    /** Stores an error (or a new occurrence) and returns matches, solutions and warnings. */
    public Uni<ReportErrorResponse> reportError(String tenant, ReportErrorRequest request) {
        return reportError(tenant, request, deadline);
    }

    /** {@link #reportError(String, ReportErrorRequest)} with the caller's own deadline (hooks answer fast). */
    public Uni<ReportErrorResponse> reportError(String tenant, ReportErrorRequest request, Duration callDeadline) {
        return failures(as(service, tenant, callDeadline).reportError(request));
    }

    public Uni<QueryErrorsResponse> queryErrors(String tenant, QueryErrorsRequest request) {
        return failures(as(service, tenant, deadline).queryErrors(request));
    }

    public Uni<GetErrorResponse> getError(String tenant, Scope scope, long errorId) {
        return failures(as(service, tenant, deadline)
                .getError(GetErrorRequest.newBuilder().setScope(scope).setErrorId(errorId).build()));
    }

    public Uni<ReportSolutionResponse> reportSolution(String tenant, ReportSolutionRequest request) {
        return failures(as(service, tenant, deadline).reportSolution(request));
    }

    public Uni<RateSolutionResponse> rateSolution(String tenant, RateSolutionRequest request) {
        return failures(as(service, tenant, deadline).rateSolution(request));
    }

    public Uni<ReportAttemptResponse> reportAttempt(String tenant, ReportAttemptRequest request) {
        return failures(as(service, tenant, deadline).reportAttempt(request));
    }

    public Uni<CheckPreventionResponse> checkPrevention(String tenant, CheckPreventionRequest request) {
        return checkPrevention(tenant, request, deadline);
    }

    public Uni<CheckPreventionResponse> checkPrevention(String tenant, CheckPreventionRequest request, Duration callDeadline) {
        return failures(as(prevention, tenant, callDeadline).checkPrevention(request));
    }

    public Uni<ListNotificationsResponse> listNotifications(String tenant, ListNotificationsRequest request) {
        return listNotifications(tenant, request, deadline);
    }

    public Uni<ListNotificationsResponse> listNotifications(String tenant, ListNotificationsRequest request,
            Duration callDeadline) {
        return failures(as(notifications, tenant, callDeadline).listNotifications(request));
    }

    public Uni<ListErrorsResponse> listErrors(String tenant, ListErrorsRequest request, Duration callDeadline) {
        return failures(as(service, tenant, callDeadline == null ? deadline : callDeadline).listErrors(request));
    }

    public Uni<UpdateErrorResponse> updateError(String tenant, UpdateErrorRequest request) {
        return failures(as(service, tenant, deadline).updateError(request));
    }

    public Uni<ForgetResponse> forget(String tenant, ForgetRequest request) {
        return failures(as(service, tenant, deadline).forget(request));
    }

    public Uni<ListRulesResponse> listRules(String tenant, ListRulesRequest request, Duration callDeadline) {
        return failures(as(prevention, tenant, callDeadline == null ? deadline : callDeadline).listRules(request));
    }

    public Uni<ReportRuleOutcomeResponse> reportRuleOutcome(String tenant, ReportRuleOutcomeRequest request) {
        return failures(as(prevention, tenant, deadline).reportRuleOutcome(request));
    }

    /** Registers (or refreshes) a session, e.g. Claude Code's session at its SessionStart hook. */
    public Uni<RegisterSessionResponse> registerSession(String tenant, RegisterSessionRequest request,
            Duration callDeadline) {
        return failures(as(sessions, tenant, callDeadline).registerSession(request));
    }

    /** One page of the error export (JSON lines); a page reads up to 1,000 records, so a longer deadline. */
    public Uni<ExportErrorsResponse> exportErrors(String tenant, ExportErrorsRequest request) {
        return failures(as(service, tenant, Duration.ofMinutes(1)).exportErrors(request));
    }

    /** One import call = one transaction; a long deadline, an import writes every record of its lines. */
    public Uni<ImportErrorsResponse> importErrors(String tenant, ImportErrorsRequest request) {
        return failures(as(service, tenant, Duration.ofMinutes(10)).importErrors(request));
    }

    /** Runs a learning-service job now (admin); jobs can take longer than the call deadline. */
    public Uni<JobRunResult> runLearningCycle(String tenant) {
        return failures(as(learning, tenant, Duration.ofMinutes(10))
                .runLearningCycle(RunLearningCycleRequest.newBuilder().setScope(Scope.getDefaultInstance()).build())
                .map(RunLearningCycleResponse::getResult));
    }

    public Uni<JobRunResult> runRetention(String tenant) {
        return failures(as(learning, tenant, Duration.ofMinutes(10))
                .runRetention(RunRetentionRequest.newBuilder().setScope(Scope.getDefaultInstance()).build())
                .map(RunRetentionResponse::getResult));
    }

    public Uni<JobRunResult> runSessionCleanup(String tenant) {
        return failures(as(learning, tenant, Duration.ofMinutes(10))
                .runSessionCleanup(RunSessionCleanupRequest.newBuilder().setScope(Scope.getDefaultInstance()).build())
                .map(RunSessionCleanupResponse::getResult));
    }

    /** Live row counts of the tenant's data; never fails: a down service becomes {@link ServiceCounts#down}. */
    public Uni<ServiceCounts> stats(String tenant) {
        return as(service, tenant, deadline).stats(ErrorStatsRequest.getDefaultInstance())
                .map(response -> {
                    Map<String, Long> counts = new LinkedHashMap<>();
                    for (TableCount table : response.getTablesList()) {
                        counts.put(table.getTable(), table.getRows());
                    }
                    return ServiceCounts.up(counts);
                })
                .onFailure().recoverWithItem(failure -> ServiceCounts.down(ServiceFailures.describe(NAME, failure)));
    }
}
