package dev.brain.memory.embedding.grpc;

import dev.brain.grpc.v1.EmbedRequest;
import dev.brain.grpc.v1.EmbedResponse;
import dev.brain.grpc.v1.MutinyEmbeddingServiceGrpc;
import dev.brain.memory.embedding.mapping.EmbeddingMapper;
import dev.brain.memory.embedding.service.Embedder;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code EmbeddingService}: the one embedding model of the system, for every service. */
@GrpcService
public class EmbeddingGrpcService extends MutinyEmbeddingServiceGrpc.EmbeddingServiceImplBase {

    private final Embedder embedder;

    public EmbeddingGrpcService(Embedder embedder) {
        this.embedder = embedder;
    }

    @Override
    @Blocking
    public Uni<EmbedResponse> embed(EmbedRequest request) {
        return Uni.createFrom().item(() -> EmbeddingMapper.toResponse(embedder.model(), embedder.dimension(),
                embedder.embed(request.getTextsList())));
    }
}
