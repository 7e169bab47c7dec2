package dev.brain.memory.longterm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import dev.brain.grpc.v1.LongTermMemoryServiceGrpc;
import dev.brain.grpc.v1.ReadRanking;
import dev.brain.grpc.v1.ReadRequest;
import dev.brain.grpc.v1.ReadResponse;
import dev.brain.grpc.v1.RecalledMemory;
import dev.brain.memory.longterm.LongTermFixtures.TestPair;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/** A real gRPC channel to the service and helpers shared by the long-term tests. */
abstract class LongTermTestBase {

    @Inject
    DataSource dataSource;

    ManagedChannel channel;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    LongTermMemoryServiceGrpc.LongTermMemoryServiceBlockingStub longTerm(TestPair pair) {
        return GrpcTestChannel.as(pair.tenant(), LongTermMemoryServiceGrpc.newBlockingStub(channel));
    }

    /** A read of e_0 (or the given vector) with explicit hops and limit 10, ranked as the seed ranks (strength). */
    ReadRequest.Builder read(TestPair pair, float[] query, int hops) {
        return ReadRequest.newBuilder().setPair(pair.proto()).setQueryVector(LongTermFixtures.proto(query))
                .setHops(hops).setLimit(10).setRanking(ReadRanking.READ_RANKING_STRENGTH);
    }

    ReadResponse call(TestPair pair, ReadRequest.Builder request) {
        return longTerm(pair).read(request.build());
    }

    static List<Long> ids(ReadResponse response) {
        return response.getMemoriesList().stream().map(m -> m.getNode().getId()).toList();
    }

    static RecalledMemory memory(ReadResponse response, long nodeId) {
        return response.getMemoriesList().stream().filter(m -> m.getNode().getId() == nodeId).findFirst()
                .orElseThrow(() -> new AssertionError("node " + nodeId + " not in " + ids(response)));
    }

    static void assertStatus(Runnable call, Status.Code code, String descriptionStart) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(code);
            assertThat(e.getStatus().getDescription()).startsWith(descriptionStart);
        });
    }
}
