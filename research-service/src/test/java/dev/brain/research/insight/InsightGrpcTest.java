package dev.brain.research.insight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.GetInsightRequest;
import dev.brain.grpc.v1.Insight;
import dev.brain.grpc.v1.InsightPriority;
import dev.brain.grpc.v1.InsightStatus;
import dev.brain.grpc.v1.InsightType;
import dev.brain.grpc.v1.ListInsightsRequest;
import dev.brain.grpc.v1.ListInsightsResponse;
import dev.brain.grpc.v1.ListProjectsResponse;
import dev.brain.grpc.v1.Project;
import dev.brain.grpc.v1.ResearchServiceGrpc;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.UpdateInsightStatusRequest;
import dev.brain.research.support.ServiceDoubles;
import dev.brain.research.support.ServiceDoublesResource;
import dev.brain.testing.GrpcTestBase;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** ListInsights, GetInsight and UpdateInsightStatus over gRPC: filters, order, paging, lifecycle, tenant isolation. */
@QuarkusTest
@QuarkusTestResource(ServiceDoublesResource.class)
class InsightGrpcTest extends GrpcTestBase {

    @Inject
    InsightStore store;

    String tenant;
    String other;

    @BeforeEach
    void tenants() {
        String run = UUID.randomUUID().toString().substring(0, 8);
        tenant = "t-ins-" + run;
        other = "o-ins-" + run;
        ServiceDoubles.get().answer(tenant, ListProjectsResponse.newBuilder()
                .addProjects(Project.newBuilder().setId(7).setName("shop"))
                .addProjects(Project.newBuilder().setId(8).setName("blog")).build());
    }

    ResearchServiceGrpc.ResearchServiceBlockingStub research(String t) {
        return GrpcTestChannel.as(t, ResearchServiceGrpc.newBlockingStub(channel));
    }

    long create(String t, InsightDraft d) {
        return store.store(t, List.of(d)).get(0).id();
    }

    List<String> keys(ListInsightsResponse r) {
        return r.getInsightsList().stream().map(Insight::getDedupKey).toList();
    }

    static void assertStatus(ThrowingCallable call, Status.Code code, String descriptionStart) {
        assertThatThrownBy(call).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(code);
            assertThat(e.getStatus().getDescription()).startsWith(descriptionStart);
        });
    }

    @Test
    void listOrdersByPriorityThenConfidenceAndFiltersByTypePriorityAndProject() {
        create(tenant, InsightFixtures.draft("a", Priority.MEDIUM, 0.9));
        create(tenant, InsightFixtures.draft("b", Priority.CRITICAL, 0.6));
        create(tenant, InsightFixtures.draft("c", Priority.MEDIUM, 0.95));
        create(tenant, InsightFixtures.draft(InsightKind.SYNERGY, "d", "Synergy d", Priority.LOW, 0.99, List.of(7L)));

        assertThat(keys(research(tenant).listInsights(ListInsightsRequest.getDefaultInstance())))
                .containsExactly("b", "c", "a", "d");
        assertThat(keys(research(tenant).listInsights(ListInsightsRequest.newBuilder()
                .addTypes(InsightType.INSIGHT_TYPE_SYNERGY).build()))).containsExactly("d");
        assertThat(keys(research(tenant).listInsights(ListInsightsRequest.newBuilder()
                .setMinPriority(InsightPriority.INSIGHT_PRIORITY_MEDIUM).build()))).containsExactly("b", "c", "a");
        assertThat(keys(research(tenant).listInsights(ListInsightsRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject("shop")).build()))).containsExactly("d");
        assertThat(keys(research(tenant).listInsights(ListInsightsRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject("blog")).build()))).isEmpty();
        assertThat(keys(research(tenant).listInsights(ListInsightsRequest.newBuilder()
                .setStatus(InsightStatus.INSIGHT_STATUS_DISMISSED).build()))).isEmpty();
    }

    @Test
    void listPagesWithAToken() {
        for (int i = 0; i < 3; i++) {
            create(tenant, InsightFixtures.draft("p" + i, Priority.HIGH, 0.5 + i * 0.1));
        }
        ListInsightsResponse first = research(tenant).listInsights(ListInsightsRequest.newBuilder().setLimit(2).build());
        assertThat(keys(first)).containsExactly("p2", "p1");
        assertThat(first.getNextPageToken()).isNotEmpty();
        ListInsightsResponse second = research(tenant).listInsights(ListInsightsRequest.newBuilder().setLimit(2)
                .setPageToken(first.getNextPageToken()).build());
        assertThat(keys(second)).containsExactly("p0");
        assertThat(second.getNextPageToken()).isEmpty();
    }

    @Test
    void badListArgumentsAreInvalidNamingTheField() {
        assertStatus(() -> research(tenant).listInsights(ListInsightsRequest.newBuilder().setLimit(-1).build()),
                Status.Code.INVALID_ARGUMENT, "limit");
        assertStatus(() -> research(tenant).listInsights(ListInsightsRequest.newBuilder().setPageToken("x").build()),
                Status.Code.INVALID_ARGUMENT, "page_token");
        assertStatus(() -> research(tenant).listInsights(ListInsightsRequest.newBuilder()
                .addTypes(InsightType.INSIGHT_TYPE_UNSPECIFIED).build()), Status.Code.INVALID_ARGUMENT, "types");
    }

    @Test
    void anotherTenantsInsightIsNotFoundAndNotListed() {
        long id = create(tenant, InsightFixtures.draft("mine", Priority.HIGH, 0.7));
        assertThat(research(tenant).getInsight(GetInsightRequest.newBuilder().setId(id).build()).getInsight().getDedupKey())
                .isEqualTo("mine");
        assertStatus(() -> research(other).getInsight(GetInsightRequest.newBuilder().setId(id).build()),
                Status.Code.NOT_FOUND, "id " + id);
        assertStatus(() -> research(other).updateInsightStatus(UpdateInsightStatusRequest.newBuilder().setId(id)
                .setStatus(InsightStatus.INSIGHT_STATUS_DISMISSED).build()), Status.Code.NOT_FOUND, "id " + id);
        assertThat(research(other).listInsights(ListInsightsRequest.getDefaultInstance()).getInsightsList()).isEmpty();
        assertStatus(() -> research(tenant).getInsight(GetInsightRequest.newBuilder().setId(id)
                .setScope(Scope.newBuilder().setTenant(other)).build()), Status.Code.PERMISSION_DENIED, "scope.tenant");
        assertStatus(() -> research(tenant).getInsight(GetInsightRequest.newBuilder().setId(0).build()),
                Status.Code.INVALID_ARGUMENT, "id");
    }

    Insight move(long id, InsightStatus status) {
        return research(tenant).updateInsightStatus(UpdateInsightStatusRequest.newBuilder().setId(id).setStatus(status)
                .build()).getInsight();
    }

    @Test
    void theLifecycleMovesForwardOnly() {
        long id = create(tenant, InsightFixtures.draft("life", Priority.HIGH, 0.7));
        Insight acknowledged = move(id, InsightStatus.INSIGHT_STATUS_ACKNOWLEDGED);
        assertThat(acknowledged.getStatus()).isEqualTo(InsightStatus.INSIGHT_STATUS_ACKNOWLEDGED);
        assertThat(acknowledged.hasActionTaken()).isFalse();
        assertStatus(() -> move(id, InsightStatus.INSIGHT_STATUS_ACTIVE), Status.Code.FAILED_PRECONDITION, "status");

        Insight acted = research(tenant).updateInsightStatus(UpdateInsightStatusRequest.newBuilder().setId(id)
                .setStatus(InsightStatus.INSIGHT_STATUS_ACTED_UPON).setOutcome("extracted the helper").build()).getInsight();
        assertThat(acted.getStatus()).isEqualTo(InsightStatus.INSIGHT_STATUS_ACTED_UPON);
        assertThat(acted.getActionTaken()).isTrue();
        assertThat(acted.getActionOutcome()).isEqualTo("extracted the helper");
        assertStatus(() -> move(id, InsightStatus.INSIGHT_STATUS_ACKNOWLEDGED), Status.Code.FAILED_PRECONDITION, "status");
        assertStatus(() -> move(id, InsightStatus.INSIGHT_STATUS_DISMISSED), Status.Code.FAILED_PRECONDITION, "status");
        assertThat(research(tenant).listInsights(ListInsightsRequest.newBuilder()
                .setStatus(InsightStatus.INSIGHT_STATUS_ACTED_UPON).build()).getInsightsList())
                .extracting(Insight::getId).containsExactly(id);
    }

    @Test
    void actedUponKeepsAnExplicitActionTakenAndDismissedIsFinal() {
        long id = create(tenant, InsightFixtures.draft("explicit", Priority.LOW, 0.7));
        Insight acted = research(tenant).updateInsightStatus(UpdateInsightStatusRequest.newBuilder().setId(id)
                .setStatus(InsightStatus.INSIGHT_STATUS_ACTED_UPON).setActionTaken(false).build()).getInsight();
        assertThat(acted.getActionTaken()).isFalse();

        long other = create(tenant, InsightFixtures.draft("dismiss", Priority.LOW, 0.7));
        assertThat(move(other, InsightStatus.INSIGHT_STATUS_DISMISSED).getStatus())
                .isEqualTo(InsightStatus.INSIGHT_STATUS_DISMISSED);
        assertStatus(() -> move(other, InsightStatus.INSIGHT_STATUS_ACKNOWLEDGED), Status.Code.FAILED_PRECONDITION,
                "status");
        assertStatus(() -> move(other, InsightStatus.INSIGHT_STATUS_UNSPECIFIED), Status.Code.INVALID_ARGUMENT, "status");
        assertStatus(() -> move(other, InsightStatus.INSIGHT_STATUS_EXPIRED), Status.Code.INVALID_ARGUMENT, "status");
    }
}
