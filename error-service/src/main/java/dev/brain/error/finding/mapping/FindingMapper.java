package dev.brain.error.finding.mapping;

import static dev.brain.wire.ProtoTime.timestamp;

import dev.brain.error.finding.Finding;
import dev.brain.error.finding.FindingInput;
import dev.brain.error.finding.service.FindingService;
import dev.brain.grpc.v1.DeleteFindingResponse;
import dev.brain.grpc.v1.ExportFindingsResponse;
import dev.brain.grpc.v1.ExportedFile;
import dev.brain.grpc.v1.FindingsIndexResponse;
import dev.brain.grpc.v1.GetFindingResponse;
import dev.brain.grpc.v1.SaveFindingRequest;
import dev.brain.grpc.v1.SaveFindingResponse;

/** Findings between the service's records and {@code brain.v1} messages; a missing session key becomes "". */
public final class FindingMapper {

    private FindingMapper() {
    }

    /** The request's fields, cleaned and checked ({@code finding_scope} is the finding's path scope). */
    public static FindingInput input(SaveFindingRequest r) {
        return FindingInput.of(r.getSlug(), r.getTitle(), r.getBody(), r.getHook(), r.getFindingScope(),
                r.getSourceTask(), r.getVerifiedAgainst());
    }

    public static dev.brain.grpc.v1.Finding toProto(Finding f) {
        return dev.brain.grpc.v1.Finding.newBuilder()
                .setId(f.id())
                .setProject(f.project())
                .setSlug(f.slug())
                .setTitle(f.title())
                .setHook(f.hook())
                .setBody(f.body())
                .setScope(f.scope())
                .setSourceTask(f.sourceTask())
                .setVerifiedAgainst(f.verifiedAgainst())
                .setUpdatedSessionKey(f.updatedSessionKey() == null ? "" : f.updatedSessionKey())
                .setCreatedAt(timestamp(f.createdAt()))
                .setUpdatedAt(timestamp(f.updatedAt()))
                .build();
    }

    public static SaveFindingResponse saved(FindingService.Saved saved) {
        return SaveFindingResponse.newBuilder().setFinding(toProto(saved.finding())).setCreated(saved.created())
                .setTotal(saved.total()).setIndexChars(saved.indexChars()).addAllWarnings(saved.warnings()).build();
    }

    public static GetFindingResponse got(Finding finding) {
        return GetFindingResponse.newBuilder().setFinding(toProto(finding)).build();
    }

    public static DeleteFindingResponse deleted(int total) {
        return DeleteFindingResponse.newBuilder().setTotal(total).build();
    }

    public static FindingsIndexResponse index(FindingService.Index index) {
        return FindingsIndexResponse.newBuilder().addAllLines(index.lines()).setTotal(index.total())
                .setIndexChars(index.indexChars()).build();
    }

    public static ExportFindingsResponse export(FindingService.Export export) {
        ExportFindingsResponse.Builder response = ExportFindingsResponse.newBuilder().addAllSlugs(export.slugs());
        export.files().forEach(f -> response.addFiles(ExportedFile.newBuilder().setPath(f.path()).setContent(f.content())));
        return response.build();
    }
}
