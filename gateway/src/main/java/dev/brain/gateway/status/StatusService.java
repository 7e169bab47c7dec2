package dev.brain.gateway.status;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.gateway.client.ErrorServiceClient;
import dev.brain.gateway.client.MemoryServiceClient;
import dev.brain.gateway.client.ResearchServiceClient;
import dev.brain.gateway.client.ServiceCounts;
import dev.brain.gateway.network.NetworkService;
import dev.brain.gateway.network.NetworkViews.NetworkStats;
import dev.brain.grpc.v1.Scope;
import io.smallrye.mutiny.Uni;

/**
 * Asks the three services for their counts (and research-service for its cycles) at once; a service that is down is reported,
 * not fatal.
 */
@ApplicationScoped
public class StatusService {

    private final ErrorServiceClient errors;
    private final MemoryServiceClient memory;
    private final ResearchServiceClient research;
    private final NetworkService network;

    public StatusService(ErrorServiceClient errors, MemoryServiceClient memory, ResearchServiceClient research,
            NetworkService network) {
        this.errors = errors;
        this.memory = memory;
        this.research = research;
        this.network = network;
    }

    /** The tenant's status, with the lift of {@code project} too when it is not null. */
    public Uni<BrainStatus> status(String tenant, String project) {
        Uni<NetworkStats> stats = network.stats(tenant).onFailure().recoverWithNull();
        Uni<FixLiftView> lift = lift(tenant, null);
        Uni<FixLiftView> projectLift = project == null ? Uni.createFrom().nullItem() : lift(tenant, project);
        return Uni.combine().all().unis(errors.stats(tenant), memory.stats(tenant), research.overview(tenant), stats,
                lift, projectLift).with((error, mem, res, net, tenantLift, ofProject) -> {
                    Map<String, ServiceCounts> services = new LinkedHashMap<>();
                    services.put("error", error);
                    services.put("memory", mem);
                    services.put("research", res.counts());
                    ResearchCycles cycles = res.counts().up() ? ResearchCycles.of(res.lastCycle(), res.nextCycleAt()) : null;
                    return new BrainStatus(tenant, services, net, cycles, tenantLift, ofProject);
                });
    }

    private Uni<FixLiftView> lift(String tenant, String project) {
        Scope.Builder scope = Scope.newBuilder();
        if (project != null) {
            scope.setProject(project);
        }
        return errors.status(tenant, scope.build())
                .map(r -> FixLiftView.of(project == null ? "tenant" : "project " + project, r.getLift()))
                .onFailure().recoverWithNull();
    }
}
