package dev.brain.research.knowledge.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.KnowledgeType;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.ResearchMode;
import dev.brain.grpc.v1.SaveResearchRequest;
import dev.brain.grpc.v1.SearchKnowledgeRequest;
import dev.brain.research.knowledge.service.KnowledgeSaves;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

class KnowledgeRequestsTest {

    static final String TENANT = "acme";

    static SaveResearchRequest.Builder createDefaultSave() {
        return SaveResearchRequest.newBuilder().setPair(Pair.newBuilder().setUserId("acme:alice").setAgentId("claude"))
                .setTopic("  Kafka \n groups ").setDistillate("text\u0000").setSalience(0.5);
    }

    @Test
    void aSaveIsCleanedAndDefaulted() {
        KnowledgeSaves.SaveCommand c = KnowledgeRequests.save(createDefaultSave().build(), TENANT);
        assertThat(c.topic()).isEqualTo("Kafka groups");
        assertThat(c.distillate()).isEqualTo("text");
        assertThat(c.status()).isNull();
        assertThat(c.mode()).isEqualTo("research");
        assertThat(c.observer()).isEqualTo("user");
        KnowledgeSaves.SaveCommand d = KnowledgeRequests.save(createDefaultSave().setMode(ResearchMode.RESEARCH_MODE_DREAM)
                .setObserver(Observer.OBSERVER_ASSISTANT).build(), TENANT);
        assertThat(d.mode()).isEqualTo("dream");
        assertThat(d.observer()).isEqualTo("assistant");
    }

    @Test
    void badFieldsAreNamed() {
        invalid(() -> KnowledgeRequests.save(createDefaultSave().clearSalience().build(), TENANT), "salience");
        invalid(() -> KnowledgeRequests.save(createDefaultSave().setSalience(Double.NaN).build(), TENANT), "salience");
        invalid(() -> KnowledgeRequests.save(createDefaultSave().setSalience(-0.1).build(), TENANT), "salience");
        invalid(() -> KnowledgeRequests.save(createDefaultSave().setDistillate("é".repeat(128 * 1024 + 1)).build(),
                TENANT), "distillate");
        assertThat(KnowledgeRequests.save(createDefaultSave().setDistillate("x".repeat(256 * 1024)).build(), TENANT)
                .distillate()).hasSize(256 * 1024);
        invalid(() -> KnowledgeRequests.save(createDefaultSave().setTopic(" ").build(), TENANT), "topic");
        invalid(() -> KnowledgeRequests.save(createDefaultSave().addKeywords(" ").build(), TENANT), "keywords");
        invalid(() -> KnowledgeRequests.save(createDefaultSave().addEntityIds(0).build(), TENANT), "entity_ids");
        invalid(() -> KnowledgeRequests.save(createDefaultSave().setStatusValue(99).build(), TENANT), "status");
        invalid(() -> KnowledgeRequests.save(createDefaultSave().setPair(Pair.newBuilder().setUserId(".")
                .setAgentId("claude")).build(), TENANT), "pair.user_id");
        invalid(() -> KnowledgeRequests.save(createDefaultSave().setPair(Pair.newBuilder().setUserId("acme:alice")
                .setAgentId("x".repeat(101))).build(), TENANT), "pair.agent_id");
        invalid(() -> KnowledgeRequests.query(SearchKnowledgeRequest.newBuilder().setQuery("\u0000 ").build()), "query");
        invalid(() -> KnowledgeRequests.limit(-1), "limit");
        invalid(() -> KnowledgeRequests.heading(" "), "heading");
        invalid(() -> KnowledgeRequests.id(0), "id");
    }

    @Test
    void limitsAndTypesDefault() {
        assertThat(KnowledgeRequests.limit(0)).isEqualTo(5);
        assertThat(KnowledgeRequests.limit(3)).isEqualTo(3);
        assertThat(KnowledgeRequests.limit(500)).isEqualTo(20);
        assertThat(KnowledgeRequests.type(KnowledgeType.KNOWLEDGE_TYPE_UNSPECIFIED)).isEqualTo("knowledge");
        assertThat(KnowledgeRequests.type(KnowledgeType.KNOWLEDGE_TYPE_REPORT)).isEqualTo("report");
    }

    static void invalid(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String field) {
        assertThatThrownBy(call).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(e.getStatus().getDescription()).startsWith(field);
        });
    }
}
