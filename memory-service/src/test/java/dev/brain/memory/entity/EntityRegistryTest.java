package dev.brain.memory.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.Pair;
import dev.brain.memory.entity.EntityRegistry.Resolved;
import dev.brain.memory.testing.LongTermFixtures;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class EntityRegistryTest {

    @Inject
    EntityRegistry registry;

    @Inject
    DataSource dataSource;

    @Test
    void nameKeyIsLowerCasedWithWhitespaceCollapsed() {
        assertThat(EntityRegistry.nameKey("  The   Billing\tService ")).isEqualTo("the billing service");
    }

    @Test
    void resolveCreatesUnknownNamesOnceAndFindsThemByKeyAfterwards() {
        Pair pair = LongTermFixtures.pair(LongTermFixtures.newTenant("ent"));
        List<Resolved> first = registry.resolve(pair.getUserId(), pair.getAgentId(),
                List.of("Anna", "the billing  service", "ANNA"), "names");
        assertThat(first).extracting(Resolved::created).containsExactly(true, true, true);
        assertThat(first.get(0).entity().id()).isEqualTo(first.get(2).entity().id());
        assertThat(first.get(1).entity().name()).isEqualTo("the billing service");
        assertThat(first.get(1).entity().nameKey()).isEqualTo("the billing service");

        List<Resolved> again = registry.resolve(pair.getUserId(), pair.getAgentId(),
                List.of(" anna ", "The Billing Service"), "names");
        assertThat(again).extracting(Resolved::created).containsExactly(false, false);
        assertThat(again.get(0).entity().id()).isEqualTo(first.get(0).entity().id());
        assertThat(again.get(1).entity().id()).isEqualTo(first.get(1).entity().id());
        assertThat(registry.list(pair.getUserId(), pair.getAgentId(), 10, 0).entities()).hasSize(2);
    }

    @Test
    void aliasesResolveToTheEntityThatCarriesThem() throws Exception {
        Pair pair = LongTermFixtures.pair(LongTermFixtures.newTenant("ent"));
        long id = registry.resolve(pair.getUserId(), pair.getAgentId(), List.of("Anna Schmidt"), "names").get(0)
                .entity().id();
        LongTermFixtures.exec(dataSource, "update entity set aliases = array['anna s.'] where id = ?", id);
        Resolved viaAlias = registry.resolve(pair.getUserId(), pair.getAgentId(), List.of("Anna  S."), "names").get(0);
        assertThat(viaAlias.created()).isFalse();
        assertThat(viaAlias.entity().id()).isEqualTo(id);
        assertThat(viaAlias.entity().aliases()).containsExactly("anna s.");
    }

    @Test
    void pairsHaveSeparateRegistries() {
        String tenant = LongTermFixtures.newTenant("ent");
        Pair a = LongTermFixtures.pair(tenant);
        Pair b = LongTermFixtures.pair(tenant);
        long inA = registry.resolve(a.getUserId(), a.getAgentId(), List.of("Anna"), "names").get(0).entity().id();
        Resolved inB = registry.resolve(b.getUserId(), b.getAgentId(), List.of("Anna"), "names").get(0);
        assertThat(inB.created()).isTrue();
        assertThat(inB.entity().id()).isNotEqualTo(inA);
    }

    @Test
    void listPagesByIdAndBlankOrLongNamesAreRejectedByField() {
        Pair pair = LongTermFixtures.pair(LongTermFixtures.newTenant("ent"));
        registry.resolve(pair.getUserId(), pair.getAgentId(), List.of("a", "b", "c"), "names");
        EntityRegistry.Page page = registry.list(pair.getUserId(), pair.getAgentId(), 2, 0);
        assertThat(page.entities()).extracting(Entity::name).containsExactly("a", "b");
        EntityRegistry.Page rest = registry.list(pair.getUserId(), pair.getAgentId(), 2, page.nextAfterId());
        assertThat(rest.entities()).extracting(Entity::name).containsExactly("c");
        assertThat(rest.nextAfterId()).isZero();
        assertThatThrownBy(() -> registry.resolve(pair.getUserId(), pair.getAgentId(), List.of("x", "  "), "names"))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription()).startsWith("names[1]");
                });
        assertThatThrownBy(() -> registry.resolve(pair.getUserId(), pair.getAgentId(), List.of("y".repeat(201)), "names"))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getDescription()).startsWith("names[0]"));
        assertThat(registry.list(pair.getUserId(), pair.getAgentId(), 10, 0).entities()).hasSize(3);
    }
}
