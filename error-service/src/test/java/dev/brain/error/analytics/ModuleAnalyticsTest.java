package dev.brain.error.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.CodeSamples;
import dev.brain.grpc.v1.AnalyzeCodeRequest;
import dev.brain.grpc.v1.CapabilityKind;
import dev.brain.grpc.v1.CodeServiceGrpc;
import dev.brain.grpc.v1.ErrorCountsRequest;
import dev.brain.grpc.v1.ModuleAdaptationGroup;
import dev.brain.grpc.v1.ModuleAdaptationGroupsRequest;
import dev.brain.grpc.v1.ModuleCapabilitiesRequest;
import dev.brain.grpc.v1.ModuleCapability;
import dev.brain.grpc.v1.ModuleCoUsagePair;
import dev.brain.grpc.v1.ModuleCoUsageRequest;
import dev.brain.grpc.v1.ModuleUsageType;
import dev.brain.grpc.v1.ReportModuleUsageRequest;
import dev.brain.grpc.v1.Scope;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The module aggregates research-service reads (error-code.md §14) over modules registered and used through the
 * real CodeService: adaptation groups, co-usage and capabilities, with their exact values; a foreign scope.tenant
 * is refused.
 */
@QuarkusTest
class ModuleAnalyticsTest extends AnalyticsTestBase {

    CodeServiceGrpc.CodeServiceBlockingStub code(String t) {
        return GrpcTestChannel.as(t, CodeServiceGrpc.newBlockingStub(channel));
    }

    long register(String t, String project, String path, String source, String category) {
        return code(t).analyzeCode(AnalyzeCodeRequest.newBuilder().setScope(scope(project)).setSource(source)
                .setFilePath(path).setCategory(category).build()).getModules(0).getId();
    }

    void use(long module, String project, ModuleUsageType type) {
        code(tenant).reportModuleUsage(ReportModuleUsageRequest.newBuilder().setScope(scope(project))
                .setModuleId(module).setFilePath("src/x.ts").setUsageType(type).build());
    }

    long projectId(String name) {
        return jdbc.one("select id from project where tenant = ? and name = ?", rs -> rs.getLong(1), tenant, name)
                .orElseThrow();
    }

    @Test
    void copiesAcrossThreeProjectsFormOneAdaptationGroup() {
        long original = register(tenant, "p1", "src/utils/retry.ts", CodeSamples.RETRY, "retry");
        long copy = register(tenant, "p2", "lib/retry.ts", CodeSamples.RETRY, "retry");
        long renamed = register(tenant, "p3", "src/retry.ts", CodeSamples.RETRY_RENAMED, "retry");
        use(original, "p4", ModuleUsageType.MODULE_USAGE_TYPE_ADAPTED);
        // a pair in two projects only
        long slug = register(tenant, "p1", "src/slugify.ts", CodeSamples.SLUGIFY, "text");
        long slugCopy = register(tenant, "p2", "src/slugify.ts", CodeSamples.SLUGIFY, "text");
        // another tenant's copy changes nothing here
        register(otherTenant, "p5", "src/retry.ts", CodeSamples.RETRY, "retry");

        List<ModuleAdaptationGroup> groups = analytics().moduleAdaptationGroups(
                ModuleAdaptationGroupsRequest.getDefaultInstance()).getGroupsList();
        assertThat(groups).hasSize(1);
        ModuleAdaptationGroup group = groups.get(0);
        assertThat(group.getModuleIdsList()).containsExactly(original, copy, renamed);
        assertThat(group.getProjectIdsList()).containsExactlyInAnyOrder(projectId("p1"), projectId("p2"),
                projectId("p3"), projectId("p4"));
        assertThat(group.getMinScore()).isEqualTo(1.0);
        assertThat(group.getMeanScore()).isEqualTo(1.0);
        assertThat(group.getAdaptationCount()).isEqualTo(1);
        assertThat(group.getBestModuleId()).isEqualTo(original);

        assertThat(analytics().moduleAdaptationGroups(ModuleAdaptationGroupsRequest.newBuilder().setMinProjects(2)
                .build()).getGroupsList()).extracting(ModuleAdaptationGroup::getModuleIdsList)
                .containsExactly(List.of(original, copy, renamed), List.of(slug, slugCopy));
        assertThat(analytics().moduleAdaptationGroups(ModuleAdaptationGroupsRequest.newBuilder().setMinProjects(5)
                .build()).getGroupsList()).isEmpty();
        assertThat(analytics(otherTenant).moduleAdaptationGroups(ModuleAdaptationGroupsRequest.newBuilder()
                .setMinProjects(1).build()).getGroupsList()).isEmpty();
        assertInvalid(() -> analytics().moduleAdaptationGroups(ModuleAdaptationGroupsRequest.newBuilder()
                .setMinSimilarity(1.5).build()), "min_similarity");
    }

    @Test
    void modulesUsedTogetherInTwoProjectsAreACoUsagePair() {
        long retry = register(tenant, "p1", "src/utils/retry.ts", CodeSamples.RETRY, "retry");
        long slug = register(tenant, "p1", "src/slugify.ts", CodeSamples.SLUGIFY, "text");
        long alone = register(tenant, "p9", "src/other.py", "def other():\n    return 1\n", "");
        for (String project : List.of("p2", "p3")) {
            use(retry, project, ModuleUsageType.MODULE_USAGE_TYPE_EXACT);
            use(slug, project, ModuleUsageType.MODULE_USAGE_TYPE_ADAPTED);
        }
        use(alone, "p2", ModuleUsageType.MODULE_USAGE_TYPE_EXACT);

        List<ModuleCoUsagePair> pairs = analytics().moduleCoUsage(ModuleCoUsageRequest.getDefaultInstance())
                .getPairsList();
        // retry and slugify: registered together in p1, used together in p2 and p3; `alone` meets them in p2 only
        assertThat(pairs).extracting(ModuleCoUsagePair::getModuleA, ModuleCoUsagePair::getModuleB)
                .containsExactly(tuple(retry, slug));
        assertThat(pairs.get(0).getProjectIdsList()).containsExactly(projectId("p1"), projectId("p2"), projectId("p3"));
        assertThat(analytics().moduleCoUsage(ModuleCoUsageRequest.newBuilder().setMinProjects(1).build())
                .getPairsList()).hasSize(3);
        assertThat(analytics().moduleCoUsage(ModuleCoUsageRequest.newBuilder().setMinProjects(4).build())
                .getPairsList()).isEmpty();
    }

    @Test
    void capabilitiesAreTheModulesCategoriesWithTheirModulesAndProjects() {
        long retry = register(tenant, "p1", "src/utils/retry.ts", CodeSamples.RETRY, "retry");
        long retryCopy = register(tenant, "p2", "lib/retry.ts", CodeSamples.RETRY, "retry");
        long slug = register(tenant, "p2", "src/slugify.ts", CodeSamples.SLUGIFY, "text");
        register(tenant, "p2", "src/plain.ts", "export const one = 1;\n", "");

        List<ModuleCapability> all = analytics().moduleCapabilities(ModuleCapabilitiesRequest.getDefaultInstance())
                .getCapabilitiesList();
        assertThat(all).extracting(ModuleCapability::getKind, ModuleCapability::getName,
                ModuleCapability::getModuleIdsList).containsExactly(
                        tuple(CapabilityKind.CAPABILITY_KIND_CATEGORY, "retry", List.of(retry, retryCopy)),
                        tuple(CapabilityKind.CAPABILITY_KIND_CATEGORY, "text", List.of(slug)));
        assertThat(all.get(0).getProjectIdsList()).containsExactly(projectId("p1"), projectId("p2"));
        assertThat(analytics().moduleCapabilities(ModuleCapabilitiesRequest.newBuilder()
                .addProjectIds(projectId("p1")).build()).getCapabilitiesList()).extracting(ModuleCapability::getName,
                        ModuleCapability::getModuleIdsList)
                .containsExactly(tuple("retry", List.of(retry)));
        assertThat(analytics(otherTenant).moduleCapabilities(ModuleCapabilitiesRequest.getDefaultInstance())
                .getCapabilitiesList()).isEmpty();
    }

    @Test
    void aScopeNamingAnotherTenantIsPermissionDenied() {
        assertThatThrownBy(() -> analytics().errorCounts(ErrorCountsRequest.newBuilder()
                .setScope(Scope.newBuilder().setTenant(otherTenant)).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED));
        assertThatThrownBy(() -> analytics().moduleCoUsage(ModuleCoUsageRequest.newBuilder()
                .setScope(Scope.newBuilder().setTenant(otherTenant)).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED));
    }
}
