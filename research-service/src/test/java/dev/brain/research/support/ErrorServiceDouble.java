package dev.brain.research.support;

import java.util.List;

import com.google.protobuf.Message;

import dev.brain.grpc.v1.*;
import io.grpc.BindableService;
import io.grpc.stub.StreamObserver;

/** error-service as research-service meets it: the aggregates, project names and notifications. */
final class ErrorServiceDouble {

    private final ServiceDoubles doubles;

    ErrorServiceDouble(ServiceDoubles doubles) {
        this.doubles = doubles;
    }

    <T extends Message> void reply(String method, Message request, StreamObserver<T> out, Class<T> type, T fallback) {
        doubles.record(method, request);
        out.onNext(doubles.answerOf(type, fallback));
        out.onCompleted();
    }

    List<BindableService> services() {
        return List.of(new ErrorAnalyticsServiceGrpc.ErrorAnalyticsServiceImplBase() {
            @Override
            public void errorCounts(ErrorCountsRequest r, StreamObserver<ErrorCountsResponse> o) {
                reply("ErrorCounts", r, o, ErrorCountsResponse.class, ErrorCountsResponse.getDefaultInstance());
            }

            @Override
            public void unresolvedRecurring(UnresolvedRecurringRequest r, StreamObserver<UnresolvedRecurringResponse> o) {
                reply("UnresolvedRecurring", r, o, UnresolvedRecurringResponse.class,
                        UnresolvedRecurringResponse.getDefaultInstance());
            }

            @Override
            public void crossProjectFingerprints(CrossProjectFingerprintsRequest r,
                    StreamObserver<CrossProjectFingerprintsResponse> o) {
                reply("CrossProjectFingerprints", r, o, CrossProjectFingerprintsResponse.class,
                        CrossProjectFingerprintsResponse.getDefaultInstance());
            }

            @Override
            public void solutionSuccessRates(SolutionSuccessRatesRequest r,
                    StreamObserver<SolutionSuccessRatesResponse> o) {
                // a request with `from` asks for the recent window: its answer is set by answerRecentRates
                doubles.record("SolutionSuccessRates", r);
                SolutionSuccessRatesResponse overall = doubles.answerOf(SolutionSuccessRatesResponse.class,
                        SolutionSuccessRatesResponse.getDefaultInstance());
                SolutionSuccessRatesResponse recent = doubles.recentRates.get(String.valueOf(ServiceDoubles.TENANT.get()));
                o.onNext(r.hasFrom() && recent != null ? recent : overall);
                o.onCompleted();
            }

            @Override
            public void moduleAdaptationGroups(ModuleAdaptationGroupsRequest r,
                    StreamObserver<ModuleAdaptationGroupsResponse> o) {
                reply("ModuleAdaptationGroups", r, o, ModuleAdaptationGroupsResponse.class,
                        ModuleAdaptationGroupsResponse.getDefaultInstance());
            }

            @Override
            public void moduleCoUsage(ModuleCoUsageRequest r, StreamObserver<ModuleCoUsageResponse> o) {
                reply("ModuleCoUsage", r, o, ModuleCoUsageResponse.class, ModuleCoUsageResponse.getDefaultInstance());
            }

            @Override
            public void chainSequences(ChainSequencesRequest r, StreamObserver<ChainSequencesResponse> o) {
                reply("ChainSequences", r, o, ChainSequencesResponse.class, ChainSequencesResponse.getDefaultInstance());
            }

            @Override
            public void moduleCapabilities(ModuleCapabilitiesRequest r, StreamObserver<ModuleCapabilitiesResponse> o) {
                reply("ModuleCapabilities", r, o, ModuleCapabilitiesResponse.class,
                        ModuleCapabilitiesResponse.getDefaultInstance());
            }

            @Override
            public void researchTenants(ResearchTenantsRequest r, StreamObserver<ResearchTenantsResponse> o) {
                // across tenants: the answer set for the pseudo-tenant "*"
                doubles.record("ResearchTenants", r);
                var byType = doubles.answers.get("*");
                Message answer = byType == null ? null : byType.get(ResearchTenantsResponse.class);
                o.onNext(answer == null ? ResearchTenantsResponse.getDefaultInstance() : (ResearchTenantsResponse) answer);
                o.onCompleted();
            }
        }, new NotificationServiceGrpc.NotificationServiceImplBase() {
            @Override
            public void createNotification(CreateNotificationRequest r, StreamObserver<CreateNotificationResponse> o) {
                doubles.record("CreateNotification", r);
                o.onNext(CreateNotificationResponse.newBuilder().setCreated(true)
                        .setNotification(Notification.newBuilder().setId(doubles.ids.incrementAndGet())).build());
                o.onCompleted();
            }
        }, new SessionServiceGrpc.SessionServiceImplBase() {
            @Override
            public void listProjects(ListProjectsRequest r, StreamObserver<ListProjectsResponse> o) {
                reply("ListProjects", r, o, ListProjectsResponse.class, ListProjectsResponse.getDefaultInstance());
            }
        });
    }
}
