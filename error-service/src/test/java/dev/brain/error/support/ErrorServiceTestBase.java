package dev.brain.error.support;

import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import dev.brain.db.Jdbc;
import dev.brain.grpc.v1.ErrorQueryList;
import dev.brain.grpc.v1.ErrorServiceGrpc;
import dev.brain.grpc.v1.LearningServiceGrpc;
import dev.brain.grpc.v1.NotificationServiceGrpc;
import dev.brain.grpc.v1.PreventionServiceGrpc;
import dev.brain.grpc.v1.QueryErrorsRequest;
import dev.brain.grpc.v1.RateSolutionRequest;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.ReportSolutionRequest;
import dev.brain.grpc.v1.ReportSolutionResponse;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SessionServiceGrpc;
import dev.brain.grpc.v1.SolutionOutcome;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;

/** A fresh tenant per test, real gRPC to the running service, the test clock reset. */
public abstract class ErrorServiceTestBase {

    @Inject
    protected TestClock clock;
    @Inject
    protected Jdbc jdbc;

    protected ManagedChannel channel;
    protected String tenant;
    protected String otherTenant;

    @BeforeEach
    void openChannel() {
        channel = GrpcTestChannel.open();
        String run = UUID.randomUUID().toString().substring(0, 8);
        tenant = "t-" + run;
        otherTenant = "o-" + run;
        clock.reset();
    }

    @AfterEach
    void closeChannel() {
        channel.shutdownNow();
        clock.reset();
    }

    protected ErrorServiceGrpc.ErrorServiceBlockingStub errors() {
        return errors(tenant);
    }

    protected ErrorServiceGrpc.ErrorServiceBlockingStub errors(String t) {
        return GrpcTestChannel.as(t, ErrorServiceGrpc.newBlockingStub(channel));
    }

    protected PreventionServiceGrpc.PreventionServiceBlockingStub prevention() {
        return GrpcTestChannel.as(tenant, PreventionServiceGrpc.newBlockingStub(channel));
    }

    protected LearningServiceGrpc.LearningServiceBlockingStub learning() {
        return GrpcTestChannel.as(tenant, LearningServiceGrpc.newBlockingStub(channel));
    }

    protected NotificationServiceGrpc.NotificationServiceBlockingStub notifications() {
        return GrpcTestChannel.as(tenant, NotificationServiceGrpc.newBlockingStub(channel));
    }

    protected SessionServiceGrpc.SessionServiceBlockingStub sessions() {
        return GrpcTestChannel.as(tenant, SessionServiceGrpc.newBlockingStub(channel));
    }

    protected static Scope scope(String project) {
        return Scope.newBuilder().setProject(project).build();
    }

    protected static Scope scope(String project, String session) {
        return Scope.newBuilder().setProject(project).setSession(session).build();
    }

    /** Stores {@code n} copies of a stored error in its tenant and project, each with its own fingerprint (in SQL, fast). */
    protected void storeCopies(long errorId, long n) {
        jdbc.update("""
                insert into error (tenant, project_id, fingerprint, error_type, message, message_template, language, parser,
                    source_file, source_line, stack_text, raw_output, command, labels, occurrence_count, first_seen_at,
                    last_seen_at)
                select tenant, project_id, encode(sha256((fingerprint || g)::bytea), 'hex'), error_type, message,
                    message_template, language, parser, source_file, source_line, stack_text, raw_output, command, labels,
                    1, first_seen_at, last_seen_at
                from error, generate_series(1, ?) g where id = ?""", n, errorId);
    }

    /**
     * Runs {@code body} while 1,101 errors of another tenant hold {@code output}, so that its words are common by
     * PostgreSQL's statistics ({@code ANALYZE}); then deletes them and analyzes again. {@code refresh} re-reads the
     * common words after each {@code ANALYZE}.
     */
    protected void withCommonWords(String output, Runnable refresh, Runnable body) {
        String crowd = tenant + "-crowd";
        long model = errors(crowd).reportError(ReportErrorRequest.newBuilder().setScope(scope("crowd"))
                .setRawOutput(output).build()).getError().getId();
        storeCopies(model, 1100);
        try {
            jdbc.update("analyze error");
            refresh.run();
            body.run();
        } finally {
            jdbc.update("delete from error where tenant = ?", crowd);
            jdbc.update("analyze error");
            refresh.run();
        }
    }

    /** The ids of the errors of {@code t}'s answer to {@code query} that list {@code list} brought. */
    protected List<Long> hitsFrom(String t, ErrorQueryList list, QueryErrorsRequest query) {
        return errors(t).queryErrors(query).getHitsList().stream().filter(h -> h.getListsList().contains(list))
                .map(h -> h.getError().getId()).toList();
    }

    protected ReportErrorResponse report(String project, String output) {
        return errors().reportError(ReportErrorRequest.newBuilder().setScope(scope(project)).setRawOutput(output).build());
    }

    protected ReportErrorResponse report(String project, String session, String output, String command) {
        return errors().reportError(ReportErrorRequest.newBuilder().setScope(scope(project, session))
                .setRawOutput(output).setCommand(command).build());
    }

    protected ReportSolutionResponse solve(String project, long errorId, String title) {
        return errors().reportSolution(ReportSolutionRequest.newBuilder().setScope(scope(project)).setErrorId(errorId)
                .setTitle(title).build());
    }

    protected void rate(long errorId, long solutionId, SolutionOutcome outcome) {
        errors().rateSolution(RateSolutionRequest.newBuilder().setErrorId(errorId).setSolutionId(solutionId)
                .setOutcome(outcome).build());
    }

    /** Outbox events of the tenant as "op synapse_type source_type:id->target_type:id", in id order. */
    protected List<String> events() {
        return jdbc.list("""
                select event->>'op' || ' ' || coalesce(event->>'synapse_type', '-') || ' ' || (event->'source'->>'type')
                       || ':' || (event->'source'->>'id') || '->' || coalesce((event->'target'->>'type') || ':'
                       || (event->'target'->>'id'), '-')
                from outbox where tenant = ? order by id""", rs -> rs.getString(1), tenant);
    }
}
