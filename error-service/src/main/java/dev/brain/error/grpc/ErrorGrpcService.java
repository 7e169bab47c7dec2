package dev.brain.error.grpc;

import dev.brain.error.report.ErrorCorrections;
import dev.brain.error.report.ErrorQueries;
import dev.brain.error.report.ErrorReads;
import dev.brain.error.report.ErrorReporting;
import dev.brain.error.report.ErrorTimeline;
import dev.brain.error.solution.Solutions;
import dev.brain.error.status.TenantStatus;
import dev.brain.error.trail.SessionTrail;
import dev.brain.error.transfer.ErrorExport;
import dev.brain.error.transfer.ErrorImport;
import dev.brain.grpc.v1.ErrorStatsRequest;
import dev.brain.grpc.v1.ErrorStatsResponse;
import dev.brain.grpc.v1.ErrorTimelineRequest;
import dev.brain.grpc.v1.ErrorTimelineResponse;
import dev.brain.grpc.v1.ExportErrorsRequest;
import dev.brain.grpc.v1.ExportErrorsResponse;
import dev.brain.grpc.v1.ForgetRequest;
import dev.brain.grpc.v1.ForgetResponse;
import dev.brain.grpc.v1.GetChainRequest;
import dev.brain.grpc.v1.GetChainResponse;
import dev.brain.grpc.v1.GetErrorRequest;
import dev.brain.grpc.v1.GetErrorResponse;
import dev.brain.grpc.v1.ImportErrorsRequest;
import dev.brain.grpc.v1.ImportErrorsResponse;
import dev.brain.grpc.v1.ListErrorsRequest;
import dev.brain.grpc.v1.ListErrorsResponse;
import dev.brain.grpc.v1.ListSolutionsRequest;
import dev.brain.grpc.v1.ListSolutionsResponse;
import dev.brain.grpc.v1.MutinyErrorServiceGrpc;
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
import dev.brain.grpc.v1.TableCount;
import dev.brain.grpc.v1.UpdateErrorRequest;
import dev.brain.grpc.v1.UpdateErrorResponse;
import dev.brain.tenancy.Tenancy;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code ErrorService}: error intelligence (error-code.md §5, §6). */
@GrpcService
public class ErrorGrpcService extends MutinyErrorServiceGrpc.ErrorServiceImplBase {

    private final TenantStatus status;
    private final ErrorReporting reporting;
    private final ErrorQueries queries;
    private final ErrorReads reads;
    private final Solutions solutions;
    private final ErrorExport export;
    private final ErrorImport importer;
    private final ErrorCorrections corrections;
    private final ErrorTimeline timeline;
    private final SessionTrail trail;

    public ErrorGrpcService(TenantStatus status, ErrorReporting reporting, ErrorQueries queries, ErrorReads reads,
            Solutions solutions, ErrorExport export, ErrorImport importer, ErrorCorrections corrections,
            ErrorTimeline timeline, SessionTrail trail) {
        this.trail = trail;
        this.status = status;
        this.reporting = reporting;
        this.queries = queries;
        this.reads = reads;
        this.solutions = solutions;
        this.export = export;
        this.importer = importer;
        this.corrections = corrections;
        this.timeline = timeline;
    }

    @Override
    @Blocking
    public Uni<ErrorStatsResponse> stats(ErrorStatsRequest request) {
        return Uni.createFrom().item(() -> {
            ErrorStatsResponse.Builder response = ErrorStatsResponse.newBuilder();
            status.rowsPerTable(Tenancy.currentTenant()).forEach(
                    (table, rows) -> response.addTables(TableCount.newBuilder().setTable(table).setRows(rows)));
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<ReportErrorResponse> reportError(ReportErrorRequest request) {
        return Uni.createFrom().item(() -> request.getObserved() ? trail.reportObserved(request)
                : reporting.report(request));
    }

    @Override
    @Blocking
    public Uni<GetErrorResponse> getError(GetErrorRequest request) {
        return Uni.createFrom().item(() -> reads.get(request.getScope(), request.getErrorId()));
    }

    @Override
    @Blocking
    public Uni<ErrorTimelineResponse> errorTimeline(ErrorTimelineRequest request) {
        return Uni.createFrom().item(() -> timeline.timeline(request));
    }

    @Override
    @Blocking
    public Uni<QueryErrorsResponse> queryErrors(QueryErrorsRequest request) {
        return Uni.createFrom().item(() -> queries.query(request));
    }

    @Override
    @Blocking
    public Uni<ReportSolutionResponse> reportSolution(ReportSolutionRequest request) {
        return Uni.createFrom().item(() -> solutions.reportSolution(request));
    }

    @Override
    @Blocking
    public Uni<RateSolutionResponse> rateSolution(RateSolutionRequest request) {
        return Uni.createFrom().item(() -> solutions.rateSolution(request));
    }

    @Override
    @Blocking
    public Uni<ReportAttemptResponse> reportAttempt(ReportAttemptRequest request) {
        return Uni.createFrom().item(() -> solutions.reportAttempt(request));
    }

    @Override
    @Blocking
    public Uni<ListSolutionsResponse> listSolutions(ListSolutionsRequest request) {
        return Uni.createFrom().item(() -> ListSolutionsResponse.newBuilder()
                .addAllSolutions(reads.solutions(request.getScope(), request.getErrorId())).build());
    }

    @Override
    @Blocking
    public Uni<GetChainResponse> getChain(GetChainRequest request) {
        return Uni.createFrom().item(() -> {
            Long chainId = request.getSelectorCase() == GetChainRequest.SelectorCase.CHAIN_ID ? request.getChainId()
                    : null;
            Long errorId = request.getSelectorCase() == GetChainRequest.SelectorCase.ERROR_ID ? request.getErrorId()
                    : null;
            return GetChainResponse.newBuilder().addAllChains(reads.chains(request.getScope(), chainId, errorId))
                    .build();
        });
    }

    @Override
    @Blocking
    public Uni<ExportErrorsResponse> exportErrors(ExportErrorsRequest request) {
        return Uni.createFrom().item(() -> export.export(request));
    }

    @Override
    @Blocking
    public Uni<ImportErrorsResponse> importErrors(ImportErrorsRequest request) {
        return Uni.createFrom().item(() -> importer.run(request));
    }

    @Override
    @Blocking
    public Uni<ListErrorsResponse> listErrors(ListErrorsRequest request) {
        return Uni.createFrom().item(() -> ListErrorsResponse.newBuilder()
                .addAllErrors(corrections.list(request.getScope(), request.getFilter(), request.getLimit())).build());
    }

    @Override
    @Blocking
    public Uni<UpdateErrorResponse> updateError(UpdateErrorRequest request) {
        return Uni.createFrom()
                .item(() -> UpdateErrorResponse.newBuilder().setError(corrections.update(request)).build());
    }

    @Override
    @Blocking
    public Uni<ForgetResponse> forget(ForgetRequest request) {
        return Uni.createFrom().item(() -> ForgetResponse.newBuilder().putAllDeleted(
                corrections.forget(request.getScope(), request.getKind(), request.getId(), request.getReason())).build());
    }
}
