package dev.brain.error.session.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import com.google.protobuf.Struct;
import com.google.protobuf.util.JsonFormat;

import dev.brain.db.Jdbc;
import dev.brain.error.db.repository.Columns;
import dev.brain.grpc.v1.Session;
import dev.brain.grpc.v1.SessionKind;
import dev.brain.grpc.v1.SessionStatus;
import dev.brain.wire.WireNames;

/**
 * Table {@code session} (error-code.md §4), always tenant-scoped but for the clean-up, which spans tenants: the
 * upserts of a registration and a heartbeat (one row per tenant and key, so concurrent calls for a key leave one
 * row), disconnects, lists and the clean-up.
 */
@ApplicationScoped
public class SessionRepository {

    private static final String COLUMNS = """
            s.id, s.session_key, s.kind, s.client_name, s.status, p.name as project, s.connected_at,
            s.last_heartbeat_at, s.disconnected_at, s.metadata::text as metadata""";
    private static final String FROM = " from session s left join project p on p.id = s.project_id ";

    private final Jdbc jdbc;

    public SessionRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    public boolean exists(String tenant, String key) {
        return jdbc.count("select count(*) from session where tenant = ? and session_key = ?", tenant, key) > 0;
    }

    /**
     * Creates the session or revives it ({@code connected}, heartbeated, its kind, metadata and — when given — client
     * name and project replaced). {@code metadata} is JSON.
     */
    public void register(String tenant, Long projectId, String key, String kind, String clientName,
            OffsetDateTime now, String metadata) {
        jdbc.update("""
                insert into session as s (tenant, project_id, session_key, kind, client_name, status, connected_at,
                                          last_heartbeat_at, metadata)
                values (?, ?, ?, ?, ?, 'connected', ?, ?, ?::jsonb)
                on conflict (tenant, session_key) do update set status = 'connected', disconnected_at = null,
                    last_heartbeat_at = excluded.last_heartbeat_at, kind = excluded.kind,
                    client_name = coalesce(excluded.client_name, s.client_name),
                    project_id = coalesce(excluded.project_id, s.project_id), metadata = excluded.metadata""",
                tenant, projectId, key, kind, clientName, now, now, metadata);
    }

    /**
     * Creates or revives the session and heartbeats it, writing only when the last heartbeat is ≥ 5 s old, the status
     * is not {@code connected}, or the project changed; its id when it wrote, else empty.
     */
    public Optional<Long> heartbeat(String tenant, Long projectId, String key, String kind, String clientName,
            OffsetDateTime now) {
        return jdbc.one("""
                insert into session as s (tenant, project_id, session_key, kind, client_name, status, connected_at,
                                          last_heartbeat_at)
                values (?, ?, ?, ?, ?, 'connected', ?, ?)
                on conflict (tenant, session_key) do update set
                    last_heartbeat_at = excluded.last_heartbeat_at, status = 'connected', disconnected_at = null,
                    project_id = coalesce(excluded.project_id, s.project_id)
                where s.last_heartbeat_at <= excluded.last_heartbeat_at - interval '5 seconds'
                   or s.status <> 'connected'
                   or (excluded.project_id is not null and s.project_id is distinct from excluded.project_id)
                returning id""", rs -> rs.getLong(1), tenant, projectId, key, kind, clientName, now, now);
    }

    /** The session's id. */
    public Optional<Long> id(String tenant, String key) {
        return jdbc.one("select id from session where tenant = ? and session_key = ?", rs -> rs.getLong(1), tenant,
                key);
    }

    public void disconnect(String tenant, String key, OffsetDateTime now) {
        jdbc.update("update session set status = 'disconnected', disconnected_at = ? where tenant = ? and session_key = ?",
                now, tenant, key);
    }

    /**
     * The tenant's sessions (of the project, when {@code projectId} is not null) in the statuses (column values; none
     * = all), newest first.
     */
    public List<Session> list(String tenant, Long projectId, String[] statuses, int limit, int offset) {
        return jdbc.list("select " + COLUMNS + FROM + """
                where s.tenant = ? and (?::bigint is null or s.project_id = ?)
                  and (cardinality(?::text[]) = 0 or s.status = any(?::text[]))
                order by s.last_heartbeat_at desc, s.id desc limit ? offset ?""", SessionRepository::map, tenant,
                projectId, projectId, statuses, statuses, limit, offset);
    }

    /** Connected sessions without a heartbeat since {@code heartbeatBefore} marked stale, of every tenant; the count. */
    public long markStale(OffsetDateTime heartbeatBefore) {
        return jdbc.update("update session set status = 'stale' where status = 'connected'"
                + " and last_heartbeat_at < ?", heartbeatBefore);
    }

    /** Stale and disconnected sessions without a heartbeat since {@code heartbeatBefore} deleted; the count. */
    public long deleteExpired(OffsetDateTime heartbeatBefore) {
        return jdbc.update("delete from session where status in ('stale', 'disconnected')"
                + " and last_heartbeat_at < ?", heartbeatBefore);
    }

    public Optional<Session> find(String tenant, String key) {
        return jdbc.one("select " + COLUMNS + FROM + "where s.tenant = ? and s.session_key = ?", SessionRepository::map,
                tenant, key);
    }

    static Session map(ResultSet rs) throws SQLException {
        Session.Builder b = Session.newBuilder().setId(rs.getLong("id")).setKey(rs.getString("session_key"))
                .setKind(WireNames.valueOf(SessionKind.class, rs.getString("kind")))
                .setClientName(Columns.text(rs, "client_name"))
                .setStatus(WireNames.valueOf(SessionStatus.class, rs.getString("status")))
                .setProject(Columns.text(rs, "project"))
                .setConnectedAt(Columns.timestamp(rs, "connected_at"))
                .setLastHeartbeatAt(Columns.timestamp(rs, "last_heartbeat_at"));
        if (rs.getTimestamp("disconnected_at") != null) {
            b.setDisconnectedAt(Columns.timestamp(rs, "disconnected_at"));
        }
        try {
            Struct.Builder metadata = Struct.newBuilder();
            JsonFormat.parser().merge(rs.getString("metadata"), metadata);
            b.setMetadata(metadata);
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
        return b.build();
    }
}
