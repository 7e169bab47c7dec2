package dev.brain.research.grpc;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.brain.grpc.v1.KnowledgeServiceGrpc;
import dev.brain.grpc.v1.KnowledgeStructureRequest;
import dev.brain.grpc.v1.ListInsightsRequest;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.ResearchReport;
import dev.brain.grpc.v1.ResearchServiceGrpc;
import dev.brain.grpc.v1.SaveResearchRequest;
import dev.brain.grpc.v1.Scope;
import dev.brain.research.support.ServiceDoublesResource;
import dev.brain.testing.CallerContract;
import io.grpc.Channel;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** Who may call research-service: every RPC of its two services, with a library file of the tenant as the stored data. */
@QuarkusTest
@QuarkusTestResource(ServiceDoublesResource.class)
class CallerTest extends CallerContract {

    /** The library path each marker's research was saved to. */
    private final Map<String, String> saved = new ConcurrentHashMap<>();

    CallerTest() {
        super(ResearchServiceGrpc.getServiceDescriptor(), KnowledgeServiceGrpc.getServiceDescriptor());
    }

    private static Pair pair(String tenant) {
        return Pair.newBuilder().setUserId(tenant).setAgentId("claude").build();
    }

    @Override
    protected void read(Channel channel) {
        ResearchServiceGrpc.newBlockingStub(channel).listInsights(ListInsightsRequest.newBuilder()
                .setScope(Scope.getDefaultInstance()).build());
    }

    @Override
    protected void write(Channel channel, String tenant, String marker) {
        String path = KnowledgeServiceGrpc.newBlockingStub(channel).saveResearch(SaveResearchRequest.newBuilder()
                .setPair(pair(tenant)).setTopic("Callers " + marker)
                .setDistillate("Every gRPC call brings a credential; the tenant comes from it. " + marker)
                .setSalience(0.9).setReport(ResearchReport.newBuilder().setMarkdown("read the spec").setTrigger("user")
                        .setDurationMs(10))
                .build()).getKnowledgePath();
        saved.put(marker, path);
    }

    @Override
    protected boolean holds(Channel channel, String tenant, String marker) {
        String path = saved.get(marker);
        if (path == null) {
            return false;
        }
        try {
            KnowledgeServiceGrpc.newBlockingStub(channel).structure(KnowledgeStructureRequest.newBuilder()
                    .setPair(pair(tenant)).setPath(path).build());
            return true;
        } catch (StatusRuntimeException refused) {
            return false;
        }
    }
}
