package dev.brain.error.session;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import dev.brain.error.project.repository.ProjectRepository;
import dev.brain.error.session.repository.SessionRepository;
import dev.brain.grpc.v1.Scope;
import dev.brain.tenancy.Tenancy;
import io.grpc.Status;

/**
 * Resolves a request's {@link Scope} (error-code.md §2, §4): the tenant must be the caller's; a named project
 * is created on writes and looked up on reads; a named session is auto-registered (kind {@code service}) and
 * heartbeated, at most one write per 5 s, and follows the project of its latest call.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class Scopes {

    static final Pattern PROJECT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
    static final Pattern SESSION_KEY = Pattern.compile("[A-Za-z0-9._:-]{1,128}");

    /**
     * Project ids by tenant and name. A project's id never changes and no statement deletes a project, so a
     * write's lookup (one statement of every report) is needed once per project; an id is remembered only after
     * the transaction that found or created it committed, so a creation that rolled back is never used.
     */
    static final int PROJECT_IDS_CACHED = 10_000;

    private final Cache<String, Long> projectIds = Caffeine.newBuilder().maximumSize(PROJECT_IDS_CACHED).build();
    private final SessionRepository sessions;
    private final ProjectRepository projects;
    private final Clock clock;
    private final TransactionSynchronizationRegistry transactions;

    public Scopes(SessionRepository sessions, ProjectRepository projects, Clock clock,
            TransactionSynchronizationRegistry transactions) {
        this.sessions = sessions;
        this.projects = projects;
        this.clock = clock;
        this.transactions = transactions;
    }

    /** For writes that need a project: the project is created when missing. */
    public CallScope forWrite(Scope scope) {
        if (scope.getProject().isEmpty()) {
            throw Status.INVALID_ARGUMENT.withDescription("scope.project is required").asRuntimeException();
        }
        return resolve(scope, true);
    }

    /** For calls where the project is optional (empty = whole tenant); an unknown project is created. */
    public CallScope forCall(Scope scope) {
        return resolve(scope, true);
    }

    /** For reads: an unknown project is not created (its id stays null, nothing matches it). */
    public CallScope forRead(Scope scope) {
        return resolve(scope, false);
    }

    /**
     * A write's scope checked without a statement (the tenant is the caller's, the project and session names are
     * well formed), its project and session ids not resolved: for a path that resolves them in its own statement.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public CallScope checkedForWrite(Scope scope) {
        if (scope.getProject().isEmpty()) {
            throw Status.INVALID_ARGUMENT.withDescription("scope.project is required").asRuntimeException();
        }
        return checked(scope);
    }

    private CallScope checked(Scope scope) {
        String tenant = Tenancy.requireOwnTenant(scope.getTenant());
        String project = scope.getProject().isEmpty() ? null : scope.getProject();
        if (project != null && !PROJECT.matcher(project).matches()) {
            throw Status.INVALID_ARGUMENT
                    .withDescription("scope.project: 1-128 characters of [A-Za-z0-9._-], starting with a letter or digit")
                    .asRuntimeException();
        }
        String key = scope.getSession().isEmpty() ? null : scope.getSession();
        if (key != null && !SESSION_KEY.matcher(key).matches()) {
            throw invalidSessionKey();
        }
        return new CallScope(tenant, project, null, key, null, OffsetDateTime.now(clock));
    }

    private CallScope resolve(Scope scope, boolean createProject) {
        CallScope named = checked(scope);
        String tenant = named.tenant();
        String project = named.project();
        Long projectId = null;
        if (project != null) {
            projectId = createProject ? Long.valueOf(projectId(tenant, project, named.now()))
                    : findProject(tenant, project).orElse(null);
        }
        String key = named.sessionKey();
        Long sessionId = key == null ? null : touchSession(tenant, key, "service", null, projectId, named.now());
        return new CallScope(tenant, project, projectId, key, sessionId, named.now());
    }

    private static RuntimeException invalidSessionKey() {
        return Status.INVALID_ARGUMENT.withDescription("scope.session: 1-128 characters of [A-Za-z0-9._:-]")
                .asRuntimeException();
    }

    /** The project's id, if it exists: remembered like {@link #projectId}'s (a project's id never changes). */
    public Optional<Long> findProject(String tenant, String name) {
        Long known = projectIds.getIfPresent(tenant + '\n' + name);
        return known != null ? Optional.of(known) : projects.findId(tenant, name);
    }

    /** The project's id, created when missing. Reads first: an upsert would lock the row and serialize reports. */
    public long projectId(String tenant, String name, OffsetDateTime now) {
        String key = tenant + '\n' + name;
        Long known = projectIds.getIfPresent(key);
        if (known != null) {
            return known;
        }
        long id = findProject(tenant, name).orElseGet(() -> projects.create(tenant, name, now)
                .orElseGet(() -> findProject(tenant, name).orElseThrow()));
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == jakarta.transaction.Status.STATUS_COMMITTED) {
                    projectIds.put(key, id);
                }
            }
        });
        return id;
    }

    /**
     * Creates or revives the session and heartbeats it. Writes only when the last heartbeat is ≥ 5 s old, the
     * status is not {@code connected}, or the project changed.
     */
    public long touchSession(String tenant, String key, String kind, String clientName, Long projectId,
            OffsetDateTime now) {
        if (!SESSION_KEY.matcher(key).matches()) {
            throw invalidSessionKey();
        }
        Optional<Long> written = sessions.heartbeat(tenant, projectId, key, kind, clientName, now);
        return written.orElseGet(() -> sessions.id(tenant, key).orElseThrow());
    }
}
