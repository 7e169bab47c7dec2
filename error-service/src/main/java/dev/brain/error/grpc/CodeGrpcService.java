package dev.brain.error.grpc;

import java.util.List;

import dev.brain.db.Page;
import dev.brain.error.code.service.CodeRegistry;
import dev.brain.error.code.service.CodeSearch;
import dev.brain.error.code.service.ModuleUsages;
import dev.brain.grpc.v1.AnalyzeCodeRequest;
import dev.brain.grpc.v1.AnalyzeCodeResponse;
import dev.brain.grpc.v1.CheckSimilarityRequest;
import dev.brain.grpc.v1.CheckSimilarityResponse;
import dev.brain.grpc.v1.CodeModule;
import dev.brain.grpc.v1.FindReusableRequest;
import dev.brain.grpc.v1.FindReusableResponse;
import dev.brain.grpc.v1.GetModuleRequest;
import dev.brain.grpc.v1.GetModuleResponse;
import dev.brain.grpc.v1.ListModulesRequest;
import dev.brain.grpc.v1.ListModulesResponse;
import dev.brain.grpc.v1.MutinyCodeServiceGrpc;
import dev.brain.grpc.v1.ReportModuleUsageRequest;
import dev.brain.grpc.v1.ReportModuleUsageResponse;
import dev.brain.grpc.v1.UpdateUsageOutcomeRequest;
import dev.brain.grpc.v1.UpdateUsageOutcomeResponse;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code CodeService}: code intelligence (error-code.md §9) — register, search, similarity, usages, reads. */
@GrpcService
public class CodeGrpcService extends MutinyCodeServiceGrpc.CodeServiceImplBase {

    private final CodeRegistry registry;
    private final CodeSearch search;
    private final ModuleUsages usages;

    public CodeGrpcService(CodeRegistry registry, CodeSearch search, ModuleUsages usages) {
        this.registry = registry;
        this.search = search;
        this.usages = usages;
    }

    @Override
    @Blocking
    public Uni<AnalyzeCodeResponse> analyzeCode(AnalyzeCodeRequest r) {
        return Uni.createFrom().item(() -> registry.analyze(r));
    }

    @Override
    @Blocking
    public Uni<FindReusableResponse> findReusable(FindReusableRequest r) {
        return Uni.createFrom().item(() -> search.findReusable(r));
    }

    @Override
    @Blocking
    public Uni<CheckSimilarityResponse> checkSimilarity(CheckSimilarityRequest r) {
        return Uni.createFrom().item(() -> search.checkSimilarity(r));
    }

    @Override
    @Blocking
    public Uni<ReportModuleUsageResponse> reportModuleUsage(ReportModuleUsageRequest r) {
        return Uni.createFrom().item(() -> usages.report(r));
    }

    @Override
    @Blocking
    public Uni<UpdateUsageOutcomeResponse> updateUsageOutcome(UpdateUsageOutcomeRequest r) {
        return Uni.createFrom().item(() -> usages.updateOutcome(r));
    }

    @Override
    @Blocking
    public Uni<GetModuleResponse> getModule(GetModuleRequest r) {
        return Uni.createFrom().item(() -> usages.get(r));
    }

    @Override
    @Blocking
    public Uni<ListModulesResponse> listModules(ListModulesRequest r) {
        return Uni.createFrom().item(() -> {
            Page page = Pages.page(r.getLimit(), r.getPageToken());
            List<CodeModule> rows = usages.list(r, page.fetch(), page.offset());
            return ListModulesResponse.newBuilder().addAllModules(page.rows(rows))
                    .setNextPageToken(page.nextToken(rows.size())).build();
        });
    }
}
