package dev.brain.error.session;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.google.protobuf.Struct;
import com.google.protobuf.util.JsonFormat;

import dev.brain.error.config.ErrorConfig;
import dev.brain.error.session.repository.SessionRepository;
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

    private final SessionRepository sessions;
    private final Scopes scopes;
    private final ErrorConfig config;

    public Sessions(SessionRepository sessions, Scopes scopes, ErrorConfig config) {
        this.sessions = sessions;
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
        boolean existed = sessions.exists(scope.tenant(), k);
        String json;
        try {
            json = JsonFormat.printer().print(metadata);
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw Status.INVALID_ARGUMENT.withDescription("metadata is not valid").asRuntimeException();
        }
        sessions.register(scope.tenant(), scope.projectId(), k, kindName, clientName.isEmpty() ? null : clientName,
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
        sessions.disconnect(scope.tenant(), k, scope.now());
        return find(scope.tenant(), k);
    }

    /** The tenant's sessions (of the scope's project, when it names one) in the statuses asked for, newest first. */
    public List<Session> list(Scope requestScope, List<SessionStatus> statuses, int limit, int offset) {
        CallScope scope = scopes.forRead(requestScope.toBuilder().clearSession().build());
        String[] wanted = statuses.stream().map(WireNames::of).toArray(String[]::new);
        return sessions.list(scope.tenant(), scope.projectId(), wanted, limit, offset);
    }

    /** Marks stale sessions and deletes expired ones; counts {@code marked_stale}, {@code deleted}. */
    public Map<String, Long> cleanup(OffsetDateTime now) {
        long stale = sessions.markStale(now.minus(config.terminal().staleTimeout()));
        long deleted = sessions.deleteExpired(now.minusDays(config.terminal().retentionDays()));
        return Map.of("marked_stale", stale, "deleted", deleted);
    }

    public Session find(String tenant, String key) {
        return sessions.find(tenant, key).orElseThrow(
                () -> Status.NOT_FOUND.withDescription("session " + key + ": no such session").asRuntimeException());
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
}
