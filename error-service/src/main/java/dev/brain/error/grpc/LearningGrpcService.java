package dev.brain.error.grpc;

import dev.brain.error.jobs.EmbeddingWorker;
import dev.brain.error.jobs.Retention;
import dev.brain.error.jobs.SessionCleanup;
import dev.brain.error.learning.LearningCycle;
import dev.brain.error.learning.LearningStatus;
import dev.brain.error.outbox.OutboxRelay;
import dev.brain.grpc.v1.GetLearningStatusRequest;
import dev.brain.grpc.v1.GetLearningStatusResponse;
import dev.brain.grpc.v1.MutinyLearningServiceGrpc;
import dev.brain.grpc.v1.RetryDeadOutboxRequest;
import dev.brain.grpc.v1.RetryDeadOutboxResponse;
import dev.brain.grpc.v1.RunEmbeddingBackfillRequest;
import dev.brain.grpc.v1.RunEmbeddingBackfillResponse;
import dev.brain.grpc.v1.RunLearningCycleRequest;
import dev.brain.grpc.v1.RunLearningCycleResponse;
import dev.brain.grpc.v1.RunRetentionRequest;
import dev.brain.grpc.v1.RunRetentionResponse;
import dev.brain.grpc.v1.RunSessionCleanupRequest;
import dev.brain.grpc.v1.RunSessionCleanupResponse;
import dev.brain.tenancy.Tenancy;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code LearningService}: manual triggers of the jobs (error-code.md §8, §13) and their status. */
@GrpcService
public class LearningGrpcService extends MutinyLearningServiceGrpc.LearningServiceImplBase {

    private final LearningCycle learning;
    private final LearningStatus learningStatus;
    private final Retention retention;
    private final SessionCleanup sessionCleanup;
    private final OutboxRelay relay;
    private final EmbeddingWorker embeddingWorker;

    public LearningGrpcService(LearningCycle learning, LearningStatus learningStatus, Retention retention,
            SessionCleanup sessionCleanup, OutboxRelay relay, EmbeddingWorker embeddingWorker) {
        this.learning = learning;
        this.learningStatus = learningStatus;
        this.retention = retention;
        this.sessionCleanup = sessionCleanup;
        this.relay = relay;
        this.embeddingWorker = embeddingWorker;
    }

    @Override
    @Blocking
    public Uni<RunLearningCycleResponse> runLearningCycle(RunLearningCycleRequest r) {
        return Uni.createFrom().item(() -> RunLearningCycleResponse.newBuilder()
                .setResult(learning.run(Tenancy.requireOwnTenant(r.getScope().getTenant()), true)).build());
    }

    @Override
    @Blocking
    public Uni<GetLearningStatusResponse> getLearningStatus(GetLearningStatusRequest r) {
        return Uni.createFrom()
                .item(() -> learningStatus.of(Tenancy.requireOwnTenant(r.getScope().getTenant())));
    }

    @Override
    @Blocking
    public Uni<RunSessionCleanupResponse> runSessionCleanup(RunSessionCleanupRequest r) {
        return Uni.createFrom().item(() -> {
            Tenancy.requireOwnTenant(r.getScope().getTenant());
            return RunSessionCleanupResponse.newBuilder().setResult(sessionCleanup.run(true)).build();
        });
    }

    @Override
    @Blocking
    public Uni<RunRetentionResponse> runRetention(RunRetentionRequest r) {
        return Uni.createFrom().item(() -> {
            Tenancy.requireOwnTenant(r.getScope().getTenant());
            return RunRetentionResponse.newBuilder().setResult(retention.run(true)).build();
        });
    }

    /** Runs the embedding worker now (every pending error, or {@code limit}); resumes it when it was paused. */
    @Override
    @Blocking
    public Uni<RunEmbeddingBackfillResponse> runEmbeddingBackfill(RunEmbeddingBackfillRequest r) {
        return Uni.createFrom().item(() -> {
            Tenancy.requireOwnTenant(r.getScope().getTenant());
            if (r.getLimit() < 0) {
                throw Status.INVALID_ARGUMENT.withDescription("limit: at least 0").asRuntimeException();
            }
            return RunEmbeddingBackfillResponse.newBuilder().setResult(embeddingWorker.run(true, r.getLimit())).build();
        });
    }

    @Override
    @Blocking
    public Uni<RetryDeadOutboxResponse> retryDeadOutbox(RetryDeadOutboxRequest r) {
        return Uni.createFrom().item(() -> RetryDeadOutboxResponse.newBuilder()
                .setRequeued(relay.retryDead(Tenancy.requireOwnTenant(r.getScope().getTenant()))).build());
    }
}
