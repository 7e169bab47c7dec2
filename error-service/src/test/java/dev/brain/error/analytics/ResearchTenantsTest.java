package dev.brain.error.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.ResearchTenantsRequest;
import dev.brain.grpc.v1.ResearchTenantsResponse;
import dev.brain.grpc.v1.TenantDataPoints;
import io.quarkus.test.junit.QuarkusTest;

/**
 * {@code ResearchTenants}: every tenant with its error and solution counts, for research-service's scheduled cycle
 * (research.md §1.2); it answers for all tenants whichever tenant asks.
 */
@QuarkusTest
class ResearchTenantsTest extends AnalyticsTestBase {

    @Test
    void everyTenantWithItsErrorAndSolutionCounts() {
        // tenant: 3 errors (two of them the same fingerprint → one error) in two projects, 2 solutions
        var a = report("shop", undefinedRead("map", "a.js")).getError();
        report("shop", undefinedRead("map", "a.js"));
        var b = report("blog", undefinedRead("filter", "b.js")).getError();
        report("blog", undefinedRead("reduce", "c.js"));
        solve("shop", a.getId(), "Default the list");
        solve("blog", b.getId(), "Filter first");
        // the other tenant: 1 error, no solution
        reportAs(otherTenant, "shop", null, undefinedRead("map", "a.js"));

        ResearchTenantsResponse r = analytics("system").researchTenants(ResearchTenantsRequest.getDefaultInstance());

        assertThat(r.getTenantsList()).filteredOn(t -> t.getTenant().equals(tenant) || t.getTenant().equals(otherTenant))
                .containsExactlyInAnyOrder(
                        TenantDataPoints.newBuilder().setTenant(tenant).setErrors(3).setSolutions(2).build(),
                        TenantDataPoints.newBuilder().setTenant(otherTenant).setErrors(1).setSolutions(0).build());
        List<String> tenants = r.getTenantsList().stream().map(TenantDataPoints::getTenant).toList();
        assertThat(tenants).isSortedAccordingTo(Comparator.naturalOrder()).doesNotHaveDuplicates();
        // whoever asks gets the same answer
        assertThat(analytics(tenant).researchTenants(ResearchTenantsRequest.getDefaultInstance())
                .getTenantsList()).filteredOn(t -> t.getTenant().equals(otherTenant)).hasSize(1);
    }

    @Test
    void aTenantWithoutDataIsNotListed() {
        assertThat(analytics().researchTenants(ResearchTenantsRequest.getDefaultInstance()).getTenantsList())
                .noneMatch(t -> t.getTenant().equals(tenant));
    }
}
