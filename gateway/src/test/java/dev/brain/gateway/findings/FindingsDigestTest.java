package dev.brain.gateway.findings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.errors.ErrorViews.ErrorList;
import dev.brain.gateway.errors.ErrorViews.ListedError;
import dev.brain.gateway.hooks.HookHints;

/** The findings count in the SessionStart digest (gateway.md §3): first, and never cut away. */
class FindingsDigestTest {

    static final String READ = " of this project: read .brain/INDEX.md or findings_index before exploring";

    @Test
    void aProjectWithFindingsOnlyGetsTheCountAlone() {
        assertThat(HookHints.digest("shop", null, null, null, 1)).isEqualTo("Brain, project shop: 1 finding" + READ + ".");
        assertThat(HookHints.digest("shop", null, null, null, 0)).isNull();
        assertThat(HookHints.digest("shop", null, null, null, null)).isNull();
    }

    @Test
    void theCountLeadsTheErrorsAndSurvivesTheCutTo600() {
        List<ListedError> many = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            many.add(new ListedError(100 + i, "ValueError", "a long message " + "x".repeat(150), "shop", 3, null, false, null));
        }
        String digest = HookHints.digest("shop", new ErrorList("unresolved", "shop", many), null, null, 12);
        assertThat(digest)
                .startsWith("Brain, project shop: 12 findings" + READ + ". the 5 most frequent unresolved errors: #100 ")
                .hasSize(600).endsWith("…");
        String one = HookHints.digest("shop", new ErrorList("unresolved", "shop", many.subList(0, 1)), null, null, 2);
        assertThat(one).startsWith("Brain, project shop: 2 findings" + READ + ". 1 unresolved error: #100 ")
                .endsWith(". Details: brain_get_error ID.");
    }
}
