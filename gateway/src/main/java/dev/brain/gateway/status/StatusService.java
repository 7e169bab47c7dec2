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
import io.smallrye.mutiny.Uni;

/** Asks the three services for their counts (and research-service for its cycles) at once; a service that is down is reported, not fatal. */
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

    public Uni<BrainStatus> status(String tenant) {
        Uni<NetworkStats> stats = network.stats(tenant).onFailure().recoverWithNull();
        return Uni.combine().all().unis(errors.stats(tenant), memory.stats(tenant), research.overview(tenant), stats)
                .with((error, mem, res, net) -> {
                    Map<String, ServiceCounts> services = new LinkedHashMap<>();
                    services.put("error", error);
                    services.put("memory", mem);
                    services.put("research", res.counts());
                    ResearchCycles cycles = res.counts().up() ? ResearchCycles.of(res.lastCycle(), res.nextCycleAt()) : null;
                    return new BrainStatus(tenant, services, net, cycles);
                });
    }
}
