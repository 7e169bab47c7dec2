package dev.brain.memory.shortterm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import com.google.protobuf.Struct;
import com.google.protobuf.Value;

import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.WriteEntryRequest;
import dev.brain.memory.embedding.service.Embedder;
import dev.brain.memory.shortterm.grpc.EntryRequests;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/** The byte limits of §14 at their edges (the gRPC tests cover every other field). */
class EntryRequestsTest {

    @Test
    void contentOfExactly64KiBIsAcceptedOneByteMoreIsRejectedNeverTruncated() {
        String max = "é".repeat(32 * 1024);
        assertThat(EntryRequests.content(max, "content")).isEqualTo(max);
        assertThatThrownBy(() -> EntryRequests.content(max + "x", "content"))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription()).isEqualTo("content: 65537 bytes, at most 65536");
                });
    }

    @Test
    void metadataAbove16KiBAsJsonIsRejectedByField() {
        WriteEntryRequest.Builder b = WriteEntryRequest.newBuilder().setObserver(Observer.OBSERVER_USER)
                .setContent("c").setSalience(0.5);
        b.setMetadata(Struct.newBuilder().putFields("k", Value.newBuilder().setStringValue("m".repeat(16 * 1024 - 8))
                .build()));
        assertThat(EntryRequests.write(b.build(), 3).metadataJson()).hasSize(16 * 1024);
        b.setMetadata(Struct.newBuilder().putFields("k", Value.newBuilder().setStringValue("m".repeat(16 * 1024 - 7))
                .build()));
        assertThatThrownBy(() -> EntryRequests.write(b.build(), 3))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription()).startsWith("metadata");
                });
    }

    @Test
    void nulBytesAreStrippedAndBlankContentIsRejected() {
        assertThat(EntryRequests.content("a\u0000b", "content")).isEqualTo("ab");
        assertThatThrownBy(() -> EntryRequests.content(" \u0000\t", "content"))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getDescription()).startsWith("content"));
    }

    @Test
    void theEmbeddingTextIsCutToTheEmbeddersLimitOnACharacterBoundary() {
        String long_ = "ü".repeat(Embedder.MAX_TEXT_BYTES);
        String cut = EntryRequests.embeddingText(long_);
        assertThat(cut.getBytes(StandardCharsets.UTF_8).length).isEqualTo(Embedder.MAX_TEXT_BYTES);
        assertThat(long_).startsWith(cut);
        assertThat(EntryRequests.embeddingText("short")).isEqualTo("short");
    }
}
