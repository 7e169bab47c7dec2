package dev.brain.error.notification.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.error.db.repository.Columns;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.Notification;
import dev.brain.grpc.v1.NotificationType;
import dev.brain.wire.WireNames;

/**
 * Table {@code notification} (error-code.md §11), always tenant-scoped: the one writer of it. A notification is
 * unique per dedup key among the unacknowledged ones (a partial unique index), so a concurrent duplicate inserts
 * nothing.
 */
@ApplicationScoped
public class NotificationRepository {

    private static final String COLUMNS = """
            n.id, n.type, p.name as project, s.session_key, n.reference_type, n.reference_id, n.summary, n.dedup_key,
            n.created_at, n.acknowledged_at""";
    private static final String FROM = " from notification n left join project p on p.id = n.project_id"
            + " left join session s on s.id = n.target_session_id ";

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

    private final Jdbc jdbc;

    public NotificationRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Inserts the notification unless an unacknowledged one has the same dedup key; its id, empty when it was a
     * duplicate. {@code type} and {@code referenceType} are the column values (snake case).
     */
    public Optional<Long> insert(String tenant, Long projectId, Long sessionId, String type, String referenceType,
            Long referenceId, String summary, String dedupKey, OffsetDateTime now) {
        return jdbc.one("""
                insert into notification (tenant, project_id, target_session_id, type, reference_type, reference_id,
                                          summary, dedup_key, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (tenant, dedup_key) where acknowledged_at is null do nothing
                returning id""", rs -> rs.getLong(1), tenant, projectId, sessionId, type, referenceType, referenceId,
                summary, dedupKey, now);
    }

    /** The id of the unacknowledged notification with the dedup key. */
    public Optional<Long> pendingId(String tenant, String dedupKey) {
        return jdbc.one("select id from notification where tenant = ? and dedup_key = ? and acknowledged_at is null",
                rs -> rs.getLong(1), tenant, dedupKey);
    }

    public Optional<Notification> find(String tenant, long id) {
        return jdbc.one("select " + COLUMNS + FROM + "where n.tenant = ? and n.id = ?", NotificationRepository::map,
                tenant, id);
    }

    /**
     * Unacknowledged notifications addressed to the session, to its project (or the given project), or to the
     * tenant — with {@code aboutProjectOnly}, tenant broadcasts only when they are about the project; newest first.
     */
    public List<Notification> pending(String tenant, Long sessionId, Long projectId, int limit,
            boolean aboutProjectOnly) {
        long about = projectId == null ? -1L : projectId;
        return jdbc.list("select " + COLUMNS + FROM + """
                where n.tenant = ? and n.acknowledged_at is null
                  and (n.target_session_id is null or n.target_session_id = ?)
                  and (n.project_id is null or n.project_id = ?
                       or n.project_id = (select project_id from session where id = ?)
                       or n.target_session_id = ?)
                  and (not ? or """ + ABOUT_PROJECT + ") order by n.created_at desc, n.id desc limit ?",
                NotificationRepository::map, tenant, sessionId, projectId,
                sessionId, sessionId, aboutProjectOnly, about, about, about, about, limit);
    }

    /** The count of what {@link #pending} lists without the limit and without {@code aboutProjectOnly}. */
    public long countPending(String tenant, Long sessionId, Long projectId) {
        return jdbc.count("""
                select count(*) from notification n
                where n.tenant = ? and n.acknowledged_at is null
                  and (n.target_session_id is null or n.target_session_id = ?)
                  and (n.project_id is null or n.project_id = ?
                       or n.project_id = (select project_id from session where id = ?)
                       or n.target_session_id = ?)""", tenant, sessionId, projectId, sessionId, sessionId);
    }

    /** How many of {@code ids} were pending and are acknowledged now. */
    public long acknowledge(String tenant, Long[] ids, OffsetDateTime now) {
        return jdbc.update("update notification set acknowledged_at = ? where tenant = ? and id = any(?)"
                + " and acknowledged_at is null", now, tenant, ids);
    }

    static Notification map(ResultSet rs) throws SQLException {
        Notification.Builder b = Notification.newBuilder()
                .setId(rs.getLong("id"))
                .setType(WireNames.valueOf(NotificationType.class, rs.getString("type")))
                .setProject(Columns.text(rs, "project"))
                .setTargetSessionKey(Columns.text(rs, "session_key"))
                .setReferenceId(rs.getLong("reference_id"))
                .setSummary(rs.getString("summary"))
                .setDedupKey(rs.getString("dedup_key"))
                .setCreatedAt(Columns.timestamp(rs, "created_at"));
        String ref = rs.getString("reference_type");
        b.setReferenceType(ref == null ? NodeType.NODE_TYPE_UNSPECIFIED
                : WireNames.valueOf(NodeType.class, ref));
        if (rs.getTimestamp("acknowledged_at") != null) {
            b.setAcknowledgedAt(Columns.timestamp(rs, "acknowledged_at"));
        }
        return b.build();
    }
}
