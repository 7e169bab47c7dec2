package dev.brain.research.knowledge.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.RunKnowledgeDecayRequest;
import dev.brain.grpc.v1.RunKnowledgeDecayResponse;
import dev.brain.research.knowledge.KnowledgeFixtures;
import dev.brain.research.support.ServiceDoublesResource;
import dev.brain.testing.ScheduledJobContract;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * RunDecay (research.md §2.4, §5): the knowledge decay deactivates an untouched entry on the same day as a memory
 * node with the same start weight; one replica at a time (advisory lock "knowledge_decay").
 */
@QuarkusTest
@QuarkusTestResource(ServiceDoublesResource.class)
class KnowledgeDecayTest extends ScheduledJobContract {

    /** memory-service's node constants (memory.md §4.3): cap, exponent, daily rate, min weight. */
    static final double CAP = 10, EXP = 0.5, RATE = 0.0015, MIN = 0.1;

    // topics share no word: the gate's same-topic match (cosine of topic + summary) must not merge them
    final KnowledgeFixtures fx = new KnowledgeFixtures();
    final List<Long> due = new ArrayList<>();

    KnowledgeDecayTest() {
        super("knowledge_decay", "knowledge_decay");
    }

    /** Memory's node formula: A(s) = cap·sin(min(s/cap,1)·π/2)^exp. */
    static double anchor(double s) {
        return CAP * Math.pow(Math.sin(Math.min(s / CAP, 1) * Math.PI / 2), EXP);
    }

    /** The first whole day on which a memory node of start weight A(s) is below the min weight. */
    static int deactivationDay(double s) {
        int d = 0;
        while (anchor(s) * Math.exp(-RATE * d) >= MIN) {
            d++;
        }
        return d;
    }

    long saveAged(String topic, double salience, int daysAgo) throws Exception {
        long id = fx.stub(channel)
                .saveResearch(fx.createDefaultSave(topic, "Notes on " + topic.toLowerCase() + ".").setSalience(salience)
                        .build())
                .getEntry().getId();
        sql("update knowledge_entry set reinforced_at = now() - make_interval(days => ?) where id = ?", daysAgo, id);
        return id;
    }

    @Override
    protected void storeDueRows() throws Exception {
        due.add(saveAged("Walrus migration", 0.5, 5000));
        due.add(saveAged("Quantum annealing", 0.5, 5000));
    }

    @Override
    protected long dueRows() throws Exception {
        return due.stream().filter(this::active).count();
    }

    @Override
    protected Enum<?> runJob() {
        return fx.stub(channel).runDecay(RunKnowledgeDecayRequest.getDefaultInstance()).getResult().getStatus();
    }

    @Test
    void anUntouchedEntryIsDeactivatedOnTheSameDayAsAMemoryNode() throws Exception {
        double s = 0.5;
        int d = deactivationDay(s);
        assertThat(d).isEqualTo(2222);
        long dayBefore = saveAged("Sourdough starters", s, d - 1);
        long dayOf = saveAged("Glacier calving", s, d);

        RunKnowledgeDecayResponse r = fx.stub(channel).runDecay(RunKnowledgeDecayRequest.getDefaultInstance());

        assertThat(r.getResult().getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
        assertThat(r.getResult().getJob()).isEqualTo("knowledge_decay");
        assertThat(r.getResult().getCountsMap().get("entries_updated")).isGreaterThanOrEqualTo(2);
        assertThat(r.getResult().getCountsMap().get("deactivated")).isGreaterThanOrEqualTo(1);
        assertThat(r.getResult().getStepsList()).extracting(s2 -> s2.getName()).containsExactly("decay");
        assertThat(r.getResult().getRunId()).isPositive();
        assertThat(active(dayBefore)).isTrue();
        assertThat(active(dayOf)).isFalse();
        assertThat(weightDecay(dayBefore)).isCloseTo(anchor(s) * Math.exp(-RATE * (d - 1)),
                org.assertj.core.data.Offset.offset(1e-6));
        assertThat(fileExists(dayOf)).as("files are never deleted").isTrue();
    }

    boolean fileExists(long id) throws Exception {
        return java.nio.file.Files.exists(KnowledgeFixtures.file(text("select path from knowledge_entry where id = ?", id)));
    }

    boolean active(long id) {
        try {
            return Boolean.parseBoolean(text("select active::text from knowledge_entry where id = ?", id));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    double weightDecay(long id) throws Exception {
        return Double.parseDouble(text("select weight_decay::text from knowledge_entry where id = ?", id));
    }

    String text(String sql, Object... params) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    void sql(String sql, Object... params) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            s.executeUpdate();
        }
    }
}
