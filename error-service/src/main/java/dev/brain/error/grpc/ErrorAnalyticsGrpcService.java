package dev.brain.error.grpc;

import dev.brain.error.analytics.ChainSequencesQuery;
import dev.brain.error.analytics.CrossProjectFingerprintsQuery;
import dev.brain.error.analytics.ErrorCountsQuery;
import dev.brain.error.analytics.ModuleAdaptationGroupsQuery;
import dev.brain.error.analytics.ModuleCapabilitiesQuery;
import dev.brain.error.analytics.ModuleCoUsageQuery;
import dev.brain.error.analytics.ResearchTenantsQuery;
import dev.brain.error.analytics.SuccessRatesQuery;
import dev.brain.error.analytics.UnresolvedRecurringQuery;
import dev.brain.grpc.v1.ChainSequencesRequest;
import dev.brain.grpc.v1.ChainSequencesResponse;
import dev.brain.grpc.v1.CrossProjectFingerprintsRequest;
import dev.brain.grpc.v1.CrossProjectFingerprintsResponse;
import dev.brain.grpc.v1.ErrorCountsRequest;
import dev.brain.grpc.v1.ErrorCountsResponse;
import dev.brain.grpc.v1.ModuleAdaptationGroupsRequest;
import dev.brain.grpc.v1.ModuleAdaptationGroupsResponse;
import dev.brain.grpc.v1.ModuleCapabilitiesRequest;
import dev.brain.grpc.v1.ModuleCapabilitiesResponse;
import dev.brain.grpc.v1.ModuleCoUsageRequest;
import dev.brain.grpc.v1.ModuleCoUsageResponse;
import dev.brain.grpc.v1.MutinyErrorAnalyticsServiceGrpc;
import dev.brain.grpc.v1.ResearchTenantsRequest;
import dev.brain.grpc.v1.ResearchTenantsResponse;
import dev.brain.grpc.v1.SolutionSuccessRatesRequest;
import dev.brain.grpc.v1.SolutionSuccessRatesResponse;
import dev.brain.grpc.v1.UnresolvedRecurringRequest;
import dev.brain.grpc.v1.UnresolvedRecurringResponse;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/**
 * {@code ErrorAnalyticsService}: the aggregates research-service reads (error-code.md §14), each one statement
 * over the caller's tenant, in one transaction with the scope's check (a named session is heartbeated).
 * {@code project_ids} narrow to projects of the tenant (ids of other tenants match nothing); {@code scope.project}
 * is not a filter here.
 */
@GrpcService
public class ErrorAnalyticsGrpcService extends MutinyErrorAnalyticsServiceGrpc.ErrorAnalyticsServiceImplBase {

    private final ErrorCountsQuery errorCounts;
    private final UnresolvedRecurringQuery unresolvedRecurring;
    private final CrossProjectFingerprintsQuery crossProjectFingerprints;
    private final SuccessRatesQuery successRates;
    private final ChainSequencesQuery chainSequences;
    private final ModuleAdaptationGroupsQuery adaptationGroups;
    private final ModuleCoUsageQuery coUsage;
    private final ModuleCapabilitiesQuery capabilities;
    private final ResearchTenantsQuery researchTenants;

    public ErrorAnalyticsGrpcService(ErrorCountsQuery errorCounts, UnresolvedRecurringQuery unresolvedRecurring,
            CrossProjectFingerprintsQuery crossProjectFingerprints, SuccessRatesQuery successRates,
            ChainSequencesQuery chainSequences, ModuleAdaptationGroupsQuery adaptationGroups,
            ModuleCoUsageQuery coUsage, ModuleCapabilitiesQuery capabilities, ResearchTenantsQuery researchTenants) {
        this.researchTenants = researchTenants;
        this.adaptationGroups = adaptationGroups;
        this.coUsage = coUsage;
        this.capabilities = capabilities;
        this.errorCounts = errorCounts;
        this.unresolvedRecurring = unresolvedRecurring;
        this.crossProjectFingerprints = crossProjectFingerprints;
        this.successRates = successRates;
        this.chainSequences = chainSequences;
    }

    @Override
    @Blocking
    public Uni<ErrorCountsResponse> errorCounts(ErrorCountsRequest r) {
        return Uni.createFrom().item(() -> errorCounts.run(r.getScope(), ErrorCountsQuery.Args.of(r)));
    }

    @Override
    @Blocking
    public Uni<UnresolvedRecurringResponse> unresolvedRecurring(UnresolvedRecurringRequest r) {
        return Uni.createFrom().item(() -> unresolvedRecurring.run(r.getScope(), UnresolvedRecurringQuery.Args.of(r)));
    }

    @Override
    @Blocking
    public Uni<CrossProjectFingerprintsResponse> crossProjectFingerprints(CrossProjectFingerprintsRequest r) {
        return Uni.createFrom()
                .item(() -> crossProjectFingerprints.run(r.getScope(), CrossProjectFingerprintsQuery.Args.of(r)));
    }

    @Override
    @Blocking
    public Uni<SolutionSuccessRatesResponse> solutionSuccessRates(SolutionSuccessRatesRequest r) {
        return Uni.createFrom().item(() -> successRates.run(r.getScope(), SuccessRatesQuery.Args.of(r)));
    }

    @Override
    @Blocking
    public Uni<ChainSequencesResponse> chainSequences(ChainSequencesRequest r) {
        return Uni.createFrom().item(() -> chainSequences.run(r.getScope(), ChainSequencesQuery.Args.of(r)));
    }

    @Override
    @Blocking
    public Uni<ModuleAdaptationGroupsResponse> moduleAdaptationGroups(ModuleAdaptationGroupsRequest r) {
        return Uni.createFrom().item(() -> adaptationGroups.run(r.getScope(), ModuleAdaptationGroupsQuery.Args.of(r)));
    }

    @Override
    @Blocking
    public Uni<ModuleCoUsageResponse> moduleCoUsage(ModuleCoUsageRequest r) {
        return Uni.createFrom().item(() -> coUsage.run(r.getScope(), ModuleCoUsageQuery.Args.of(r)));
    }

    @Override
    @Blocking
    public Uni<ModuleCapabilitiesResponse> moduleCapabilities(ModuleCapabilitiesRequest r) {
        return Uni.createFrom().item(() -> capabilities.run(r.getScope(), r));
    }

    @Override
    @Blocking
    public Uni<ResearchTenantsResponse> researchTenants(ResearchTenantsRequest r) {
        return Uni.createFrom().item(researchTenants::run);
    }
}
