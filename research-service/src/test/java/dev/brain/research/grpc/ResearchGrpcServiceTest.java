package dev.brain.research.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.ResearchServiceGrpc;
import dev.brain.grpc.v1.ResearchStatsRequest;
import dev.brain.grpc.v1.ResearchStatsResponse;
import dev.brain.grpc.v1.ResearchTenantsResponse;
import dev.brain.grpc.v1.RunResearchCycleRequest;
import dev.brain.grpc.v1.TableCount;
import dev.brain.research.insight.InsightDraft;
import dev.brain.research.insight.InsightKind;
import dev.brain.research.insight.InsightStore;
import dev.brain.research.insight.Priority;
import dev.brain.research.insight.Structs;
import dev.brain.research.support.ServiceDoubles;
import dev.brain.research.support.ServiceDoublesResource;
import dev.brain.testing.GrpcTestBase;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
@QuarkusTestResource(ServiceDoublesResource.class)
class ResearchGrpcServiceTest extends GrpcTestBase {

    @Inject
    InsightStore store;

    ResearchStatsResponse stats(String tenant) {
        return GrpcTestChannel.as(tenant, ResearchServiceGrpc.newBlockingStub(channel))
                .stats(ResearchStatsRequest.getDefaultInstance());
    }

    static long rows(ResearchStatsResponse stats, String table) {
        return stats.getTablesList().stream().filter(t -> t.getTable().equals(table)).mapToLong(TableCount::getRows)
                .findFirst().orElseThrow(() -> new AssertionError("no table " + table));
    }

    @Test
    void statsCountsTheTenantsInsightsOnly() {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String tenant = "t-stats-" + run;
        String other = "o-stats-" + run;
        store.store(tenant, List.of(new InsightDraft(InsightKind.GAP, "gap:error:1", "A gap", "A gap in the data",
                Structs.obj().put("error_id", 1).build(), 0.6, Priority.HIGH, false, null, List.of(), List.of(),
                List.of())));

        ResearchStatsResponse mine = stats(tenant);
        assertThat(mine.getTablesList()).extracting(TableCount::getTable).contains("insight", "knowledge_entry", "job_run");
        assertThat(rows(mine, "insight")).isEqualTo(1);
        assertThat(rows(stats(other), "insight")).isZero();
    }

    @Test
    void statsReportTheTenantsLastCycleAndNoNextOneWhileTheScheduleIsOff() {
        String tenant = "t-last-" + UUID.randomUUID().toString().substring(0, 8);
        assertThat(stats(tenant).hasLastCycle()).isFalse();
        ServiceDoubles.get().answer("*", ResearchTenantsResponse.getDefaultInstance());
        var run = GrpcTestChannel.as(tenant, ResearchServiceGrpc.newBlockingStub(channel))
                .runCycle(RunResearchCycleRequest.getDefaultInstance()).getResult();

        ResearchStatsResponse stats = stats(tenant);
        assertThat(stats.hasLastCycle()).isTrue();
        assertThat(stats.getLastCycle().getRunId()).isEqualTo(run.getRunId());
        assertThat(stats.getLastCycle().getStatus()).isEqualTo(JobStatus.JOB_STATUS_SKIPPED_PRECONDITION);
        assertThat(stats.getLastCycle().getJob()).isEqualTo("research_cycle");
        assertThat(stats.getLastCycle().getTenant()).isEqualTo(tenant);
        assertThat(stats.getLastCycle().getMessage()).startsWith("below minDataPoints");
        assertThat(stats.hasNextCycleAt()).isFalse();
        assertThat(rows(stats, "job_run")).isEqualTo(1);
    }

    @Test
    void statsWithoutTenantIsUnauthenticated() {
        assertThatThrownBy(() -> ResearchServiceGrpc.newBlockingStub(channel).stats(ResearchStatsRequest.getDefaultInstance()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
    }
}
