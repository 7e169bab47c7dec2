package dev.brain.gateway.client;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.grpc.v1.MutinyResearchServiceGrpc;
import dev.brain.grpc.v1.ResearchStatsRequest;
import dev.brain.grpc.v1.ResearchStatsResponse;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;

/** The gateway's only door to research-service (every call made by {@link ServiceCall}). */
@ApplicationScoped
public class ResearchServiceClient {

    static final String NAME = "research-service";

    private final MutinyResearchServiceGrpc.MutinyResearchServiceStub service;
    private final ServiceCall calls;

    public ResearchServiceClient(@GrpcClient("research") MutinyResearchServiceGrpc.MutinyResearchServiceStub service,
            ServicesConfig config) {
        this.service = service;
        this.calls = new ServiceCall(NAME, config.deadline());
    }

    /** Live row counts of the tenant's data; never fails: a down service becomes {@link ServiceCounts#down}. */
    public Uni<ServiceCounts> stats(String tenant) {
        return calls.counts(service, tenant,
                s -> s.stats(ResearchStatsRequest.getDefaultInstance()).map(ResearchStatsResponse::getTablesList));
    }
}
