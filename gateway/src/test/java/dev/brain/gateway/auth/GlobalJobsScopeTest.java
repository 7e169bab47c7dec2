package dev.brain.gateway.auth;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.oneOf;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.support.BrainServices;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Global jobs (they work on every tenant's rows and count them all) need scope system: a tenant's admin is
 * refused before the job runs and never receives counts; the jobs of its own tenant stay with admin.
 */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class GlobalJobsScopeTest {

    static final List<String> GLOBAL = List.of("memory/promotion", "memory/decay", "memory/expiry", "memory/synapse-decay",
            "memory/node-decay", "memory/short-term-expiry", "memory/log-retention", "memory/housekeeping",
            "error/retention", "error/session-cleanup", "research/decay");
    static final List<String> TENANT = List.of("error/learning", "research/cycle", "research/prune");

    @Inject
    ApiTokens tokens;

    @Test
    void aTenantAdminIsRefusedEveryGlobalJobWithoutCountsAndRunsItsTenantsJobs() {
        String tenant = "jobs-" + UUID.randomUUID().toString().substring(0, 8);
        String admin = tokens.create(tenant, "default", Set.of("read", "write", "admin"), "test");
        for (String job : GLOBAL) {
            given().header("Authorization", "Bearer " + admin).when().post("/api/v1/admin/jobs/" + job)
                    .then().statusCode(403).body("required_scope", equalTo("system")).body("counts", nullValue());
        }
        for (String job : TENANT) {
            given().header("Authorization", "Bearer " + admin).when().post("/api/v1/admin/jobs/" + job)
                    .then().statusCode(200).body("job", equalTo(job)).body("counts", instanceOf(Map.class));
        }
    }

    @Test
    void theSystemScopeRunsTheGlobalJobs() {
        String system = tokens.create("jobs-system", "default", Set.of("system"), "test");
        for (String job : List.of("error/retention", "error/session-cleanup", "research/decay", "memory/log-retention")) {
            given().header("Authorization", "Bearer " + system).when().post("/api/v1/admin/jobs/" + job)
                    .then().statusCode(200).body("job", equalTo(job))
                    .body("status", oneOf("DONE", "SKIPPED_LOCKED", "SKIPPED_PRECONDITION"))
                    .body("counts", instanceOf(Map.class));
        }
    }
}
