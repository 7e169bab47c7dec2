package dev.brain.gateway.rest;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.client.MemoryServiceClient;
import dev.brain.grpc.v1.CalibrateRequest;
import dev.brain.grpc.v1.CalibrateResponse;
import dev.brain.grpc.v1.CosineDistribution;
import dev.brain.grpc.v1.Pair;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.smallrye.mutiny.Uni;

/**
 * {@code POST /api/v1/admin/memory/calibrate} (scope admin; {@code ./brain calibrate}): the threshold calibration
 * of one pair (memory.md §12). Body {@code {user_id, agent_id, sample_pairs?, seed?, answers[]?}}; answers the
 * stored report with both cosine distributions, the current values and the suggestions. It never changes
 * configuration.
 */
@Path("/api/v1/admin/memory")
public class AdminMemoryResource {

    @RegisterForReflection
    public record CalibrateInput(String user_id, String agent_id, Integer sample_pairs, Long seed, List<String> answers) {
    }

    @RegisterForReflection
    public record Distribution(long n, double min, double mean, double max, double p50, double p90, double p99,
            double p99_9, double p99_99) {
    }

    @RegisterForReflection
    public record Report(long id, String model, int dimension, Distribution node_node, Distribution answer_node,
            boolean low_sample, Map<String, Double> current, Map<String, Double> suggestions, String created_at) {
    }

    private final MemoryServiceClient memory;
    private final CurrentCaller caller;

    public AdminMemoryResource(MemoryServiceClient memory, CurrentCaller caller) {
        this.memory = memory;
        this.caller = caller;
    }

    @RequiresScope(TokenScope.ADMIN)
    @POST
    @Path("/calibrate")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Report> calibrate(CalibrateInput in) {
        return Uni.createFrom().deferred(() -> {
            if (in == null || in.user_id() == null || in.user_id().isBlank()) {
                throw new IllegalArgumentException("user_id: required");
            }
            if (in.agent_id() == null || in.agent_id().isBlank()) {
                throw new IllegalArgumentException("agent_id: required");
            }
            if (in.sample_pairs() != null && in.sample_pairs() < 0) {
                throw new IllegalArgumentException("sample_pairs: must be ≥ 0 (0 = the configured 100,000)");
            }
            CalibrateRequest.Builder request = CalibrateRequest.newBuilder()
                    .setPair(Pair.newBuilder().setUserId(in.user_id()).setAgentId(in.agent_id()))
                    .setSamplePairs(in.sample_pairs() == null ? 0 : in.sample_pairs());
            if (in.seed() != null) {
                request.setSeed(in.seed());
            }
            if (in.answers() != null) {
                request.addAllAnswers(in.answers());
            }
            return memory.calibrate(caller.get().tenant(), request.build()).map(AdminMemoryResource::report);
        });
    }

    static Report report(CalibrateResponse r) {
        return new Report(r.getId(), r.getModel(), r.getDimension(), distribution(r.getNodeNode()),
                distribution(r.getAnswerNode()), r.getLowSample(), r.getCurrentMap(), r.getSuggestionsMap(),
                Instant.ofEpochSecond(r.getCreatedAt().getSeconds(), r.getCreatedAt().getNanos()).toString());
    }

    private static Distribution distribution(CosineDistribution d) {
        return new Distribution(d.getN(), d.getMin(), d.getMean(), d.getMax(), d.getP50(), d.getP90(), d.getP99(),
                d.getP999(), d.getP9999());
    }
}
