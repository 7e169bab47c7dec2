package dev.brain.gateway.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.errors.ErrorViews.ErrorList;
import dev.brain.gateway.errors.ErrorViews.ListedError;
import dev.brain.gateway.errors.ErrorViews.NotificationView;
import dev.brain.gateway.errors.ErrorViews.Notifications;
import dev.brain.gateway.errors.ErrorViews.RuleList;
import dev.brain.gateway.errors.ErrorViews.RuleView;
import dev.brain.gateway.errors.ErrorViews.SolutionView;

class HookHintsTest {

    static SolutionView solution(long id, String title) {
        return new SolutionView(id, title, null, List.of(), null, 0.61, 0.61, 2, 0, 0);
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
        assertThat(digest).hasSize(600).endsWith("…").startsWith("Brain, project shop: the 5 most frequent unresolved errors: #100 ");
        assertThat(HookHints.digest("shop", new ErrorList("unresolved", "shop", List.of()),
                new RuleList("shop", List.of()), new Notifications(List.of(), false))).isNull();
        assertThat(HookHints.digest("shop", null, null, null)).isNull();
    }
}
