package dev.brain.error.prevention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.CheckPreventionRequest;
import dev.brain.grpc.v1.ListAntipatternsRequest;
import dev.brain.grpc.v1.ListNotificationsRequest;
import dev.brain.grpc.v1.PreventionKind;
import dev.brain.grpc.v1.PreventionOutcome;
import dev.brain.grpc.v1.ReportAttemptRequest;
import dev.brain.grpc.v1.ReportRuleOutcomeRequest;
import dev.brain.grpc.v1.ReportSolutionRequest;
import dev.brain.grpc.v1.RunLearningCycleRequest;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.Severity;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;

/** CheckPrevention on output, command and code; feedback (error-code.md §7). */
@QuarkusTest
class PreventionTest extends ErrorServiceTestBase {

    static final String PORT_IN_USE = "Error: listen EADDRINUSE: address already in use :::3000\n"
            + "    at Server.setupListenHandle (node:net:1817:16)\n    at start (/srv/app/src/server.js:8:3)";

    private long antipattern() {
        long error = 0;
        for (int i = 0; i < 3; i++) {
            error = report("shop", "s1", PORT_IN_USE, "npm start --port 3000").getError().getId();
        }
        for (int i = 0; i < 2; i++) {
            errors().reportAttempt(ReportAttemptRequest.newBuilder().setErrorId(error).setDescription("restart " + i).build());
        }
        learning().runLearningCycle(RunLearningCycleRequest.getDefaultInstance());
        return prevention().listAntipatterns(ListAntipatternsRequest.getDefaultInstance()).getAntipatterns(0).getId();
    }

    @Test
    void outputAndCommandMatchAnAntipatternAndNotifyTheSession() {
        long id = antipattern();
        var byOutput = prevention().checkPrevention(CheckPreventionRequest.newBuilder().setScope(scope("shop"))
                .setOutput(PORT_IN_USE.replace("/srv/app", "/home/bob/app").replace("8:3", "9:1")).build());
        assertThat(byOutput.getWarningsList()).singleElement().satisfies(w -> {
            assertThat(w.getKind()).isEqualTo(PreventionKind.PREVENTION_KIND_ANTIPATTERN);
            assertThat(w.getId()).isEqualTo(id);
            assertThat(w.getSeverity()).isEqualTo(Severity.SEVERITY_WARNING);
            assertThat(w.getMatchedOn()).isEqualTo("output");
        });
        var byCommand = prevention().checkPrevention(CheckPreventionRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject("shop").setSession("s9")).setCommand("npm start --port 3001")
                .setNotify(true).build());
        assertThat(byCommand.getWarningsList()).extracting(w -> w.getMatchedOn()).containsExactly("command");
        assertThat(prevention().checkPrevention(CheckPreventionRequest.newBuilder().setScope(scope("shop"))
                .setCommand("ls -la").build())
                .getWarningsList()).isEmpty();
        assertThat(notifications().listNotifications(ListNotificationsRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject("shop").setSession("s9")).build()).getNotificationsList())
                .anySatisfy(n -> assertThat(n.getDedupKey()).startsWith("antipattern_warning:" + id));
        assertThat(prevention().listAntipatterns(ListAntipatternsRequest.getDefaultInstance()).getAntipatterns(0)
                .getTriggerCount()).isEqualTo(2);
    }

    @Test
    void codeThatASolutionRemovedWarns() {
        long error = report("shop", PORT_IN_USE).getError().getId();
        long solution = errors().reportSolution(ReportSolutionRequest.newBuilder().setScope(scope("shop"))
                .setErrorId(error).setTitle("Read the port from the environment")
                .setDiff("--- a/server.js\n+++ b/server.js\n-  app.listen(3000);\n+  app.listen(process.env.PORT);\n")
                .build()).getSolution().getId();
        rate(error, solution, dev.brain.grpc.v1.SolutionOutcome.SOLUTION_OUTCOME_SUCCESS); // confidence ≥ 0.3
        var warnings = prevention().checkPrevention(CheckPreventionRequest.newBuilder()
                .setCode("const app = express();\n   app.listen(3000);\n").setFilePath("src/server.js").build())
                .getWarningsList();
        assertThat(warnings).singleElement().satisfies(w -> {
            assertThat(w.getKind()).isEqualTo(PreventionKind.PREVENTION_KIND_SOLUTION_CODE);
            assertThat(w.getMessage()).isEqualTo("this line was removed by solution #" + solution + " to fix error #" + error);
            assertThat(w.getLine()).isEqualTo("app.listen(3000);");
        });
    }

    @Test
    void antipatternFeedbackCountsAndDeactivatesAfterRejections() {
        long id = antipattern();
        var prevented = prevention().reportRuleOutcome(ReportRuleOutcomeRequest.newBuilder()
                .setKind(PreventionKind.PREVENTION_KIND_ANTIPATTERN).setId(id)
                .setOutcome(PreventionOutcome.PREVENTION_OUTCOME_PREVENTED).build()).getAntipattern();
        assertThat(prevented.getPreventedCount()).isEqualTo(1);
        for (int i = 0; i < 3; i++) {
            prevented = prevention().reportRuleOutcome(ReportRuleOutcomeRequest.newBuilder()
                    .setKind(PreventionKind.PREVENTION_KIND_ANTIPATTERN).setId(id)
                    .setOutcome(PreventionOutcome.PREVENTION_OUTCOME_REJECTED).build()).getAntipattern();
        }
        assertThat(prevented.getRejectedCount()).isEqualTo(3);
        assertThat(prevented.getActive()).isFalse();
        assertThatThrownBy(() -> prevention().checkPrevention(CheckPreventionRequest.getDefaultInstance()))
                .satisfies(e -> assertThat(Status.fromThrowable(e).getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
        assertThatThrownBy(() -> GrpcAs.prevention(channel, otherTenant).reportRuleOutcome(ReportRuleOutcomeRequest
                .newBuilder().setKind(PreventionKind.PREVENTION_KIND_ANTIPATTERN).setId(id)
                .setOutcome(PreventionOutcome.PREVENTION_OUTCOME_REJECTED).build()))
                .satisfies(e -> assertThat(Status.fromThrowable(e).getCode()).isEqualTo(Status.Code.NOT_FOUND));
    }

    /** Stubs for another tenant. */
    static final class GrpcAs {
        static dev.brain.grpc.v1.PreventionServiceGrpc.PreventionServiceBlockingStub prevention(
                io.grpc.ManagedChannel channel, String tenant) {
            return dev.brain.testing.GrpcTestChannel.as(tenant,
                    dev.brain.grpc.v1.PreventionServiceGrpc.newBlockingStub(channel));
        }
    }
}
