package dev.brain.error.code.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class CodeAnalyzerTest {

    private static Structure.Export export(String name, Structure.Kind kind, boolean isDefault, boolean member) {
        return new Structure.Export(name, kind, isDefault, member, -1, -1);
    }

    private static Structure.Export named(String name) {
        return export(name, Structure.Kind.FUNCTION, false, false);
    }

    @Test
    void granularityFollowsTheRulesInOrder() {
        Structure.Export def = export("default", Structure.Kind.VALUE, true, false);
        Structure.Export cls = export("Cache", Structure.Kind.CLASS, false, false);
        assertThat(CodeAnalyzer.decide(List.of(def, named("a"), named("b")))).isEqualTo(Granularity.FILE);
        assertThat(CodeAnalyzer.decide(List.of(cls, named("a"), named("b")))).isEqualTo(Granularity.CLASS);
        assertThat(CodeAnalyzer.decide(List.of(cls, named("parse"), named("clamp"), named("slugify"))))
                .isEqualTo(Granularity.FUNCTION);
        assertThat(CodeAnalyzer.decide(List.of(named("parse"), named("clamp"), named("slugify"), named("chunk"))))
                .isEqualTo(Granularity.FUNCTION);
        // cohesive names stay one file
        assertThat(CodeAnalyzer.decide(List.of(named("getUser"), named("getUserName"), named("getUserId"),
                named("getUserEmail")))).isEqualTo(Granularity.FILE);
        assertThat(CodeAnalyzer.decide(List.of(named("a"), named("b")))).isEqualTo(Granularity.FILE);
        assertThat(CodeAnalyzer.decide(List.of())).isEqualTo(Granularity.FILE);
        // instance members belong to their class and do not count as named exports
        assertThat(CodeAnalyzer.decide(List.of(cls, export("get", Structure.Kind.FUNCTION, false, true),
                export("put", Structure.Kind.FUNCTION, false, true), export("size", Structure.Kind.FUNCTION, false,
                        true),
                export("clear", Structure.Kind.FUNCTION, false, true)))).isEqualTo(Granularity.CLASS);
    }

    static Stream<Arguments> manyExports() {
        return Stream.of(
                Arguments.of("typescript", "ts", new Object[][] { { "clamp", 3, 6 }, { "formatBytes", 8, 17 },
                        { "Json", 19, 19 }, { "Stopwatch", 21, 28 }, { "sha256Hex", 30, 33 }, { "LogLevel", 35, 39 } }),
                Arguments.of("javascript", "js", new Object[][] { { "chunk", 4, 11 }, { "isEmail", 13, 14 },
                        { "extensionOf", 16, 19 }, { "requestId", 21, 24 }, { "Deferred", 26, 33 } }),
                Arguments.of("python", "py", new Object[][] { { "clamp", 8, 10 }, { "sha256_hex", 13, 15 },
                        { "Point", 18, 23 }, { "fetch_json", 26, 30 }, { "pretty", 33, 35 } }),
                Arguments.of("java", "java", new Object[][] { { "clamp", 16, 19 }, { "chunk", 21, 28 },
                        { "sha256Hex", 30, 38 }, { "formatBytes", 40, 47 }, { "isEmail", 49, 52 } }),
                Arguments.of("go", "go", new Object[][] { { "MaxRetries", 10, 11 }, { "Clamp", 13, 22 },
                        { "Sha256Hex", 24, 28 }, { "FormatBytes", 30, 41 }, { "IsEmail", 43, 47 }, { "Pair", 49, 53 } }),
                Arguments.of("rust", "rs", new Object[][] { { "MAX_RETRIES", 3, 4 }, { "clamp", 6, 9 },
                        { "sha256_hex", 11, 14 }, { "chunk", 16, 19 }, { "Pair", 21, 26 } }));
    }

    @ParameterizedTest
    @MethodSource("manyExports")
    void aFileOfUnrelatedExportsIsCutIntoOneFunctionModulePerExport(String language, String extension,
            Object[][] expected) {
        String source = CodeFixtures.read(language, extension, "many_exports");
        SourceAnalysis analysis = CodeAnalyzer.analyze(source, "src/many_exports." + extension, null, null, null,
                null);
        assertThat(analysis.language()).isEqualTo(language);
        assertThat(analysis.granularity()).isEqualTo(Granularity.FUNCTION);
        assertThat(analysis.modules()).extracting(ModuleDraft::name, ModuleDraft::startLine, ModuleDraft::endLine)
                .containsExactly(Arrays.stream(expected).map(Tuple::new).toArray(Tuple[]::new));
        String[] lines = source.split("\n", -1);
        for (ModuleDraft m : analysis.modules()) {
            assertThat(m.type()).isEqualTo(Granularity.FUNCTION);
            assertThat(m.exports()).containsExactly(m.name());
            assertThat(m.source()).isEqualTo(String.join("\n", Arrays.copyOfRange(lines, m.startLine() - 1,
                    m.endLine())));
            assertThat(m.source()).contains(m.name().contains(".") ? m.name().substring(m.name().indexOf('.') + 1)
                    : m.name());
            assertThat(m.fingerprint().structuralFp()).hasSize(64);
        }
        assertThat(analysis.modules()).extracting(m -> m.fingerprint().structuralFp()).doesNotHaveDuplicates();
    }

    @ParameterizedTest
    @CsvSource({ "typescript,ts,LruCache", "javascript,js,TinyEmitter", "python,py,LRUCache",
            "java,java,LruCache", "go,go,LRU", "rust,rs,LruCache" })
    void aFileHoldingOneClassIsOneClassModule(String language, String extension, String className) {
        String source = CodeFixtures.read(language, extension, "single_class");
        SourceAnalysis analysis = CodeAnalyzer.analyze(source, "src/cache." + extension, null, null, null, null);
        assertThat(analysis.granularity()).isEqualTo(Granularity.CLASS);
        assertThat(analysis.modules()).singleElement().satisfies(m -> {
            assertThat(m.name()).isEqualTo(className);
            assertThat(m.type()).isEqualTo(Granularity.CLASS);
            assertThat(m.startLine()).isEqualTo(1);
            assertThat(m.endLine()).isEqualTo(source.split("\n").length);
            assertThat(m.source()).isEqualTo(source);
            assertThat(m.score()).isGreaterThanOrEqualTo(0.6);
            assertThat(m.interfaceSignature()).contains(className);
        });
    }

    @ParameterizedTest
    @CsvSource({ "typescript,ts,FILE,retry,retry,Retries an async operation",
            "javascript,js,FILE,debounce,debounce,Delays calls",
            "python,py,FILE,retry_with_backoff,retry_with_backoff,Calls `operation` until",
            "java,java,CLASS,Retry,Retry,Retry helpers", "go,go,FILE,Do,Do,Do calls fn until",
            "rust,rs,FILE,retry,retry,Calls `op` until" })
    void aSmallModuleIsOneFileOrClassModule(String language, String extension, Granularity granularity,
            String name, String fileName, String purpose) {
        SourceAnalysis analysis = CodeAnalyzer.analyze(CodeFixtures.read(language, extension, "module"),
                "src/" + fileName + "." + extension, null, null, null, null);
        assertThat(analysis.granularity()).isEqualTo(granularity);
        assertThat(analysis.modules()).singleElement().satisfies(m -> {
            assertThat(m.name()).isEqualTo(name);
            assertThat(m.language()).isEqualTo(language);
            assertThat(m.pure()).isTrue();
            assertThat(m.score()).isGreaterThanOrEqualTo(0.6);
            assertThat(m.purpose()).startsWith(purpose).doesNotEndWith(".");
        });
    }

    @Test
    void theWholeFileFingerprintIsTheFingerprintOfTheSource() {
        String source = CodeFixtures.read("python", "py", "module");
        ModuleDraft m = CodeAnalyzer.analyze(source, "retry.py", null, null, null, null).modules().get(0);
        assertThat(m.fingerprint()).isEqualTo(CodeAnalyzer.fingerprint(source, "python"));
    }

    @Test
    void nameDefaultsToTheSingleExportElseTheFileName() {
        assertThat(CodeAnalyzer.analyze("export function slugify(s: string) { return s; }\n", "src/text.ts",
                null, null, null, null).modules().get(0).name()).isEqualTo("slugify");
        assertThat(CodeAnalyzer.analyze("export const a = 1;\nexport const b = 2;\n", "src/pair.ts", null, null,
                null, null).modules().get(0).name()).isEqualTo("pair");
        assertThat(CodeAnalyzer.analyze("export default { a: 1 };\n", "src/config.js", null, null, null, null)
                .modules().get(0).name()).isEqualTo("config");
        assertThat(CodeAnalyzer.analyze("x = 1\n", null, null, null, "python", null).modules().get(0).name())
                .isEqualTo("module");
    }

    @Test
    void theCallerMayNameDescribeAndTypeTheModule() {
        SourceAnalysis analysis = CodeAnalyzer.analyze("export function slugify(s: string) { return s; }\n",
                "src/text.ts", "textSlug", "makes slugs", "ts", Granularity.PATTERN);
        assertThat(analysis.language()).isEqualTo("typescript");
        assertThat(analysis.granularity()).isEqualTo(Granularity.PATTERN);
        assertThat(analysis.modules()).singleElement().extracting(ModuleDraft::name, ModuleDraft::purpose,
                ModuleDraft::type).containsExactly("textSlug", "makes slugs", Granularity.PATTERN);
    }

    @Test
    void forcingFunctionCutsEvenACohesiveFile() {
        SourceAnalysis analysis = CodeAnalyzer.analyze("""
                export function getUser(id: string) { return id; }
                export function getUserName(id: string) { return id; }
                """, "src/users.ts", "ignored when several modules", null, null, Granularity.FUNCTION);
        assertThat(analysis.modules()).extracting(ModuleDraft::name, ModuleDraft::startLine, ModuleDraft::endLine)
                .containsExactly(tuple("getUser", 1, 1), tuple("getUserName", 2, 2));
    }

    @Test
    void aCutModuleCarriesOnlyTheImportsItUses() {
        SourceAnalysis analysis = CodeAnalyzer.analyze(CodeFixtures.read("python", "py", "many_exports"),
                "tools/many.py", null, null, null, null);
        ModuleDraft fetch = analysis.modules().stream().filter(m -> m.name().equals("fetch_json")).findFirst()
                .orElseThrow();
        assertThat(fetch.dependencies()).containsExactly("requests");
        assertThat(fetch.pure()).isFalse();
        assertThat(analysis.modules()).filteredOn(m -> !m.name().equals("fetch_json"))
                .allSatisfy(m -> assertThat(m.dependencies()).isEmpty());
    }

    @Test
    void theSignatureIsTheDeclarationUpToItsBody() {
        assertThat(CodeAnalyzer.analyze("def area(w: float,\n         h: float) -> float:\n    return w * h\n",
                "geo.py", null, null, null, null).modules().get(0).interfaceSignature())
                .isEqualTo("def area(w: float, h: float) -> float");
        assertThat(CodeAnalyzer.analyze("/** Doc. */\n@Deprecated\npublic final class A {\n}\n", "A.java", null,
                null, null, null).modules().get(0).interfaceSignature()).isEqualTo("public final class A");
    }

    @Test
    void theEmbeddingTextIsNameSignaturePurposeAndTheCommentFreeSource() {
        ModuleDraft m = CodeAnalyzer.analyze("""
                // helper
                /** Doubles a number. */
                export function double(n: number): number {

                  return n * 2; // twice
                }
                """, "src/double.ts", null, null, null, null).modules().get(0);
        assertThat(m.embeddingText()).isEqualTo("""
                double
                export function double(n: number): number
                Doubles a number
                export function double(n: number): number {
                  return n * 2;
                }""");
        String longSource = "x = 1\n".repeat(1000);
        assertThat(ModuleDraft.embeddingText("n", null, "p", longSource, "python")).hasSize("n\n\np\n".length() + 1500);
    }

    @Test
    void everyPurposeFixtureIsOneReusableModuleAndEveryQueryNamesOne() {
        List<String> files = List.of("retry_backoff.ts", "debounce.js", "slugify.py", "parse_csv_line.go",
                "LruCache.java", "deep_merge.ts", "email.py", "chunk.rs", "format_bytes.go", "jwt_decode.js",
                "uuid_v4.ts", "levenshtein.py", "throttle.ts", "topo_sort.go", "binary_search.rs", "memoize.kt");
        for (String file : files) {
            SourceAnalysis analysis = CodeAnalyzer.analyze(CodeFixtures.read("purposes/" + file),
                    "purposes/" + file, null, null, null, null);
            assertThat(analysis.modules()).as(file).singleElement().satisfies(m -> {
                assertThat(m.score()).as(file).isGreaterThanOrEqualTo(0.6);
                assertThat(m.purpose()).as(file).isNotEqualTo(NameTokens.words(m.name())).hasSizeGreaterThan(20);
            });
        }
        List<String> queries = CodeFixtures.read("purposes/queries.tsv").lines().toList();
        assertThat(queries).hasSize(15).allSatisfy(line -> {
            String[] columns = line.split("\t");
            assertThat(columns).hasSize(2);
            assertThat(files).contains(columns[1]);
        });
    }
}
