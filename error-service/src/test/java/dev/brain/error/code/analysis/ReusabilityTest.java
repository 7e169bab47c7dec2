package dev.brain.error.code.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;

import org.junit.jupiter.api.Test;

class ReusabilityTest {

    private static final String RETRY = """
            import { sleep } from './sleep';
            /** Retries an async operation with exponential backoff. */
            export async function retry<T>(fn: () => Promise<T>, attempts: number = 3): Promise<T> {
              let lastError: unknown;
              for (let i = 0; i < attempts; i++) {
                try { return await fn(); } catch (err) { lastError = err; await sleep(2 ** i * 100); }
              }
              throw lastError;
            }
            """;

    /**
     * The spec's counter-example: 5 exports, fs./console./process., a ": any", 4 non-standard imports (the node:fs
     * import is standard), no type parameters, no doc comment but two line comments, under src/handlers/.
     */
    private static final String RETRY_HANDLERS = """
            import fs from 'node:fs';
            import { sleep } from './sleep';
            import { log } from './log';
            import pLimit from 'p-limit';
            import chalk from 'chalk';

            // retries, with every kind of side effect
            export async function retryWithBackoff(fn: () => Promise<string>, attempts: number): Promise<string> {
              for (let i = 0; i < attempts; i++) {
                try { return await fn(); } catch (err) { console.error(chalk.red(err)); await sleep(100 * i); }
              }
              process.exit(1);
            }
            export function retryWithJitter(payload: any): void { fs.writeFileSync('out.json', payload); }
            export function retryWithLimit(n: number) { return pLimit(n); }
            // logs
            export function retryWithLog(message: string) { log(message); }
            export const retryWithTimeout = 30;
            """;

    private static ModuleDraft single(String source, String path) {
        SourceAnalysis analysis = CodeAnalyzer.analyze(source, path, null, null, null, null);
        assertThat(analysis.modules()).hasSize(1);
        return analysis.modules().get(0);
    }

    @Test
    void theSpecsRetryExampleScores097() {
        ModuleDraft m = single(RETRY, "src/utils/retry.ts");
        assertThat(m.signals()).containsExactly(Map.entry("single_responsibility", 1.0),
                Map.entry("pure_function", 1.0), Map.entry("clear_interface", 1.0), Map.entry("low_coupling", 0.8),
                Map.entry("generic_utility", 1.0), Map.entry("documentation", 1.0));
        assertThat(m.score()).isCloseTo(0.97, within(1e-4));
        assertThat(m.pure()).isTrue();
        assertThat(m.internalImports()).containsExactly("./sleep");
        assertThat(m.dependencies()).isEmpty();
    }

    @Test
    void theSpecsCounterExampleScores0475() {
        SourceAnalysis analysis = CodeAnalyzer.analyze(RETRY_HANDLERS, "src/handlers/retry.ts", null, null, null,
                null);
        assertThat(analysis.granularity()).isEqualTo(Granularity.FILE);
        ModuleDraft m = analysis.modules().get(0);
        assertThat(m.exports()).hasSize(5);
        assertThat(m.signals()).containsExactly(Map.entry("single_responsibility", 0.6),
                Map.entry("pure_function", 0.1), Map.entry("clear_interface", 0.8), Map.entry("low_coupling", 0.5),
                Map.entry("generic_utility", 0.2), Map.entry("documentation", 0.5));
        assertThat(m.score()).isCloseTo(0.475, within(1e-4));
        assertThat(m.pure()).isFalse();
        assertThat(m.dependencies()).containsExactly("p-limit", "chalk");
        assertThat(m.internalImports()).containsExactly("./sleep", "./log");
    }

    @Test
    void singleResponsibilityFollowsTheExportCount() {
        assertThat(signal("const x = 1;\n", "a.js", "single_responsibility")).isEqualTo(0.0);
        assertThat(signal(exports(4), "a.js", "single_responsibility")).isEqualTo(0.6);
        assertThat(signal(exports(7), "a.js", "single_responsibility")).isEqualTo(0.3);
    }

    @Test
    void sideEffectMarkersCountOnceEachAndNotInStringsOrComments() {
        assertThat(signal("import os\ndef f(x: int) -> int:\n    print(x)\n    os.remove('a')\n    print(x)\n",
                "a.py", "pure_function")).isCloseTo(0.4, within(1e-9));
        assertThat(signal("def f(x: int) -> int:\n    # print(x)\n    return len('os.remove')\n", "a.py",
                "pure_function")).isEqualTo(1.0);
        assertThat(signal("package a\nfunc F() { fmt.Println(1); log.Print(2); os.Exit(3); http.Get(\"\") }\n",
                "a.go", "pure_function")).isCloseTo(0.0, within(1e-9));
        assertThat(signal("pub fn f() { println!(\"x\"); unsafe { g() } }\n", "a.rs", "pure_function"))
                .isCloseTo(0.4, within(1e-9));
        assertThat(signal("public class A {\n  static int n;\n  public void f() { System.out.println(n); }\n}\n",
                "A.java", "pure_function")).isCloseTo(0.4, within(1e-9));
        assertThat(signal("public class A {\n  static final int N = 1;\n  public int f() { return N; }\n}\n",
                "A.java", "pure_function")).isEqualTo(1.0);
    }

    @Test
    void clearInterfaceLooksForTypesAndEscapeHatches() {
        assertThat(signal("def f(x):\n    return x\n", "a.py", "clear_interface")).isCloseTo(0.7, within(1e-9));
        assertThat(signal("from typing import Any\ndef f(x: Any):\n    return x\n", "a.py", "clear_interface"))
                .isCloseTo(0.8, within(1e-9));
        assertThat(signal("/** @param {string} s */\nexport function f(s) { return s; }\n", "a.js",
                "clear_interface")).isEqualTo(1.0);
        assertThat(signal("export function f(s) { return s; }\n", "a.js", "clear_interface"))
                .isCloseTo(0.7, within(1e-9));
        assertThat(signal("export function f(a, b = x ? y : z) { return a; }\n", "a.ts", "clear_interface"))
                .isCloseTo(0.7, within(1e-9));
        assertThat(signal("public class A {\n  public int f(Object o) { return 1; }\n}\n", "A.java",
                "clear_interface")).isCloseTo(0.8, within(1e-9));
        assertThat(signal("package a\nfunc F(v interface{}) {}\n", "a.go", "clear_interface"))
                .isCloseTo(0.8, within(1e-9));
        assertThat(signal("package a\nfunc F[T any](v T) {}\n", "a.go", "clear_interface")).isEqualTo(1.0);
    }

    @Test
    void lowCouplingFollowsTheNonStandardImportCount() {
        StringBuilder source = new StringBuilder("import os\nimport sys\n");
        for (int i = 0; i < 7; i++) {
            source.append("import dep").append(i).append('\n');
        }
        source.append("def f():\n    pass\n");
        assertThat(signal(source.toString(), "a.py", "low_coupling")).isEqualTo(0.2);
        assertThat(signal("import os\ndef f():\n    pass\n", "a.py", "low_coupling")).isEqualTo(1.0);
    }

    @Test
    void genericUtilityRewardsUtilityPathsAndTypeParameters() {
        assertThat(signal("export function f(a: number) { return a; }\n", "src/shared/f.ts", "generic_utility"))
                .isCloseTo(0.6, within(1e-9));
        assertThat(signal("export function f<T>(a: T) { return a; }\n", "src/f.ts", "generic_utility"))
                .isCloseTo(0.4, within(1e-9));
        assertThat(signal("export function f(a: number) { return a; }\n", "src/f.ts", "generic_utility"))
                .isCloseTo(0.2, within(1e-9));
        assertThat(signal("package a\nfunc Map[T any, U any](xs []T) []U { return nil }\n", "a.go",
                "generic_utility")).isCloseTo(0.4, within(1e-9));
        assertThat(signal("from typing import TypeVar\nT = TypeVar('T')\ndef f(x):\n    pass\n", "a.py",
                "generic_utility")).isCloseTo(0.4, within(1e-9));
        assertThat(signal("package a\nfunc F(xs []int) int { return xs[I] }\n", "a.go", "generic_utility"))
                .isCloseTo(0.2, within(1e-9));
    }

    @Test
    void documentationWantsADocCommentElseTwoLineComments() {
        assertThat(signal("def f():\n    \"\"\"Does f.\"\"\"\n", "a.py", "documentation")).isEqualTo(1.0);
        assertThat(signal("package a\n\n// F does f.\nfunc F() {}\n", "a.go", "documentation")).isEqualTo(1.0);
        assertThat(signal("package a\n\n// one\n\n// two\nfunc f() {}\n", "a.go", "documentation"))
                .isEqualTo(0.5);
        assertThat(signal("# one\ndef f():\n    pass\n", "a.py", "documentation")).isEqualTo(0.1);
        assertThat(signal("/// Doc.\npub fn f() {}\n", "a.rs", "documentation")).isEqualTo(1.0);
    }

    private static double signal(String source, String path, String name) {
        SourceAnalysis analysis = CodeAnalyzer.analyze(source, path, null, null, null, Granularity.FILE);
        return analysis.modules().get(0).signals().get(name);
    }

    private static String exports(int count) {
        StringBuilder source = new StringBuilder();
        for (int i = 0; i < count; i++) {
            source.append("export const value").append(i).append(" = ").append(i).append(";\n");
        }
        return source.toString();
    }
}
