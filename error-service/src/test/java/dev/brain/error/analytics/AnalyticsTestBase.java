package dev.brain.error.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.ErrorAnalyticsServiceGrpc;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.Scope;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/** Stubs, error samples and assertions shared by the ErrorAnalyticsService tests. */
abstract class AnalyticsTestBase extends ErrorServiceTestBase {

    protected ErrorAnalyticsServiceGrpc.ErrorAnalyticsServiceBlockingStub analytics() {
        return analytics(tenant);
    }

    protected ErrorAnalyticsServiceGrpc.ErrorAnalyticsServiceBlockingStub analytics(String t) {
        return GrpcTestChannel.as(t, ErrorAnalyticsServiceGrpc.newBlockingStub(channel));
    }

    /** A Node error; each (property, file) pair has its own fingerprint, the same in every project. */
    static String undefinedRead(String property, String file) {
        return "TypeError: Cannot read properties of undefined (reading '" + property + "')\n    at render (/srv/app/src/"
                + file + ":10:5)";
    }

    /** Reports {@code output} as tenant {@code t} in {@code project} (and {@code session}, when not null). */
    protected ReportErrorResponse reportAs(String t, String project, String session, String output) {
        Scope.Builder scope = Scope.newBuilder().setProject(project);
        if (session != null) {
            scope.setSession(session);
        }
        return errors(t).reportError(ReportErrorRequest.newBuilder().setScope(scope).setRawOutput(output).build());
    }

    /** Reports {@code output} {@code times} times in {@code project}; returns the last response. */
    protected ReportErrorResponse reportTimes(String project, String output, int times) {
        ReportErrorResponse last = null;
        for (int i = 0; i < times; i++) {
            last = report(project, output);
        }
        return last;
    }

    static void assertInvalid(ThrowingCallable call, String field) {
        assertThatThrownBy(call).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(e.getStatus().getDescription()).startsWith(field);
        });
    }
}
