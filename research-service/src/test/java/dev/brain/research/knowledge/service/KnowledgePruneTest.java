package dev.brain.research.knowledge.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.JobStep;
import dev.brain.grpc.v1.ResearchStatus;
import dev.brain.grpc.v1.RunKnowledgePruneRequest;
import dev.brain.grpc.v1.RunKnowledgePruneResponse;
import dev.brain.grpc.v1.SaveResearchResponse;
import dev.brain.research.knowledge.KnowledgeFixtures;
import dev.brain.research.support.ServiceDoublesResource;
import dev.brain.testing.GrpcTestBase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** RunPrune (research.md §2.7): orient, gather, consolidate, prune — orphans reported, never deleted. */
@QuarkusTest
@QuarkusTestResource(ServiceDoublesResource.class)
class KnowledgePruneTest extends GrpcTestBase {

    static final String TEXT = "Lighthouse lenses focus lamp light into a horizontal beam.";

    final KnowledgeFixtures fx = new KnowledgeFixtures();

    @Inject
    DataSource dataSource;

    @Test
    void pruneReportsOrphansConsolidatesDuplicatesAndRebuildsTheIndex() throws Exception {
        SaveResearchResponse first = fx.stub(channel).saveResearch(fx.createDefaultSave("Lighthouse optics", TEXT).build());
        // the caller states deep for a text the file already holds: the duplicate is written, consolidation removes it
        SaveResearchResponse forced = fx.stub(channel).saveResearch(fx.createDefaultSave("Lighthouse optics", TEXT)
                .setStatus(ResearchStatus.RESEARCH_STATUS_DEEP).build());
        SaveResearchResponse repeated = fx.stub(channel).saveResearch(fx.createDefaultSave("Lighthouse optics", TEXT).build());
        assertThat(repeated.getStatus()).isEqualTo(ResearchStatus.RESEARCH_STATUS_REPETITION);
        SaveResearchResponse other = fx.stub(channel).saveResearch(fx.createDefaultSave("Beekeeping winter", "Bees cluster"
                + " to keep the queen warm.").build());
        String dir = first.getKnowledgePath().substring(0, first.getKnowledgePath().lastIndexOf('/'));
        String orphan = dir + "/2020-01-01_orphan_stray_knowledge.md";
        Files.writeString(KnowledgeFixtures.file(orphan), "no header here\n");
        Files.delete(KnowledgeFixtures.file(other.getReportPath()));

        RunKnowledgePruneResponse r = fx.stub(channel).runPrune(RunKnowledgePruneRequest.newBuilder().setPair(fx.pair).build());

        assertThat(r.getResult().getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
        assertThat(r.getResult().getJob()).isEqualTo("knowledge_prune");
        assertThat(r.getResult().getStepsList()).extracting(JobStep::getName)
                .containsExactly("orient", "gather", "consolidate", "prune");
        assertThat(r.getFilesWithoutMetadataList()).containsExactly(orphan);
        assertThat(r.getMetadataWithoutFileList()).containsExactly(other.getReportPath());
        var counts = r.getResult().getCountsMap();
        assertThat(counts).containsEntry("pairs", 1L).containsEntry("rows", 6L).containsEntry("files", 6L)
                .containsEntry("weak_reports", 1L).containsEntry("files_without_metadata", 1L)
                .containsEntry("metadata_without_file", 1L).containsEntry("files_consolidated", 1L)
                .containsEntry("duplicates_removed", 1L).containsEntry("blocks_removed", 1L)
                .containsEntry("index_files_rebuilt", 1L).containsEntry("index_lines", 2L);
        String file = KnowledgeFixtures.read(first.getKnowledgePath());
        assertThat(file.indexOf(TEXT, file.indexOf("## CURRENT"))).isEqualTo(file.lastIndexOf(TEXT));
        assertThat(file).contains("**Version:** 1.1");
        assertThat(Files.exists(KnowledgeFixtures.file(orphan))).as("orphans are never deleted").isTrue();
        assertThat(forced.getEntry().getVersion()).isEqualTo("1.1");
        assertThat(KnowledgeFixtures.read(dir + "/INDEX.md").lines().filter(l -> l.startsWith("- ["))).hasSize(2);
        assertThat(count("select count(*) from job_run where id = ? and job = 'knowledge_prune' and status = 'done'"
                + " and user_id = ?", r.getResult().getRunId(), fx.pair.getUserId())).isEqualTo(1);
    }

    @Test
    void withoutAPairThePruneCoversTheTenantsPairsAndItsStrayDirectoriesOnly() throws Exception {
        SaveResearchResponse mine = fx.stub(channel).saveResearch(fx.createDefaultSave("Origami cranes", "Fold a square"
                + " base first.").build());
        String ghostDir = "claude/" + fx.tenant + "%3Aghost";
        String strangerDir = "claude/stranger-" + fx.tenant + "%3Aeve";
        for (String d : new String[] { ghostDir, strangerDir }) {
            Files.createDirectories(KnowledgeFixtures.file(d));
            Files.writeString(KnowledgeFixtures.file(d + "/2020-01-01_x_y_knowledge.md"), "stray\n");
        }

        RunKnowledgePruneResponse r = fx.stub(channel).runPrune(RunKnowledgePruneRequest.getDefaultInstance());

        assertThat(r.getResult().getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
        assertThat(r.getFilesWithoutMetadataList()).contains(ghostDir + "/2020-01-01_x_y_knowledge.md")
                .noneMatch(p -> p.startsWith(strangerDir));
        assertThat(r.getResult().getCountsMap().get("pairs")).isEqualTo(1L);
        assertThat(mine.getKnowledgePath()).startsWith("claude/" + fx.tenant);
    }

    @Test
    void aPruneWhileAnotherHoldsThePairsLockIsSkipped() throws Exception {
        fx.stub(channel).saveResearch(fx.createDefaultSave("Kite aerodynamics", "Lift grows with the angle.").build());
        try (Connection other = dataSource.getConnection()) {
            exec(other, "select pg_advisory_lock(hashtext(?))", "knowledge_prune:claude/" + fx.pair.getUserId());
            RunKnowledgePruneResponse r = fx.stub(channel).runPrune(RunKnowledgePruneRequest.newBuilder()
                    .setPair(fx.pair).build());
            assertThat(r.getResult().getStatus()).isEqualTo(JobStatus.JOB_STATUS_SKIPPED_LOCKED);
            assertThat(count("select count(*) from job_run where id = ? and status = 'skipped'", r.getResult().getRunId()))
                    .isEqualTo(1);
            exec(other, "select pg_advisory_unlock(hashtext(?))", "knowledge_prune:claude/" + fx.pair.getUserId());
        }
        assertThat(fx.stub(channel).runPrune(RunKnowledgePruneRequest.newBuilder().setPair(fx.pair).build())
                .getResult().getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
    }

    void exec(Connection c, String sql, String key) throws Exception {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, key);
            s.execute();
        }
    }

    long count(String sql, Object... params) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
