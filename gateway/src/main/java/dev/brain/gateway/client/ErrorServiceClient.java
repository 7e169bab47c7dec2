package dev.brain.gateway.client;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.brain.grpc.v1.MutinyErrorServiceGrpc;
import dev.brain.grpc.v1.ErrorStatsRequest;
import dev.brain.grpc.v1.TableCount;
import dev.brain.tenancy.Tenancy;
import io.grpc.stub.MetadataUtils;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;

/** The gateway's only door to error-service: tenant metadata and a deadline on every call. */
@ApplicationScoped
public class ErrorServiceClient {

    static final String NAME = "error-service";

    private final MutinyErrorServiceGrpc.MutinyErrorServiceStub service;
    private final Duration deadline;

    public ErrorServiceClient(@GrpcClient("error") MutinyErrorServiceGrpc.MutinyErrorServiceStub service,
            @ConfigProperty(name = "brain.services.deadline", defaultValue = "2s") Duration deadline) {
        this.service = service;
        this.deadline = deadline;
    }

    private MutinyErrorServiceGrpc.MutinyErrorServiceStub as(String tenant) {
        return service.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
    }

    /** Live row counts of the tenant's data; never fails: a down service becomes {@link ServiceCounts#down}. */
    public Uni<ServiceCounts> stats(String tenant) {
        return as(tenant).stats(ErrorStatsRequest.getDefaultInstance())
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
