package dev.brain.memory.longterm.grpc;

import static dev.brain.tenancy.BadInput.invalid;

import java.util.List;

import dev.brain.grpc.v1.DeleteEntityRequest;
import dev.brain.grpc.v1.DeleteEntityResponse;
import dev.brain.grpc.v1.DeleteNodeRequest;
import dev.brain.grpc.v1.DeleteNodeResponse;
import dev.brain.grpc.v1.DeletePartitionRequest;
import dev.brain.grpc.v1.DeletePartitionResponse;
import dev.brain.grpc.v1.GetNodeRequest;
import dev.brain.grpc.v1.GetNodeResponse;
import dev.brain.grpc.v1.ListEdgesRequest;
import dev.brain.grpc.v1.ListEdgesResponse;
import dev.brain.grpc.v1.ListEntitiesRequest;
import dev.brain.grpc.v1.ListEntitiesResponse;
import dev.brain.grpc.v1.ListNodesRequest;
import dev.brain.grpc.v1.ListNodesResponse;
import dev.brain.grpc.v1.MergeEntitiesRequest;
import dev.brain.grpc.v1.MergeEntitiesResponse;
import dev.brain.grpc.v1.MutinyLongTermMemoryServiceGrpc;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.ReadRequest;
import dev.brain.grpc.v1.ReadResponse;
import dev.brain.grpc.v1.ReinforceUsageRequest;
import dev.brain.grpc.v1.ReinforceUsageResponse;
import dev.brain.grpc.v1.ResolveEntitiesRequest;
import dev.brain.grpc.v1.ResolveEntitiesResponse;
import dev.brain.grpc.v1.UpdateTimeReferenceRequest;
import dev.brain.grpc.v1.UpdateTimeReferenceResponse;
import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.entity.EntityRegistry;
import dev.brain.memory.longterm.layerchange.LayerChange;
import dev.brain.memory.longterm.mapping.EntityMapper;
import dev.brain.memory.longterm.mapping.LongTermMapper;
import dev.brain.memory.longterm.partition.PartitionDeletes;
import dev.brain.memory.longterm.read.ReadModel;
import dev.brain.memory.longterm.read.ReadPath;
import dev.brain.memory.longterm.repository.EdgeRow;
import dev.brain.memory.longterm.repository.LongTermRepository.EdgeDirection;
import dev.brain.memory.longterm.repository.NodeRow;
import dev.brain.memory.longterm.service.LongTermNodes;
import dev.brain.memory.longterm.usage.UsageReinforcement;
import dev.brain.memory.longterm.vectors.TextVectors;
import dev.brain.tenancy.Tenancy;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/**
 * {@code LongTermMemoryService} (memory.md §4.4, §5.6, §7, §9, §13): reads, usage reinforcement, nodes, edges,
 * entities, Trigger 3 and the hard deletes.
 */
@GrpcService
public class LongTermGrpcService extends MutinyLongTermMemoryServiceGrpc.LongTermMemoryServiceImplBase {

    private final ReadPath readPath;
    private final UsageReinforcement usage;
    private final LongTermNodes nodes;
    private final TextVectors vectors;
    private final MemoryConfig config;
    private final EntityRegistry entities;
    private final LayerChange layerChange;
    private final PartitionDeletes deletes;

    public LongTermGrpcService(ReadPath readPath, UsageReinforcement usage, LongTermNodes nodes, TextVectors vectors,
            MemoryConfig config, EntityRegistry entities, LayerChange layerChange, PartitionDeletes deletes) {
        this.entities = entities;
        this.layerChange = layerChange;
        this.deletes = deletes;
        this.readPath = readPath;
        this.usage = usage;
        this.nodes = nodes;
        this.vectors = vectors;
        this.config = config;
    }

    @Override
    @Blocking
    public Uni<ReadResponse> read(ReadRequest request) {
        return Uni.createFrom().item(() -> {
            ReadModel.Result result = readPath.read(LongTermRequests.read(request, config.read(), vectors.dimension()));
            ReadResponse.Builder response = ReadResponse.newBuilder().setAnchorsFound(result.anchorsFound())
                    .setHops(result.hops()).setPoolSize(result.poolSize()).setShifted(result.shifted())
                    .setCurrentSector(LongTermMapper.sector(result.currentSector())).setBlock(result.block())
                    .setTurnId(request.getTurnId()).setRanking(result.ranking() == ReadModel.Ranking.STRENGTH
                            ? dev.brain.grpc.v1.ReadRanking.READ_RANKING_STRENGTH
                            : dev.brain.grpc.v1.ReadRanking.READ_RANKING_RELEVANCE);
            result.memories().forEach(m -> response.addMemories(LongTermMapper.toProto(m)));
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<ReinforceUsageResponse> reinforceUsage(ReinforceUsageRequest request) {
        return Uni.createFrom().item(() -> {
            Pair pair = LongTermRequests.pair(request.getPair());
            String turnId = LongTermRequests.turnId(request.getTurnId(), true);
            String answer = LongTermRequests.text(request.getAnswerText(), "answer_text");
            UsageReinforcement.Decision d = usage.reinforce(pair.getUserId(), pair.getAgentId(), turnId, answer);
            return ReinforceUsageResponse.newBuilder().setOutcome(LongTermMapper.outcome(d.outcome()))
                    .addAllReinforcedNodeIds(d.reinforcedNodeIds()).setReplayed(d.replayed())
                    .setProtocol(LongTermMapper.toProto(d.protocol())).build();
        });
    }

    @Override
    @Blocking
    public Uni<GetNodeResponse> getNode(GetNodeRequest request) {
        return Uni.createFrom().item(() -> {
            Pair pair = LongTermRequests.pair(request.getPair());
            NodeRow node = nodes.get(pair.getUserId(), pair.getAgentId(), LongTermRequests.id(request.getId(), "id"),
                    request.getIncludeEmbedding(), "id");
            return GetNodeResponse.newBuilder().setNode(LongTermMapper.toProto(node)).build();
        });
    }

    @Override
    @Blocking
    public Uni<ListNodesResponse> listNodes(ListNodesRequest request) {
        return Uni.createFrom().item(() -> {
            Pair pair = LongTermRequests.pair(request.getPair());
            int size = LongTermRequests.pageSize(request.getPageSize());
            long after = 0;
            if (!request.getPageToken().isEmpty()) {
                try {
                    after = Long.parseLong(request.getPageToken());
                } catch (NumberFormatException e) {
                    throw invalid("page_token: not a token of this listing");
                }
            }
            String observer = switch (request.getObserver()) {
                case OBSERVER_UNSPECIFIED -> null;
                case OBSERVER_USER -> "user";
                case OBSERVER_ASSISTANT -> "assistant";
                default -> throw invalid("observer: user or assistant");
            };
            List<NodeRow> rows = nodes.list(pair.getUserId(), pair.getAgentId(),
                    request.hasActive() ? request.getActive() : null, observer, after, size + 1, false);
            ListNodesResponse.Builder response = ListNodesResponse.newBuilder();
            rows.stream().limit(size).forEach(n -> response.addNodes(LongTermMapper.toProto(n)));
            if (rows.size() > size) {
                response.setNextPageToken(Long.toString(rows.get(size - 1).id()));
            }
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<ListEdgesResponse> listEdges(ListEdgesRequest request) {
        return Uni.createFrom().item(() -> {
            Pair pair = LongTermRequests.pair(request.getPair());
            long nodeId = LongTermRequests.id(request.getNodeId(), "node_id");
            int size = LongTermRequests.pageSize(request.getPageSize());
            EdgeDirection direction = switch (request.getDirection()) {
                case TRAVERSAL_DIRECTION_OUT -> EdgeDirection.OUT;
                case TRAVERSAL_DIRECTION_IN -> EdgeDirection.IN;
                case TRAVERSAL_DIRECTION_UNSPECIFIED, TRAVERSAL_DIRECTION_BOTH -> EdgeDirection.BOTH;
                default -> throw invalid("direction: OUT, IN or BOTH");
            };
            Double afterWeight = null;
            Long afterId = null;
            if (!request.getPageToken().isEmpty()) {
                String[] keyset = request.getPageToken().split("/", 2);
                try {
                    afterWeight = Double.valueOf(keyset[0]);
                    afterId = Long.valueOf(keyset[1]);
                } catch (RuntimeException e) {
                    throw invalid("page_token: not a token of this listing");
                }
            }
            List<EdgeRow> rows = nodes.edges(pair.getUserId(), pair.getAgentId(), nodeId, direction, afterWeight,
                    afterId, size + 1);
            ListEdgesResponse.Builder response = ListEdgesResponse.newBuilder();
            rows.stream().limit(size).forEach(e -> response.addEdges(LongTermMapper.toProto(e)));
            if (rows.size() > size) {
                EdgeRow last = rows.get(size - 1);
                response.setNextPageToken(last.absoluteWeight() + "/" + last.id());
            }
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<ResolveEntitiesResponse> resolveEntities(ResolveEntitiesRequest request) {
        return Uni.createFrom().item(() -> {
            Pair pair = LongTermRequests.pair(request.getPair());
            ResolveEntitiesResponse.Builder response = ResolveEntitiesResponse.newBuilder();
            entities.resolve(pair.getUserId(), pair.getAgentId(), request.getNamesList(), "names")
                    .forEach(r -> response.addEntities(EntityMapper.toProto(r)));
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<ListEntitiesResponse> listEntities(ListEntitiesRequest request) {
        return Uni.createFrom().item(() -> {
            Pair pair = LongTermRequests.pair(request.getPair());
            EntityRegistry.Page page = entities.list(pair.getUserId(), pair.getAgentId(),
                    LongTermRequests.pageSize(request.getPageSize()), EntityMapper.afterId(request.getPageToken()));
            ListEntitiesResponse.Builder response = ListEntitiesResponse.newBuilder()
                    .setNextPageToken(EntityMapper.pageToken(page.nextAfterId()));
            page.entities().forEach(e -> response.addEntities(EntityMapper.toProto(e)));
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<MergeEntitiesResponse> mergeEntities(MergeEntitiesRequest request) {
        return Uni.createFrom().item(() -> {
            Pair pair = LongTermRequests.pair(request.getPair());
            long into = LongTermRequests.id(request.getIntoId(), "into_id");
            List<Long> from = LongTermRequests.fromIds(request.getFromIdsList(), into);
            LayerChange.Merged merged = layerChange.mergeEntities(pair.getUserId(), pair.getAgentId(), from, into);
            MergeEntitiesResponse.Builder response = MergeEntitiesResponse.newBuilder()
                    .setSummary(LongTermMapper.toProto(merged.summary()));
            merged.entity().ifPresent(e -> response.setEntity(EntityMapper.toProto(e)));
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<DeleteEntityResponse> deleteEntity(DeleteEntityRequest request) {
        return Uni.createFrom().item(() -> {
            Pair pair = LongTermRequests.pair(request.getPair());
            long id = LongTermRequests.id(request.getEntityId(), "entity_id");
            LayerChange.Summary summary = layerChange.deleteEntity(pair.getUserId(), pair.getAgentId(), id);
            return DeleteEntityResponse.newBuilder().setSummary(LongTermMapper.toProto(summary)).build();
        });
    }

    @Override
    @Blocking
    public Uni<UpdateTimeReferenceResponse> updateTimeReference(UpdateTimeReferenceRequest request) {
        return Uni.createFrom().item(() -> {
            Pair pair = LongTermRequests.pair(request.getPair());
            String ref = LongTermRequests.timelineRef(request.getTimelineRef());
            LayerChange.Summary summary = layerChange.updateTimeReference(pair.getUserId(), pair.getAgentId(), ref,
                    LongTermRequests.time(request));
            return UpdateTimeReferenceResponse.newBuilder().setSummary(LongTermMapper.toProto(summary)).build();
        });
    }

    @Override
    @Blocking
    public Uni<DeleteNodeResponse> deleteNode(DeleteNodeRequest request) {
        return Uni.createFrom().item(() -> {
            Pair pair = LongTermRequests.pair(request.getPair());
            long id = LongTermRequests.id(request.getId(), "id");
            PartitionDeletes.NodeDeleted d = deletes.deleteNode(Tenancy.currentTenant(), pair.getUserId(),
                    pair.getAgentId(), id);
            return DeleteNodeResponse.newBuilder().setEdgesDeleted(d.edgesDeleted())
                    .setSynapsesDeleted(d.synapsesDeleted()).build();
        });
    }

    @Override
    @Blocking
    public Uni<DeletePartitionResponse> deletePartition(DeletePartitionRequest request) {
        return Uni.createFrom().item(() -> {
            Pair pair = LongTermRequests.pair(request.getPair());
            return DeletePartitionResponse.newBuilder().putAllDeleted(
                    deletes.deletePartition(Tenancy.currentTenant(), pair.getUserId(), pair.getAgentId())).build();
        });
    }
}
