package dev.brain.error.grpc;

import dev.brain.error.finding.mapping.FindingMapper;
import dev.brain.error.finding.service.FindingService;
import dev.brain.grpc.v1.DeleteFindingRequest;
import dev.brain.grpc.v1.DeleteFindingResponse;
import dev.brain.grpc.v1.ExportFindingsRequest;
import dev.brain.grpc.v1.ExportFindingsResponse;
import dev.brain.grpc.v1.FindingsIndexRequest;
import dev.brain.grpc.v1.FindingsIndexResponse;
import dev.brain.grpc.v1.GetFindingRequest;
import dev.brain.grpc.v1.GetFindingResponse;
import dev.brain.grpc.v1.MutinyFindingsServiceGrpc;
import dev.brain.grpc.v1.SaveFindingRequest;
import dev.brain.grpc.v1.SaveFindingResponse;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code FindingsService}: a project's findings store (error-code.md §10). */
@GrpcService
public class FindingsGrpcService extends MutinyFindingsServiceGrpc.FindingsServiceImplBase {

    private final FindingService findings;

    public FindingsGrpcService(FindingService findings) {
        this.findings = findings;
    }

    @Override
    @Blocking
    public Uni<SaveFindingResponse> saveFinding(SaveFindingRequest r) {
        return Uni.createFrom().item(() -> FindingMapper.saved(findings.save(r.getScope(), FindingMapper.input(r))));
    }

    @Override
    @Blocking
    public Uni<GetFindingResponse> getFinding(GetFindingRequest r) {
        return Uni.createFrom().item(() -> FindingMapper.got(findings.get(r.getScope(), r.getSlug())));
    }

    @Override
    @Blocking
    public Uni<DeleteFindingResponse> deleteFinding(DeleteFindingRequest r) {
        return Uni.createFrom().item(() -> FindingMapper.deleted(findings.delete(r.getScope(), r.getSlug())));
    }

    @Override
    @Blocking
    public Uni<FindingsIndexResponse> findingsIndex(FindingsIndexRequest r) {
        return Uni.createFrom().item(() -> FindingMapper.index(findings.index(r.getScope())));
    }

    @Override
    @Blocking
    public Uni<ExportFindingsResponse> exportFindings(ExportFindingsRequest r) {
        return Uni.createFrom().item(() -> FindingMapper.export(findings.export(r.getScope())));
    }
}
