package dev.brain.research.knowledge.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.ResearchStatus;
import dev.brain.grpc.v1.SaveResearchResponse;
import dev.brain.research.knowledge.KnowledgeFixtures;
import dev.brain.research.support.ServiceDoublesResource;
import dev.brain.testing.GrpcTestBase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** Concurrent saves of one pair serialise on the pair lock: one file per topic, every run counted. */
@QuarkusTest
@QuarkusTestResource(ServiceDoublesResource.class)
class KnowledgeSavesTest extends GrpcTestBase {

    final KnowledgeFixtures fx = new KnowledgeFixtures();

    @Test
    void concurrentRunsOfANewTopicCreateOneFileAndCountEveryRun() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<SaveResearchResponse>> runs = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                runs.add(() -> fx.stub(channel).saveResearch(fx.createDefaultSave("Parallel pottery glazes",
                        "Celadon glazes need iron and reduction firing.").build()));
            }
            List<SaveResearchResponse> answers = new ArrayList<>();
            for (Future<SaveResearchResponse> f : pool.invokeAll(runs)) {
                answers.add(f.get());
            }
            assertThat(answers).filteredOn(SaveResearchResponse::getCreated).hasSize(1);
            assertThat(answers).extracting(SaveResearchResponse::getStatus)
                    .containsOnlyOnce(ResearchStatus.RESEARCH_STATUS_DEEP)
                    .filteredOn(s -> s == ResearchStatus.RESEARCH_STATUS_REPETITION).hasSize(3);
            assertThat(answers).extracting(SaveResearchResponse::getKnowledgePath)
                    .containsOnly(answers.get(0).getKnowledgePath());
            assertThat(answers).extracting(SaveResearchResponse::getReportPath).doesNotHaveDuplicates();
            assertThat(answers.stream().mapToInt(a -> a.getEntry().getFrequency()).max().orElseThrow()).isEqualTo(4);
        } finally {
            pool.shutdownNow();
        }
    }
}
