package dev.brain.error.notification;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.error.db.Protos;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.Notification;
import dev.brain.grpc.v1.NotificationType;
import dev.brain.grpc.v1.Scope;
import dev.brain.wire.WireNames;

/**
 * Notifications (error-code.md §11): to one session, a project's sessions or the whole tenant; deduplicated on
 * {@code dedup_key} among unacknowledged rows; a broadcast acknowledged once is acknowledged for all.
 */
@ApplicationScoped
@Transactional
public class Notifications {

    private static final String COLUMNS = """
            n.id, n.type, p.name as project, s.session_key, n.reference_type, n.reference_id, n.summary, n.dedup_key,
            n.created_at, n.acknowledged_at""";
    private static final String FROM = " from notification n left join project p on p.id = n.project_id"
            + " left join session s on s.id = n.target_session_id ";

    private final Jdbc jdbc;
    private final Scopes scopes;

    public Notifications(Jdbc jdbc, Scopes scopes) {
        this.jdbc = jdbc;
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
        Optional<Long> id = jdbc.one("""
                insert into notification (tenant, project_id, target_session_id, type, reference_type, reference_id,
                                          summary, dedup_key, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (tenant, dedup_key) where acknowledged_at is null do nothing
                returning id""", rs -> rs.getLong(1), tenant, d.projectId(), d.sessionId(), d.type(),
                d.referenceType(), d.referenceId(), oneLine(d.summary()), d.dedupKey(), now);
        long stored = id.orElseGet(() -> jdbc.one(
                "select id from notification where tenant = ? and dedup_key = ? and acknowledged_at is null",
                rs -> rs.getLong(1), tenant, d.dedupKey()).orElseThrow());
        return new Created(find(tenant, stored).orElseThrow(), id.isPresent());
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

    private Optional<Notification> find(String tenant, long id) {
        return jdbc.one("select " + COLUMNS + FROM + "where n.tenant = ? and n.id = ?", Notifications::map, tenant, id);
    }

    /**
     * A tenant broadcast (no project, no session) that is about project {@code ?}: it refers to an error whose
     * fingerprint occurs in the project, or to a rule or antipattern that comes from it.
     */
    private static final String ABOUT_PROJECT = """
            (n.project_id is not null or n.target_session_id is not null
             or (n.reference_type = 'error' and exists (
                   select 1 from error r join error e on e.tenant = r.tenant and e.fingerprint = r.fingerprint
                   where r.tenant = n.tenant and r.id = n.reference_id and e.project_id = ?))
             or (n.reference_type = 'rule' and exists (
                   select 1 from rule r where r.tenant = n.tenant and r.id = n.reference_id
                     and (r.project_id = ? or exists (select 1 from error e where e.tenant = r.tenant
                                                       and e.id = any(r.source_error_ids) and e.project_id = ?))))
             or (n.reference_type = 'antipattern' and exists (
                   select 1 from antipattern a where a.tenant = n.tenant and a.id = n.reference_id and a.project_id = ?)))
            """;

    /**
     * Unacknowledged notifications addressed to the session, to its project (or the given project), or to the
     * tenant — with {@code aboutProjectOnly}, tenant broadcasts only when they are about the project; newest first.
     */
    private List<Notification> pending(String tenant, Long sessionId, Long projectId, int limit,
            boolean aboutProjectOnly) {
        long about = projectId == null ? -1L : projectId;
        return jdbc.list("select " + COLUMNS + FROM + """
                where n.tenant = ? and n.acknowledged_at is null
                  and (n.target_session_id is null or n.target_session_id = ?)
                  and (n.project_id is null or n.project_id = ?
                       or n.project_id = (select project_id from session where id = ?)
                       or n.target_session_id = ?)
                  and (not ? or """ + ABOUT_PROJECT + ") order by n.created_at desc, n.id desc limit ?", Notifications::map,
                tenant, sessionId, projectId,
                sessionId, sessionId, aboutProjectOnly, about, about, about, about, limit);
    }

    /**
     * {@code ListNotifications}: the scope's pending notifications, at most {@code limit}; with {@code acknowledge}
     * they are acknowledged in the same transaction.
     */
    public List<Notification> pending(Scope requestScope, int limit, boolean acknowledge, boolean aboutProjectOnly) {
        CallScope scope = scopes.forRead(requestScope);
        List<Notification> pending = pending(scope.tenant(), scope.sessionId(), scope.projectId(), limit,
                aboutProjectOnly && scope.project() != null);
        if (acknowledge && !pending.isEmpty()) {
            acknowledge(scope.tenant(), pending.stream().map(Notification::getId).toArray(Long[]::new), scope.now());
        }
        return pending;
    }

    public long countPending(String tenant, Long sessionId, Long projectId) {
        return jdbc.count("""
                select count(*) from notification n
                where n.tenant = ? and n.acknowledged_at is null
                  and (n.target_session_id is null or n.target_session_id = ?)
                  and (n.project_id is null or n.project_id = ?
                       or n.project_id = (select project_id from session where id = ?)
                       or n.target_session_id = ?)""", tenant, sessionId, projectId, sessionId, sessionId);
    }

    /** {@code AcknowledgeNotifications}: how many of {@code ids} were pending and are acknowledged now. */
    public long acknowledge(Scope requestScope, List<Long> ids) {
        CallScope scope = scopes.forRead(requestScope);
        return acknowledge(scope.tenant(), ids.toArray(Long[]::new), scope.now());
    }

    private long acknowledge(String tenant, Long[] ids, OffsetDateTime now) {
        return jdbc.update("update notification set acknowledged_at = ? where tenant = ? and id = any(?)"
                + " and acknowledged_at is null", now, tenant, ids);
    }

    static Notification map(ResultSet rs) throws SQLException {
        Notification.Builder b = Notification.newBuilder()
                .setId(rs.getLong("id"))
                .setType(WireNames.valueOf(NotificationType.class, rs.getString("type")))
                .setProject(Protos.text(rs, "project"))
                .setTargetSessionKey(Protos.text(rs, "session_key"))
                .setReferenceId(rs.getLong("reference_id"))
                .setSummary(rs.getString("summary"))
                .setDedupKey(rs.getString("dedup_key"))
                .setCreatedAt(Protos.timestamp(rs, "created_at"));
        String ref = rs.getString("reference_type");
        b.setReferenceType(ref == null ? NodeType.NODE_TYPE_UNSPECIFIED
                : WireNames.valueOf(NodeType.class, ref));
        if (rs.getTimestamp("acknowledged_at") != null) {
            b.setAcknowledgedAt(Protos.timestamp(rs, "acknowledged_at"));
        }
        return b.build();
    }

    private static String oneLine(String s) {
        String line = s.replaceAll("\\s+", " ").strip();
        return line.length() > 500 ? line.substring(0, 499) + "…" : line;
    }
}
