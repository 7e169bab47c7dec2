package dev.brain.gateway.code;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.code.CodeViews.RegisteredModule;
import dev.brain.gateway.code.CodeViews.Registration;
import dev.brain.gateway.code.CodeViews.SimilarView;

/** The PostToolUse code hints: a similar module elsewhere, "register it" only for a whole unregistered file. */
class CodeHintsTest {

    static Registration analysis(boolean reusable, SimilarView... similar) {
        return new Registration(0, reusable ? 0.82 : 0.41, Map.of(), "file", "typescript", reusable,
                List.of(new RegisteredModule(0, "retry", "file", reusable ? 0.82 : 0.41, reusable, Map.of(), 1, 9,
                        false)),
                List.of(similar), false);
    }

    @Test
    void aCopyElsewhereIsNamedAndAReusableNewFileIsToBeRegistered() {
        SimilarView elsewhere = new SimilarView(7, "retry", "structural", 0.93, "blog", "lib/retry.ts");
        assertThat(CodeHints.afterWrite("shop", "src/retry.ts", analysis(true, elsewhere), true)).isEqualTo(
                "Brain: similar code exists — module #7 retry in project blog (lib/retry.ts, structural 0.93); reuse it"
                        + " rather than keep a second copy.\nBrain: src/retry.ts looks reusable (0.82); register it with"
                        + " brain_register_code so other projects can find it.");
    }

    @Test
    void theFileItselfAnEditFragmentOrCodeBelowTheThresholdGetNoRegisterHint() {
        SimilarView itself = new SimilarView(3, "retry", "exact", 1.0, "shop", "src/retry.ts");
        assertThat(CodeHints.afterWrite("shop", "src/retry.ts", analysis(true, itself), true)).isNull();
        assertThat(CodeHints.afterWrite("shop", "src/retry.ts", analysis(true), false)).isNull();
        assertThat(CodeHints.afterWrite("shop", "src/retry.ts", analysis(false), true)).isNull();
        assertThat(CodeHints.afterWrite("shop", "src/retry.ts", null, true)).isNull();
    }
}
