package dev.brain.gateway.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.errors.ErrorViews.AttemptView;
import dev.brain.gateway.errors.ErrorViews.ErrorList;
import dev.brain.gateway.errors.ErrorViews.ErrorReport;
import dev.brain.gateway.errors.ErrorViews.ListedError;
import dev.brain.gateway.errors.ErrorViews.MatchView;
import dev.brain.gateway.errors.ErrorViews.NotificationView;
import dev.brain.gateway.errors.ErrorViews.Notifications;
import dev.brain.gateway.errors.ErrorViews.RuleList;
import dev.brain.gateway.errors.ErrorViews.RuleView;
import dev.brain.gateway.errors.ErrorViews.SolutionView;
import dev.brain.grpc.v1.ObservedKind;
import dev.brain.grpc.v1.ObservedLearning;

class HookHintsTest {

    static SolutionView solution(long id, String title) {
        return new SolutionView(id, title, null, List.of(), null, 0.61, 0.61, 2, 0, 0, "reported", 0);
    }

    static SolutionView observed(long id, String title, int seen) {
        return new SolutionView(id, title, null, List.of(), "--- a/app.py\n", 0.61, 0.61, seen, 0, 0, "observed", seen);
    }

    static ErrorReport report(long id, String project, List<SolutionView> own, List<AttemptView> attempts,
            List<MatchView> matches) {
        return new ErrorReport(id, false, "f", "KeyError", "'customer_ref'", "python", project, 2, false, false, own,
                attempts, matches, List.of(), false, 0, null);
    }

    @Test
    void aSolutionSeenToWorkSaysHowOftenAndWhere() {
        assertThat(HookHints.failure(report(12, "shop", List.of(observed(5, "app.py:5: a → b", 3)), List.of(), List.of())))
                .isEqualTo("Brain: known error #12 (KeyError: 'customer_ref', seen 2×) — solution #5 \"app.py:5: a → b\""
                        + " (confidence 0.61; worked 3× in this project). More: brain_get_error 12.");
        MatchView elsewhere = new MatchView(7, 0.97, true, "KeyError", "'customer_ref'", "shop", 1, true,
                List.of(observed(5, "app.py:5: a → b", 1)), List.of());
        assertThat(HookHints.failure(report(30, "shop-2", List.of(), List.of(), List.of(elsewhere))))
                .isEqualTo("Brain: similar to error #7 (KeyError: 'customer_ref', project shop, score 0.97) — solution #5"
                        + " \"app.py:5: a → b\" (confidence 0.61; worked 1× in project shop). More: brain_get_error 30.");
    }

    @Test
    void anObservedFailedAttemptSaysItIsStillFailing() {
        AttemptView tried = new AttemptView(3, "app.py:4: print(a) → print(b)", "still failing: KeyError: 'customer_ref'",
                "failure", "observed");
        assertThat(HookHints.failure(report(12, "shop", List.of(), List.of(tried), List.of())))
                .isEqualTo("Brain: known error #12 (KeyError: 'customer_ref', seen 2×) — no known solution yet; tried:"
                        + " app.py:4: print(a) → print(b) — still failing: KeyError: 'customer_ref'. More: brain_get_error 12.");
    }

    @Test
    void whatASessionTaughtIsOneLineAndOnlyForASolution() {
        assertThat(HookHints.learned(ObservedLearning.newBuilder().setKind(ObservedKind.OBSERVED_KIND_NEW_SOLUTION)
                .setErrorId(12).setSolutionId(5).setTitle("app.py:5: a → b").build())).isEqualTo("Brain: learned the fix"
                        + " of error #12 from this session and saved it as solution #5 \"app.py:5: a → b\" (no need to report it).");
        assertThat(HookHints.learned(ObservedLearning.newBuilder().setKind(ObservedKind.OBSERVED_KIND_SOLUTION_SUCCEEDED)
                .setErrorId(12).setSolutionId(5).build())).isEqualTo("Brain: solution #5 fixed error #12 again; its"
                        + " confidence went up.");
        assertThat(HookHints.learned(ObservedLearning.newBuilder().setKind(ObservedKind.OBSERVED_KIND_CHAINED).build()))
                .isNull();
        assertThat(HookHints.learned(null)).isNull();
    }

    @Test
    void theDigestSaysWhenTheBestSolutionWasSeenToWork() {
        ErrorList errors = new ErrorList("unresolved", "shop", List.of(new ListedError(12, "KeyError", "'customer_ref'",
                "shop", 3, null, false, observed(5, "Use order.get", 2))));
        assertThat(HookHints.digest("shop", errors, null, null)).isEqualTo("Brain, project shop: 1 unresolved error: #12"
                + " KeyError: 'customer_ref' (3×; try \"Use order.get\", worked 2×). Details: brain_get_error ID.");
    }

    @Test
    void theDigestNamesErrorsRulesAndNotifications() {
        ErrorList errors = new ErrorList("unresolved", "shop", List.of(
                new ListedError(12, "KeyError", "'customer_ref'", "shop", 3, "2026-12-01T10:00:00Z", false,
                        solution(5, "Use order.get('customer_ref')")),
                new ListedError(15, "TypeError", "x is undefined", "shop", 1, "2026-12-01T09:00:00Z", false, null)));
        RuleList rules = new RuleList("shop", List.of(new RuleView(4, "warning", "Set ORDERS_URL first", "KeyError",
                List.of("python3 app.py"), "export it", 0.7, 3, 1, 0, false, true, null)));
        Notifications notifications = new Notifications(List.of(new NotificationView(9, "error_reopened",
                "Error #12 was resolved and occurred again", "shop", "error", 12, null)), false);
        assertThat(HookHints.digest("shop", errors, rules, notifications)).isEqualTo("Brain, project shop: 2 unresolved "
                + "errors: #12 KeyError: 'customer_ref' (3×; try \"Use order.get('customer_ref')\"); #15 TypeError: x is "
                + "undefined (1×). 1 active rule: #4 Set ORDERS_URL first. 1 notification (Error #12 was resolved and "
                + "occurred again; brain_notifications). Details: brain_get_error ID.");
    }

    @Test
    void theDigestIsCutAt600CharactersAndNullWhenThereIsNothing() {
        List<ListedError> many = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            many.add(new ListedError(100 + i, "ValueError", "a long message " + "y".repeat(100), "shop", 2, null, false,
                    solution(i, "a long solution title " + "z".repeat(80))));
        }
        String digest = HookHints.digest("shop", new ErrorList("unresolved", "shop", many), null, null);
        assertThat(digest).hasSize(600).endsWith("…")
                .startsWith("Brain, project shop: the 5 most frequent unresolved errors: #100 ");
        assertThat(HookHints.digest("shop", new ErrorList("unresolved", "shop", List.of()),
                new RuleList("shop", List.of()), new Notifications(List.of(), false))).isNull();
        assertThat(HookHints.digest("shop", null, null, null)).isNull();
    }
}
