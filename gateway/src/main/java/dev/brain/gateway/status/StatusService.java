package dev.brain.gateway.status;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.gateway.client.ErrorServiceClient;
import dev.brain.gateway.client.MemoryServiceClient;
import dev.brain.gateway.client.ResearchServiceClient;
import dev.brain.gateway.client.ServiceCounts;
import io.smallrye.mutiny.Uni;

/** Asks the three services for their counts at once; a service that is down is reported, not fatal. */
@ApplicationScoped
public class StatusService {

    private final ErrorServiceClient errors;
    private final MemoryServiceClient memory;
    private final ResearchServiceClient research;

    public StatusService(ErrorServiceClient errors, MemoryServiceClient memory, ResearchServiceClient research) {
        this.errors = errors;
        this.memory = memory;
        this.research = research;
    }

    public Uni<BrainStatus> status(String tenant) {
        return Uni.combine().all().unis(errors.stats(tenant), memory.stats(tenant), research.stats(tenant))
                .with((error, mem, res) -> {
                    Map<String, ServiceCounts> services = new LinkedHashMap<>();
                    services.put("error", error);
                    services.put("memory", mem);
                    services.put("research", res);
                    return new BrainStatus(tenant, services);
                });
    }
}
