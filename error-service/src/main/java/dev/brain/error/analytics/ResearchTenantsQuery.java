package dev.brain.error.analytics;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.error.analytics.repository.ErrorAnalyticsRepository;
import dev.brain.grpc.v1.ResearchTenantsResponse;

/**
 * {@code ResearchTenants}: every tenant with errors or solutions and both counts, the tenants research-service's
 * scheduled cycle visits (research.md §1.2: skipped below minDataPoints errors + solutions). It is the one
 * aggregate across tenants; it names tenants and counts only, and the gateway never exposes it.
 */
@ApplicationScoped
public class ResearchTenantsQuery {

    private final ErrorAnalyticsRepository analytics;

    public ResearchTenantsQuery(ErrorAnalyticsRepository analytics) {
        this.analytics = analytics;
    }

    public ResearchTenantsResponse run() {
        return ResearchTenantsResponse.newBuilder().addAllTenants(analytics.researchTenants()).build();
    }
}
