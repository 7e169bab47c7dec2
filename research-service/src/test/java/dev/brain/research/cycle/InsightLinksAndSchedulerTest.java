package dev.brain.research.cycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.db.Jdbc;
import dev.brain.grpc.v1.ApplySynapseEventsRequest;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.ResearchTenantsResponse;
import dev.brain.grpc.v1.TenantDataPoints;
import dev.brain.research.insight.InsightDraft;
import dev.brain.research.insight.InsightKind;
import dev.brain.research.insight.InsightStore;
import dev.brain.research.insight.Priority;
import dev.brain.research.insight.Structs;
import dev.brain.research.support.ServiceDoubles;
import dev.brain.research.support.ServiceDoublesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** Links go to memory-service in batches of at most 1,000 events; the scheduler visits every tenant error-service lists. */
@QuarkusTest
@QuarkusTestResource(ServiceDoublesResource.class)
class InsightLinksAndSchedulerTest {

    @Inject
    InsightLinks links;
    @Inject
    CycleScheduler scheduler;
    @Inject
    Jdbc jdbc;

    @Test
    void moreThanAThousandEventsAreSentInBatchesOfAtMostAThousand() {
        String tenant = "t-batch-" + UUID.randomUUID().toString().substring(0, 8);
        List<NodeRef> nodes = new ArrayList<>();
        for (long id = 1; id <= 1500; id++) {
            nodes.add(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_ERROR).setId(id).build());
        }
        InsightDraft big = new InsightDraft(InsightKind.GAP, "gap:isolated-errors", "1500 errors", "many",
                Structs.obj().put("n", 1500).build(), 0.9, Priority.LOW, false, null, List.of(), nodes, List.of());
        var counts = links.link(tenant, List.of(new InsightStore.Stored(99, big, InsightStore.Outcome.CREATED,
                Instant.parse("2026-12-02T06:00:00Z"))));

        assertThat(counts).containsEntry("synapse_events_sent", 1500L).containsEntry("notifications_sent", 1L);
        assertThat(ServiceDoubles.get().calls(tenant, "ApplySynapseEvents"))
                .extracting(c -> ((ApplySynapseEventsRequest) c.request()).getEventsCount()).containsExactly(1000, 500);
        assertThat(((ApplySynapseEventsRequest) ServiceDoubles.get().calls(tenant, "ApplySynapseEvents").get(0).request())
                .getEvents(0).getIdempotencyKey()).isEqualTo("research-service:insight:99:1796191200000:derived_from:error:1");
    }

    @Test
    void unchangedAndDismissedInsightsAreNeitherLinkedNorNotified() {
        String tenant = "t-quiet-" + UUID.randomUUID().toString().substring(0, 8);
        InsightDraft d = new InsightDraft(InsightKind.GAP, "gap:error:1", "gap", "gap", Structs.obj().put("n", 1).build(),
                0.9, Priority.LOW, false, null, List.of(), List.of(NodeRef.newBuilder()
                        .setType(NodeType.NODE_TYPE_ERROR).setId(1).build()),
                List.of());
        Instant at = Instant.now();
        var counts = links.link(tenant, List.of(new InsightStore.Stored(1, d, InsightStore.Outcome.UNCHANGED, at),
                new InsightStore.Stored(2, d, InsightStore.Outcome.DISMISSED, at)));
        assertThat(counts).containsEntry("synapse_events_sent", 0L).containsEntry("notifications_sent", 0L);
        assertThat(ServiceDoubles.get().calls(tenant, "ApplySynapseEvents")).isEmpty();
        assertThat(ServiceDoubles.get().calls(tenant, "CreateNotification")).isEmpty();
    }

    @Test
    void theSchedulerVisitsEveryTenantAndHasNoNextRunWhileOff() {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String small = "t-sched-small-" + run;
        String big = "t-sched-big-" + run;
        CycleDataset.seed(big);
        ServiceDoubles.get().answer("*", ResearchTenantsResponse.newBuilder()
                .addTenants(TenantDataPoints.newBuilder().setTenant(big).setErrors(30).setSolutions(5))
                .addTenants(TenantDataPoints.newBuilder().setTenant(small).setErrors(2)).build());

        scheduler.visitAll();

        assertThat(jdbc.list("select tenant || ' ' || trigger || ' ' || status from job_run where tenant in (?, ?)"
                + " order by tenant", rs -> rs.getString(1), big, small))
                .containsExactly(big + " scheduled done", small + " scheduled skipped");
        assertThat(jdbc.count("select count(*) from insight where tenant = ?", big)).isEqualTo(CycleDataset.INSIGHTS);
        assertThat(scheduler.nextRunAt()).isEmpty();
    }
}
