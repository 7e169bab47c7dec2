package dev.brain.error.analytics;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.grpc.v1.ResearchTenantsResponse;
import dev.brain.grpc.v1.TenantDataPoints;

/**
 * {@code ResearchTenants}: every tenant with errors or solutions and both counts, the tenants research-service's
 * scheduled cycle visits (research.md §1.2: skipped below minDataPoints errors + solutions). It is the one
 * aggregate across tenants; it names tenants and counts only, and the gateway never exposes it.
 */
@ApplicationScoped
public class ResearchTenantsQuery {

    private final Jdbc jdbc;

    public ResearchTenantsQuery(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    public ResearchTenantsResponse run() {
        return ResearchTenantsResponse.newBuilder().addAllTenants(jdbc.list("""
                select tenant, sum(errors) as errors, sum(solutions) as solutions
                from (select tenant, count(*) as errors, 0 as solutions from error group by tenant
                      union all
                      select tenant, 0, count(*) from solution group by tenant) counts
                group by tenant order by tenant""",
                rs -> TenantDataPoints.newBuilder().setTenant(rs.getString("tenant")).setErrors(rs.getLong("errors"))
                        .setSolutions(rs.getLong("solutions")).build()))
                .build();
    }
}
