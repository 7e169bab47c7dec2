package dev.brain.research.clients;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.grpc.v1.EmbeddingServiceGrpc;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc;
import dev.brain.grpc.v1.SynapseEventServiceGrpc;
import dev.brain.grpc.v1.SynapseServiceGrpc;
import dev.brain.research.config.ResearchConfig;
import io.grpc.stub.AbstractStub;
import io.quarkus.grpc.GrpcClient;

/**
 * research-service's calls into memory-service: the synapse network (bulk reads, the batch intake for
 * {@code derived_from} / {@code generalizes}, synapse decay), embeddings (memory-service hosts the model) and
 * short-term entries (distillates fed back, research.md §2.6). Every stub acts for one tenant and carries the
 * configured deadline.
 */
@ApplicationScoped
public class MemoryServices {

    @GrpcClient("memory")
    SynapseServiceGrpc.SynapseServiceBlockingStub synapses;

    @GrpcClient("memory")
    SynapseEventServiceGrpc.SynapseEventServiceBlockingStub synapseEvents;

    @GrpcClient("memory")
    MemoryAdminServiceGrpc.MemoryAdminServiceBlockingStub admin;

    @GrpcClient("memory")
    EmbeddingServiceGrpc.EmbeddingServiceBlockingStub embeddings;

    @GrpcClient("memory")
    ShortTermMemoryServiceGrpc.ShortTermMemoryServiceBlockingStub shortTerm;

    private final ResearchConfig config;

    public MemoryServices(ResearchConfig config) {
        this.config = config;
    }

    public SynapseServiceGrpc.SynapseServiceBlockingStub synapses(String tenant) {
        return forTenant(synapses, tenant);
    }

    public SynapseEventServiceGrpc.SynapseEventServiceBlockingStub synapseEvents(String tenant) {
        return forTenant(synapseEvents, tenant);
    }

    public MemoryAdminServiceGrpc.MemoryAdminServiceBlockingStub admin(String tenant) {
        return forTenant(admin, tenant);
    }

    public EmbeddingServiceGrpc.EmbeddingServiceBlockingStub embeddings(String tenant) {
        return forTenant(embeddings, tenant);
    }

    public ShortTermMemoryServiceGrpc.ShortTermMemoryServiceBlockingStub shortTerm(String tenant) {
        return forTenant(shortTerm, tenant);
    }

    private <S extends AbstractStub<S>> S forTenant(S stub, String tenant) {
        return TenantStubs.forTenant(stub, tenant, config.callDeadline());
    }
}
