package dev.brain.memory.longterm.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.MemoryEntity;
import dev.brain.memory.entity.Entity;
import dev.brain.memory.entity.EntityRegistry;
import io.grpc.StatusRuntimeException;

class EntityMapperTest {

    @Test
    void mapsEveryFieldAndRoundTripsPageTokens() {
        OffsetDateTime at = OffsetDateTime.of(2031, 1, 2, 3, 4, 5, 6000, ZoneOffset.UTC);
        MemoryEntity e = EntityMapper.toProto(new Entity(42, "Anna Schmidt", "anna schmidt",
                List.of("anna s."), at));
        assertThat(e.getId()).isEqualTo(42);
        assertThat(e.getName()).isEqualTo("Anna Schmidt");
        assertThat(e.getNameKey()).isEqualTo("anna schmidt");
        assertThat(e.getAliasesList()).containsExactly("anna s.");
        assertThat(e.getCreatedAt().getSeconds()).isEqualTo(at.toEpochSecond());
        assertThat(e.getCreatedAt().getNanos()).isEqualTo(6000);
        assertThat(EntityMapper.toProto(new EntityRegistry.Resolved("anna", new Entity(42, "Anna Schmidt",
                "anna schmidt", List.of(), at), true)).getCreated()).isTrue();
        assertThat(EntityMapper.pageToken(0)).isEmpty();
        assertThat(EntityMapper.afterId(EntityMapper.pageToken(77))).isEqualTo(77);
        assertThat(EntityMapper.afterId("")).isZero();
        assertThatThrownBy(() -> EntityMapper.afterId("bm9wZQ")).isInstanceOfSatisfying(StatusRuntimeException.class,
                x -> assertThat(x.getStatus().getDescription()).startsWith("page_token"));
    }
}
