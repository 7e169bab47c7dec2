package dev.brain.error.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.List;
import java.util.Map;

import dev.brain.error.intake.AnalyzedError;
import dev.brain.error.intake.InputNormalizer;
import dev.brain.error.intake.MessageTemplate;
import dev.brain.error.intake.ParsedError;
import dev.brain.error.intake.ParserRegistry;
import dev.brain.error.intake.parser.ErrorParser;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Issue #24 §4, every error parser: mutated real outputs of each language (and raw Unicode garbage) never make a
 * parser throw, a parse that answers is well formed, and the whole intake either analyzes the text or rejects it as
 * empty — nothing else.
 */
class ParserFuzzTest {
    private static final FuzzReport REPORT = new FuzzReport("error parsers");
    private static final List<String> OTHER_LINES = Samples.allLines();

    record Sample(String language, String text) {
        @Override
        public String toString() {
            return language + ": " + (text.length() > 300 ? text.substring(0, 300) + "…(" + text.length() + " chars)" : text);
        }
    }

    @Provide
    Arbitrary<Sample> mutatedOutput() {
        Map<String, List<String>> fixtures = Samples.fixtures();
        return Arbitraries.of(List.copyOf(fixtures.keySet())).flatMap(language -> Arbitraries.of(fixtures.get(language))
                .flatMap(raw -> Arbitraries.randomValue(r -> new Sample(language, Samples.mutate(r, raw, OTHER_LINES)))));
    }

    @Provide
    Arbitrary<String> garbage() {
        return Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(2000),
                Arbitraries.strings().withChars(String.join("", Samples.NOISE).toCharArray()).ofMaxLength(4000),
                Arbitraries.of(Samples.NOISE).list().ofMaxSize(300).map(l -> String.join("", l)));
    }

    @Property(tries = 4000, seed = "20261202")
    void everyParserSurvivesMutatedOutputOfEveryLanguage(@ForAll("mutatedOutput") Sample sample) {
        long t0 = System.nanoTime();
        checkEveryParser(sample.text());
        checkIntake(sample.text());
        REPORT.count("mutated " + sample.language() + " output", System.nanoTime() - t0);
    }

    @Property(tries = 1000, seed = "20261202")
    void everyParserSurvivesGarbage(@ForAll("garbage") String text) {
        long t0 = System.nanoTime();
        checkEveryParser(text);
        checkIntake(text);
        REPORT.count("unicode and token garbage", System.nanoTime() - t0);
    }

    static void checkEveryParser(String text) {
        for (ErrorParser p : ParserRegistry.parsers()) {
            ParsedError e;
            try {
                e = p.detect(text) ? p.parse(text) : null;
            } catch (RuntimeException | StackOverflowError t) {
                fail("parser " + p.name() + " threw " + t, t);
                return;
            }
            if (e != null) {
                assertThat(e.parser()).isEqualTo(p.name());
                assertThat(e.type()).as("type of %s", p.name()).isNotBlank();
                assertThat(e.message()).isNotNull();
                assertThat(e.frames()).doesNotContainNull();
                assertThat(e.diagnostics()).isPositive();
            }
        }
        assertThat(ParserRegistry.parse(text)).isNotNull();
    }

    static void checkIntake(String text) {
        AnalyzedError a;
        try {
            a = AnalyzedError.of(text);
        } catch (IllegalArgumentException empty) {
            assertThat(empty).hasMessage("raw_output is empty");
            assertThat(InputNormalizer.clean(text)).isBlank();
            return;
        }
        assertThat(a.fingerprint()).matches("[0-9a-f]{64}");
        assertThat(AnalyzedError.of(text).fingerprint()).as("deterministic").isEqualTo(a.fingerprint());
        assertThat(a.template().codePointCount(0, a.template().length())).isLessThanOrEqualTo(1000);
        assertThat(a.template()).isEqualTo(MessageTemplate.template(a.parsed().message()));
        assertThat(a.labels()).isNotNull();
        assertThat(a.rawOutput()).isNotBlank();
    }

    @AfterContainer
    static void report() {
        REPORT.print();
    }
}
