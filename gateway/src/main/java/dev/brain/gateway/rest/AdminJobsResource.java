package dev.brain.gateway.rest;

import java.util.Map;
import java.util.Set;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import dev.brain.gateway.Reasons;
import dev.brain.gateway.auth.Caller;
import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.ScopeGuard;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.client.ErrorServiceClient;
import dev.brain.gateway.client.MemoryServiceClient;
import dev.brain.gateway.client.ResearchServiceClient;
import dev.brain.gateway.client.ServiceCallException;
import dev.brain.gateway.memory.AgentMemory;
import dev.brain.grpc.v1.JobRunResult;
import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.MemoryJob;
import dev.brain.grpc.v1.RunKnowledgeDecayResponse;
import dev.brain.grpc.v1.RunKnowledgePruneResponse;
import dev.brain.wire.WireNames;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.smallrye.mutiny.Uni;

/**
 * {@code POST /api/v1/admin/jobs/{service}/{job}}: runs a scheduled job now and returns
 * {@code {job, status, counts, duration_ms}}. Jobs whose service part has not landed yet answer 501.
 * Jobs of the caller's tenant need scope admin: {@code error/learning}, {@code research/cycle} (the caller's
 * tenant), {@code research/prune} (the caller's library pair: its memory user, {@code ?agent=}, default claude).
 * Global jobs — every {@code memory/*} job, {@code error/retention}, {@code error/session-cleanup},
 * {@code research/decay} — work on every tenant's rows and count them all, so they need scope system: a tenant's
 * admin never runs them nor sees another tenant's counts. Each group is its own endpoint, so the scope is declared.
 */
@Path("/api/v1/admin/jobs")
public class AdminJobsResource {

    /** gateway.md §2: every job a caller may run now. */
    static final Set<String> JOBS = Set.of("memory/promotion", "memory/decay", "memory/expiry", "memory/synapse-decay",
            "memory/node-decay", "memory/short-term-expiry", "memory/log-retention", "memory/housekeeping",
            "error/learning", "error/retention", "error/session-cleanup", "research/cycle", "research/prune",
            "research/decay");

    /** The jobs that work on every tenant's rows (scope system). */
    static final Set<String> GLOBAL = Set.of("memory/promotion", "memory/decay", "memory/expiry", "memory/synapse-decay",
            "memory/node-decay", "memory/short-term-expiry", "memory/log-retention", "memory/housekeeping",
            "error/retention", "error/session-cleanup", "research/decay");

    /** memory-service's jobs by path name; {@code decay} and {@code expiry} are gateway.md's short names. */
    static final Map<String, MemoryJob> MEMORY_JOBS = Map.of(
            "memory/promotion", MemoryJob.MEMORY_JOB_PROMOTION,
            "memory/node-decay", MemoryJob.MEMORY_JOB_NODE_DECAY,
            "memory/decay", MemoryJob.MEMORY_JOB_NODE_DECAY,
            "memory/short-term-expiry", MemoryJob.MEMORY_JOB_SHORT_TERM_EXPIRY,
            "memory/expiry", MemoryJob.MEMORY_JOB_SHORT_TERM_EXPIRY,
            "memory/synapse-decay", MemoryJob.MEMORY_JOB_SYNAPSE_DECAY,
            "memory/log-retention", MemoryJob.MEMORY_JOB_LOG_RETENTION,
            "memory/housekeeping", MemoryJob.MEMORY_JOB_HOUSEKEEPING);

    @RegisterForReflection
    public record JobRun(String job, String status, Map<String, Long> counts, long duration_ms) {
    }

    private final MemoryServiceClient memory;
    private final ErrorServiceClient errors;
    private final ResearchServiceClient research;
    private final CurrentCaller caller;

    public AdminJobsResource(MemoryServiceClient memory, ErrorServiceClient errors, ResearchServiceClient research,
            CurrentCaller caller) {
        this.memory = memory;
        this.errors = errors;
        this.research = research;
        this.caller = caller;
    }

    /** The global jobs of memory-service (every pair). */
    @POST
    @Path("/memory/{job: promotion|decay|expiry|synapse-decay|node-decay|short-term-expiry|log-retention|housekeeping}")
    @Produces(MediaType.APPLICATION_JSON)
    @RequiresScope(TokenScope.SYSTEM)
    public Uni<Response> memoryJob(@PathParam("job") String job) {
        return run("memory", job, null);
    }

    /** The global jobs of error-service (every tenant's rows). */
    @POST
    @Path("/error/{job: retention|session-cleanup}")
    @Produces(MediaType.APPLICATION_JSON)
    @RequiresScope(TokenScope.SYSTEM)
    public Uni<Response> errorGlobalJob(@PathParam("job") String job) {
        return run("error", job, null);
    }

    /** Knowledge decay over every pair's library. */
    @POST
    @Path("/research/decay")
    @Produces(MediaType.APPLICATION_JSON)
    @RequiresScope(TokenScope.SYSTEM)
    public Uni<Response> researchDecay() {
        return run("research", "decay", null);
    }

    /**
     * The jobs of the caller's tenant: {@code error/learning}, {@code research/cycle}, {@code research/prune}; unknown → 404.
     */
    @POST
    @Path("/{service}/{job}")
    @Produces(MediaType.APPLICATION_JSON)
    @RequiresScope(TokenScope.ADMIN)
    public Uni<Response> tenantJob(@PathParam("service") String service, @PathParam("job") String job,
            @QueryParam("agent") String agent) {
        return run(service, job, agent);
    }

    private Uni<Response> run(String service, String job, String agent) {
        String name = service + "/" + job;
        if (GLOBAL.contains(name)) {
            // the global endpoints' paths win over {service}/{job}; should one be reached here, it needs system too
            ScopeGuard.require(caller.get(), TokenScope.SYSTEM, "job " + name);
        }
        if (!JOBS.contains(name)) {
            return Uni.createFrom().item(Response.status(Response.Status.NOT_FOUND)
                    .entity(Map.of("error", Reasons.oneLine("job: unknown job '" + name + "'; known: "
                            + String.join(", ", JOBS.stream().sorted().toList()))))
                    .build());
        }
        Caller c = caller.get();
        String tenant = c.tenant();
        if (MEMORY_JOBS.containsKey(name)) {
            // a job memory-service does not offer yet (UNIMPLEMENTED) answers 501 like the jobs not wired here
            return memory.runJob(tenant, MEMORY_JOBS.get(name))
                    .map(response -> Response.ok(jobRun(name, response.getResult())).build())
                    .onFailure(f -> f instanceof ServiceCallException s && s.kind() == ServiceCallException.Kind.UNIMPLEMENTED)
                    .recoverWithItem(f -> notAvailable(name, f.getMessage()));
        }
        Uni<JobRunResult> run = switch (name) {
            case "error/learning" -> errors.runLearningCycle(tenant);
            case "error/retention" -> errors.runRetention(tenant);
            case "error/session-cleanup" -> errors.runSessionCleanup(tenant);
            case "research/cycle" -> research.runCycle(tenant);
            case "research/prune" -> Uni.createFrom().deferred(() -> research.runPrune(tenant, AgentMemory.pair(c, agent)))
                    .map(RunKnowledgePruneResponse::getResult);
            case "research/decay" -> research.runDecay(tenant).map(RunKnowledgeDecayResponse::getResult);
            default -> null;
        };
        if (run == null) {
            return Uni.createFrom().item(notAvailable(name, "job " + name + " is not available yet"));
        }
        // a job its service does not offer yet (UNIMPLEMENTED) answers 501 like the jobs not wired here
        return run.map(result -> Response.ok(jobRun(name, result)).build())
                .onFailure(f -> f instanceof ServiceCallException s && s.kind() == ServiceCallException.Kind.UNIMPLEMENTED)
                .recoverWithItem(f -> notAvailable(name, f.getMessage()));
    }

    private static Response notAvailable(String name, String reason) {
        return Response.status(Response.Status.NOT_IMPLEMENTED)
                .entity(Map.of("job", name, "status", "NOT_AVAILABLE", "error", reason)).build();
    }

    static JobRun jobRun(String name, JobRunResult result) {
        String status = result.getStatus() == JobStatus.UNRECOGNIZED ? "UNKNOWN"
                : WireNames.constant(result.getStatus());
        return new JobRun(name, status, result.getCountsMap(), result.getDurationMs());
    }
}
