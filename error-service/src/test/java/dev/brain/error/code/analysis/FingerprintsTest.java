package dev.brain.error.code.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FingerprintsTest {

    static Stream<Arguments> languages() {
        return Stream.of(CodeFixtures.LANGUAGES).map(l -> Arguments.of(l[0], l[1]));
    }

    @Test
    void renamingLocalsDoesNotChangeTheStructuralFingerprint() {
        Fingerprint a = CodeAnalyzer.fingerprint("const result = await fetch(url)", "typescript");
        Fingerprint b = CodeAnalyzer.fingerprint("const response = await fetch(endpoint)", "typescript");
        assertThat(a.structuralFp()).isEqualTo(b.structuralFp()).hasSize(64).matches("[0-9a-f]{64}");
        assertThat(a.rawHash()).isNotEqualTo(b.rawHash());
        assertThat(Fingerprint.shape(a.shapeSketch(), b.shapeSketch())).isEqualTo(1.0);
    }

    @Test
    void identifiersAreKeptOnlyWhenKeywordsImportedOrMembers() {
        LexedSource lexed = Lexer.lex("import { sleep } from './sleep';\n"
                + "const Waiter = sleep(100).then(x => x.done ? \"yes\" : null);", "typescript");
        assertThat(Fingerprints.structuralTokens(lexed, Structure.of(lexed, "").importedNames())).containsExactly(
                "import", "{", "sleep", "}", "from", "<STR>", ";", "const", "<CLASS>", "=", "sleep", "(", "<NUM>",
                ")", ".", "then", "(", "<VAR>", "=", ">", "<VAR>", ".", "done", "?", "<STR>", ":", "null", ")", ";");
    }

    @Test
    void aSpreadIsNotAMemberAccess() {
        LexedSource lexed = Lexer.lex("f(...args)", "javascript");
        assertThat(Fingerprints.structuralTokens(lexed, Set.of())).containsExactly("<VAR>", "(", ".", ".", ".",
                "<VAR>", ")");
    }

    @Test
    void theRawHashIgnoresLineEndsTrailingWhitespaceAndOuterBlankLines() {
        String source = "def f(x):\n    return x\n";
        String variant = "\r\n\n  \ndef f(x):   \r\n    return x\t\r\n\r\n";
        assertThat(Fingerprints.rawHash(variant)).isEqualTo(Fingerprints.rawHash(source))
                .isEqualTo(sha256Hex("def f(x):\n    return x"));
        assertThat(Fingerprints.rawHash("def f(x):\n  return x\n")).isNotEqualTo(Fingerprints.rawHash(source));
        assertThat(Fingerprints.rawHash("")).isEqualTo(sha256Hex(""));
    }

    @Test
    void theSketchHoldsTheSmallestDistinctFnvValuesOfTokenFourGrams() {
        List<String> tokens = List.of("a", "b", "c", "d", "e");
        long[] sketch = Fingerprints.sketch(tokens);
        assertThat(sketch).containsExactly(sortedDistinct(fnv1a("a b c d"), fnv1a("b c d e")));
        assertThat(Fingerprints.sketch(List.of("x", "y"))).containsExactly(fnv1a("x y"));
        assertThat(Fingerprints.sketch(List.of())).isEmpty();
        // the FNV-1a-32 reference values
        assertThat(Fingerprints.sketch(List.of("foobar"))).containsExactly(0xbf9cf968L);
        assertThat(fnv1a("a")).isEqualTo(0xe40c292cL);
    }

    @Test
    void theSketchIsSortedDistinctUnsignedAndAtMost64Long() {
        StringBuilder source = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            source.append("x").append(i).append(" = y").append(i % 7).append(" + ").append(i).append(";\n");
        }
        long[] sketch = CodeAnalyzer.fingerprint(source.toString(), "javascript").shapeSketch();
        assertThat(sketch).hasSizeLessThanOrEqualTo(64).isSorted().doesNotHaveDuplicates();
        assertThat(java.util.Arrays.stream(sketch)).allMatch(v -> v >= 0 && v <= 0xffffffffL);
    }

    @Test
    void shapeIsTheShareOfTheSmallestUnionValuesFoundInBoth() {
        assertThat(Fingerprint.shape(new long[] { 1, 2, 3, 4 }, new long[] { 3, 4, 5, 6 })).isEqualTo(2.0 / 6);
        assertThat(Fingerprint.shape(new long[] { 1, 2 }, new long[] { 1, 2 })).isEqualTo(1.0);
        assertThat(Fingerprint.shape(new long[] { 1 }, new long[] { 2 })).isZero();
        assertThat(Fingerprint.shape(new long[0], new long[0])).isZero();
        assertThat(Fingerprint.shape(null, new long[] { 1 })).isZero();
        long[] a = new long[64];
        long[] b = new long[64];
        for (int i = 0; i < 64; i++) {
            a[i] = i * 2L; // 0, 2, 4, ... 126
            b[i] = i * 2L + 64; // 64, 66, ... 190
        }
        // S = the 64 smallest of the union: 0..126 even (a's values), of which 64..126 (32 values) are in b too
        assertThat(Fingerprint.shape(a, b)).isEqualTo(32.0 / 64);
    }

    @ParameterizedTest
    @MethodSource("languages")
    void aByteCopyAndAWhitespaceVariantHaveTheSameRawHash(String language, String extension) {
        String source = CodeFixtures.read(language, extension, "module");
        String copy = new String(source.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        String crlfTrailing = "\n\n" + source.replace("\n", "  \r\n") + "\r\n\r\n";
        Fingerprint original = CodeAnalyzer.fingerprint(source, language);
        assertThat(CodeAnalyzer.fingerprint(copy, language)).isEqualTo(original);
        assertThat(CodeAnalyzer.fingerprint(crlfTrailing, language)).isEqualTo(original);
    }

    @ParameterizedTest
    @MethodSource("languages")
    void aReformattedCopyKeepsTheStructuralFingerprintButNotTheRawHash(String language, String extension) {
        Fingerprint original = CodeAnalyzer.fingerprint(CodeFixtures.read(language, extension, "module"), language);
        Fingerprint reformatted = CodeAnalyzer.fingerprint(
                CodeFixtures.read(language, extension, "module_reformatted"), language);
        assertThat(reformatted.rawHash()).isNotEqualTo(original.rawHash());
        assertThat(reformatted.structuralFp()).isEqualTo(original.structuralFp());
        assertThat(reformatted.shapeSketch()).isEqualTo(original.shapeSketch());
    }

    @ParameterizedTest
    @MethodSource("languages")
    void aRenamedRecommentedReformattedCopyKeepsTheStructuralFingerprint(String language, String extension) {
        Fingerprint original = CodeAnalyzer.fingerprint(CodeFixtures.read(language, extension, "module"), language);
        Fingerprint renamed = CodeAnalyzer.fingerprint(CodeFixtures.read(language, extension, "module_renamed"),
                language);
        assertThat(renamed.rawHash()).isNotEqualTo(original.rawHash());
        assertThat(renamed.structuralFp()).isEqualTo(original.structuralFp());
        assertThat(Fingerprint.shape(original.shapeSketch(), renamed.shapeSketch())).isEqualTo(1.0);
    }

    @ParameterizedTest
    @MethodSource("languages")
    void anUnrelatedModuleDiffers(String language, String extension) {
        Fingerprint original = CodeAnalyzer.fingerprint(CodeFixtures.read(language, extension, "module"), language);
        Fingerprint unrelated = CodeAnalyzer.fingerprint(CodeFixtures.read(language, extension, "unrelated"),
                language);
        assertThat(unrelated.structuralFp()).isNotEqualTo(original.structuralFp());
        assertThat(Fingerprint.shape(original.shapeSketch(), unrelated.shapeSketch())).isLessThan(0.3);
    }

    private static long fnv1a(String text) {
        int h = 0x811c9dc5;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x01000193;
        }
        return h & 0xffffffffL;
    }

    private static long[] sortedDistinct(long... values) {
        return java.util.Arrays.stream(values).distinct().sorted().toArray();
    }

    private static String sha256Hex(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
