package dev.brain.error.code.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class LanguagesTest {

    @ParameterizedTest
    @CsvSource({ "src/a.ts,typescript", "a.tsx,typescript", "a.mts,typescript", "a.cts,typescript",
            "a.js,javascript", "a.jsx,javascript", "a.mjs,javascript", "a.cjs,javascript", "pkg/a.py,python",
            "A.java,java", "a.kt,kotlin", "build.gradle.kts,kotlin", "a.go,go", "lib.rs,rust", "a.c,c", "a.h,c",
            "a.cc,cpp", "a.cpp,cpp", "a.cxx,cpp", "a.hpp,cpp", "run.sh,shell", "run.bash,shell", "C:\\x\\A.JAVA,java" })
    void detectsTheLanguageByExtension(String path, String language) {
        assertThat(CodeAnalyzer.detectLanguage(path, "def f():\n    pass\n")).isEqualTo(language);
    }

    static Stream<Arguments> contents() {
        return Stream.of(
                Arguments.of("#!/usr/bin/env python3\nprint(1)\n", "python"),
                Arguments.of("#!/usr/bin/env node\nconsole.log(1)\n", "javascript"),
                Arguments.of("#!/bin/bash\necho hi\n", "shell"),
                Arguments.of("#!/bin/sh\necho hi\n", "shell"),
                Arguments.of("package main\n\nfunc main() {}\n", "go"),
                Arguments.of("fn main() {\n    let mut x = 1;\n}\n", "rust"),
                Arguments.of("public class A {\n  int x = 1;\n}\n", "java"),
                Arguments.of("final class A {\r\n  int x = 1;\r\n}\r\n", "java"),
                Arguments.of("def handler(event):\n    return event\n", "python"),
                Arguments.of("export function f(a: string) { return a; }\n", "typescript"),
                Arguments.of("import x from 'y'\nx()\n", "javascript"),
                Arguments.of("export const n = 1\n", "javascript"),
                Arguments.of("just some words\n", "unknown"),
                Arguments.of("", "unknown"));
    }

    @ParameterizedTest
    @MethodSource("contents")
    void detectsTheLanguageByContentWhenTheExtensionSaysNothing(String source, String language) {
        assertThat(CodeAnalyzer.detectLanguage("README", source)).isEqualTo(language);
        assertThat(CodeAnalyzer.detectLanguage(null, source)).isEqualTo(language);
    }

    @Test
    void contentRulesApplyInTheSpecifiedOrder() {
        // both the go rule and the python rule match: go comes first
        assertThat(Languages.byContent("package main\nfunc f() {}\ndef g(x):\n")).isEqualTo("go");
        // "package x" must be the whole line
        assertThat(Languages.byContent("package main.sub;\nfunc f() {}\n")).isEqualTo("unknown");
        // the python def rule needs the colon at the end of the line
        assertThat(Languages.byContent("def f(x): return x\n")).isEqualTo("unknown");
        // import ... from on one line only
        assertThat(Languages.byContent("import x\nfrom y\n")).isEqualTo("unknown");
    }

    @Test
    void theExtensionWinsOverTheContent() {
        assertThat(CodeAnalyzer.detectLanguage("tool.py", "package main\nfunc main() {}\n")).isEqualTo("python");
    }

    @Test
    void callerLanguageNamesAreNormalized() {
        assertThat(Languages.normalize(" TS ")).isEqualTo("typescript");
        assertThat(Languages.normalize("golang")).isEqualTo("go");
        assertThat(Languages.normalize("Python")).isEqualTo("python");
        assertThat(Languages.normalize("ruby")).isEqualTo("ruby");
        assertThat(Languages.normalize("  ")).isNull();
    }
}
