package dev.brain.error.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.AcknowledgeNotificationsRequest;
import dev.brain.grpc.v1.CreateNotificationRequest;
import dev.brain.grpc.v1.GetStatusRequest;
import dev.brain.grpc.v1.HeartbeatRequest;
import dev.brain.grpc.v1.ListNotificationsRequest;
import dev.brain.grpc.v1.ListSessionsRequest;
import dev.brain.grpc.v1.NotificationType;
import dev.brain.grpc.v1.RegisterSessionRequest;
import dev.brain.grpc.v1.RunSessionCleanupRequest;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SessionKind;
import dev.brain.grpc.v1.SessionStatus;
import io.quarkus.test.junit.QuarkusTest;

/** Sessions go stale and revive (error-code.md §4); notifications list, acknowledge, dedup (§11). */
@QuarkusTest
class SessionsAndNotificationsTest extends ErrorServiceTestBase {

    @Test
    void aSessionGoesStaleAfter300SecondsAndRevivesOnHeartbeat() {
        var registered = sessions().registerSession(RegisterSessionRequest.newBuilder().setScope(scope("shop"))
                .setKey("mcp-1").setKind(SessionKind.SESSION_KIND_MCP).setClientName("claude-code").build());
        assertThat(registered.getCreated()).isTrue();
        assertThat(registered.getSession().getProject()).isEqualTo("shop");

        clock.advance(Duration.ofSeconds(299));
        sessions().heartbeat(HeartbeatRequest.newBuilder().setKey("mcp-1").build());
        clock.advance(Duration.ofSeconds(299));
        learning().runSessionCleanup(RunSessionCleanupRequest.getDefaultInstance());
        assertThat(status("mcp-1")).isEqualTo(SessionStatus.SESSION_STATUS_CONNECTED);

        clock.advance(Duration.ofSeconds(2));
        var cleanup = learning().runSessionCleanup(RunSessionCleanupRequest.getDefaultInstance()).getResult();
        assertThat(cleanup.getCountsMap().get("marked_stale")).isGreaterThanOrEqualTo(1L);
        assertThat(status("mcp-1")).isEqualTo(SessionStatus.SESSION_STATUS_STALE);

        var revived = sessions().heartbeat(HeartbeatRequest.newBuilder().setKey("mcp-1").build()).getSession();
        assertThat(revived.getStatus()).isEqualTo(SessionStatus.SESSION_STATUS_CONNECTED);
        assertThat(sessions().getStatus(GetStatusRequest.getDefaultInstance()).getSessionsConnected()).isEqualTo(1);
    }

    @Test
    void aScopeSessionIsAutoRegisteredByAnyCall() {
        report("shop", "hook-7", "Error: boom\n    at x (/a/b.js:1:1)", "node b.js");
        assertThat(sessions().listSessions(ListSessionsRequest.getDefaultInstance()).getSessionsList())
                .singleElement().satisfies(s -> {
                    assertThat(s.getKey()).isEqualTo("hook-7");
                    assertThat(s.getKind()).isEqualTo(SessionKind.SESSION_KIND_SERVICE);
                    assertThat(s.getProject()).isEqualTo("shop");
                });
    }

    private SessionStatus status(String key) {
        return sessions().listSessions(ListSessionsRequest.getDefaultInstance()).getSessionsList().stream()
                .filter(s -> s.getKey().equals(key)).findFirst().orElseThrow().getStatus();
    }

    @Test
    void notificationsAreDeduplicatedListedAndAcknowledged() {
        CreateNotificationRequest request = CreateNotificationRequest.newBuilder()
                .setType(NotificationType.NOTIFICATION_TYPE_LEARNING_INSIGHT).setSummary("Errors rose 40 % this week")
                .setDedupKey("insight:1").build();
        var first = notifications().createNotification(request);
        var twin = notifications().createNotification(request);
        assertThat(first.getCreated()).isTrue();
        assertThat(twin.getCreated()).isFalse();
        assertThat(twin.getNotification().getId()).isEqualTo(first.getNotification().getId());

        notifications().createNotification(request.toBuilder().setDedupKey("session:1").setSessionKey("s1").build());
        var forS2 = notifications().listNotifications(ListNotificationsRequest.newBuilder()
                .setScope(Scope.newBuilder().setSession("s2")).build()).getNotificationsList();
        assertThat(forS2).extracting(n -> n.getDedupKey()).containsExactly("insight:1");
        var forS1 = notifications().listNotifications(ListNotificationsRequest.newBuilder()
                .setScope(Scope.newBuilder().setSession("s1")).setAcknowledge(true).build()).getNotificationsList();
        assertThat(forS1).extracting(n -> n.getDedupKey()).containsExactlyInAnyOrder("insight:1", "session:1");
        assertThat(notifications().listNotifications(ListNotificationsRequest.newBuilder()
                .setScope(Scope.newBuilder().setSession("s2")).build()).getNotificationsList()).isEmpty();
        assertThat(notifications().acknowledgeNotifications(AcknowledgeNotificationsRequest.newBuilder()
                .addIds(first.getNotification().getId()).build()).getAcknowledged()).isZero();
        assertThat(notifications().createNotification(request).getCreated()).isTrue();
    }

    @Test
    void theSameErrorInAnotherProjectWithin24HoursNotifiesErrorRecurringOncePerDay() {
        String output = "TypeError: Cannot read properties of undefined (reading 'id')\n    at load (/app/src/user.js:12:5)";
        report("shop", output);
        report("shop", output);
        assertThat(recurring()).as("one project only").isEmpty();

        long id = report("blog", output).getError().getId();
        report("blog", output);
        assertThat(recurring()).singleElement().satisfies(n -> {
            assertThat(n.getReferenceId()).isEqualTo(id);
            assertThat(n.getSummary()).startsWith("Error recurring across projects: TypeError: ");
        });

        // shop last saw it more than 24 h ago: blog alone is not "across projects"
        clock.advance(Duration.ofHours(25));
        report("blog", output);
        assertThat(recurring()).hasSize(1);
        // a day later in both projects again: the next day's notification
        report("shop", output);
        assertThat(recurring()).hasSize(2);
    }

    private java.util.List<dev.brain.grpc.v1.Notification> recurring() {
        return notifications().listNotifications(ListNotificationsRequest.getDefaultInstance()).getNotificationsList()
                .stream().filter(n -> n.getType() == NotificationType.NOTIFICATION_TYPE_ERROR_RECURRING).toList();
    }
}
