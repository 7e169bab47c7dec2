package dev.brain.gateway.status;

import java.util.Map;

import dev.brain.gateway.client.ServiceCounts;
import dev.brain.gateway.network.NetworkViews.NetworkStats;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The status a caller sees: per service up/down and its live row counts for the caller's tenant, the synapse
 * network's statistics (null while memory-service is down), the tenant's research cycles (null while
 * research-service is down), and Brain's lift for the tenant and, when one was asked for, a project (null while
 * error-service is down).
 */
@RegisterForReflection
public record BrainStatus(String tenant, Map<String, ServiceCounts> services, NetworkStats network,
        ResearchCycles research_cycle, FixLiftView lift, FixLiftView project_lift) {

    /** The lifts known, the tenant's first (for the web view). */
    public java.util.List<FixLiftView> lifts() {
        return java.util.stream.Stream.of(lift, project_lift).filter(java.util.Objects::nonNull).toList();
    }
}
