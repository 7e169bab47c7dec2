package dev.brain.error.code.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile input of the largest accepted size (512 KiB) is analyzed in well under a second of CPU, without exceptions,
 * whatever language it is read as.
 */
class RobustnessTest {

    private static final int SIZE = 512 * 1024;
    private static final long BUDGET_MILLIS = 1000;
    private static final long WALL_LIMIT_MILLIS = 10_000;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final String[] LANGUAGES = { "typescript", "javascript", "python", "java", "kotlin", "go",
            "rust", "c", "shell", null };

    @BeforeAll
    static void warmUp() {
        for (String language : LANGUAGES) {
            for (int i = 0; i < 20; i++) {
                CodeAnalyzer.analyze(CodeFixtures.read("typescript/many_exports.ts"), "a.ts", null, null, language,
                        null);
            }
        }
    }

    static Stream<Arguments> inputs() {
        Random random = new Random(42);
        List<Arguments> inputs = new ArrayList<>();
        inputs.add(Arguments.of("random printable text", fill(i -> {
            int c = random.nextInt(100);
            return c < 95 ? String.valueOf((char) (' ' + c)) : c < 98 ? "\n" : "\t";
        })));
        inputs.add(Arguments.of("random code points",
                fill(i -> new String(Character.toChars(random.nextInt(0x3000))))));
        inputs.add(Arguments.of("random code-like tokens", fill(i -> {
            String[] words = { "export ", "function ", "def ", "class ", "pub fn ", "func ", "import ", "from ", "(",
                    ")", "{", "}", "[", "]", "'", "\"", "`", "${", "/*", "*/", "//", "#", "\n", "    ", ":", ";", "=",
                    "<T>", "@", "/", "\\", "r#\"", "\"\"\"", "x", "Y", "1.5e3", ".", "->", "'a", "__all__", "require(" };
            return words[random.nextInt(words.length)];
        })));
        inputs.add(Arguments.of("deep parentheses", "(".repeat(SIZE)));
        inputs.add(Arguments.of("deep braces", "{".repeat(SIZE)));
        inputs.add(Arguments.of("deep braces closed", "{".repeat(SIZE / 2) + "}".repeat(SIZE / 2)));
        inputs.add(Arguments.of("quotes", "\"".repeat(SIZE)));
        inputs.add(Arguments.of("nested templates", "`${".repeat(SIZE / 3)));
        inputs.add(Arguments.of("regex attempts on one line", "(/".repeat(SIZE / 2)));
        inputs.add(Arguments.of("unterminated comment", "/*" + "x".repeat(SIZE - 2)));
        inputs.add(Arguments.of("many blank lines", "\n".repeat(SIZE)));
        inputs.add(Arguments.of("one long identifier", "a".repeat(SIZE)));
        inputs.add(Arguments.of("member chains", "x.".repeat(SIZE / 2)));
        inputs.add(Arguments.of("backslashes", "\\".repeat(SIZE)));
        inputs.add(Arguments.of("imports on one line", "import ".repeat(SIZE / 7)));
        inputs.add(Arguments.of("fn calls", "fn a(".repeat(SIZE / 5)));
        inputs.add(Arguments.of("generics", "<T,".repeat(SIZE / 3)));
        inputs.add(Arguments.of("lifetimes", "'a ".repeat(SIZE / 3)));
        inputs.add(Arguments.of("many exports", fill(i -> "export const value" + i + " = " + i + ";\n")));
        inputs.add(Arguments.of("many documented functions", fill(i -> "/** Doc " + i + ". */\nexport function f" + i
                + "(a: number): number { return a; }\n")));
        inputs.add(Arguments.of("many python defs", fill(i -> "def handler_" + i + "(x):\n    return x\n")));
        inputs.add(Arguments.of("python staircase", fill(i -> " ".repeat(i % 200) + "def f():\n")));
        inputs.add(Arguments.of("many java methods", "public class Big {\n" + fill(i -> "    public static int m" + i
                + "(int x) { return x + " + i + "; }\n").substring(0, SIZE - 40) + "\n}\n"));
        inputs.add(Arguments.of("many go funcs", "package big\n" + fill(i -> "func F" + i + "() int { return " + i
                + " }\n")));
        inputs.add(Arguments.of("many annotations", fill(i -> "@A(")));
        inputs.add(Arguments.of("many rust impls", fill(i -> "impl<T> X" + i + "<T> { pub fn f(&self) {} }\n")));
        return inputs.stream();
    }

    private static String fill(IntFunction<String> piece) {
        StringBuilder out = new StringBuilder(SIZE + 256);
        for (int i = 0; out.length() < SIZE; i++) {
            out.append(piece.apply(i));
        }
        out.setLength(SIZE);
        return out.toString();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inputs")
    void analyzesHostileInputQuickly(String description, String source) {
        for (String language : LANGUAGES) {
            long wall = System.nanoTime();
            long cpu = THREADS.getCurrentThreadCpuTime();
            SourceAnalysis analysis = CodeAnalyzer.analyze(source, "input.txt", null, null, language, null);
            long cpuMillis = (THREADS.getCurrentThreadCpuTime() - cpu) / 1_000_000;
            long wallMillis = (System.nanoTime() - wall) / 1_000_000;
            // CPU time of this thread: other processes on a busy machine do not count against the budget
            assertThat(cpuMillis).as("CPU ms for %s as %s", description, language).isLessThan(BUDGET_MILLIS);
            assertThat(wallMillis).as("wall ms for %s as %s", description, language).isLessThan(WALL_LIMIT_MILLIS);
            assertThat(analysis.modules()).isNotEmpty().hasSizeLessThanOrEqualTo(CodeAnalyzer.MAX_FUNCTION_MODULES);
            assertThat(analysis.modules()).allSatisfy(m -> {
                assertThat(m.fingerprint().structuralFp()).hasSize(64);
                assertThat(m.score()).isBetween(0.0, 1.0);
                assertThat(m.startLine()).isPositive().isLessThanOrEqualTo(m.endLine());
            });
        }
    }
}
