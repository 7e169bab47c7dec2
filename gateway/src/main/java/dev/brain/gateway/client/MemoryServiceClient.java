package dev.brain.gateway.client;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.grpc.v1.MemoryAdminService;
import dev.brain.grpc.v1.MemoryStatsRequest;
import dev.brain.grpc.v1.TableCount;
import dev.brain.tenancy.Tenancy;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.grpc.GrpcClientUtils;
import io.smallrye.mutiny.Uni;

/** The gateway's only door to memory-service; deadlines come from {@code quarkus.grpc.clients.memory.deadline}. */
@ApplicationScoped
public class MemoryServiceClient {

    static final String NAME = "memory-service";

    private final MemoryAdminService service;

    public MemoryServiceClient(@GrpcClient("memory") MemoryAdminService service) {
        this.service = service;
    }

    /** Live row counts of the tenant's data; never fails: a down service becomes {@link ServiceCounts#down}. */
    public Uni<ServiceCounts> stats(String tenant) {
        return GrpcClientUtils.attachHeaders(service, Tenancy.metadataFor(tenant))
                .stats(MemoryStatsRequest.getDefaultInstance())
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
