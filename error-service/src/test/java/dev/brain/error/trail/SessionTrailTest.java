package dev.brain.error.trail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.CommandSucceeded;
import dev.brain.grpc.v1.FileEdited;
import dev.brain.grpc.v1.FileRead;
import dev.brain.grpc.v1.FixLift;
import dev.brain.grpc.v1.GetChainRequest;
import dev.brain.grpc.v1.GetErrorRequest;
import dev.brain.grpc.v1.GetErrorResponse;
import dev.brain.grpc.v1.GetStatusRequest;
import dev.brain.grpc.v1.ObservedKind;
import dev.brain.grpc.v1.ObservedLearning;
import dev.brain.grpc.v1.RecordToolUseRequest;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.ReportSolutionRequest;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SolutionForError;
import dev.brain.grpc.v1.SolutionSource;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The session trail through real gRPC (docs/errors.md "Session trail"): a session's failure, edits and success
 * become an observed solution; a failure again after edits becomes a failed attempt (or a failure of the offered
 * solution); another error is chained; the guards keep Brain from learning what it should not; the lift is counted.
 */
@QuarkusTest
class SessionTrailTest extends ErrorServiceTestBase {

    static final String PROJECT = "shop";
    static final String COMMAND = "python3 app.py";
    static final String KEY_ERROR = """
            processing 42
            Traceback (most recent call last):
              File "/home/dev/src/shop/app.py", line 7, in <module>
                main()
              File "/home/dev/src/shop/app.py", line 5, in main
                return order["customer_ref"]
            KeyError: 'customer_ref'""";
    static final String TYPE_ERROR = """
            Traceback (most recent call last):
              File "/home/dev/src/shop/app.py", line 7, in <module>
                main()
              File "/home/dev/src/shop/app.py", line 5, in main
                return order.get("customer_ref") + 1
            TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'""";
    /** The session-fix capture's edit (gateway/src/test/resources/claude-code/session-fix/06-PostToolUse-Edit.json). */
    static final String FIX = """
            @@ -2,6 +2,6 @@

             def main():
                 print("processing", order["id"])
            -    return order["customer_ref"]
            +    return order.get("customer_ref", 0)

             main()
            """;
    static final String UNHELPFUL = """
            @@ -3,3 +3,3 @@
             def main():
            -    print("processing", order["id"])
            +    print("processing order", order["id"])
                 return order["customer_ref"]
            """;

    private String session() {
        return "s-" + UUID.randomUUID();
    }

    private ReportErrorResponse fail(String session, String output) {
        return errors().reportError(ReportErrorRequest.newBuilder().setScope(scope(PROJECT, session))
                .setRawOutput(output).setCommand(COMMAND).setObserved(true).build());
    }

    private void edit(String session, String file, String diff) {
        sessions().recordToolUse(RecordToolUseRequest.newBuilder().setScope(scope(PROJECT, session))
                .setFileEdited(FileEdited.newBuilder().setFilePath(file).setDiff(diff)).build());
    }

    private ObservedLearning succeed(String session, String command) {
        return sessions().recordToolUse(RecordToolUseRequest.newBuilder().setScope(scope(PROJECT, session))
                .setCommandSucceeded(CommandSucceeded.newBuilder().setCommand(command)).build()).getLearned();
    }

    private GetErrorResponse error(long id) {
        return errors().getError(GetErrorRequest.newBuilder().setErrorId(id).build());
    }

    @Test
    void aFailureTheEditsAndTheSameCommandsSuccessBecomeAnObservedSolutionWithTheDiff() {
        String s = session();
        ReportErrorResponse failed = fail(s, KEY_ERROR);
        long errorId = failed.getError().getId();
        assertThat(failed.getOfferedSolutionId()).isZero();
        edit(s, "app.py", FIX);
        // the same command after normalisation: whitespace and a trailing 2>&1 do not make another command
        ObservedLearning learned = succeed(s, "  python3   app.py 2>&1");

        assertThat(learned.getKind()).isEqualTo(ObservedKind.OBSERVED_KIND_NEW_SOLUTION);
        assertThat(learned.getErrorId()).isEqualTo(errorId);
        GetErrorResponse e = error(errorId);
        assertThat(e.getError().getResolved()).isTrue();
        SolutionForError solution = e.getSolutions(0);
        assertThat(solution.getSolution().getId()).isEqualTo(learned.getSolutionId());
        assertThat(solution.getSolution().getSource()).isEqualTo(SolutionSource.SOLUTION_SOURCE_OBSERVED);
        assertThat(solution.getSolution().getTitle())
                .isEqualTo("app.py:5: return order[\"customer_ref\"] → return order.get(\"customer_ref\", 0)");
        assertThat(solution.getSolution().getDiff()).isEqualTo("--- a/app.py\n+++ b/app.py\n" + FIX);
        assertThat(solution.getSolution().getDescription()).isEqualTo("Seen in a Claude Code session: `python3 app.py`"
                + " failed with KeyError: 'customer_ref', then succeeded after this change to app.py.");
        assertThat(solution.getLink().getSuccessCount()).isEqualTo(1);
        assertThat(solution.getLink().getObservedSuccessCount()).isEqualTo(1);
        assertThat(solution.getSolution().getObservedSuccessCount()).isEqualTo(1);
    }

    @Test
    void theSameFixObservedAgainAddsASuccessToItsSolutionInsteadOfARow() {
        String first = session();
        long errorId = fail(first, KEY_ERROR).getError().getId();
        edit(first, "app.py", FIX);
        long solutionId = succeed(first, COMMAND).getSolutionId();

        // a second session: the error is back, the answer offers the observed fix, the agent makes the same change
        // (other line numbers, other indentation) and the command succeeds
        String second = session();
        assertThat(fail(second, KEY_ERROR).getOfferedSolutionId()).isEqualTo(solutionId);
        edit(second, "app.py", FIX.replace("@@ -2,6 +2,6 @@", "@@ -12,6 +12,6 @@").replace("    return", "  return"));
        ObservedLearning learned = succeed(second, COMMAND);

        assertThat(learned.getKind()).isEqualTo(ObservedKind.OBSERVED_KIND_SOLUTION_SUCCEEDED);
        assertThat(learned.getSolutionId()).isEqualTo(solutionId);
        List<SolutionForError> solutions = error(errorId).getSolutionsList();
        assertThat(solutions).singleElement().satisfies(sol -> {
            assertThat(sol.getLink().getSuccessCount()).isEqualTo(2);
            assertThat(sol.getLink().getObservedSuccessCount()).isEqualTo(2);
        });
    }

    @Test
    void aFixEqualToAnotherSolutionThanTheOfferedOneAddsASuccessToThatSolution() {
        String s = session();
        long errorId = fail(s, KEY_ERROR).getError().getId();
        // two reported solutions with diffs; the answer offers the first (equal confidence, lower id)
        long offered = errors().reportSolution(ReportSolutionRequest.newBuilder().setScope(scope(PROJECT))
                .setErrorId(errorId).setTitle("Give the order a customer").setDiff(UNHELPFUL).build())
                .getSolution().getId();
        long same = errors().reportSolution(ReportSolutionRequest.newBuilder().setScope(scope(PROJECT))
                .setErrorId(errorId).setTitle("Use order.get").setDiff("-return order[\"customer_ref\"]\n"
                        + "+return order.get(\"customer_ref\",   0)\n")
                .build()).getSolution().getId();
        String again = session();
        assertThat(fail(again, KEY_ERROR).getOfferedSolutionId()).isEqualTo(offered);
        edit(again, "app.py", FIX);
        ObservedLearning learned = succeed(again, COMMAND);

        assertThat(learned.getKind()).isEqualTo(ObservedKind.OBSERVED_KIND_SOLUTION_SUCCEEDED);
        assertThat(learned.getSolutionId()).isEqualTo(same);
        assertThat(error(errorId).getSolutionsList()).hasSize(2);
        assertThat(error(errorId).getSolutionsList()).filteredOn(sol -> sol.getSolution().getId() == same)
                .singleElement().satisfies(sol -> assertThat(sol.getLink().getSuccessCount()).isEqualTo(2));
    }

    @Test
    void anEditAfterWhichTheSameErrorComesBackIsAFailedAttemptThatTheAnswerShows() {
        String s = session();
        long errorId = fail(s, KEY_ERROR).getError().getId();
        edit(s, "app.py", UNHELPFUL);
        ReportErrorResponse again = fail(s, KEY_ERROR);

        assertThat(again.getLearned().getKind()).isEqualTo(ObservedKind.OBSERVED_KIND_FAILED_ATTEMPT);
        assertThat(again.getAttemptsList()).singleElement().satisfies(a -> {
            assertThat(a.getId()).isEqualTo(again.getLearned().getAttemptId());
            assertThat(a.getSource()).isEqualTo(SolutionSource.SOLUTION_SOURCE_OBSERVED);
            assertThat(a.getDescription()).isEqualTo(
                    "app.py:4: print(\"processing\", order[\"id\"]) → print(\"processing order\", order[\"id\"])");
            assertThat(a.getReason()).isEqualTo("still failing: KeyError: 'customer_ref'");
        });
        assertThat(error(errorId).getSolutionsList()).isEmpty();
        // re-running without an edit in between teaches nothing new
        assertThat(fail(s, KEY_ERROR).hasLearned()).isFalse();
        assertThat(error(errorId).getAttemptsList()).hasSize(1);
    }

    @Test
    void theOfferedSolutionGetsASuccessWhenTheCommandThenSucceedsWithoutEdits() {
        long errorId = fail(session(), KEY_ERROR).getError().getId();
        long offered = solve(PROJECT, errorId, "Set customer_ref in orders.json").getSolution().getId();
        String s = session();
        assertThat(fail(s, KEY_ERROR).getOfferedSolutionId()).isEqualTo(offered);
        ObservedLearning learned = succeed(s, COMMAND);

        assertThat(learned.getKind()).isEqualTo(ObservedKind.OBSERVED_KIND_SOLUTION_SUCCEEDED);
        assertThat(error(errorId).getSolutions(0).getLink()).satisfies(link -> {
            assertThat(link.getSuccessCount()).isEqualTo(2);
            assertThat(link.getObservedSuccessCount()).isEqualTo(1);
        });
    }

    @Test
    void theOfferedSolutionGetsAFailureWhenItsChangeWasMadeAndTheErrorCameBack() {
        long errorId = fail(session(), KEY_ERROR).getError().getId();
        long offered = errors().reportSolution(ReportSolutionRequest.newBuilder().setScope(scope(PROJECT))
                .setErrorId(errorId).setTitle("Use order.get").setDiff(FIX).build()).getSolution().getId();
        String s = session();
        assertThat(fail(s, KEY_ERROR).getOfferedSolutionId()).isEqualTo(offered);
        edit(s, "app.py", FIX);
        ReportErrorResponse again = fail(s, KEY_ERROR);

        assertThat(again.getLearned().getKind()).isEqualTo(ObservedKind.OBSERVED_KIND_SOLUTION_FAILED);
        assertThat(again.getLearned().getSolutionId()).isEqualTo(offered);
        assertThat(again.getSolutions(0).getLink().getFailureCount()).isEqualTo(1);
        assertThat(again.getAttemptsList()).isEmpty();
    }

    @Test
    void theSameCommandFailingWithAnotherErrorIsChainedEvenAfterTheChainWindow() {
        String s = session();
        long first = fail(s, KEY_ERROR).getError().getId();
        edit(s, "app.py", FIX);
        // an hour later (the chain window is 10 minutes), after another command failed in between
        clock.advance(Duration.ofMinutes(50));
        errors().reportError(ReportErrorRequest.newBuilder().setScope(scope(PROJECT, s)).setCommand("npm test")
                .setObserved(true).setRawOutput("Error: Cannot find module 'left-pad'").build());
        clock.advance(Duration.ofMinutes(10));
        ReportErrorResponse next = fail(s, TYPE_ERROR);

        assertThat(next.getLearned().getKind()).isEqualTo(ObservedKind.OBSERVED_KIND_CHAINED);
        assertThat(next.getLearned().getErrorId()).isEqualTo(first);
        assertThat(next.getLearned().getNextErrorId()).isEqualTo(next.getError().getId());
        assertThat(next.getChainLink().getPreviousErrorId()).isEqualTo(first);
        assertThat(errors().getChain(GetChainRequest.newBuilder().setErrorId(first).build()).getChainsList())
                .anySatisfy(c -> assertThat(c.getEntriesList()).extracting(x -> x.getErrorId())
                        .containsExactly(first, next.getError().getId()));
    }

    @Test
    void aWriteIsDiffedAgainstWhatTheSessionReadBefore() {
        String s = session();
        String before = "order = {\"id\": 42}\n\ndef main():\n    return order[\"customer_ref\"]\n\nmain()\n";
        sessions().recordToolUse(RecordToolUseRequest.newBuilder().setScope(scope(PROJECT, s))
                .setFileRead(FileRead.newBuilder().setFilePath("src/app.py").setContent(before)).build());
        long errorId = fail(s, KEY_ERROR).getError().getId();
        sessions().recordToolUse(RecordToolUseRequest.newBuilder().setScope(scope(PROJECT, s))
                .setFileEdited(FileEdited.newBuilder().setFilePath("src/app.py")
                        .setContent(before.replace("order[\"customer_ref\"]", "order.get(\"customer_ref\")")))
                .build());
        succeed(s, COMMAND);

        assertThat(error(errorId).getSolutions(0).getSolution().getDiff()).isEqualTo("""
                --- a/src/app.py
                +++ b/src/app.py
                @@ -1,6 +1,6 @@
                 order = {"id": 42}
                \s
                 def main():
                -    return order["customer_ref"]
                +    return order.get("customer_ref")
                \s
                 main()
                """);
    }

    @Test
    void aWriteOfAFileTheSessionNeverSawTeachesNothing() {
        String s = session();
        long errorId = fail(s, KEY_ERROR).getError().getId();
        sessions().recordToolUse(RecordToolUseRequest.newBuilder().setScope(scope(PROJECT, s))
                .setFileEdited(FileEdited.newBuilder().setFilePath("app.py").setContent("print('fixed')\n")).build());

        assertThat(succeed(s, COMMAND).getKind()).isEqualTo(ObservedKind.OBSERVED_KIND_UNSPECIFIED);
        assertThat(error(errorId).getSolutionsList()).isEmpty();
    }

    @Test
    void aWithheldEditTeachesNothing() {
        String s = session();
        long errorId = fail(s, KEY_ERROR).getError().getId();
        edit(s, "app.py", FIX);
        sessions().recordToolUse(RecordToolUseRequest.newBuilder().setScope(scope(PROJECT, s))
                .setFileEdited(FileEdited.newBuilder().setFilePath(".env").setWithheld(true)).build());

        assertThat(succeed(s, COMMAND).getKind()).isEqualTo(ObservedKind.OBSERVED_KIND_UNSPECIFIED);
        assertThat(error(errorId).getSolutionsList()).isEmpty();
    }

    @Test
    void aChangeOfMoreThanTenFilesTeachesNothingButTenDo() {
        String s = session();
        long errorId = fail(s, KEY_ERROR).getError().getId();
        for (int i = 1; i <= 11; i++) {
            edit(s, "f" + i + ".py", "@@ -1,1 +1,1 @@\n-x = " + i + "\n+x = " + (i + 1) + "\n");
        }
        assertThat(succeed(s, COMMAND).getKind()).isEqualTo(ObservedKind.OBSERVED_KIND_UNSPECIFIED);
        assertThat(error(errorId).getSolutionsList()).isEmpty();

        String ten = session();
        fail(ten, KEY_ERROR);
        for (int i = 1; i <= 10; i++) {
            edit(ten, "f" + i + ".py", "@@ -1,1 +1,1 @@\n-x = " + i + "\n+x = " + (i + 1) + "\n");
        }
        ObservedLearning learned = succeed(ten, COMMAND);
        assertThat(learned.getKind()).isEqualTo(ObservedKind.OBSERVED_KIND_NEW_SOLUTION);
        assertThat(learned.getTitle()).isEqualTo("f1.py:1: x = 1 → x = 2 (+9 files)");
    }

    @Test
    void aChangeOfMoreThanFourHundredLinesTeachesNothingButFourHundredDo() {
        for (int lines : new int[] { 401, 400 }) {
            String s = session();
            long errorId = fail(s, KEY_ERROR).getError().getId();
            StringBuilder diff = new StringBuilder("@@ -0,0 +1," + lines + " @@\n");
            for (int i = 0; i < lines; i++) {
                diff.append("+line ").append(i).append('\n');
            }
            edit(s, "big.py", diff.toString());
            ObservedKind kind = succeed(s, COMMAND).getKind();
            if (lines == 401) {
                assertThat(kind).isEqualTo(ObservedKind.OBSERVED_KIND_UNSPECIFIED);
                assertThat(error(errorId).getSolutionsList()).isEmpty();
            } else {
                assertThat(kind).isEqualTo(ObservedKind.OBSERVED_KIND_NEW_SOLUTION);
            }
        }
    }

    @Test
    void aSecretInADiffIsRedactedBeforeItIsStored() {
        String s = session();
        long errorId = fail(s, KEY_ERROR).getError().getId();
        edit(s, "app.py", "@@ -1,2 +1,2 @@\n-token = None\n+token = \"ghp_abcdefghijklmnopqrstuvwxyz0123456789\"\n"
                + " return order[\"customer_ref\"]\n");
        succeed(s, COMMAND);

        String diff = error(errorId).getSolutions(0).getSolution().getDiff();
        assertThat(diff).contains("<REDACTED:github_token>").doesNotContain("ghp_abcdef");
        assertThat(jdbc.count("select count(*) from trail_event where diff like '%ghp_abcdef%'")).isZero();
    }

    @Test
    void anotherCommandsSuccessOrAnotherSessionsTeachNothing() {
        String s = session();
        long errorId = fail(s, KEY_ERROR).getError().getId();
        edit(s, "app.py", FIX);
        assertThat(succeed(s, "python3 other.py").getKind()).isEqualTo(ObservedKind.OBSERVED_KIND_UNSPECIFIED);
        assertThat(succeed(session(), COMMAND).getKind()).isEqualTo(ObservedKind.OBSERVED_KIND_UNSPECIFIED);
        assertThat(error(errorId).getSolutionsList()).isEmpty();
        // a day later the failure is out of the trail's span
        clock.advance(Duration.ofHours(25));
        assertThat(succeed(s, COMMAND).getKind()).isEqualTo(ObservedKind.OBSERVED_KIND_UNSPECIFIED);
    }

    @Test
    void aSessionKeepsItsNewestTwoHundredEvents() {
        String s = session();
        for (int i = 0; i < 230; i++) {
            succeed(s, "echo " + i);
        }
        long sessionId = jdbc.one("select id from session where tenant = ? and session_key = ?", rs -> rs.getLong(1),
                tenant, s).orElseThrow();
        assertThat(jdbc.count("select count(*) from trail_event where session_id = ?", sessionId)).isEqualTo(200);
        assertThat(jdbc.list("select command from trail_event where session_id = ? and command in ('echo 29',"
                + " 'echo 30', 'echo 229')", rs -> rs.getString(1), sessionId)).containsExactlyInAnyOrder("echo 30",
                        "echo 229");
    }

    @Test
    void badToolUsesAreRefusedNamingTheField() {
        assertThatThrownBy(() -> sessions().recordToolUse(RecordToolUseRequest.newBuilder().setScope(scope(PROJECT))
                .setCommandSucceeded(CommandSucceeded.newBuilder().setCommand("ls")).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription()).isEqualTo("scope.session is required");
                });
        assertThatThrownBy(() -> succeed(session(), "  \t "))
                .hasMessageContaining("command_succeeded.command: is required and must not be blank");
        assertThatThrownBy(() -> edit(session(), "/etc/passwd", FIX))
                .hasMessageContaining("file_edited.file_path: a path relative to the project's root");
        assertThatThrownBy(() -> edit(session(), "src/../../x", FIX)).hasMessageContaining("file_edited.file_path");
        assertThatThrownBy(() -> sessions().recordToolUse(RecordToolUseRequest.newBuilder()
                .setScope(scope(PROJECT, session())).build())).hasMessageContaining("event: one of");
        assertThatThrownBy(() -> errors().reportError(ReportErrorRequest.newBuilder().setScope(scope(PROJECT))
                .setRawOutput(KEY_ERROR).setCommand(COMMAND).setObserved(true).build()))
                .hasMessageContaining("scope.session is required with observed");
    }

    /**
     * Lift, on constructed trails of a known error, each failure one episode: without a fix offered, 3 failures —
     * one came back, one succeeded after 30 s, one stayed open; with a fix offered, 3 failures — one came back, two
     * succeeded after 60 s and 120 s (median 90 s).
     */
    @Test
    void theLiftCountsRecurrencesAndTheMedianTimeToSuccessByWhetherAFixWasOffered() {
        String project = "lift-" + UUID.randomUUID().toString().substring(0, 8);
        String keyError = KEY_ERROR.replace("customer_ref", project);
        // not offered: the error is known (stored once before), no solution yet
        errors().reportError(ReportErrorRequest.newBuilder().setScope(scope(project, session())).setRawOutput(keyError)
                .setCommand(COMMAND).setObserved(true).build());
        String a = session();
        failIn(project, a, keyError); // episode 1: recurred
        clock.advance(Duration.ofSeconds(10));
        failIn(project, a, keyError); // episode 2: succeeded after 30 s
        clock.advance(Duration.ofSeconds(30));
        succeedIn(project, a);
        // offered: a solution exists now (the success above resolved nothing: no edits, no offer)
        long errorId = failIn(project, session(), keyError).getError().getId(); // episode 3 (not offered): open
        solve(project, errorId, "Give the order a customer_ref");
        String b = session();
        failIn(project, b, keyError); // episode 4 (offered): succeeded after 60 s
        clock.advance(Duration.ofSeconds(60));
        succeedIn(project, b);
        String c = session();
        failIn(project, c, keyError); // episode 5 (offered): recurred
        clock.advance(Duration.ofSeconds(5));
        failIn(project, c, keyError); // episode 6 (offered): succeeded after 120 s
        clock.advance(Duration.ofSeconds(120));
        succeedIn(project, c);

        FixLift lift = sessions().getStatus(GetStatusRequest.newBuilder().setScope(scope(project)).build()).getLift();
        assertThat(lift.getNotOffered().getFailures()).isEqualTo(3);
        assertThat(lift.getNotOffered().getRecurred()).isEqualTo(1);
        assertThat(lift.getNotOffered().getSucceeded()).isEqualTo(1);
        assertThat(lift.getNotOffered().getRecurrenceRate()).isEqualTo(1.0 / 3);
        assertThat(lift.getNotOffered().getMedianMsToSuccess()).isEqualTo(30_000);
        assertThat(lift.getOffered().getFailures()).isEqualTo(3);
        assertThat(lift.getOffered().getRecurred()).isEqualTo(1);
        assertThat(lift.getOffered().getSucceeded()).isEqualTo(2);
        assertThat(lift.getOffered().getRecurrenceRate()).isEqualTo(1.0 / 3);
        assertThat(lift.getOffered().getMedianMsToSuccess()).isEqualTo(90_000);
        // the tenant (a fresh one per test) has episodes in this project only
        assertThat(sessions().getStatus(GetStatusRequest.getDefaultInstance()).getLift()).isEqualTo(lift);
    }

    private ReportErrorResponse failIn(String project, String session, String output) {
        return errors().reportError(ReportErrorRequest.newBuilder().setScope(scope(project, session))
                .setRawOutput(output).setCommand(COMMAND).setObserved(true).build());
    }

    private void succeedIn(String project, String session) {
        sessions().recordToolUse(RecordToolUseRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject(project).setSession(session))
                .setCommandSucceeded(CommandSucceeded.newBuilder().setCommand(COMMAND)).build());
    }
}
