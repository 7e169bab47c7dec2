package dev.brain.error.grpc;

import javax.sql.DataSource;

import dev.brain.error.report.ErrorCorrections;
import dev.brain.error.report.ErrorQueries;
import dev.brain.error.report.ErrorReads;
import dev.brain.error.report.ErrorReporting;
import dev.brain.error.report.ErrorRows;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.error.solution.SolutionRows;
import dev.brain.error.solution.Solutions;
import dev.brain.error.transfer.ErrorExport;
import dev.brain.error.transfer.ErrorImport;
import dev.brain.grpc.v1.ErrorStatsRequest;
import dev.brain.grpc.v1.ErrorStatsResponse;
import dev.brain.grpc.v1.ExportErrorsRequest;
import dev.brain.grpc.v1.ExportErrorsResponse;
import dev.brain.grpc.v1.GetChainRequest;
import dev.brain.grpc.v1.GetChainResponse;
import dev.brain.grpc.v1.GetErrorRequest;
import dev.brain.grpc.v1.GetErrorResponse;
import dev.brain.grpc.v1.ImportErrorsRequest;
import dev.brain.grpc.v1.ForgetRequest;
import dev.brain.grpc.v1.ForgetResponse;
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
import dev.brain.tenancy.TenantRowCounts;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code ErrorService}: error intelligence (error-code.md §5, §6). */
@GrpcService
public class ErrorGrpcService extends MutinyErrorServiceGrpc.ErrorServiceImplBase {

    private final DataSource dataSource;
    private final ErrorReporting reporting;
    private final ErrorQueries queries;
    private final ErrorReads reads;
    private final Solutions solutions;
    private final SolutionRows solutionRows;
    private final ErrorRows errors;
    private final Scopes scopes;
    private final ErrorExport export;
    private final ErrorImport importer;
    private final ErrorCorrections corrections;

    public ErrorGrpcService(DataSource dataSource, ErrorReporting reporting, ErrorQueries queries, ErrorReads reads,
            Solutions solutions, SolutionRows solutionRows, ErrorRows errors, Scopes scopes, ErrorExport export,
            ErrorImport importer, ErrorCorrections corrections) {
        this.dataSource = dataSource;
        this.reporting = reporting;
        this.queries = queries;
        this.reads = reads;
        this.solutions = solutions;
        this.solutionRows = solutionRows;
        this.errors = errors;
        this.scopes = scopes;
        this.export = export;
        this.importer = importer;
        this.corrections = corrections;
    }

    @Override
    @Blocking
    public Uni<ErrorStatsResponse> stats(ErrorStatsRequest request) {
        return Uni.createFrom().item(() -> {
            ErrorStatsResponse.Builder response = ErrorStatsResponse.newBuilder();
            TenantRowCounts.count(dataSource, "error", Tenancy.currentTenant())
                    .forEach((table, rows) -> response.addTables(TableCount.newBuilder().setTable(table).setRows(rows)));
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<ReportErrorResponse> reportError(ReportErrorRequest request) {
        return Uni.createFrom().item(() -> reporting.report(request));
    }

    @Override
    @Blocking
    public Uni<GetErrorResponse> getError(GetErrorRequest request) {
        return Uni.createFrom().item(() -> QuarkusTransaction.requiringNew()
                .call(() -> reads.get(scopes.forRead(request.getScope()), request.getErrorId())));
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
        return Uni.createFrom().item(() -> QuarkusTransaction.requiringNew().call(() -> {
            CallScope scope = scopes.forRead(request.getScope());
            errors.require(scope.tenant(), request.getErrorId(), "error_id");
            return ListSolutionsResponse.newBuilder()
                    .addAllSolutions(solutionRows.forError(scope.tenant(), request.getErrorId())).build();
        }));
    }

    @Override
    @Blocking
    public Uni<GetChainResponse> getChain(GetChainRequest request) {
        return Uni.createFrom().item(() -> QuarkusTransaction.requiringNew().call(() -> {
            CallScope scope = scopes.forRead(request.getScope());
            return switch (request.getSelectorCase()) {
                case CHAIN_ID -> GetChainResponse.newBuilder()
                        .addAllChains(reads.chain(scope.tenant(), request.getChainId())).build();
                case ERROR_ID -> {
                    errors.require(scope.tenant(), request.getErrorId(), "error_id");
                    yield GetChainResponse.newBuilder()
                            .addAllChains(reads.chainsOfError(scope.tenant(), request.getErrorId())).build();
                }
                default -> throw Status.INVALID_ARGUMENT.withDescription("chain_id or error_id is required")
                        .asRuntimeException();
            };
        }));
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
        return Uni.createFrom().item(() -> QuarkusTransaction.requiringNew().call(() -> ListErrorsResponse.newBuilder()
                .addAllErrors(corrections.list(scopes.forRead(request.getScope()), request.getFilter(), request.getLimit()))
                .build()));
    }

    @Override
    @Blocking
    public Uni<UpdateErrorResponse> updateError(UpdateErrorRequest request) {
        return Uni.createFrom().item(() -> QuarkusTransaction.requiringNew().call(() -> UpdateErrorResponse.newBuilder()
                .setError(corrections.update(scopes.forCall(request.getScope()), request)).build()));
    }

    @Override
    @Blocking
    public Uni<ForgetResponse> forget(ForgetRequest request) {
        return Uni.createFrom().item(() -> QuarkusTransaction.requiringNew().call(() -> ForgetResponse.newBuilder()
                .putAllDeleted(corrections.forget(scopes.forCall(request.getScope()), request.getKind(), request.getId(),
                        request.getReason()))
                .build()));
    }
}
