package dev.brain.error.learning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.JobRunResult;
import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.ListAntipatternsRequest;
import dev.brain.grpc.v1.ListNotificationsRequest;
import dev.brain.grpc.v1.ListRulesRequest;
import dev.brain.grpc.v1.PreventionKind;
import dev.brain.grpc.v1.PreventionOutcome;
import dev.brain.grpc.v1.ReportAttemptRequest;
import dev.brain.grpc.v1.ReportRuleOutcomeRequest;
import dev.brain.grpc.v1.Rule;
import dev.brain.grpc.v1.RulePruneReason;
import dev.brain.grpc.v1.RuleType;
import dev.brain.grpc.v1.RunLearningCycleRequest;
import dev.brain.grpc.v1.Severity;
import dev.brain.grpc.v1.SolutionOutcome;
import io.quarkus.test.junit.QuarkusTest;

/** The learning cycle on constructed histories (error-code.md §8, §18.7). */
@QuarkusTest
class LearningCycleTest extends ErrorServiceTestBase {

    static String undefinedRead(String property, String file) {
        return "TypeError: Cannot read properties of undefined (reading '" + property + "')\n    at render (/srv/app/src/"
                + file + ":10:5)";
    }

    /** Three errors of one pattern, each solved; successes per pair as given. */
    private void solvedPattern(String project, int... successes) {
        String[] properties = { "map", "filter", "reduce", "forEach" };
        for (int i = 0; i < successes.length; i++) {
            long error = report(project, "s-" + i, undefinedRead(properties[i], "list" + i + ".js"), "npm test")
                    .getError().getId();
            long solution = solve(project, error, "Default the list to []").getSolution().getId();
            for (int k = 1; k < successes[i]; k++) {
                rate(error, solution, SolutionOutcome.SOLUTION_OUTCOME_SUCCESS);
            }
        }
    }

    private JobRunResult run() {
        return learning().runLearningCycle(RunLearningCycleRequest.getDefaultInstance()).getResult();
    }

    @Test
    void aPatternBecomesASuggestionRuleAndASecondRunCreatesNoTwins() {
        solvedPattern("shop", 2, 2, 2); // S = 6 of 6 → wilson(6, 6) = 0.6097 ≥ 0.60
        JobRunResult first = run();
        assertThat(first.getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
        assertThat(first.getCountsMap()).containsEntry("pairs", 3L).containsEntry("patterns", 1L)
                .containsEntry("rules_created", 1L).containsEntry("notifications", 1L);
        assertThat(first.getStepsList()).extracting(s -> s.getName()).containsExactly("collect", "confidence",
                "patterns", "rules", "prune", "antipatterns", "cross_project", "modules", "notifications");
        List<Rule> rules = prevention().listRules(ListRulesRequest.getDefaultInstance()).getRulesList();
        assertThat(rules).hasSize(1);
        Rule rule = rules.get(0);
        assertThat(rule.getRuleType()).isEqualTo(RuleType.RULE_TYPE_SUGGESTION);
        assertThat(rule.getConfidence()).isCloseTo(0.6097, within(1e-4));
        assertThat(rule.getErrorType()).isEqualTo("TypeError");
        assertThat(rule.getRequiredTokensList()).containsExactly("Cannot", "read", "properties", "of", "undefined",
                "(reading");
        assertThat(rule.getFileExtensionsList()).containsExactly("js");
        assertThat(rule.getCommandsList()).containsExactly("npm test");
        assertThat(rule.getSourceErrorIdsList()).hasSize(3).isSorted();
        assertThat(rule.getName()).startsWith("Auto: Cannot read properties");
        assertThat(notifications().listNotifications(ListNotificationsRequest.getDefaultInstance())
                .getNotificationsList()).anySatisfy(n -> assertThat(n.getDedupKey()).isEqualTo("rule:" + rule.getId()));

        String before = snapshot();
        JobRunResult second = run();
        assertThat(second.getCountsMap()).containsEntry("rules_created", 0L).containsEntry("rules_updated", 0L)
                .containsEntry("antipatterns_created", 0L).containsEntry("antipatterns_updated", 0L)
                .containsEntry("cross_project_links", 0L).containsEntry("notifications", 0L);
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void justBelowTheConfidenceThresholdNoRuleIsCreated() {
        solvedPattern("shop", 2, 2, 1); // wilson(5, 5) = 0.5655 < 0.60
        JobRunResult result = run();
        assertThat(result.getCountsMap()).containsEntry("patterns", 1L).containsEntry("rules_created", 0L);
    }

    @Test
    void twoPairsAreAPatternButNotARule() {
        solvedPattern("shop", 4, 4); // occurrences 2 < 3
        assertThat(run().getCountsMap()).containsEntry("patterns", 1L).containsEntry("rules_created", 0L);
    }

    @Test
    void rejectedRulesArePrunedAndStayInactive() {
        solvedPattern("shop", 2, 2, 2);
        run();
        long ruleId = prevention().listRules(ListRulesRequest.getDefaultInstance()).getRules(0).getId();
        for (int i = 0; i < 3; i++) {
            prevention().reportRuleOutcome(ReportRuleOutcomeRequest.newBuilder().setKind(PreventionKind.PREVENTION_KIND_RULE)
                    .setId(ruleId).setOutcome(PreventionOutcome.PREVENTION_OUTCOME_REJECTED).build());
        }
        Rule rejected = prevention().listRules(ListRulesRequest.getDefaultInstance()).getRules(0);
        assertThat(rejected.getRejectionCount()).isEqualTo(3);
        assertThat(rejected.getConfidence()).isCloseTo(0.3542, within(1e-4)); // wilson(6, 9)
        assertThat(run().getCountsMap()).containsEntry("rules_pruned", 1L);
        Rule pruned = prevention().listRules(ListRulesRequest.getDefaultInstance()).getRules(0);
        assertThat(pruned.getActive()).isFalse();
        assertThat(pruned.getPruneReason()).isEqualTo(RulePruneReason.RULE_PRUNE_REASON_REJECTIONS);
        assertThat(run().getCountsMap()).containsEntry("rules_pruned", 0L).containsEntry("rules_updated", 0L);
        assertThat(prevention().listRules(ListRulesRequest.getDefaultInstance()).getRules(0).getActive()).isFalse();
    }

    @Test
    void aRuleWhoseEvidenceAgesBelowThePruneThresholdIsPrunedAndComesBackWithNewEvidence() {
        solvedPattern("shop", 2, 2, 2);
        run();
        clock.advance(java.time.Duration.ofDays(60)); // 0.6097 × 0.5^(60/30) = 0.1524 < 0.20
        JobRunResult aged = run();
        assertThat(aged.getCountsMap()).containsEntry("rules_pruned", 1L);
        Rule weak = prevention().listRules(ListRulesRequest.getDefaultInstance()).getRules(0);
        assertThat(weak.getActive()).isFalse();
        assertThat(weak.getPruneReason()).isEqualTo(RulePruneReason.RULE_PRUNE_REASON_LOW_CONFIDENCE);
        assertThat(weak.getConfidence()).isCloseTo(0.6097 * 0.25, within(1e-3));
        // fresh successes on every pair: the pattern's evidence is recent again and the rule is reactivated
        for (var pair : jdbc.list("select error_id, solution_id from error_solution where tenant = ?",
                rs -> new long[] { rs.getLong(1), rs.getLong(2) }, tenant)) {
            rate(pair[0], pair[1], SolutionOutcome.SOLUTION_OUTCOME_SUCCESS);
        }
        run();
        Rule back = prevention().listRules(ListRulesRequest.getDefaultInstance()).getRules(0);
        assertThat(back.getActive()).isTrue();
        assertThat(back.getPruneReason()).isEqualTo(RulePruneReason.RULE_PRUNE_REASON_UNSPECIFIED);
    }

    @Test
    void recurringErrorsWithoutAFixBecomeAntipatterns() {
        String output = "Error: listen EADDRINUSE: address already in use :::3000\n    at Server.setupListenHandle (node:net:1817:16)\n    at start (/srv/app/src/server.js:8:3)";
        long warning = 0;
        for (int i = 0; i < 3; i++) {
            warning = report("shop", "s1", output, "npm start").getError().getId();
        }
        long critical = 0;
        String other = "Error: connect ECONNREFUSED 127.0.0.1:6379\n    at TCPConnectWrap.afterConnect (node:net:1555:16)\n    at cache (/srv/app/src/cache.js:4:9)";
        for (int i = 0; i < 3; i++) {
            critical = report("shop", "s1", other, "npm start").getError().getId();
        }
        long belowThreshold = 0;
        for (int i = 0; i < 3; i++) {
            belowThreshold = report("shop", "s1", "SyntaxError: Unexpected token '}'\n    at parse (/srv/app/src/conf.js:2:1)",
                    "node conf.js").getError().getId();
        }
        attempt(warning, 2);
        attempt(critical, 4);
        attempt(belowThreshold, 1);
        JobRunResult result = run();
        assertThat(result.getCountsMap()).containsEntry("antipatterns_created", 2L);
        var antipatterns = prevention().listAntipatterns(ListAntipatternsRequest.getDefaultInstance())
                .getAntipatternsList();
        assertThat(antipatterns).extracting(a -> a.getSourceErrorId()).containsExactly(critical, warning);
        assertThat(antipatterns.get(0).getSeverity()).isEqualTo(Severity.SEVERITY_CRITICAL);
        assertThat(antipatterns.get(0).getConfidence()).isCloseTo(0.9, within(1e-9));
        assertThat(antipatterns.get(1).getSeverity()).isEqualTo(Severity.SEVERITY_WARNING);
        assertThat(antipatterns.get(1).getConfidence()).isCloseTo(0.6, within(1e-9));
        assertThat(antipatterns.get(1).getDescription()).startsWith("Recurring error without a working fix: ")
                .contains("Tried without success: try 0; try 1");
        assertThat(antipatterns.get(1).getCommandsList()).containsExactly("npm start");
        assertThat(notifications().listNotifications(ListNotificationsRequest.newBuilder().setScope(scope("shop"))
                .build()).getNotificationsList()).filteredOn(n -> n.getDedupKey().startsWith("antipattern:")).hasSize(2);

        long solved = warning;
        solve("shop", solved, "Kill the stale dev server");
        run();
        var after = prevention().listAntipatterns(ListAntipatternsRequest.getDefaultInstance()).getAntipatternsList();
        assertThat(after).filteredOn(a -> a.getSourceErrorId() == solved).singleElement()
                .satisfies(a -> assertThat(a.getActive()).isFalse());
    }

    private void attempt(long errorId, int times) {
        for (int i = 0; i < times; i++) {
            errors().reportAttempt(ReportAttemptRequest.newBuilder().setErrorId(errorId).setDescription("try " + i).build());
        }
    }

    @Test
    void crossProjectPairsAreLinkedOnceWithinTheTenant() {
        String output = undefinedRead("map", "list.js");
        long a = report("project-a", output).getError().getId();
        solve("project-a", a, "Default the list to []");
        long b = report("project-b", output).getError().getId();
        report("project-c", output);
        JobRunResult result = run();
        assertThat(result.getCountsMap()).containsEntry("cross_project_links", 2L);
        assertThat(events()).contains("strengthen cross_project error:" + a + "->error:" + b);
        assertThat(notifications().listNotifications(ListNotificationsRequest.newBuilder()
                .setScope(scope("project-b")).build()).getNotificationsList())
                .anySatisfy(n -> assertThat(n.getDedupKey()).isEqualTo("xproj:" + a + ":" + b));
        assertThat(run().getCountsMap()).containsEntry("cross_project_links", 0L);
    }

    private String snapshot() {
        return String.join("\n", jdbc.list("""
                select 'rule ' || r::text from rule r where tenant = ?
                union all select 'antipattern ' || a::text from antipattern a where tenant = ?
                union all select 'notification ' || n::text from notification n where tenant = ?
                union all select 'error_solution ' || es::text from error_solution es where tenant = ?
                union all select 'solution ' || s.id || s.confidence from solution s where tenant = ?
                union all select 'outbox ' || o.id from outbox o where tenant = ?
                order by 1""", rs -> rs.getString(1), tenant, tenant, tenant, tenant, tenant, tenant));
    }
}
