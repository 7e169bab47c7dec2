package dev.brain.error.finding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/** The checks and defaults of a saved finding (error-code.md §10, §15). */
class FindingInputTest {

    static final String BODY = "The cache looks per request but is per tenant. Clear it with evict() after imports.";

    private static FindingInput of(String slug, String title, String body, String hook, String scope, String task,
            String commit) {
        return FindingInput.of(slug, title, body, hook, scope, task, commit);
    }

    private static void rejected(Runnable call, String field) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(e.getStatus().getDescription()).startsWith(field + ":");
        });
    }

    @Test
    void aValidFindingKeepsItsFieldsTrimmedAndDefaultsTheHookToTheFirstSentence() {
        FindingInput in = of("cache-scope", "  Cache is per tenant ", BODY + "\n", "", "src/cache", "issue-22",
                "0a1b2c3");
        assertThat(in.slug()).isEqualTo("cache-scope");
        assertThat(in.title()).isEqualTo("Cache is per tenant");
        assertThat(in.body()).isEqualTo(BODY);
        assertThat(in.hook()).isEqualTo("The cache looks per request but is per tenant.");
        assertThat(in.scope()).isEqualTo("src/cache");
        assertThat(in.sourceTask()).isEqualTo("issue-22");
        assertThat(in.verifiedAgainst()).isEqualTo("0a1b2c3");
        assertThat(in.sentences()).isEqualTo(2);
        assertThat(in.sentenceWarning()).isNull();
    }

    @Test
    void theDefaultHookIsOneLineCutTo120CodePoints() {
        String longSentence = "Ä".repeat(100) + "\n" + "b".repeat(60) + ". Second.";
        String hook = of("s", "t", longSentence, null, null, null, null).hook();
        assertThat(hook.codePointCount(0, hook.length())).isEqualTo(120);
        assertThat(hook).isEqualTo("Ä".repeat(100) + " " + "b".repeat(19));
        assertThat(of("s", "t", "no sentence end at all", null, null, null, null).hook())
                .isEqualTo("no sentence end at all");
        assertThat(of("s", "t", BODY, "my own hook", null, null, null).hook()).isEqualTo("my own hook");
    }

    @Test
    void theSentenceGuidelineWarnsOutsideTwoToSixButDoesNotReject() {
        assertThat(of("s", "t", "One sentence only.", null, null, null, null).sentenceWarning())
                .isEqualTo("body has 1 sentence; 2-6 sentences are the guideline (saved anyway)");
        assertThat(of("s", "t", "A. B. C. D. E. F. G.", null, null, null, null).sentenceWarning())
                .isEqualTo("body has 7 sentences; 2-6 sentences are the guideline (saved anyway)");
        assertThat(of("s", "t", "A. B! C? D. E. F.", null, null, null, null).sentenceWarning()).isNull();
        // a dot inside a word or a version is no sentence end
        assertThat(of("s", "t", "Use v1.2 of a.b.c here", null, null, null, null).sentences()).isZero();
    }

    @ParameterizedTest(name = "{0} = ''{1}''")
    @CsvSource(delimiter = '|', value = {
            "slug|../x", "slug|A B", "slug|a.b", "slug|a/b", "slug|Cache", "slug|''",
            "finding_scope|../etc", "finding_scope|/abs", "finding_scope|a/../b", "finding_scope|a/..",
            "finding_scope|..\\\\x", "finding_scope|C:\\\\x", "finding_scope|~/x",
            "verified_against|HEAD", "verified_against|0A1B2C3", "verified_against|abc12", "verified_against|xyz1234" })
    void badFieldsAreRejectedNamingTheField(String field, String value) {
        String v = value.equals("''") ? "" : value;
        rejected(() -> of(field.equals("slug") ? v : "ok", "t", BODY, null, field.equals("finding_scope") ? v : "",
                null, field.equals("verified_against") ? v : ""), field);
    }

    @Test
    void lengthsAndLinesAreChecked() {
        rejected(() -> of("a".repeat(65), "t", BODY, null, null, null, null), "slug");
        assertThat(of("a".repeat(64), "t", BODY, null, null, null, null).slug()).hasSize(64);
        rejected(() -> of("s", "", BODY, null, null, null, null), "title");
        rejected(() -> of("s", "two\nlines", BODY, null, null, null, null), "title");
        rejected(() -> of("s", "x".repeat(201), BODY, null, null, null, null), "title");
        assertThat(of("s", "x".repeat(200), BODY, null, null, null, null).title()).hasSize(200);
        rejected(() -> of("s", "t", " ", null, null, null, null), "body");
        rejected(() -> of("s", "t", "x".repeat(2001), null, null, null, null), "body");
        assertThat(of("s", "t", "x".repeat(2000), null, null, null, null).body()).hasSize(2000);
        rejected(() -> of("s", "t", BODY, "h".repeat(121), null, null, null), "hook");
        rejected(() -> of("s", "t", BODY, "two\nlines", null, null, null), "hook");
        rejected(() -> of("s", "t", BODY, null, "a/" + "b".repeat(511), null, null), "finding_scope");
        rejected(() -> of("s", "t", BODY, null, "a\nb", null, null), "finding_scope");
        rejected(() -> of("s", "t", BODY, null, null, "x".repeat(129), null), "source_task");
        assertThat(of("s", "t", BODY, null, null, null, "a".repeat(40)).verifiedAgainst()).hasSize(40);
        rejected(() -> of("s", "t", BODY, null, null, null, "a".repeat(41)), "verified_against");
    }

    @Test
    void aScopeMayNameDotsThatAreNoParentSegment() {
        assertThat(of("s", "t", BODY, null, "src/..hidden/x..y/.config", null, null).scope())
                .isEqualTo("src/..hidden/x..y/.config");
        assertThat(of("s", "t", BODY, null, "", null, null).scope()).isEmpty();
    }

    @Test
    void nulBytesAndCarriageReturnsAreCleaned() {
        FindingInput in = of("s", "ti\u0000tle", "First.\r\nSecond.", null, null, null, null);
        assertThat(in.title()).isEqualTo("title");
        assertThat(in.body()).isEqualTo("First.\nSecond.");
    }
}
