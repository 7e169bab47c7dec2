package dev.brain.error.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.brain.error.intake.AnalyzedError;
import dev.brain.error.intake.Fingerprints;
import dev.brain.error.intake.MessageTemplate;
import dev.brain.error.intake.ParsedError;
import dev.brain.error.intake.ParserRegistry;
import dev.brain.error.intake.Redactor;
import dev.brain.error.intake.parser.ErrorParser;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Issue #24 §4, bounded time: an adversarial unit (long runs of blanks, nested brackets, repeated stack frames, the
 * tokens the patterns key on) repeated to 1 MiB costs every parser, the redactor, the templater and the whole intake
 * at most {@link #SLACK} times what 16 × the 64 KiB input costs (plus a fixed allowance for GC and timer noise), so
 * no step is super-linear; and each stays under four seconds on 1 MiB (a loaded 2-core machine).
 */
class LinearTimeFuzzTest {
    private static final FuzzReport REPORT = new FuzzReport("intake time");
    private static final int SMALL = 64 * 1024;
    private static final int LARGE = 1024 * 1024;
    /** Quadratic work shows as ×256 from 64 KiB to 1 MiB; linear as ×16. */
    private static final double SLACK = 4;
    /** Allocation-heavy steps (a million empty lines) pay young-GC pauses at 1 MiB that 64 KiB never sees. */
    private static final long NOISE_NANOS = 400_000_000L;
    private static final Map<String, Double> WORST_RATIO = new LinkedHashMap<>();

    /** Units that made regex engines backtrack or scanners rescan: each is repeated to the input size. */
    static final List<String> ADVERSARIAL = List.of(" ", "\t", "\n", "(", "[", "{", "<", "((((x))))", "([{<", "at (",
            "    at a.b.C.m(C.java:1)\n", "\tat x(", "\tat x(X.java:1)\n", "Caused by: a.B: x\n",
            "Exception in thread \"", "  File \"a.py\", line 1, in f\n", "  File \"", "Traceback (most recent call last):\n",
            "goroutine 1 [running]:\n", "main.f(0x1, {0x2})\n\t/a/b.go:1 +0x1\n", "panic: x\n", "thread 'main' panicked at ",
            "thread '", "   1: a::b::h0123456789abcdef\n             at src/a.rs:1:1\n", "error[E0382]: x\n --> a.rs:1:1\n",
            " --> ", "error: x\n", "a.ts(1,1): error TS2339: x\n", "a.ts:1:1 - error TS2339: x\n", "e: a.kt:1:",
            "e: file://a.kt:1:1 x\n", "a.java:1: error: x\n", "a.c:1:1: error: x\n", "a.go:1:1: x\n",
            "[ERROR] a.java:[1,1] x\n",
            "[ERROR] ", "* What went wrong:\n", "FAILURE: Build failed\n", "command not found\n", "x.sh: line 1: ",
            "/a/b/c", "a/b/c.py", "\\a\\b", "C:\\a\\", "1.", "a.", "1.2.3.4:", "0x1f ", ":1:1", "line 1 ", "'a'", "\"",
            "`", "\u001B[", "\u001B[31m", "\u001B]", "\r\n", "\r", "é", "\uD83D\uDE00", "\uD800", "\u0000", "$1",
            "https://", "x://", "a://b:", "https://u:p@", "eyJ", "eyJa.", "eyJa.eyJb.", "AKIA", "ghp_", "glpat-",
            "xoxb-", "npm_", "Bearer ", "bearer x", "TOKEN", "KEY_TOKEN=", "PASSWORD: ", "export A_SECRET=",
            "  \"api_key\": ", "errorToken=", "<REDACTED:secret>", "-----BEGIN ", "-----BEGIN x-----",
            "-----BEGIN PRIVATE KEY-----\n",
            "-----BEGIN PRIVATE KEY-----A-----END PRIVATE KEY-----", "-----END ", "-----END PRIVATE KEY-----",
            "index-B4gT9xQe.js:1:1", "a-1-b-2-", "\uE000");

    record Case(String unit) {
        String repeatTo(int bytes) {
            StringBuilder sb = new StringBuilder(bytes + unit.length());
            while (sb.length() < bytes) {
                sb.append(unit);
            }
            return sb.toString();
        }

        @Override
        public String toString() {
            return "unit " + unit.replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r");
        }
    }

    @Provide
    Arbitrary<Case> adversarial() {
        Arbitrary<String> unit = Arbitraries.of(ADVERSARIAL);
        Arbitrary<String> filler = Arbitraries.strings().withChars("ab1 .:/(-_\"'\t\n").ofMaxLength(6);
        return Combinators.combine(unit, filler, unit, Arbitraries.integers().between(0, 2))
                .as((a, f, b, shape) -> new Case(switch (shape) {
                    case 0 -> a;
                    case 1 -> a + f;
                    default -> a + f + b;
                }));
    }

    @Property(tries = 15, seed = "20261202")
    void everyStepIsLinearOnAdversarialInput(@ForAll("adversarial") Case c) {
        String small = c.repeatTo(SMALL);
        String large = c.repeatTo(LARGE);
        List<String> steps = new ArrayList<>();
        Map<String, Consumer<String>> work = new LinkedHashMap<>();
        for (ErrorParser p : ParserRegistry.parsers()) {
            work.put("parser " + p.name(), text -> {
                try {
                    if (p.detect(text)) {
                        p.parse(text);
                    }
                } catch (RuntimeException | StackOverflowError e) {
                    // ParserFuzzTest reports exceptions; only time counts here
                }
            });
        }
        work.put("redactor", Redactor::redact);
        work.put("template", MessageTemplate::template);
        work.put("fingerprint", text -> Fingerprints.fingerprint(ParsedError.of("T", text, List.of(), null, "generic", 1)));
        work.put("whole intake", text -> {
            try {
                AnalyzedError.of(text);
            } catch (IllegalArgumentException blank) {
                // a unit of blanks is empty input
            }
        });
        for (Map.Entry<String, Consumer<String>> step : work.entrySet()) {
            long tSmall = best(step.getValue(), small);
            long tLarge = best(step.getValue(), large);
            steps.add(step.getKey());
            WORST_RATIO.merge(step.getKey(), tLarge / (double) Math.max(tSmall, 1_000_000L), Math::max);
            assertThat(tLarge).as("%s on 1 MiB of %s (64 KiB: %d ms)", step.getKey(), c, tSmall / 1_000_000)
                    .isLessThanOrEqualTo((long) (SLACK * 16 * tSmall) + NOISE_NANOS)
                    .isLessThan(4_000_000_000L);
            REPORT.count(step.getKey(), tSmall + tLarge);
        }
        assertThat(steps).hasSize(ParserRegistry.parsers().size() + 4);
    }

    /** The faster of two runs: the first may pay for class loading, JIT compilation or a GC. */
    private static long best(Consumer<String> step, String input) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 2; i++) {
            long t0 = System.nanoTime();
            step.accept(input);
            best = Math.min(best, System.nanoTime() - t0);
        }
        return best;
    }

    @AfterContainer
    static void report() {
        REPORT.print();
        WORST_RATIO.forEach((step, ratio) -> System.out.printf("fuzz intake time: %s worst 1 MiB / 64 KiB ratio %.1f%n",
                step, ratio));
    }
}
