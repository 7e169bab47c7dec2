package dev.brain.research.stats.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.ResearchServiceGrpc;
import dev.brain.grpc.v1.ResearchStatsRequest;
import dev.brain.grpc.v1.TableCount;
import dev.brain.testing.GrpcTestBase;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class ResearchGrpcServiceTest extends GrpcTestBase {

    @Test
    void statsCountsInsightsAndLibraryEntriesOfTheTenant() {
        var stats = GrpcTestChannel.as("research-stats", ResearchServiceGrpc.newBlockingStub(channel))
                .stats(ResearchStatsRequest.getDefaultInstance());
        assertThat(stats.getTablesList()).extracting(TableCount::getTable).contains("insight", "knowledge_entry");
        assertThat(stats.getTablesList()).allSatisfy(t -> assertThat(t.getRows()).isZero());
    }

    @Test
    void statsWithoutTenantIsUnauthenticated() {
        assertThatThrownBy(() -> ResearchServiceGrpc.newBlockingStub(channel).stats(ResearchStatsRequest.getDefaultInstance()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
    }
}
