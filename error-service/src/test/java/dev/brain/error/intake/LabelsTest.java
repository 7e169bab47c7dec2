package dev.brain.error.intake;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Spec §5.5: every label rule. */
class LabelsTest {

    private static List<String> labels(String type, String message, String parser, Frame... frames) {
        return Labels.of(ParsedError.of(type, message, List.of(frames), "lang", parser, 1));
    }

    @Test
    void languageAndParserAlwaysPresentSortedDistinct() {
        assertThat(labels("X", "nothing", "generic")).containsExactly("generic", "lang");
        assertThat(Labels.of(ParsedError.of("X", "y", List.of(), null, "generic", 1))).containsExactly("generic");
    }

    @Test
    void ruleLabels() {
        assertThat(labels("Error", "Cannot find module 'x'", "node")).contains("import");
        assertThat(labels("ModuleNotFoundError", "x", "python")).contains("import");
        assertThat(labels("E0432", "unresolved import `foo`", "rustc")).contains("import");
        assertThat(labels("GoCompileError", "cannot find package \"x\"", "go-build")).contains("import");
        assertThat(labels("TypeError", "x is undefined", "node")).contains("null", "type");
        assertThat(labels("java.lang.NullPointerException", "", "jvm")).contains("null");
        assertThat(labels("GoPanic", "nil pointer dereference", "go-panic")).contains("null");
        assertThat(labels("E0308", "mismatched types", "rustc")).contains("type");
        assertThat(labels("TS2339", "x", "typescript")).contains("type");
        assertThat(labels("SyntaxError", "x", "python")).contains("syntax");
        assertThat(labels("E", "expected `;`, found `}`", "rustc")).contains("syntax");
        assertThat(labels("Error", "connect ECONNREFUSED", "node")).contains("network");
        assertThat(labels("X", "request timed out", "generic")).contains("network");
        assertThat(labels("PermissionDenied", "x: Permission denied", "shell")).contains("permission");
        assertThat(labels("X", "AccessDenied", "generic")).contains("permission");
        assertThat(labels("FileNotFound", "No such file or directory", "shell")).contains("filesystem");
        assertThat(labels("X", "nothing special", "generic")).doesNotContain("import", "null", "type", "syntax",
                "network", "permission", "filesystem", "build", "dependency");
    }

    @Test
    void buildAndDependency() {
        for (String p : List.of("javac", "maven", "gradle", "gcc-clang", "go-build", "rustc", "typescript")) {
            assertThat(labels("X", "y", p)).contains("build");
        }
        assertThat(labels("X", "y", "node")).doesNotContain("build");
        Frame dep = new Frame("f", "/x/node_modules/a.js", 1, 1, null, false);
        Frame app = new Frame("g", "/x/src/a.js", 1, 1, null, true);
        assertThat(labels("X", "y", "node", app, dep)).contains("dependency");
        assertThat(labels("X", "y", "node", app)).doesNotContain("dependency");
    }
}
