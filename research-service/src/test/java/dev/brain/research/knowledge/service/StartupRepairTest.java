package dev.brain.research.knowledge.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.SaveResearchResponse;
import dev.brain.research.knowledge.KnowledgeFixtures;
import dev.brain.research.support.ServiceDoublesResource;
import dev.brain.testing.GrpcTestBase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** Crash repair (what start-up runs): temp files, files without row, stale rows, rows without file. */
@QuarkusTest
@QuarkusTestResource(ServiceDoublesResource.class)
class StartupRepairTest extends GrpcTestBase {

    final KnowledgeFixtures fx = new KnowledgeFixtures();

    @Inject
    StartupRepair repair;

    @Inject
    DataSource dataSource;

    @Test
    void repairRestoresWhatACrashBetweenFileAndRowLeftBehind() throws Exception {
        // a crash after the files were written, before the rows committed: rows gone
        SaveResearchResponse lost = fx.stub(channel).saveResearch(fx.createDefaultSave("Volcano tephra", "Ash layers"
                + " date eruptions.").setSalience(0.8).setObserver(Observer.OBSERVER_ASSISTANT).build());
        exec("delete from knowledge_entry where path in (?, ?)", lost.getKnowledgePath(), lost.getReportPath());
        // a crash after an extension was written, before the row update committed: the file is ahead of its row
        SaveResearchResponse stale = fx.stub(channel).saveResearch(fx.createDefaultSave("Coral bleaching", "Warm water"
                + " expels algae.").build());
        String staleFile = KnowledgeFixtures.read(stale.getKnowledgePath()).replace("**Version:** 1.0", "**Version:** 1.1")
                .replace("**Runs:** 1", "**Runs:** 2");
        Files.writeString(KnowledgeFixtures.file(stale.getKnowledgePath()), staleFile);
        // a crash in the middle of an atomic write: its temp file
        String dir = lost.getKnowledgePath().substring(0, lost.getKnowledgePath().lastIndexOf('/'));
        java.nio.file.Path temp = KnowledgeFixtures.file(dir + "/.x_knowledge.md.1234.tmp");
        Files.writeString(temp, "half");
        Files.setLastModifiedTime(temp, java.nio.file.attribute.FileTime.from(java.time.Instant.now().minusSeconds(11 * 60)));
        // another replica's write in flight (a shared volume): a fresh temp file stays
        java.nio.file.Path inFlight = KnowledgeFixtures.file(dir + "/.y_knowledge.md.5678.tmp");
        Files.writeString(inFlight, "writing");
        // a file that vanished
        SaveResearchResponse gone = fx.stub(channel).saveResearch(fx.createDefaultSave("Tide pools", "Anemones close at"
                + " low tide.").build());
        Files.delete(KnowledgeFixtures.file(gone.getKnowledgePath()));

        StartupRepair.Repaired r = repair.repair();

        assertThat(Files.exists(temp)).isFalse();
        assertThat(Files.exists(inFlight)).as("a fresh temp file is another writer's").isTrue();
        assertThat(r.tempFilesDeleted()).isGreaterThanOrEqualTo(1);
        assertThat(r.rowsRecreated()).isGreaterThanOrEqualTo(2);
        assertThat(r.rowsSynced()).isGreaterThanOrEqualTo(1);
        assertThat(r.rowsWithoutFile()).contains(gone.getKnowledgePath());
        assertThat(row(lost.getKnowledgePath())).isEqualTo("knowledge|Volcano tephra|assistant|0.8|1.0|1|volcano-tephra|true");
        assertThat(row(lost.getReportPath())).isEqualTo("report|Volcano tephra|assistant|0.8||1|volcano-tephra|true");
        assertThat(row(stale.getKnowledgePath())).startsWith("knowledge|Coral bleaching|user|0.5|1.1|2|");
        assertThat(row(gone.getKnowledgePath())).as("kept, not marked").endsWith("|true");

        StartupRepair.Repaired again = repair.repair();
        assertThat(row(lost.getKnowledgePath())).isNotNull();
        assertThat(again.rowsWithoutFile()).contains(gone.getKnowledgePath());
        assertThat(count("select count(*) from knowledge_entry where path = ?", lost.getKnowledgePath())).isEqualTo(1);
    }

    String row(String path) throws Exception {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("select concat_ws('|',"
                        + " type, topic, observer, initial_salience, coalesce(version, ''), frequency, slug, active::text)"
                        + " from knowledge_entry where path = ?")) {
            s.setString(1, path);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    long count(String sql, String param) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, param);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    void exec(String sql, String... params) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setString(i + 1, params[i]);
            }
            s.executeUpdate();
        }
    }
}
