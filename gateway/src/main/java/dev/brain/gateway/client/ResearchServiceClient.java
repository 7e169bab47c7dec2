package dev.brain.gateway.client;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.brain.grpc.v1.MutinyResearchServiceGrpc;
import dev.brain.grpc.v1.ResearchStatsRequest;
import dev.brain.grpc.v1.TableCount;
import dev.brain.tenancy.Tenancy;
import io.grpc.stub.MetadataUtils;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;

/** The gateway's only door to research-service: tenant metadata and a deadline on every call. */
@ApplicationScoped
public class ResearchServiceClient {

    static final String NAME = "research-service";

    private final MutinyResearchServiceGrpc.MutinyResearchServiceStub service;
    private final Duration deadline;

    public ResearchServiceClient(@GrpcClient("research") MutinyResearchServiceGrpc.MutinyResearchServiceStub service,
            @ConfigProperty(name = "brain.services.deadline", defaultValue = "2s") Duration deadline) {
        this.service = service;
        this.deadline = deadline;
    }

    private MutinyResearchServiceGrpc.MutinyResearchServiceStub as(String tenant) {
        return service.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
    }

    /** Live row counts of the tenant's data; never fails: a down service becomes {@link ServiceCounts#down}. */
    public Uni<ServiceCounts> stats(String tenant) {
        return as(tenant).stats(ResearchStatsRequest.getDefaultInstance())
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
