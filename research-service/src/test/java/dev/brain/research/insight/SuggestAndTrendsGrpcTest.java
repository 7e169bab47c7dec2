package dev.brain.research.insight;

import static dev.brain.wire.ProtoTime.instant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.EmbedRequest;
import dev.brain.grpc.v1.ErrorCountRow;
import dev.brain.grpc.v1.ErrorCountsRequest;
import dev.brain.grpc.v1.ErrorCountsResponse;
import dev.brain.grpc.v1.ListProjectsResponse;
import dev.brain.grpc.v1.Project;
import dev.brain.grpc.v1.ProjectTrend;
import dev.brain.grpc.v1.ResearchServiceGrpc;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SolutionSuccessRatesRequest;
import dev.brain.grpc.v1.SolutionSuccessRatesResponse;
import dev.brain.grpc.v1.SuccessRate;
import dev.brain.grpc.v1.SuggestRequest;
import dev.brain.grpc.v1.SuggestResponse;
import dev.brain.grpc.v1.Suggestion;
import dev.brain.grpc.v1.SuggestionKind;
import dev.brain.grpc.v1.TimeBucket;
import dev.brain.grpc.v1.TrendDirection;
import dev.brain.grpc.v1.TrendsRequest;
import dev.brain.grpc.v1.TrendsResponse;
import dev.brain.research.clients.MemoryServices;
import dev.brain.research.insight.repository.InsightRepository;
import dev.brain.research.support.ServiceDoubles;
import dev.brain.research.support.ServiceDoublesResource;
import dev.brain.testing.GrpcTestBase;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** Suggest (embedding similarity + priority, lexical fallback) and Trends (the two windows' numbers) over gRPC. */
@QuarkusTest
@QuarkusTestResource(ServiceDoublesResource.class)
class SuggestAndTrendsGrpcTest extends GrpcTestBase {

    @Inject
    InsightStore store;
    @Inject
    InsightRepository repository;
    @Inject
    MemoryServices memory;

    String tenant;

    @BeforeEach
    void tenant() {
        tenant = "t-sug-" + UUID.randomUUID().toString().substring(0, 8);
    }

    ResearchServiceGrpc.ResearchServiceBlockingStub research() {
        return GrpcTestChannel.as(tenant, ResearchServiceGrpc.newBlockingStub(channel));
    }

    /** Stores an insight and embeds it as the cycle does (title + ". " + description, memory-service's Embed). */
    long createEmbedded(String key, String title, Priority priority, double confidence) {
        InsightDraft d = InsightFixtures.draft(InsightKind.GAP, key, title, priority, confidence, List.of());
        long id = store.store(tenant, List.of(d)).get(0).id();
        List<Float> values = memory.embeddings(tenant).embed(EmbedRequest.newBuilder()
                .addTexts(d.title() + ". " + d.description()).build()).getVectors(0).getValuesList();
        float[] v = new float[values.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = values.get(i);
        }
        repository.setEmbedding(id, v, Instant.now());
        return id;
    }

    @Test
    void suggestRanksTheInsightWhoseTextMatchesTheContextFirst() {
        long gradle = createEmbedded("g", "Gradle build cache misses slow the build", Priority.LOW, 0.6);
        long critical = createEmbedded("c", "TypeError in checkout unresolved", Priority.CRITICAL, 0.95);
        createEmbedded("f", "Flaky network tests in CI", Priority.MEDIUM, 0.7);

        SuggestResponse r = research().suggest(SuggestRequest.newBuilder().setContext("speed up the gradle build").build());

        assertThat(r.getSemanticSkipped()).isFalse();
        assertThat(r.getSuggestionsList()).extracting(Suggestion::getId).startsWith(gradle, critical).hasSize(3);
        Suggestion first = r.getSuggestionsList().get(0);
        assertThat(first.getKind()).isEqualTo(SuggestionKind.SUGGESTION_KIND_INSIGHT);
        assertThat(first.getTitle()).isEqualTo("Gradle build cache misses slow the build");
        assertThat(first.getReason()).startsWith("low-priority gap, ").endsWith("similar to the context").doesNotContain("\n");
        // the critical insight shares no word: its score is the priority part alone, 0.3 · 4/4
        assertThat(r.getSuggestionsList().get(1).getScore()).isEqualTo(0.3);
        assertThat(research().suggest(SuggestRequest.newBuilder().setContext("speed up the gradle build").setLimit(1)
                .build()).getSuggestionsList()).hasSize(1);
    }

    @Test
    void withoutEmbeddingsSuggestRanksLexicallyAndSaysSo() {
        long gradle = createEmbedded("g", "Gradle build cache misses slow the build", Priority.LOW, 0.6);
        createEmbedded("c", "TypeError in checkout unresolved", Priority.CRITICAL, 0.95);
        ServiceDoubles.get().memoryDown = true;
        SuggestResponse r;
        try {
            r = research().suggest(SuggestRequest.newBuilder().setContext("speed up the gradle build").build());
        } finally {
            ServiceDoubles.get().memoryDown = false;
        }
        assertThat(r.getSemanticSkipped()).isTrue();
        Suggestion first = r.getSuggestionsList().get(0);
        assertThat(first.getId()).isEqualTo(gradle);
        // 3 of the context's 4 words (≥ 3 letters: speed, the, gradle, build) → 0.7 · 0.75 + 0.3 · 1/4
        assertThat(first.getScore()).isEqualTo(0.7 * 0.75 + 0.3 * 0.25);
        assertThat(first.getReason()).isEqualTo("low-priority gap, shares gradle, build, the with the context");
    }

    @Test
    void suggestNeedsAContextAndSeesOnlyTheTenantsInsights() {
        createEmbedded("g", "Gradle build cache misses slow the build", Priority.LOW, 0.6);
        assertThatThrownBy(() -> research().suggest(SuggestRequest.newBuilder().setContext(" ").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription()).startsWith("context");
                });
        assertThat(GrpcTestChannel.as("o-" + tenant, ResearchServiceGrpc.newBlockingStub(channel))
                .suggest(SuggestRequest.newBuilder().setContext("gradle build").build()).getSuggestionsList()).isEmpty();
    }

    void seedTrends() {
        ServiceDoubles d = ServiceDoubles.get();
        d.answer(tenant, ListProjectsResponse.newBuilder().addProjects(Project.newBuilder().setId(7).setName("shop")).build());
        d.answer(tenant, ErrorCountsResponse.newBuilder().addRows(ErrorCountRow.newBuilder().setProjectId(7)
                .setOccurrences(20).setDistinctErrors(4).setNewErrors(3)).build());
        d.answer(tenant, SolutionSuccessRatesResponse.newBuilder().setOverall(SuccessRate.newBuilder().setSuccess(8)
                .setFailure(2).setRate(0.8)).build());
        d.answerRecentRates(tenant, SolutionSuccessRatesResponse.newBuilder().setOverall(SuccessRate.newBuilder()
                .setSuccess(3).setFailure(2).setRate(0.6)).build());
    }

    @Test
    void trendsCompareTheLastWindowWithTheOneBeforeAndTheRecentSuccessRateWithTheOverall() {
        seedTrends();
        TrendsResponse r = research().trends(TrendsRequest.getDefaultInstance());

        Instant start = instant(r.getWindowStart());
        Instant end = instant(r.getWindowEnd());
        assertThat(Duration.between(start, end)).isEqualTo(Duration.ofDays(7));
        assertThat(r.getProjectsList()).containsExactly(ProjectTrend.newBuilder().setProjectId(7).setProject("shop")
                .setCurrent(20).setPrevious(20).setChange(0.0).setDirection(TrendDirection.TREND_DIRECTION_STABLE)
                .setNewErrors(3).build());
        assertThat(r.getRecentSuccessRate()).isEqualTo(0.6);
        assertThat(r.getOverallSuccessRate()).isEqualTo(0.8);
        assertThat(r.getSuccessRateDeclining()).isTrue();

        List<ErrorCountsRequest> counts = ServiceDoubles.get().calls(tenant, "ErrorCounts").stream()
                .map(c -> (ErrorCountsRequest) c.request()).toList();
        assertThat(counts).hasSize(2).allSatisfy(c -> assertThat(c.getBucket()).isEqualTo(TimeBucket.TIME_BUCKET_TOTAL));
        assertThat(instant(counts.get(0).getFrom())).isEqualTo(start);
        assertThat(instant(counts.get(0).getTo())).isEqualTo(end);
        assertThat(instant(counts.get(1).getFrom())).isEqualTo(start.minus(Duration.ofDays(7)));
        assertThat(instant(counts.get(1).getTo())).isEqualTo(start);
        List<SolutionSuccessRatesRequest> rates = ServiceDoubles.get().calls(tenant, "SolutionSuccessRates").stream()
                .map(c -> (SolutionSuccessRatesRequest) c.request()).toList();
        assertThat(rates).filteredOn(SolutionSuccessRatesRequest::hasFrom).singleElement()
                .satisfies(q -> assertThat(instant(q.getFrom())).isEqualTo(end.minus(Duration.ofDays(14))));
    }

    @Test
    void trendsOfOneProjectOverAnotherWindow() {
        seedTrends();
        TrendsResponse r = research().trends(TrendsRequest.newBuilder().setScope(Scope.newBuilder().setProject("shop"))
                .setWindowDays(3).build());
        assertThat(Duration.between(instant(r.getWindowStart()), instant(r.getWindowEnd()))).isEqualTo(Duration.ofDays(3));
        assertThat(ServiceDoubles.get().calls(tenant, "ErrorCounts"))
                .allSatisfy(c -> assertThat(((ErrorCountsRequest) c.request()).getProjectIdsList()).containsExactly(7L));

        assertThatThrownBy(() -> research().trends(TrendsRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject("nope")).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
                    assertThat(e.getStatus().getDescription()).startsWith("scope.project");
                });
        assertThatThrownBy(() -> research().trends(TrendsRequest.newBuilder().setWindowDays(-1).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription()).startsWith("window_days");
                });
    }
}
