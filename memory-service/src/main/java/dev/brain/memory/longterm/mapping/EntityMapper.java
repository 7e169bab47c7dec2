package dev.brain.memory.longterm.mapping;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import dev.brain.grpc.v1.MemoryEntity;
import dev.brain.grpc.v1.ResolvedEntity;
import dev.brain.memory.entity.Entity;
import dev.brain.memory.entity.EntityRegistry;
import dev.brain.wire.ProtoTime;
import io.grpc.Status;

/**
 * Registry rows ↔ proto, for {@code ResolveEntities} and {@code ListEntities} (the RPCs live in the
 * LongTermMemoryService implementation; they call {@link EntityRegistry} and map with this class).
 */
public final class EntityMapper {

    private EntityMapper() {
    }

    public static MemoryEntity toProto(Entity e) {
        return MemoryEntity.newBuilder().setId(e.id()).setName(e.name()).setNameKey(e.nameKey())
                .addAllAliases(e.aliases()).setCreatedAt(ProtoTime.timestamp(e.createdAt())).build();
    }

    public static ResolvedEntity toProto(EntityRegistry.Resolved r) {
        return ResolvedEntity.newBuilder().setName(r.name()).setEntity(toProto(r.entity())).setCreated(r.created())
                .build();
    }

    /** The page token continuing after an entity id ("" = last page). */
    public static String pageToken(long nextAfterId) {
        return nextAfterId == 0 ? ""
                : Base64.getUrlEncoder().withoutPadding().encodeToString(("ent:" + nextAfterId)
                        .getBytes(StandardCharsets.UTF_8));
    }

    /** The id to continue after; 0 for an empty token. INVALID_ARGUMENT (page_token) for a foreign token. */
    public static long afterId(String token) {
        if (token.isEmpty()) {
            return 0;
        }
        try {
            String text = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            if (!text.startsWith("ent:")) {
                throw new IllegalArgumentException(text);
            }
            return Long.parseLong(text.substring(4));
        } catch (IllegalArgumentException e) {
            throw Status.INVALID_ARGUMENT.withDescription("page_token: not a token of this list").asRuntimeException();
        }
    }
}
