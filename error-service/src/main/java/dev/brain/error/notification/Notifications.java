package dev.brain.error.notification;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.notification.repository.NotificationRepository;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.Notification;
import dev.brain.grpc.v1.Scope;

/**
 * Notifications (error-code.md §11): to one session, a project's sessions or the whole tenant; deduplicated on
 * {@code dedup_key} among unacknowledged rows; a broadcast acknowledged once is acknowledged for all.
 */
@ApplicationScoped
@Transactional
public class Notifications {

    private final NotificationRepository notifications;
    private final Scopes scopes;

    public Notifications(NotificationRepository notifications, Scopes scopes) {
        this.notifications = notifications;
        this.scopes = scopes;
    }

    /** A new notification. {@code type} and {@code referenceType} are the column values (snake case). */
    public record Draft(String type, Long projectId, Long sessionId, String referenceType, Long referenceId,
            String summary, String dedupKey) {
    }

    /** The created notification, or the pending one with the same dedup key ({@code created = false}). */
    public record Created(Notification notification, boolean created) {
    }

    public Created create(String tenant, Draft d, OffsetDateTime now) {
        Optional<Long> id = notifications.insert(tenant, d.projectId(), d.sessionId(), d.type(), d.referenceType(),
                d.referenceId(), oneLine(d.summary()), d.dedupKey(), now);
        long stored = id.orElseGet(() -> notifications.pendingId(tenant, d.dedupKey()).orElseThrow());
        return new Created(notifications.find(tenant, stored).orElseThrow(), id.isPresent());
    }

    /**
     * {@code CreateNotification}: {@code draft} addressed to the project named {@code project} (created when
     * missing) and the session {@code sessionKey} (registered when missing); "" = none. The draft's own project and
     * session ids are not used.
     */
    public Created create(Scope requestScope, String project, String sessionKey, Draft draft) {
        CallScope scope = scopes.forRead(requestScope);
        Long projectId = project.isEmpty() ? null : scopes.projectId(scope.tenant(), project, scope.now());
        Long sessionId = sessionKey.isEmpty() ? null
                : scopes.touchSession(scope.tenant(), sessionKey, "service", null, null, scope.now());
        return create(scope.tenant(), new Draft(draft.type(), projectId, sessionId, draft.referenceType(),
                draft.referenceId(), draft.summary(), draft.dedupKey()), scope.now());
    }

    /** Sends it; returns 1 when a new row was written, 0 when deduplicated. */
    public int send(String tenant, Draft d, OffsetDateTime now) {
        return create(tenant, d, now).created() ? 1 : 0;
    }

    /**
     * {@code ListNotifications}: the scope's pending notifications, at most {@code limit}; with {@code acknowledge}
     * they are acknowledged in the same transaction.
     */
    public List<Notification> pending(Scope requestScope, int limit, boolean acknowledge, boolean aboutProjectOnly) {
        CallScope scope = scopes.forRead(requestScope);
        List<Notification> pending = notifications.pending(scope.tenant(), scope.sessionId(), scope.projectId(), limit,
                aboutProjectOnly && scope.project() != null);
        if (acknowledge && !pending.isEmpty()) {
            notifications.acknowledge(scope.tenant(), pending.stream().map(Notification::getId).toArray(Long[]::new),
                    scope.now());
        }
        return pending;
    }

    /** The count of the pending notifications of the session, its project (or the given one) and the tenant. */
    public long countPending(String tenant, Long sessionId, Long projectId) {
        return notifications.countPending(tenant, sessionId, projectId);
    }

    /** {@code AcknowledgeNotifications}: how many of {@code ids} were pending and are acknowledged now. */
    public long acknowledge(Scope requestScope, List<Long> ids) {
        CallScope scope = scopes.forRead(requestScope);
        return notifications.acknowledge(scope.tenant(), ids.toArray(Long[]::new), scope.now());
    }

    private static String oneLine(String s) {
        String line = s.replaceAll("\\s+", " ").strip();
        return line.length() > 500 ? line.substring(0, 499) + "…" : line;
    }
}
