package dev.brain.gateway.findings;

import java.time.Duration;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import com.google.protobuf.Timestamp;

import dev.brain.gateway.client.ErrorServiceClient;
import dev.brain.gateway.client.ServiceCallException;
import dev.brain.gateway.errors.ErrorInputs.Who;
import dev.brain.gateway.findings.FindingViews.DeletedFinding;
import dev.brain.gateway.findings.FindingViews.ExportedFile;
import dev.brain.gateway.findings.FindingViews.FindingInput;
import dev.brain.gateway.findings.FindingViews.FindingView;
import dev.brain.gateway.findings.FindingViews.FindingsExport;
import dev.brain.gateway.findings.FindingViews.FindingsIndex;
import dev.brain.gateway.findings.FindingViews.SavedFinding;
import dev.brain.grpc.v1.DeleteFindingRequest;
import dev.brain.grpc.v1.ExportFindingsRequest;
import dev.brain.grpc.v1.Finding;
import dev.brain.grpc.v1.FindingsIndexRequest;
import dev.brain.grpc.v1.GetFindingRequest;
import dev.brain.grpc.v1.SaveFindingRequest;
import dev.brain.grpc.v1.SaveFindingResponse;
import dev.brain.grpc.v1.Scope;
import io.smallrye.mutiny.Uni;

/**
 * A project's findings store (error-service {@code FindingsService}) for a caller: every call names a project (the
 * argument, else the token's default). error-service checks the fields; its {@code finding_scope} is this API's
 * {@code scope}, so a rejection names the field the caller used.
 */
@ApplicationScoped
public class ProjectFindings {

    private static final String SERVICE_SCOPE_FIELD = "finding_scope:";

    private final ErrorServiceClient errors;

    public ProjectFindings(ErrorServiceClient errors) {
        this.errors = errors;
    }

    public Uni<SavedFinding> save(Who who, String slug, FindingInput in) {
        SaveFindingRequest request = SaveFindingRequest.newBuilder().setScope(scope(who)).setSlug(orEmpty(slug))
                .setTitle(orEmpty(in.title())).setBody(orEmpty(in.body())).setHook(orEmpty(in.hook()))
                .setFindingScope(orEmpty(in.scope())).setSourceTask(orEmpty(in.source_task()))
                .setVerifiedAgainst(orEmpty(in.verified_against())).build();
        return errors.saveFinding(who.tenant(), request).map(r -> saved(who.project(), r))
                .onFailure(ProjectFindings::serviceScopeField).transform(f -> new IllegalArgumentException(
                        "scope:" + f.getMessage().substring(SERVICE_SCOPE_FIELD.length())));
    }

    public Uni<FindingView> get(Who who, String slug) {
        return errors.getFinding(who.tenant(), GetFindingRequest.newBuilder().setScope(scope(who))
                .setSlug(orEmpty(slug)).build()).map(r -> view(r.getFinding()));
    }

    public Uni<DeletedFinding> delete(Who who, String slug) {
        return errors.deleteFinding(who.tenant(), DeleteFindingRequest.newBuilder().setScope(scope(who))
                .setSlug(orEmpty(slug)).build()).map(r -> new DeletedFinding(who.project(), slug, r.getTotal()));
    }

    /** The index; {@code deadline} null = the client's default. */
    public Uni<FindingsIndex> index(Who who, Duration deadline) {
        FindingsIndexRequest request = FindingsIndexRequest.newBuilder().setScope(scope(who)).build();
        return errors.findingsIndex(who.tenant(), request, deadline)
                .map(r -> new FindingsIndex(who.project(), r.getLinesList(), r.getTotal(), r.getIndexChars()));
    }

    public Uni<FindingsExport> export(Who who) {
        return errors.exportFindings(who.tenant(), ExportFindingsRequest.newBuilder().setScope(scope(who)).build())
                .map(r -> new FindingsExport(who.project(), r.getFilesList().stream()
                        .map(f -> new ExportedFile(f.getPath(), f.getContent())).toList(), r.getSlugsList()));
    }

    static SavedFinding saved(String project, SaveFindingResponse r) {
        Finding f = r.getFinding();
        return new SavedFinding(project, f.getSlug(), r.getCreated(), r.getTotal(), r.getIndexChars(),
                r.getWarningsCount() == 0 ? null : String.join("; ", r.getWarningsList()), r.getWarningsList(),
                f.getTitle(), f.getHook());
    }

    static FindingView view(Finding f) {
        return new FindingView(f.getProject(), f.getSlug(), f.getTitle(), f.getHook(), f.getBody(), f.getScope(),
                f.getSourceTask(), f.getVerifiedAgainst(),
                f.getUpdatedSessionKey().isEmpty() ? null : f.getUpdatedSessionKey(), instant(f.getCreatedAt()),
                instant(f.getUpdatedAt()));
    }

    private static boolean serviceScopeField(Throwable failure) {
        return failure instanceof ServiceCallException e && e.kind() == ServiceCallException.Kind.BAD_INPUT
                && e.getMessage() != null && e.getMessage().startsWith(SERVICE_SCOPE_FIELD);
    }

    private static Scope scope(Who who) {
        if (who.project() == null) {
            throw new IllegalArgumentException("project: is required (none given, and the token has no default)");
        }
        Scope.Builder scope = Scope.newBuilder().setProject(who.project());
        if (who.session() != null) {
            scope.setSession(who.session());
        }
        return scope.build();
    }

    private static String instant(Timestamp t) {
        return Instant.ofEpochSecond(t.getSeconds(), t.getNanos()).toString();
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }
}
