package dev.brain.memory.log.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.OffsetDateTime;

import org.junit.jupiter.api.Test;

import com.google.protobuf.Timestamp;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

class PipelineLogRequestsTest {

    @Test
    void thePageTokenKeepsMicrosecondsAndTheId() {
        OffsetDateTime at = OffsetDateTime.parse("2026-05-01T10:00:00.123456Z");
        var after = PipelineLogRequests.after(PipelineLogRequests.token(at, 42));
        assertThat(after.createdAt()).isEqualTo(at);
        assertThat(after.id()).isEqualTo(42);
        OffsetDateTime early = OffsetDateTime.parse("1969-12-31T23:59:59.999999Z");
        assertThat(PipelineLogRequests.after(PipelineLogRequests.token(early, 1)).createdAt()).isEqualTo(early);
        assertThat(PipelineLogRequests.after("")).isNull();
    }

    @Test
    void aMalformedTokenOrTimestampIsInvalidArgumentNamingTheField() {
        for (String token : new String[] { "%%%", "YWJj", "MTIzOmFiYw" }) { // not base64, "abc", "123:abc"
            assertThatThrownBy(() -> PipelineLogRequests.after(token)).isInstanceOfSatisfying(StatusRuntimeException.class,
                    e -> {
                        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                        assertThat(e.getStatus().getDescription()).startsWith("page_token");
                    });
        }
        assertThatThrownBy(() -> PipelineLogRequests.time(Timestamp.newBuilder().setSeconds(Long.MAX_VALUE).build(), "from"))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getDescription()).startsWith("from:"));
    }
}
