package dev.brain.memory.embedding.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.EmbedRequest;
import dev.brain.grpc.v1.EmbeddingServiceGrpc;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class EmbeddingGrpcServiceTest {

    private ManagedChannel channel;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    @Test
    void embedReturnsOneVectorPerTextWithModelAndDimension() {
        var response = GrpcTestChannel.as("t1", EmbeddingServiceGrpc.newBlockingStub(channel))
                .embed(EmbedRequest.newBuilder().addTexts("cannot find symbol").addTexts("connection refused").build());
        assertThat(response.getModel()).isEqualTo("all-minilm-l6-v2-q");
        assertThat(response.getDimension()).isEqualTo(384);
        assertThat(response.getVectorsList()).hasSize(2)
                .allSatisfy(v -> assertThat(v.getValuesCount()).isEqualTo(384));
    }

    @Test
    void emptyTextIsInvalidArgumentNamingTheField() {
        var stub = GrpcTestChannel.as("t1", EmbeddingServiceGrpc.newBlockingStub(channel));
        assertThatThrownBy(() -> stub.embed(EmbedRequest.newBuilder().addTexts("ok").addTexts("").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription()).isEqualTo("texts[1]: empty text");
                });
    }

    @Test
    void embedWithoutTenantIsUnauthenticated() {
        assertThatThrownBy(
                () -> EmbeddingServiceGrpc.newBlockingStub(channel).embed(EmbedRequest.newBuilder().addTexts("x").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
    }
}
