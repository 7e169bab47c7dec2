package dev.brain.error.session;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.google.protobuf.Struct;
import com.google.protobuf.util.JsonFormat;

import dev.brain.db.Jdbc;
import dev.brain.error.config.ErrorConfig;
import dev.brain.error.db.Protos;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.Session;
import dev.brain.grpc.v1.SessionKind;
import dev.brain.grpc.v1.SessionStatus;
import dev.brain.wire.WireNames;
import io.grpc.Status;

/**
 * Sessions (error-code.md §4): register/revive, heartbeat, disconnect, list, and the cleanup that marks
 * sessions stale after {@code terminal.staleTimeout} and deletes old stale/disconnected ones.
 */
@ApplicationScoped
@Transactional
public class Sessions {

    private static final String COLUMNS = """
            s.id, s.session_key, s.kind, s.client_name, s.status, p.name as project, s.connected_at,
            s.last_heartbeat_at, s.disconnected_at, s.metadata::text as metadata""";
    private static final String FROM = " from session s left join project p on p.id = s.project_id ";

    private final Jdbc jdbc;
    private final Scopes scopes;
    private final ErrorConfig config;

    public Sessions(Jdbc jdbc, Scopes scopes, ErrorConfig config) {
        this.jdbc = jdbc;
        this.scopes = scopes;
        this.config = config;
    }

    public record Registered(Session session, boolean created) {
    }

    /**
     * {@code RegisterSession}: creates or revives the session {@code key} (or the scope's session) of the scope's
     * project.
     */
    public Registered register(Scope requestScope, String key, SessionKind kind, String clientName, Struct metadata) {
        CallScope scope = scopeOfSessionCall(requestScope, true);
        String k = key.isEmpty() ? scope.sessionKey() : key;
        if (k == null) {
            throw Status.INVALID_ARGUMENT.withDescription("key is required (or scope.session)").asRuntimeException();
        }
        if (clientName.length() > 200) {
            throw Status.INVALID_ARGUMENT.withDescription("client_name: at most 200 characters").asRuntimeException();
        }
        String kindName = kind == SessionKind.SESSION_KIND_UNSPECIFIED || kind == SessionKind.UNRECOGNIZED ? "service"
                : WireNames.of(kind);
        boolean existed = jdbc.count("select count(*) from session where tenant = ? and session_key = ?",
                scope.tenant(), k) > 0;
        String json;
        try {
            json = JsonFormat.printer().print(metadata);
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw Status.INVALID_ARGUMENT.withDescription("metadata is not valid").asRuntimeException();
        }
        jdbc.update("""
                insert into session as s (tenant, project_id, session_key, kind, client_name, status, connected_at,
                                          last_heartbeat_at, metadata)
                values (?, ?, ?, ?, ?, 'connected', ?, ?, ?::jsonb)
                on conflict (tenant, session_key) do update set status = 'connected', disconnected_at = null,
                    last_heartbeat_at = excluded.last_heartbeat_at, kind = excluded.kind,
                    client_name = coalesce(excluded.client_name, s.client_name),
                    project_id = coalesce(excluded.project_id, s.project_id), metadata = excluded.metadata""",
                scope.tenant(), scope.projectId(), k, kindName, clientName.isEmpty() ? null : clientName, scope.now(),
                scope.now(), json);
        return new Registered(find(scope.tenant(), k), !existed);
    }

    public Session heartbeat(Scope requestScope, String key) {
        CallScope scope = scopeOfSessionCall(requestScope, true);
        String k = requireKey(scope, key);
        find(scope.tenant(), k);
        scopes.touchSession(scope.tenant(), k, "service", null, scope.projectId(), scope.now());
        return find(scope.tenant(), k);
    }

    public Session disconnect(Scope requestScope, String key) {
        CallScope scope = scopeOfSessionCall(requestScope, false);
        String k = requireKey(scope, key);
        find(scope.tenant(), k);
        jdbc.update("update session set status = 'disconnected', disconnected_at = ? where tenant = ? and session_key = ?",
                scope.now(), scope.tenant(), k);
        return find(scope.tenant(), k);
    }

    /** The tenant's sessions (of the scope's project, when it names one) in the statuses asked for, newest first. */
    public List<Session> list(Scope requestScope, List<SessionStatus> statuses, int limit, int offset) {
        CallScope scope = scopes.forRead(requestScope.toBuilder().clearSession().build());
        String[] wanted = statuses.stream().map(WireNames::of).toArray(String[]::new);
        return jdbc.list("select " + COLUMNS + FROM + """
                where s.tenant = ? and (?::bigint is null or s.project_id = ?)
                  and (cardinality(?::text[]) = 0 or s.status = any(?::text[]))
                order by s.last_heartbeat_at desc, s.id desc limit ? offset ?""", Sessions::map, scope.tenant(),
                scope.projectId(), scope.projectId(), wanted, wanted, limit, offset);
    }

    /** Marks stale sessions and deletes expired ones; counts {@code marked_stale}, {@code deleted}. */
    public Map<String, Long> cleanup(OffsetDateTime now) {
        long stale = jdbc.update("update session set status = 'stale' where status = 'connected'"
                + " and last_heartbeat_at < ?", now.minus(config.terminal().staleTimeout()));
        long deleted = jdbc.update("delete from session where status in ('stale', 'disconnected')"
                + " and last_heartbeat_at < ?", now.minusDays(config.terminal().retentionDays()));
        return Map.of("marked_stale", stale, "deleted", deleted);
    }

    public Session find(String tenant, String key) {
        return jdbc.one("select " + COLUMNS + FROM + "where s.tenant = ? and s.session_key = ?", Sessions::map, tenant,
                key).orElseThrow(
                        () -> Status.NOT_FOUND.withDescription("session " + key + ": no such session")
                                .asRuntimeException());
    }

    /**
     * The scope of a call that acts on a session itself: resolved without touching the session it names (a project
     * is created on {@code write}), which stays an unresolved key.
     */
    private CallScope scopeOfSessionCall(Scope requestScope, boolean write) {
        Scope withoutSession = requestScope.toBuilder().clearSession().build();
        return (write ? scopes.forCall(withoutSession) : scopes.forRead(withoutSession))
                .withSession(requestScope.getSession());
    }

    private static String requireKey(CallScope scope, String key) {
        String k = key.isEmpty() ? scope.sessionKey() : key;
        if (k == null) {
            throw Status.INVALID_ARGUMENT.withDescription("key is required (or scope.session)").asRuntimeException();
        }
        return k;
    }

    static Session map(ResultSet rs) throws SQLException {
        Session.Builder b = Session.newBuilder().setId(rs.getLong("id")).setKey(rs.getString("session_key"))
                .setKind(WireNames.valueOf(SessionKind.class, rs.getString("kind")))
                .setClientName(Protos.text(rs, "client_name"))
                .setStatus(WireNames.valueOf(SessionStatus.class, rs.getString("status")))
                .setProject(Protos.text(rs, "project"))
                .setConnectedAt(Protos.timestamp(rs, "connected_at"))
                .setLastHeartbeatAt(Protos.timestamp(rs, "last_heartbeat_at"));
        if (rs.getTimestamp("disconnected_at") != null) {
            b.setDisconnectedAt(Protos.timestamp(rs, "disconnected_at"));
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
