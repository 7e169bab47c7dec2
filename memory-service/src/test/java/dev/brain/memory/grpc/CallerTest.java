package dev.brain.memory.grpc;

import dev.brain.grpc.v1.EmbeddingServiceGrpc;
import dev.brain.grpc.v1.GetSynapseStatsRequest;
import dev.brain.grpc.v1.ListSynapsesRequest;
import dev.brain.grpc.v1.LongTermMemoryServiceGrpc;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.PipelineLogServiceGrpc;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc;
import dev.brain.grpc.v1.StrengthenRequest;
import dev.brain.grpc.v1.SynapseEventServiceGrpc;
import dev.brain.grpc.v1.SynapseServiceGrpc;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.testing.CallerContract;
import io.grpc.Channel;
import io.quarkus.test.junit.QuarkusTest;

/** Who may call memory-service: every RPC of its seven services, with a synapse of the tenant as the stored data. */
@QuarkusTest
class CallerTest extends CallerContract {

    CallerTest() {
        super(SynapseServiceGrpc.getServiceDescriptor(), SynapseEventServiceGrpc.getServiceDescriptor(),
                ShortTermMemoryServiceGrpc.getServiceDescriptor(), LongTermMemoryServiceGrpc.getServiceDescriptor(),
                EmbeddingServiceGrpc.getServiceDescriptor(), PipelineLogServiceGrpc.getServiceDescriptor(),
                MemoryAdminServiceGrpc.getServiceDescriptor());
    }

    /** The error node a marker's synapse starts from. */
    private static NodeRef source(String marker) {
        return NodeRef.newBuilder().setType(NodeType.NODE_TYPE_ERROR).setId((marker.hashCode() & 0x7fffffffL) + 1).build();
    }

    @Override
    protected void read(Channel channel) {
        SynapseServiceGrpc.newBlockingStub(channel).getStats(GetSynapseStatsRequest.getDefaultInstance());
    }

    @Override
    protected void write(Channel channel, String tenant, String marker) {
        SynapseServiceGrpc.newBlockingStub(channel).strengthen(StrengthenRequest.newBuilder().setTenant(tenant)
                .setSource(source(marker)).setTarget(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_PROJECT).setId(1))
                .setType(SynapseType.SYNAPSE_TYPE_CO_OCCURS).build());
    }

    @Override
    protected boolean holds(Channel channel, String tenant, String marker) {
        return SynapseServiceGrpc.newBlockingStub(channel).listSynapses(ListSynapsesRequest.newBuilder().setTenant(tenant)
                .setNode(source(marker)).build()).getSynapsesCount() > 0;
    }
}
