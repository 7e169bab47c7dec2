package dev.brain.error.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.brain.error.intake.parser.ErrorParser;

/** Spec §18 item 14: fuzzed input never breaks the intake; every parser is linear-time on 1 MiB. */
class RobustnessTest {
    private static final String[] NOISE = { "'", "\"", "`", "(", ")", "[", "]", "{", "}", "at ", ": ", "/", "\\", "\t", "\n",
            "0x", "::", "-->", "panic: ", "goroutine 1 [running]:\n", "Traceback (most recent call last):\n",
            "  File \"", "\", line ", "error[E0382]: ", "[ERROR] ", "* What went wrong:\n", "e: ", ".java:", ".go:",
            "Caused by: ", "thread 'main' panicked at ", "error TS2339: ", "\u001B[31m", "\u001B]8;;", "\r\n", "\u0000",
            "\uD800", "command not found", "-----BEGIN PRIVATE KEY-----", "eyJ", "AKIA", "https://u:p@h/", "9",
            "é", "\uE000", "    at ", "Exception in thread \"main\" ", "java.lang.", "Error: ", ".py", ".rs:1:2" };

    private static String randomInput(Random rnd, List<String> fixtureLines) {
        int kind = rnd.nextInt(5);
        StringBuilder sb = new StringBuilder();
        switch (kind) {
            case 0 -> {
                byte[] b = new byte[rnd.nextInt(400)];
                rnd.nextBytes(b);
                sb.append(new String(b, StandardCharsets.UTF_8));
            }
            case 1 -> {
                int n = 1 + rnd.nextInt(30);
                for (int i = 0; i < n; i++) {
                    sb.append(fixtureLines.get(rnd.nextInt(fixtureLines.size()))).append('\n');
                }
            }
            case 2 -> {
                int n = rnd.nextInt(60);
                for (int i = 0; i < n; i++) {
                    sb.append(NOISE[rnd.nextInt(NOISE.length)]);
                    if (rnd.nextBoolean()) {
                        sb.append((char) ('a' + rnd.nextInt(26)));
                    }
                }
            }
            case 3 -> {
                String line = fixtureLines.get(rnd.nextInt(fixtureLines.size()));
                String unit = line.isEmpty() ? NOISE[rnd.nextInt(NOISE.length)]
                        : line.substring(0, 1 + rnd.nextInt(line.length()));
                sb.append(unit.repeat(1 + rnd.nextInt(4000 / Math.max(1, unit.length()))));
            }
            default -> {
                int n = 1 + rnd.nextInt(20);
                for (int i = 0; i < n; i++) {
                    String line = fixtureLines.get(rnd.nextInt(fixtureLines.size()));
                    if (!line.isEmpty()) {
                        int cut = rnd.nextInt(line.length());
                        line = rnd.nextBoolean() ? line.substring(0, cut) : line.substring(cut);
                    }
                    sb.append(line).append(NOISE[rnd.nextInt(NOISE.length)]);
                }
            }
        }
        return sb.toString();
    }

    @Test
    void fuzzedInputsNeverBreakTheIntake() {
        List<String> fixtureLines = new ArrayList<>();
        for (Fixtures.Fixture f : Fixtures.all()) {
            fixtureLines.addAll(List.of(f.raw().split("\n")));
        }
        Random rnd = new Random(20240501L);
        int empty = 0;
        for (int i = 0; i < 10_000; i++) {
            String input = randomInput(rnd, fixtureLines);
            assertThat(ParserRegistry.parse(input)).as("parse of input %d", i).isNotNull();
            try {
                AnalyzedError e = AnalyzedError.of(input);
                assertThat(e.fingerprint()).hasSize(64);
                assertThat(e.parsed()).isNotNull();
                assertThat(e.template()).isNotNull();
            } catch (IllegalArgumentException ex) {
                assertThat(ex).hasMessage("raw_output is empty");
                assertThat(InputNormalizer.clean(input)).isBlank();
                empty++;
            }
        }
        assertThat(empty).isLessThan(10_000);
    }

    @Test
    void emptyInputIsRejected() {
        for (String s : new String[] { null, "", "   ", "\n\r\n\t", "\u0000\u0000", "\u001B[31m\u001B[0m  " }) {
            assertThatThrownBy(() -> AnalyzedError.of(s)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("raw_output is empty");
        }
    }

    static Stream<String> pathological() {
        int mib = 1024 * 1024;
        return Stream.of("a".repeat(mib), "at (".repeat(mib / 4), "'".repeat(mib), " ".repeat(mib) + "x",
                "\n".repeat(mib) + "x", "a.".repeat(mib / 2), "/a".repeat(mib / 2), "1.".repeat(mib / 2),
                "    at a".repeat(mib / 8), "(".repeat(mib), "e: a.kt:1:".repeat(mib / 10),
                "Traceback (most recent call last):\n" + "  File \"".repeat(mib / 8),
                "\tat x(".repeat(mib / 6), ":1:1".repeat(mib / 4), "panic: \ngoroutine 1 [\n" + "x(".repeat(mib / 2),
                "error[E0001]: x\n" + " --> ".repeat(mib / 5), "[ERROR] " + "a.java:[".repeat(mib / 8),
                "eyJ".repeat(mib / 3), "KEY_TOKEN=".repeat(mib / 10), "Bearer ".repeat(mib / 7), "x://".repeat(mib / 4));
    }

    @ParameterizedTest(name = "[{index}]")
    @MethodSource("pathological")
    void parsersAreLinearOnOneMebibyte(String input) {
        for (ErrorParser p : ParserRegistry.parsers()) {
            long t0 = System.nanoTime();
            try {
                if (p.detect(input)) {
                    p.parse(input);
                }
            } catch (RuntimeException | StackOverflowError e) {
                // a failing parser is skipped by the registry; only time matters here
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertThat(ms).as("parser %s", p.name()).isLessThan(2000);
        }
        long t0 = System.nanoTime();
        AnalyzedError e = AnalyzedError.of(input);
        assertThat(e.parsed()).isNotNull();
        assertThat((System.nanoTime() - t0) / 1_000_000).as("whole intake").isLessThan(4000);
    }
}
