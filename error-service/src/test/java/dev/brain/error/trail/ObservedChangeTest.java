package dev.brain.error.trail;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.error.solution.DiffLines;
import dev.brain.error.trail.ObservedChange.Edit;
import dev.brain.error.trail.ObservedChange.Verdict;

/** The change a session made between a failure and the next run: guards, title, normalised change, diff cut. */
class ObservedChangeTest {

    static Edit edit(String file, String diff) {
        return new Edit(file, diff, DiffLines.changed(diff).size(), false);
    }

    @Test
    void aLineAddedAndRemovedAgainCancelsSoTheSameFixHasTheSameKeyWhateverItsHunks() {
        ObservedChange detour = ObservedChange.of(List.of(
                edit("app.py", "@@ -5,1 +5,1 @@\n-    x = a[\"k\"]\n+    x = a.get(\"k\")\n"),
                edit("app.py", "@@ -5,1 +5,1 @@\n-    x = a.get(\"k\")\n+    x = a.get(\"k\", 0)\n")));
        ObservedChange direct = ObservedChange
                .of(List.of(edit("main.py", "@@ -9,1 +9,1 @@\n-x = a[\"k\"]\n+x = a.get(\"k\",  0)\n")));

        assertThat(detour.normalised()).containsExactly("+x = a.get(\"k\", 0)", "-x = a[\"k\"]");
        assertThat(detour.key()).isEqualTo(direct.key()).isNotNull();
        assertThat(detour.contains(DiffLines.normalised("-x = a[\"k\"]\n"))).isTrue();
        assertThat(detour.contains(DiffLines.normalised("-y = 1\n"))).isFalse();
        assertThat(detour.contains(DiffLines.normalised(""))).isFalse();
    }

    @Test
    void aRemovedSqlCommentInsideAHunkIsAChangedLineNotAHeader() {
        assertThat(DiffLines.changed("@@ -1,2 +1,1 @@\n--- a comment\n select 1;\n")).singleElement()
                .satisfies(c -> assertThat(c.text()).isEqualTo("-- a comment"));
        assertThat(DiffLines.changed("--- a/x\n+++ b/x\n-old\n+new\n")).extracting(DiffLines.Changed::sign)
                .containsExactly('-', '+');
    }

    @Test
    void theGuardsComeInOrder() {
        assertThat(ObservedChange.of(List.of()).verdict()).isEqualTo(Verdict.NO_EDITS);
        assertThat(ObservedChange.of(List.of(edit("a.py", "@@ -1 +1 @@\n-a\n+b\n"), new Edit(".env", null, 0, true)))
                .verdict()).isEqualTo(Verdict.WITHHELD);
        assertThat(ObservedChange.of(List.of(new Edit("a.py", null, 401, false))).verdict())
                .isEqualTo(Verdict.TOO_LARGE);
        assertThat(ObservedChange.of(List.of(edit("a.py", "@@ -1 +1 @@\n-a\n+b\n"),
                edit("a.py", "@@ -1 +1 @@\n-b\n+a\n"))).verdict()).isEqualTo(Verdict.NO_CHANGE);
        assertThat(ObservedChange.of(List.of(edit("a.py", "@@ -1 +1 @@\n-a\n+b\n"))).verdict())
                .isEqualTo(Verdict.LEARNABLE);
    }

    @Test
    void theTitleNamesTheFileTheLineAndTheChange() {
        assertThat(ObservedChange.of(List.of(edit("src/app.py", "@@ -7,2 +7,3 @@\n ctx\n+import os\n+import sys\n")))
                .title()).isEqualTo("src/app.py:8: add import os");
        assertThat(ObservedChange.of(List.of(edit("a.py", "@@ -3,2 +3,1 @@\n ctx\n-    print(x)\n"),
                edit("b.py", "@@ -1 +1 @@\n-a\n+b\n"))).title()).isEqualTo("a.py:4: remove print(x) (+1 file)");
    }

    @Test
    void theDiffHasOneHeaderPerFileAndIsCutAtTwoKibibytesWithAMarker() {
        ObservedChange change = ObservedChange.of(List.of(edit("a.py", "@@ -1 +1 @@\n-a\n+b\n"),
                edit("b.py", "@@ -1 +1 @@\n-c\n+d\n"), edit("a.py", "@@ -2 +2 @@\n-e\n+f\n")));
        assertThat(change.diff()).isEqualTo("--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-a\n+b\n@@ -2 +2 @@\n-e\n+f\n"
                + "--- a/b.py\n+++ b/b.py\n@@ -1 +1 @@\n-c\n+d\n");

        StringBuilder big = new StringBuilder("@@ -0,0 +1,300 @@\n");
        for (int i = 0; i < 300; i++) {
            big.append("+line number ").append(i).append('\n');
        }
        String cut = ObservedChange.of(List.of(edit("big.py", big.toString()))).diff();
        assertThat(cut.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).isLessThanOrEqualTo(2048);
        assertThat(cut).endsWith("… diff cut at 2 KiB (" + ("--- a/big.py\n+++ b/big.py\n" + big).length()
                + " bytes in all)\n").contains("+line number 0\n");
    }

    @Test
    void aWriteIsDiffedAsUnifiedHunksAndANewFileIsAllAdded() {
        assertThat(FileDiffs.hunks("a\nb\nc\n", "a\nB\nc\n")).isEqualTo("@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
        assertThat(FileDiffs.hunks("same\n", "same\n")).isEmpty();
        assertThat(FileDiffs.created("x = 1\ny = 2\n")).isEqualTo("@@ -0,0 +1,2 @@\n+x = 1\n+y = 2\n");
    }

    @Test
    void commandsAreTheSameAfterWhitespaceALeadingCdAndATrailingRedirectAreDropped() {
        assertThat(TrailCommands.normalize("  python3   app.py 2>&1 ;")).isEqualTo("python3 app.py");
        assertThat(TrailCommands.normalize("cd /home/dev/src/shop && python3 app.py")).isEqualTo("python3 app.py");
        assertThat(TrailCommands.normalize("cd \"/my dir\" &&python3 app.py")).isEqualTo("python3 app.py");
        assertThat(TrailCommands.normalize("python app.py")).isNotEqualTo(TrailCommands.normalize("python3 app.py"));
        assertThat(TrailCommands.normalize("pytest -k test_1")).isNotEqualTo(TrailCommands.normalize("pytest -k test_2"));
        assertThat(TrailCommands.normalize(" \t\n")).isNull();
    }
}
