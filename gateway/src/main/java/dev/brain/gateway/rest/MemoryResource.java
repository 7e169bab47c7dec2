package dev.brain.gateway.rest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

import com.google.protobuf.ByteString;

import dev.brain.gateway.auth.Caller;
import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.client.MemoryServiceClient;
import dev.brain.gateway.client.ServiceCallException;
import dev.brain.gateway.memory.AgentMemory;
import dev.brain.gateway.memory.MemoryInputs;
import dev.brain.gateway.memory.MemoryRenderer;
import dev.brain.grpc.v1.ExportMemoryChunk;
import dev.brain.grpc.v1.ExportMemoryRequest;
import dev.brain.grpc.v1.ImportConflictPolicy;
import dev.brain.grpc.v1.ImportMemoryOptions;
import dev.brain.grpc.v1.ImportMemoryRequest;
import dev.brain.grpc.v1.MemoryRecordKind;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;

/**
 * REST equivalents of the memory tools ({@code /api/v1/memory/remember}, {@code /recall}, {@code /feedback}) and the
 * pair's export/import as JSON lines (memory.md §13). The pair is (the token's memory user — its tenant, or
 * {@code tenant:user} — and {@code agent}, default claude).
 */
@Path("/api/v1/memory")
public class MemoryResource {

    static final String JSON_LINES = "application/x-ndjson";
    static final int IMPORT_CHUNK_BYTES = 1024 * 1024;

    @RegisterForReflection
    public record LineError(long line, String message) {
    }

    @RegisterForReflection
    public record ImportResult(String agent, Map<String, Long> counts, List<LineError> errors) {
    }

    private final AgentMemory agentMemory;
    private final MemoryServiceClient memory;
    private final CurrentCaller caller;

    public MemoryResource(AgentMemory agentMemory, MemoryServiceClient memory, CurrentCaller caller) {
        this.agentMemory = agentMemory;
        this.memory = memory;
        this.caller = caller;
    }

    private static <T> T body(T body) {
        if (body == null) {
            throw new IllegalArgumentException("body: a JSON object is required");
        }
        return body;
    }

    /** memory_remember → 201 with the entry when stored, 200 with {@code stored: false} and the reason otherwise. */
    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/remember")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces({ MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN })
    public Uni<Response> remember(MemoryInputs.Remember in, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> agentMemory.remember(caller.get(), body(in)))
                .map(view -> Negotiation.answer(headers, view.stored() ? Response.Status.CREATED : Response.Status.OK, view,
                        MemoryRenderer::remembered));
    }

    /** memory_recall: memories with their paths, the rendered block and the turn id for feedback. */
    @RequiresScope(TokenScope.READ)
    @POST
    @Path("/recall")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces({ MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN })
    public Uni<Response> recall(MemoryInputs.Recall in, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> agentMemory.recall(caller.get(), body(in)))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, MemoryRenderer::recall));
    }

    /** memory_feedback: the final answer of a recall's turn → usage reinforcement. */
    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/feedback")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces({ MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN })
    public Uni<Response> feedback(MemoryInputs.Feedback in, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> agentMemory.feedback(caller.get(), body(in)))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, MemoryRenderer::feedback));
    }

    /**
     * Streams the caller's pair as JSON lines. The first chunk (or the failure) is awaited before answering, so a
     * service that does not offer export yet is a clean 501 and a down one a 503, never a broken 200.
     */
    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/export")
    @Produces(JSON_LINES)
    @Blocking
    public Response export(@QueryParam("agent") String agent, @QueryParam("kinds") String kinds) {
        String tenant = caller.get().tenant();
        ExportMemoryRequest request = ExportMemoryRequest.newBuilder().setPair(AgentMemory.pair(caller.get(), agent))
                .addAllKinds(kinds(kinds)).build();
        Iterator<ExportMemoryChunk> chunks = memory.export(tenant, request).subscribe().asIterable().iterator();
        ExportMemoryChunk first = next(chunks);
        StreamingOutput body = out -> {
            ExportMemoryChunk chunk = first;
            while (chunk != null) {
                chunk.getData().writeTo(out);
                out.flush();
                chunk = next(chunks);
            }
        };
        return Response.ok(body, JSON_LINES).header("Content-Disposition",
                "attachment; filename=\"brain-memory-" + AgentMemory.agent(agent).replaceAll("[^A-Za-z0-9._-]", "_")
                        + ".jsonl\"")
                .build();
    }

    /** The next chunk or null at the end; a failed stream rethrows the service's failure in its own words. */
    private static ExportMemoryChunk next(Iterator<ExportMemoryChunk> chunks) {
        try {
            return chunks.hasNext() ? chunks.next() : null;
        } catch (RuntimeException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof ServiceCallException s) {
                    throw s;
                }
            }
            throw e;
        }
    }

    static List<MemoryRecordKind> kinds(String kinds) {
        List<MemoryRecordKind> result = new ArrayList<>();
        if (kinds == null || kinds.isBlank()) {
            return result;
        }
        for (String kind : kinds.split(",")) {
            String name = kind.trim().toLowerCase(Locale.ROOT);
            result.add(switch (name) {
                case "entries" -> MemoryRecordKind.MEMORY_RECORD_KIND_ENTRIES;
                case "nodes" -> MemoryRecordKind.MEMORY_RECORD_KIND_NODES;
                case "edges" -> MemoryRecordKind.MEMORY_RECORD_KIND_EDGES;
                case "synapses" -> MemoryRecordKind.MEMORY_RECORD_KIND_SYNAPSES;
                default ->
                    throw new IllegalArgumentException("kinds: '" + name + "' is not one of entries, nodes, edges, synapses");
            });
        }
        return result;
    }

    static ImportConflictPolicy onConflict(String onConflict) {
        return switch (onConflict == null ? "fail" : onConflict.trim().toLowerCase(Locale.ROOT)) {
            case "", "fail" -> ImportConflictPolicy.IMPORT_CONFLICT_POLICY_FAIL;
            case "skip" -> ImportConflictPolicy.IMPORT_CONFLICT_POLICY_SKIP;
            case "replace" -> ImportConflictPolicy.IMPORT_CONFLICT_POLICY_REPLACE;
            default -> throw new IllegalArgumentException(
                    "on_conflict: '" + onConflict.trim() + "' is not one of fail, skip, replace");
        };
    }

    /**
     * Imports JSON lines into the caller's pair in one call (one transaction; the request body limit of 2 MiB
     * applies — larger migrations split into calls, nodes before edges). Needs scope {@code write}.
     */
    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/import")
    @Consumes({ JSON_LINES, "application/jsonl", MediaType.TEXT_PLAIN, MediaType.APPLICATION_OCTET_STREAM,
            MediaType.APPLICATION_JSON })
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<ImportResult> importMemory(byte[] data, @QueryParam("agent") String agent,
            @QueryParam("on_conflict") @DefaultValue("fail") String onConflict,
            @QueryParam("recompute_edges") String recomputeEdgesParam,
            @QueryParam("embed_missing") String embedMissingParam) {
        boolean recomputeEdges = QueryValues.bool("recompute_edges", recomputeEdgesParam, false);
        boolean embedMissing = QueryValues.bool("embed_missing", embedMissingParam, false);
        return Uni.createFrom().deferred(() -> {
            Caller c = caller.get();
            if (data == null || data.length == 0) {
                throw new IllegalArgumentException("body: JSON lines of the brain-memory format are required");
            }
            String agentId = AgentMemory.agent(agent);
            List<ImportMemoryRequest> messages = new ArrayList<>();
            messages.add(ImportMemoryRequest.newBuilder().setOptions(ImportMemoryOptions.newBuilder()
                    .setPair(AgentMemory.pair(c, agentId)).setOnConflict(onConflict(onConflict))
                    .setRecomputeEdges(recomputeEdges).setEmbedMissing(embedMissing)).build());
            for (int from = 0; from < data.length; from += IMPORT_CHUNK_BYTES) {
                messages.add(ImportMemoryRequest.newBuilder()
                        .setData(ByteString
                                .copyFrom(Arrays.copyOfRange(data, from, Math.min(data.length, from + IMPORT_CHUNK_BYTES))))
                        .build());
            }
            return memory.importMemory(c.tenant(), Multi.createFrom().iterable(messages))
                    .map(response -> new ImportResult(agentId, response.getCountsMap(), response.getErrorsList().stream()
                            .map(e -> new LineError(e.getLine(), e.getMessage())).toList()));
        });
    }
}
