package dev.brain.gateway.client;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.grpc.v1.ErrorService;
import dev.brain.grpc.v1.ErrorStatsRequest;
import dev.brain.grpc.v1.TableCount;
import dev.brain.tenancy.Tenancy;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.grpc.GrpcClientUtils;
import io.smallrye.mutiny.Uni;

/** The gateway's only door to error-service; deadlines come from {@code quarkus.grpc.clients.error.deadline}. */
@ApplicationScoped
public class ErrorServiceClient {

    static final String NAME = "error-service";

    private final ErrorService service;

    public ErrorServiceClient(@GrpcClient("error") ErrorService service) {
        this.service = service;
    }

    /** Live row counts of the tenant's data; never fails: a down service becomes {@link ServiceCounts#down}. */
    public Uni<ServiceCounts> stats(String tenant) {
        return GrpcClientUtils.attachHeaders(service, Tenancy.metadataFor(tenant))
                .stats(ErrorStatsRequest.getDefaultInstance())
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
