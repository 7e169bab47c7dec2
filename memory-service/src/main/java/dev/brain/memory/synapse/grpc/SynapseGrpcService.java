package dev.brain.memory.synapse.grpc;

import static dev.brain.memory.synapse.grpc.SynapseRequests.distinct;
import static dev.brain.memory.synapse.grpc.SynapseRequests.node;
import static dev.brain.memory.synapse.grpc.SynapseRequests.notFound;
import static dev.brain.memory.synapse.grpc.SynapseRequests.range;
import static dev.brain.memory.synapse.grpc.SynapseRequests.synapseType;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.brain.grpc.v1.ActivateRequest;
import dev.brain.grpc.v1.ActivateResponse;
import dev.brain.grpc.v1.ActivatedNode;
import dev.brain.grpc.v1.DeleteNodeSynapsesRequest;
import dev.brain.grpc.v1.DeleteNodeSynapsesResponse;
import dev.brain.grpc.v1.FindPathRequest;
import dev.brain.grpc.v1.FindPathResponse;
import dev.brain.grpc.v1.GetContextRequest;
import dev.brain.grpc.v1.GetContextResponse;
import dev.brain.grpc.v1.GetDegreesRequest;
import dev.brain.grpc.v1.GetDegreesResponse;
import dev.brain.grpc.v1.GetStrongestRequest;
import dev.brain.grpc.v1.GetStrongestResponse;
import dev.brain.grpc.v1.GetSynapseRequest;
import dev.brain.grpc.v1.GetSynapseResponse;
import dev.brain.grpc.v1.GetSynapseStatsRequest;
import dev.brain.grpc.v1.GetSynapseStatsResponse;
import dev.brain.grpc.v1.ListSynapsesRequest;
import dev.brain.grpc.v1.ListSynapsesResponse;
import dev.brain.grpc.v1.MutinySynapseServiceGrpc;
import dev.brain.grpc.v1.NodeDegree;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.SharedNeighbor;
import dev.brain.grpc.v1.SharedNeighborsRequest;
import dev.brain.grpc.v1.SharedNeighborsResponse;
import dev.brain.grpc.v1.StrengthenRequest;
import dev.brain.grpc.v1.StrengthenResponse;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.grpc.v1.WeakenRequest;
import dev.brain.grpc.v1.WeakenResponse;
import dev.brain.memory.synapse.NodeKey;
import dev.brain.memory.synapse.Reached;
import dev.brain.memory.synapse.SynapseRow;
import dev.brain.memory.synapse.config.SynapseConfig;
import dev.brain.memory.synapse.mapping.SynapseMapper;
import dev.brain.memory.synapse.repository.SynapseRepository;
import dev.brain.memory.synapse.repository.SynapseRepository.NetworkStats;
import dev.brain.memory.synapse.repository.SynapseRepository.Strengthened;
import dev.brain.memory.synapse.service.MemoryNodes;
import dev.brain.memory.synapse.service.SynapseNetwork;
import dev.brain.tenancy.BadInput;
import dev.brain.tenancy.Tenancy;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code SynapseService}: the synapse network of the caller's tenant (memory.md §2). */
@GrpcService
public class SynapseGrpcService extends MutinySynapseServiceGrpc.SynapseServiceImplBase {

    private final SynapseNetwork network;
    private final MemoryNodes memoryNodes;
    private final SynapseConfig config;

    public SynapseGrpcService(SynapseNetwork network, MemoryNodes memoryNodes, SynapseConfig config) {
        this.network = network;
        this.memoryNodes = memoryNodes;
        this.config = config;
    }

    @Override
    @Blocking
    public Uni<StrengthenResponse> strengthen(StrengthenRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(request.getTenant());
            NodeKey source = node(request.getSource(), "source");
            NodeKey target = node(request.getTarget(), "target");
            distinct(source, target);
            String type = synapseType(request.getType(), "type");
            memoryNodes.requireExisting(tenant, source, "source");
            memoryNodes.requireExisting(tenant, target, "target");
            Strengthened result = network.strengthen(tenant, source, SynapseMapper.label(request.getSourceLabel()),
                    target, SynapseMapper.label(request.getTargetLabel()), type, SynapseMapper.json(request.getContext()));
            return StrengthenResponse.newBuilder().setSynapse(SynapseMapper.toProto(result.synapse()))
                    .setCreated(result.created()).build();
        });
    }

    @Override
    @Blocking
    public Uni<WeakenResponse> weaken(WeakenRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(request.getTenant());
            double factor = SynapseRequests.factor(request.getFactor(), config.weakenFactor());
            long id = switch (request.getSelectorCase()) {
                case SYNAPSE_ID -> request.getSynapseId();
                case KEY -> {
                    NodeKey source = node(request.getKey().getSource(), "key.source");
                    NodeKey target = node(request.getKey().getTarget(), "key.target");
                    String type = synapseType(request.getKey().getType(), "key.type");
                    yield network.findByKey(tenant, source, target, type)
                            .orElseThrow(() -> notFound("no synapse " + source + " -" + type + "-> " + target))
                            .id();
                }
                default -> throw BadInput.invalid("synapse_id or key: one is required");
            };
            var weakened = network.weaken(tenant, id, factor).orElseThrow(() -> notFound("synapse " + id + " not found"));
            WeakenResponse.Builder response = WeakenResponse.newBuilder().setSynapseId(id).setDeleted(weakened.deleted());
            weakened.synapse().ifPresent(s -> response.setSynapse(SynapseMapper.toProto(s)));
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<GetSynapseResponse> getSynapse(GetSynapseRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(request.getTenant());
            return GetSynapseResponse.newBuilder().setSynapse(SynapseMapper.toProto(network.find(tenant, request.getSynapseId())
                    .orElseThrow(() -> notFound("synapse " + request.getSynapseId() + " not found")))).build();
        });
    }

    @Override
    @Blocking
    public Uni<ActivateResponse> activate(ActivateRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(request.getTenant());
            List<Reached> reached = network.activate(tenant, node(request.getStart(), "start"),
                    range(request.getMaxDepth(), config.activation().maxDepth(), 1, 5, "max_depth"),
                    SynapseRequests.minWeight(request.getMinWeight(), config.activation().minWeight()),
                    SynapseMapper.direction(request.getDirection()), SynapseMapper.synapseTypes(request.getSynapseTypesList()),
                    range(request.getLimit(), config.activation().maxResults(), 1, 1000, "limit"));
            ActivateResponse.Builder response = ActivateResponse.newBuilder();
            reached.forEach(r -> response.addNodes(SynapseMapper.toProto(r)));
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<FindPathResponse> findPath(FindPathRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(request.getTenant());
            NodeKey from = node(request.getFrom(), "from");
            NodeKey to = node(request.getTo(), "to");
            distinct(from, to);
            int maxDepth = range(request.getMaxDepth(), config.path().maxDepth(), 1, 8, "max_depth");
            return network.findPath(tenant, from, to, maxDepth, SynapseMapper.direction(request.getDirection()),
                    SynapseMapper.synapseTypes(request.getSynapseTypesList()))
                    .map(path -> {
                        FindPathResponse.Builder response = FindPathResponse.newBuilder().setFound(true)
                                .setTotalWeight(path.totalWeight()).setHops(path.hops().size()).setPartial(path.partial());
                        path.hops().forEach(hop -> response.addSteps(SynapseMapper.toProto(hop)));
                        return response.build();
                    })
                    .orElse(FindPathResponse.newBuilder().setFound(false).build());
        });
    }

    @Override
    @Blocking
    public Uni<GetContextResponse> getContext(GetContextRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(request.getTenant());
            int perType = range(request.getLimitPerType(), 20, 1, 1000, "limit_per_type");
            List<Reached> reached = network.activate(tenant, node(request.getNode(), "node"),
                    range(request.getMaxDepth(), config.activation().maxDepth(), 1, 5, "max_depth"),
                    SynapseRequests.minWeight(request.getMinWeight(), config.activation().minWeight()),
                    SynapseMapper.direction(request.getDirection()), List.of(), 10_000);
            GetContextResponse.Builder response = GetContextResponse.newBuilder();
            Map<String, Function<ActivatedNode, GetContextResponse.Builder>> groups = Map.of(
                    "solution", response::addSolutions, "error", response::addErrors,
                    "code_module", response::addCodeModules, "rule", response::addRules,
                    "antipattern", response::addAntipatterns, "insight", response::addInsights,
                    "project", response::addProjects, "memory", response::addMemories,
                    "finding", response::addFindings, "knowledge", response::addKnowledge);
            Map<String, Integer> taken = new java.util.HashMap<>();
            for (Reached r : reached) {
                if (taken.merge(r.node().type(), 1, Integer::sum) <= perType) {
                    groups.get(r.node().type()).apply(SynapseMapper.toProto(r));
                }
            }
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<GetSynapseStatsResponse> getStats(GetSynapseStatsRequest request) {
        return Uni.createFrom().item(() -> {
            NetworkStats stats = network.stats(Tenancy.requireOwnTenant(request.getTenant()));
            return GetSynapseStatsResponse.newBuilder().setTotalNodes(stats.totalNodes())
                    .setTotalSynapses(stats.totalSynapses()).setAvgWeight(stats.avgWeight())
                    .setStrong(stats.strong()).setWeak(stats.weak())
                    .putAllBySynapseType(stats.bySynapseType()).putAllByNodeType(stats.byNodeType()).build();
        });
    }

    @Override
    @Blocking
    public Uni<GetStrongestResponse> getStrongest(GetStrongestRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(request.getTenant());
            String type = request.getSynapseType() == SynapseType.SYNAPSE_TYPE_UNSPECIFIED ? null
                    : synapseType(request.getSynapseType(), "synapse_type");
            GetStrongestResponse.Builder response = GetStrongestResponse.newBuilder();
            network.strongest(tenant, type, range(request.getLimit(), 20, 1, 1000, "limit"))
                    .forEach(s -> response.addSynapses(SynapseMapper.toProto(s)));
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<ListSynapsesResponse> listSynapses(ListSynapsesRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(request.getTenant());
            int pageSize = range(request.getPageSize(), 50, 1, 1000, "page_size");
            Double afterWeight = null;
            Long afterId = null;
            if (!request.getPageToken().isEmpty()) {
                String[] keyset = request.getPageToken().split("/", 2);
                try {
                    afterWeight = Double.valueOf(keyset[0]);
                    afterId = Long.valueOf(keyset[1]);
                } catch (RuntimeException e) {
                    throw BadInput.invalid("page_token: not a token of this listing");
                }
            }
            var filter = new SynapseRepository.ListFilter(
                    request.hasNode() ? node(request.getNode(), "node") : null,
                    SynapseMapper.direction(request.getDirection()),
                    request.getSourceType() == NodeType.NODE_TYPE_UNSPECIFIED ? null
                            : SynapseMapper.nodeType(request.getSourceType()),
                    request.getTargetType() == NodeType.NODE_TYPE_UNSPECIFIED ? null
                            : SynapseMapper.nodeType(request.getTargetType()),
                    SynapseMapper.synapseTypes(request.getSynapseTypesList()),
                    request.hasMinWeight() ? SynapseRequests.minWeight(request.getMinWeight(), 1) : null);
            List<SynapseRow> rows = network.list(tenant, filter, pageSize, afterWeight, afterId);
            ListSynapsesResponse.Builder response = ListSynapsesResponse.newBuilder();
            rows.stream().limit(pageSize).forEach(row -> response.addSynapses(SynapseMapper.toProto(row)));
            if (rows.size() > pageSize) {
                SynapseRow last = rows.get(pageSize - 1);
                response.setNextPageToken(last.weight() + "/" + last.id());
            }
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<GetDegreesResponse> getDegrees(GetDegreesRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(request.getTenant());
            if (request.getNodesCount() > 10_000) {
                throw BadInput.invalid("nodes: " + request.getNodesCount() + " nodes, at most 10000");
            }
            List<NodeKey> nodes = new java.util.ArrayList<>();
            for (int i = 0; i < request.getNodesCount(); i++) {
                nodes.add(node(request.getNodes(i), "nodes[" + i + "]"));
            }
            List<long[]> degrees = network.degrees(tenant, nodes, SynapseMapper.synapseTypes(request.getSynapseTypesList()));
            GetDegreesResponse.Builder response = GetDegreesResponse.newBuilder();
            for (int i = 0; i < nodes.size(); i++) {
                response.addDegrees(NodeDegree.newBuilder().setNode(request.getNodes(i))
                        .setInCount(degrees.get(i)[0]).setOutCount(degrees.get(i)[1]));
            }
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<SharedNeighborsResponse> sharedNeighbors(SharedNeighborsRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(request.getTenant());
            NodeKey a = node(request.getA(), "a");
            NodeKey b = node(request.getB(), "b");
            distinct(a, b);
            String neighborType = request.getNeighborType() == NodeType.NODE_TYPE_UNSPECIFIED ? null
                    : SynapseMapper.nodeType(request.getNeighborType());
            double minWeight = request.hasMinWeight() ? SynapseRequests.minWeight(request.getMinWeight(), 1) : 0;
            SharedNeighborsResponse.Builder response = SharedNeighborsResponse.newBuilder();
            network.sharedNeighbors(tenant, a, b, neighborType, minWeight, range(request.getLimit(), 50, 1, 1000, "limit"))
                    .forEach(n -> response.addNeighbors(SharedNeighbor.newBuilder().setNode(SynapseMapper.ref(n.node()))
                            .setLabel(java.util.Objects.requireNonNullElse(n.viaA().labelOf(n.node()), ""))
                            .setViaA(SynapseMapper.toProto(n.viaA())).setViaB(SynapseMapper.toProto(n.viaB()))));
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<DeleteNodeSynapsesResponse> deleteNodeSynapses(DeleteNodeSynapsesRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(request.getTenant());
            return DeleteNodeSynapsesResponse.newBuilder()
                    .setDeleted(network.deleteNode(tenant, node(request.getNode(), "node")).size()).build();
        });
    }
}
