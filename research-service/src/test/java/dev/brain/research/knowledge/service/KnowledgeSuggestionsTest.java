package dev.brain.research.knowledge.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.ResearchServiceGrpc;
import dev.brain.grpc.v1.SaveResearchResponse;
import dev.brain.grpc.v1.SuggestRequest;
import dev.brain.grpc.v1.Suggestion;
import dev.brain.grpc.v1.SuggestionKind;
import dev.brain.research.knowledge.KnowledgeFixtures;
import dev.brain.research.support.ServiceDoubles;
import dev.brain.research.support.ServiceDoublesResource;
import dev.brain.testing.GrpcTestBase;
import dev.brain.testing.GrpcTestChannel;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** Suggest with a pair ranks the pair's library entries (research.md §1.2), never another pair's. */
@QuarkusTest
@QuarkusTestResource(ServiceDoublesResource.class)
class KnowledgeSuggestionsTest extends GrpcTestBase {

    final KnowledgeFixtures fx = new KnowledgeFixtures();

    List<Suggestion> suggest(String context) {
        return GrpcTestChannel.as(fx.tenant, ResearchServiceGrpc.newBlockingStub(channel)).suggest(SuggestRequest
                .newBuilder().setContext(context).setPair(fx.pair).setLimit(5).build()).getSuggestionsList().stream()
                .filter(s -> s.getKind() == SuggestionKind.SUGGESTION_KIND_KNOWLEDGE).toList();
    }

    @Test
    void theNearestEntriesOfThePairAreSuggestedWithPathAndReason() {
        SaveResearchResponse mine = fx.stub(channel).saveResearch(fx.createDefaultSave("Gradle build cache",
                "Gradle build cache reuses task outputs across builds.").setSalience(1.0).build());
        fx.stub(channel).saveResearch(fx.createDefaultSave("Gradle build cache", "Gradle build cache reuses task"
                + " outputs across builds.").setPair(fx.pair("bob")).build());

        List<Suggestion> found = suggest("gradle build cache outputs");

        assertThat(found).hasSize(1);
        Suggestion s = found.get(0);
        assertThat(s.getId()).isEqualTo(mine.getEntry().getId());
        assertThat(s.getPath()).isEqualTo(mine.getKnowledgePath());
        assertThat(s.getTitle()).isEqualTo("Gradle build cache");
        assertThat(s.getReason()).startsWith("library: Gradle build cache reuses task outputs").contains("cosine", "1 run");
        assertThat(s.getScore()).isGreaterThan(0.5).isLessThanOrEqualTo(1.0);

        ServiceDoubles.get().memoryDown = true;
        try {
            List<Suggestion> lexical = suggest("gradle cache");
            assertThat(lexical).extracting(Suggestion::getId).containsExactly(mine.getEntry().getId());
            assertThat(lexical.get(0).getReason()).contains("lexical 1.00");
        } finally {
            ServiceDoubles.get().memoryDown = false;
        }
        assertThat(suggest("zebra savanna giraffe")).isEmpty();
    }
}
