package dev.brain.research.cycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.db.Jdbc;
import dev.brain.grpc.v1.*;
import dev.brain.research.support.ServiceDoubles;
import dev.brain.research.support.ServiceDoublesResource;
import dev.brain.testing.GrpcTestBase;
import dev.brain.testing.GrpcTestChannel;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * RunCycle end to end against the service doubles (research.md §1.2, §5): every analyzer's insight from a constructed
 * dataset, the seven phases in order, links and notifications, a second cycle that confirms / updates instead of
 * duplicating, dismissed insights that stay dismissed, expiry, the cap, tool ideas from weeks, memory down, below
 * minDataPoints, and two racing callers.
 */
@QuarkusTest
@QuarkusTestResource(ServiceDoublesResource.class)
class ResearchCycleTest extends GrpcTestBase {

    @Inject
    Jdbc jdbc;
    @Inject
    DataSource dataSource;

    ResearchServiceGrpc.ResearchServiceBlockingStub research(String tenant) {
        return GrpcTestChannel.as(tenant, ResearchServiceGrpc.newBlockingStub(channel));
    }

    JobRunResult cycle(String tenant) {
        return research(tenant).runCycle(RunResearchCycleRequest.getDefaultInstance()).getResult();
    }

    List<Insight> insights(String tenant, InsightStatus status) {
        return research(tenant).listInsights(ListInsightsRequest.newBuilder().setStatus(status).setLimit(100).build())
                .getInsightsList();
    }

    Insight byKey(String tenant, String key) {
        return insights(tenant, InsightStatus.INSIGHT_STATUS_ACTIVE).stream().filter(i -> i.getDedupKey().equals(key))
                .findFirst().orElseThrow(() -> new AssertionError("no active insight " + key));
    }

    static Map<String, Long> createdPerPhase(JobRunResult r) {
        return r.getStepsList().stream().collect(Collectors.toMap(JobStep::getName,
                s -> s.getCountsOrDefault("insights_created", 0)));
    }

    @Test
    void everyAnalyzerFiresOnTheConstructedDatasetInSevenPhases() {
        String tenant = CycleDataset.tenant("t-cycle");
        CycleDataset.seed(tenant);
        CycleDataset.eligible(tenant);

        JobRunResult r = cycle(tenant);

        assertThat(r.getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
        assertThat(r.getJob()).isEqualTo("research_cycle");
        assertThat(r.getTenant()).isEqualTo(tenant);
        assertThat(r.getRunId()).isPositive();
        assertThat(r.getStepsList()).extracting(JobStep::getName).containsExactly("trends", "gaps", "synergies",
                "templates", "project_suggestions", "prioritise", "synapse_care");
        assertThat(r.getStepsList()).allSatisfy(s -> assertThat(s.getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE));
        assertThat(createdPerPhase(r)).containsAllEntriesOf(Map.of("trends", 1L, "gaps", 4L, "synergies", 3L,
                "templates", 1L, "project_suggestions", 2L));
        assertThat(r.getCountsMap()).containsEntry("insights_created", (long) CycleDataset.INSIGHTS)
                .containsEntry("insights_updated", 0L).containsEntry("insights_expired", 0L)
                .containsEntry("synapse_events_failed", 0L).containsEntry("notifications_sent", (long) CycleDataset.INSIGHTS);

        List<Insight> active = insights(tenant, InsightStatus.INSIGHT_STATUS_ACTIVE);
        assertThat(active).extracting(Insight::getDedupKey).containsExactlyInAnyOrder("trend:success-rate:down",
                "gap:error:101", "gap:error:102", "gap:isolated-errors", "gap:shared-fingerprint:shared1",
                "synergy:modules:11:12", "synergy:projects:1:2", "synergy:workflow:fp-a>fp-b",
                "template:modules:21,22,23", "project:template:rest-api", "project:template:data-pipeline");
        Insight critical = byKey(tenant, "gap:error:101");
        assertThat(critical.getPriority()).isEqualTo(InsightPriority.INSIGHT_PRIORITY_CRITICAL);
        assertThat(critical.getConfidence()).isEqualTo(Math.min(0.95, 0.5 + 12 * 0.1));
        assertThat(critical.getAffectedProjectsList()).containsExactly(1L);
        assertThat(byKey(tenant, "gap:error:102").getPriority()).isEqualTo(InsightPriority.INSIGHT_PRIORITY_HIGH);
        assertThat(byKey(tenant, "trend:success-rate:down").getConfidence()).isEqualTo(Math.min(0.9, 0.5 + (0.8 - 0.6)));
        // first in the list: critical, then by confidence
        assertThat(active.get(0).getDedupKey()).isEqualTo("gap:error:101");
        // every insight got an embedding in the prioritise phase
        assertThat(jdbc.count("select count(*) from insight where tenant = ? and embedding is not null", tenant))
                .isEqualTo(CycleDataset.INSIGHTS);
        // memory-service ran the synapse decay
        assertThat(ServiceDoubles.get().calls(tenant, "RunJob")).singleElement().satisfies(
                c -> assertThat(((RunJobRequest) c.request()).getJob()).isEqualTo(MemoryJob.MEMORY_JOB_SYNAPSE_DECAY));
        // the job_run row holds the counts per phase
        assertThat(jdbc.one("select status || ' ' || (counts->'gaps'->'counts'->>'insights_created') from job_run where id = ?",
                rs -> rs.getString(1), r.getRunId())).contains("done 4");
    }

    @Test
    void newInsightsAreLinkedDerivedFromTheirEvidenceAndGeneralizingTheirModulesAndNotified() {
        String tenant = CycleDataset.tenant("t-links");
        CycleDataset.seed(tenant);
        CycleDataset.eligible(tenant);
        cycle(tenant);

        Insight gap = byKey(tenant, "gap:error:101");
        Insight template = byKey(tenant, "template:modules:21,22,23");
        List<SynapseEvent> events = CycleDataset.events(tenant);
        NodeRef gapNode = NodeRef.newBuilder().setType(NodeType.NODE_TYPE_INSIGHT).setId(gap.getId()).build();
        assertThat(events).filteredOn(e -> e.getSource().equals(gapNode)).singleElement().satisfies(e -> {
            assertThat(e.getOp()).isEqualTo(SynapseEventOp.SYNAPSE_EVENT_OP_STRENGTHEN);
            assertThat(e.getSynapseType()).isEqualTo(SynapseType.SYNAPSE_TYPE_DERIVED_FROM);
            assertThat(e.getTarget()).isEqualTo(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_ERROR).setId(101).build());
            assertThat(e.getIdempotencyKey()).isEqualTo("research-service:insight:" + gap.getId() + ":"
                    + (gap.getUpdatedAt().getSeconds() * 1000 + gap.getUpdatedAt().getNanos() / 1_000_000)
                    + ":derived_from:error:101");
        });
        NodeRef templateNode = NodeRef.newBuilder().setType(NodeType.NODE_TYPE_INSIGHT).setId(template.getId()).build();
        assertThat(events).filteredOn(e -> e.getSource().equals(templateNode)
                && e.getSynapseType() == SynapseType.SYNAPSE_TYPE_GENERALIZES)
                .extracting(e -> e.getTarget().getId()).containsExactly(21L, 22L, 23L);
        assertThat(events).filteredOn(e -> e.getSource().equals(templateNode)
                && e.getSynapseType() == SynapseType.SYNAPSE_TYPE_DERIVED_FROM)
                .extracting(e -> e.getTarget().getType()).containsOnly(NodeType.NODE_TYPE_CODE_MODULE).hasSize(3);
        // one batch per phase that created linked insights, each ≤ 1000 events
        assertThat(ServiceDoubles.get().calls(tenant, "ApplySynapseEvents")).hasSize(4);

        List<CreateNotificationRequest> notes = CycleDataset.notifications(tenant);
        assertThat(notes).hasSize(CycleDataset.INSIGHTS);
        assertThat(notes).filteredOn(n -> n.getReferenceId() == gap.getId()).singleElement().satisfies(n -> {
            assertThat(n.getType()).isEqualTo(NotificationType.NOTIFICATION_TYPE_LEARNING_INSIGHT);
            assertThat(n.getReferenceType()).isEqualTo(NodeType.NODE_TYPE_INSIGHT);
            assertThat(n.getDedupKey()).isEqualTo("insight:" + gap.getId());
            assertThat(n.getSummary()).isEqualTo(gap.getTitle());
        });
    }

    @Test
    void aSecondCycleConfirmsOrUpdatesInsteadOfDuplicating() {
        String tenant = CycleDataset.tenant("t-twice");
        CycleDataset.seed(tenant);
        CycleDataset.eligible(tenant);
        cycle(tenant);
        long gapId = byKey(tenant, "gap:error:101").getId();
        int notified = CycleDataset.notifications(tenant).size();

        JobRunResult same = cycle(tenant);
        assertThat(same.getCountsMap()).containsEntry("insights_created", 0L).containsEntry("insights_updated", 0L)
                .containsEntry("insights_unchanged", (long) CycleDataset.INSIGHTS).containsEntry("embedded", 0L);
        assertThat(CycleDataset.notifications(tenant)).hasSize(notified);

        ServiceDoubles.get().answer(tenant, CycleDataset.unresolved(13, true));
        JobRunResult changed = cycle(tenant);
        // the gap's title names the occurrences: it is embedded again
        assertThat(changed.getCountsMap()).containsEntry("insights_created", 0L).containsEntry("insights_updated", 1L)
                .containsEntry("embedded", 1L);
        assertThat(jdbc.count("select count(*) from insight where tenant = ?", tenant)).isEqualTo(CycleDataset.INSIGHTS);
        Insight gap = byKey(tenant, "gap:error:101");
        assertThat(gap.getId()).isEqualTo(gapId);
        assertThat(gap.getEvidence().getFieldsOrThrow("occurrences").getNumberValue()).isEqualTo(13);
        assertThat(CycleDataset.notifications(tenant)).hasSize(notified + 1);
    }

    @Test
    void aDismissedInsightStaysDismissedAfterTheNextCycle() {
        String tenant = CycleDataset.tenant("t-dismiss");
        CycleDataset.seed(tenant);
        CycleDataset.eligible(tenant);
        cycle(tenant);
        Insight gap = byKey(tenant, "gap:error:101");
        research(tenant).updateInsightStatus(UpdateInsightStatusRequest.newBuilder().setId(gap.getId())
                .setStatus(InsightStatus.INSIGHT_STATUS_DISMISSED).build());

        ServiceDoubles.get().answer(tenant, CycleDataset.unresolved(20, true));
        JobRunResult next = cycle(tenant);

        assertThat(next.getCountsMap()).containsEntry("insights_dismissed_kept", 1L).containsEntry("insights_created", 0L);
        Insight after = research(tenant).getInsight(GetInsightRequest.newBuilder().setId(gap.getId()).build()).getInsight();
        assertThat(after.getStatus()).isEqualTo(InsightStatus.INSIGHT_STATUS_DISMISSED);
        assertThat(after.getEvidence().getFieldsOrThrow("occurrences").getNumberValue()).isEqualTo(12);
        assertThat(jdbc.count("select count(*) from insight where tenant = ? and dedup_key = 'gap:error:101'", tenant))
                .isEqualTo(1);
    }

    @Test
    void anUnconfirmedInsightPastItsExpiryExpiresAndANewOneMayFollow() {
        String tenant = CycleDataset.tenant("t-expire");
        CycleDataset.seed(tenant);
        CycleDataset.eligible(tenant);
        cycle(tenant);
        long old = byKey(tenant, "gap:error:102").getId();
        jdbc.update("update insight set expires_at = now() - interval '1 day' where id = ?", old);

        ServiceDoubles.get().answer(tenant, CycleDataset.unresolved(12, false));
        JobRunResult r = cycle(tenant);
        assertThat(r.getCountsMap()).containsEntry("insights_expired", 1L);
        assertThat(research(tenant).getInsight(GetInsightRequest.newBuilder().setId(old).build()).getInsight().getStatus())
                .isEqualTo(InsightStatus.INSIGHT_STATUS_EXPIRED);

        ServiceDoubles.get().answer(tenant, CycleDataset.unresolved(12, true));
        JobRunResult again = cycle(tenant);
        assertThat(again.getCountsMap()).containsEntry("insights_created", 1L);
        assertThat(byKey(tenant, "gap:error:102").getId()).isNotEqualTo(old);
    }

    @Test
    void activeInsightsAreCappedLowestFirst() {
        String tenant = CycleDataset.tenant("t-cap");
        CycleDataset.seed(tenant);
        CycleDataset.eligible(tenant);
        jdbc.update("""
                insert into insight (tenant, type, title, description, evidence, confidence, priority, base_priority,
                    dedup_key, expires_at, created_at, updated_at)
                select ?, 'pattern', 'filler ' || g, 'filler', jsonb_build_object('n', g), 0.1, 'low', 'low',
                    'test:filler:' || g, now() + interval '30 days', now(), now()
                from generate_series(1, 200) g""", tenant);

        JobRunResult r = cycle(tenant);

        assertThat(r.getStepsList().get(5).getCountsMap()).containsEntry("capped", (long) CycleDataset.INSIGHTS);
        assertThat(jdbc.count("select count(*) from insight where tenant = ? and status = 'active'", tenant)).isEqualTo(200);
        assertThat(jdbc.count("select count(*) from insight where tenant = ? and status = 'expired' and type <> 'pattern'",
                tenant)).isZero();
    }

    @Test
    void insightsTheCapPushedOutAreNotRecreatedByTheNextCycle() {
        String tenant = CycleDataset.tenant("t-cap-kept");
        CycleDataset.seed(tenant);
        CycleDataset.eligible(tenant);
        // 200 critical, certain insights: every insight of the cycle ranks below them and is pushed out
        jdbc.update("""
                insert into insight (tenant, type, title, description, evidence, confidence, priority, base_priority,
                    dedup_key, expires_at, created_at, updated_at)
                select ?, 'pattern', 'filler ' || g, 'filler', jsonb_build_object('n', g), 1.0, 'critical', 'critical',
                    'test:filler:' || g, now() + interval '30 days', now(), now()
                from generate_series(1, 200) g""", tenant);

        JobRunResult first = cycle(tenant);
        JobRunResult second = cycle(tenant);

        assertThat(first.getCountsMap()).containsEntry("insights_created", (long) CycleDataset.INSIGHTS);
        assertThat(second.getCountsMap()).containsEntry("insights_created", 0L)
                .containsEntry("insights_capped_kept", (long) CycleDataset.INSIGHTS);
        assertThat(jdbc.count("select count(*) from insight where tenant = ? and type <> 'pattern'", tenant))
                .as("no twin of a pushed-out insight").isEqualTo(CycleDataset.INSIGHTS);
    }

    @Test
    void aPhaseKeepsAtMostMaxActiveDraftsTheHighestFirst() {
        String tenant = CycleDataset.tenant("t-many");
        CycleDataset.seed(tenant);
        CycleDataset.eligible(tenant);
        UnresolvedRecurringResponse.Builder many = UnresolvedRecurringResponse.newBuilder();
        for (int i = 0; i < 205; i++) {
            many.addErrors(CycleDataset.error(1000 + i, 1, "TypeError", i == 0 ? 50 : 5));
        }
        ServiceDoubles.get().answer(tenant, many.build());

        JobRunResult r = cycle(tenant);

        // 205 gaps + isolated errors + shared fingerprint = 207 drafts → 200 kept
        JobStep gaps = r.getStepsList().get(1);
        assertThat(gaps.getCountsMap()).containsEntry("drafts_dropped", 7L).containsEntry("insights_created", 200L);
        assertThat(byKey(tenant, "gap:error:1000").getPriority()).isEqualTo(InsightPriority.INSIGHT_PRIORITY_CRITICAL);
        assertThat(jdbc.count("select count(*) from insight where tenant = ? and dedup_key in"
                + " ('gap:isolated-errors', 'gap:shared-fingerprint:shared1')", tenant)).isZero();
    }

    @Test
    void aGapSeenInThreeDistinctWeeksBecomesAToolIdea() {
        String tenant = CycleDataset.tenant("t-tool");
        CycleDataset.seed(tenant);
        CycleDataset.eligible(tenant);
        cycle(tenant);
        Insight gap = byKey(tenant, "gap:error:102");
        assertThat(gap.getEvidence().getFieldsOrThrow("weeks_seen").getListValue().getValuesCount()).isEqualTo(1);
        assertThat(insights(tenant, InsightStatus.INSIGHT_STATUS_ACTIVE))
                .noneMatch(i -> i.getDedupKey().startsWith("project:tool-idea"));
        jdbc.update("update insight set evidence = jsonb_set(evidence, '{weeks_seen}', '[\"2000-W01\",\"2000-W02\"]')"
                + " where id = ?", gap.getId());

        JobRunResult r = cycle(tenant);

        assertThat(r.getStepsList().get(4).getCountsMap()).containsEntry("insights_created", 1L);
        Insight idea = byKey(tenant, "project:tool-idea:gap:error:102");
        assertThat(idea.getType()).isEqualTo(InsightType.INSIGHT_TYPE_PROJECT_SUGGESTION);
        assertThat(idea.getEvidence().getFieldsOrThrow("weeks").getNumberValue()).isEqualTo(3);
        assertThat(CycleDataset.events(tenant)).anySatisfy(e -> {
            assertThat(e.getSource().getId()).isEqualTo(idea.getId());
            assertThat(e.getTarget())
                    .isEqualTo(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_INSIGHT).setId(gap.getId()).build());
        });
    }

    @Test
    void withMemoryDownTheCycleStillStoresItsInsightsAndCountsWhatFailed() {
        String tenant = CycleDataset.tenant("t-down");
        CycleDataset.seed(tenant);
        CycleDataset.eligible(tenant);
        ServiceDoubles.get().memoryDown = true;
        JobRunResult r;
        try {
            r = cycle(tenant);
        } finally {
            ServiceDoubles.get().memoryDown = false;
        }
        assertThat(r.getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
        // without memory: no isolated-errors gap and no module synergy
        assertThat(r.getCountsMap()).containsEntry("insights_created", (long) CycleDataset.INSIGHTS - 2)
                .containsEntry("synapse_events_sent", 0L).containsEntry("embedded", 0L)
                .containsEntry("embeddings_failed", (long) CycleDataset.INSIGHTS - 2)
                .containsEntry("memory_unavailable", 3L);
        assertThat(r.getCountsOrThrow("synapse_events_failed")).isPositive();
        assertThat(insights(tenant, InsightStatus.INSIGHT_STATUS_ACTIVE)).hasSize(CycleDataset.INSIGHTS - 2);

        // back up: the next cycle embeds what was missed
        JobRunResult next = cycle(tenant);
        assertThat(next.getCountsMap()).containsEntry("embedded", (long) CycleDataset.INSIGHTS);
    }

    @Test
    void belowMinDataPointsTheCycleIsSkipped() {
        String tenant = CycleDataset.tenant("t-small");
        CycleDataset.seed(tenant);
        ServiceDoubles.get().answer("*", ResearchTenantsResponse.newBuilder().addTenants(TenantDataPoints.newBuilder()
                .setTenant(tenant).setErrors(5).setSolutions(4)).build());

        JobRunResult r = cycle(tenant);

        assertThat(r.getStatus()).isEqualTo(JobStatus.JOB_STATUS_SKIPPED_PRECONDITION);
        assertThat(r.getMessage()).isEqualTo("below minDataPoints: 9 errors + solutions < 10");
        assertThat(r.getStepsList()).isEmpty();
        assertThat(insights(tenant, InsightStatus.INSIGHT_STATUS_ACTIVE)).isEmpty();
        assertThat(jdbc.one("select status from job_run where id = ?", rs -> rs.getString(1), r.getRunId()))
                .contains("skipped");
        // a tenant error-service does not know has no data at all
        assertThat(cycle(CycleDataset.tenant("t-unknown")).getStatus()).isEqualTo(JobStatus.JOB_STATUS_SKIPPED_PRECONDITION);
    }

    @Test
    void twoRacingCallersRunTheCycleOnce() throws Exception {
        String tenant = CycleDataset.tenant("t-race");
        CycleDataset.seed(tenant);
        CycleDataset.eligible(tenant);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (Connection c = dataSource.getConnection()) {
            // the winner blocks on its first insight until this transaction ends, holding the cycle lock
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("lock table research.insight in exclusive mode");
            }
            ExecutorCompletionService<JobRunResult> runs = new ExecutorCompletionService<>(pool);
            runs.submit(() -> cycle(tenant));
            runs.submit(() -> cycle(tenant));
            Future<JobRunResult> first = runs.poll(30, TimeUnit.SECONDS);
            assertThat(first).as("one caller returns while the other holds the lock").isNotNull();
            assertThat(first.get().getStatus()).isEqualTo(JobStatus.JOB_STATUS_SKIPPED_LOCKED);
            c.rollback();
            Future<JobRunResult> second = runs.poll(60, TimeUnit.SECONDS);
            assertThat(second).isNotNull();
            assertThat(second.get().getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
            assertThat(second.get().getCountsOrThrow("insights_created")).isEqualTo(CycleDataset.INSIGHTS);
        } finally {
            pool.shutdownNow();
        }
        assertThat(jdbc.list("select status from job_run where tenant = ? order by id", rs -> rs.getString(1), tenant))
                .containsExactlyInAnyOrder("skipped", "done");
    }

    @Test
    void aCallForAnotherTenantIsPermissionDenied() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> research("t-me").runCycle(RunResearchCycleRequest
                .newBuilder().setScope(Scope.newBuilder().setTenant("t-other")).build()))
                .isInstanceOfSatisfying(io.grpc.StatusRuntimeException.class, e -> assertThat(e.getStatus().getCode())
                        .isEqualTo(io.grpc.Status.Code.PERMISSION_DENIED));
    }
}
