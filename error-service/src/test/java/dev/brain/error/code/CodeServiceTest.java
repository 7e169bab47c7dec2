package dev.brain.error.code;

import static dev.brain.error.support.CodeSamples.RETRY;
import static dev.brain.error.support.CodeSamples.RETRY_RENAMED;
import static dev.brain.error.support.CodeSamples.SLUGIFY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

import dev.brain.error.intake.Confidence;
import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.AnalyzeCodeRequest;
import dev.brain.grpc.v1.AnalyzeCodeResponse;
import dev.brain.grpc.v1.AnalyzedModule;
import dev.brain.grpc.v1.CheckSimilarityRequest;
import dev.brain.grpc.v1.CheckSimilarityResponse;
import dev.brain.grpc.v1.CodeModule;
import dev.brain.grpc.v1.CodeServiceGrpc;
import dev.brain.grpc.v1.FindReusableRequest;
import dev.brain.grpc.v1.GetModuleRequest;
import dev.brain.grpc.v1.GetModuleResponse;
import dev.brain.grpc.v1.ListModulesRequest;
import dev.brain.grpc.v1.ListModulesResponse;
import dev.brain.grpc.v1.ListNotificationsRequest;
import dev.brain.grpc.v1.ModuleType;
import dev.brain.grpc.v1.ModuleUsageOutcome;
import dev.brain.grpc.v1.ModuleUsageType;
import dev.brain.grpc.v1.ProjectScopeFilter;
import dev.brain.grpc.v1.ReportModuleUsageRequest;
import dev.brain.grpc.v1.ReportModuleUsageResponse;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SimilarModule;
import dev.brain.grpc.v1.SimilarityKind;
import dev.brain.grpc.v1.UpdateUsageOutcomeRequest;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

/**
 * CodeService through real gRPC and PostgreSQL (error-code.md §9.5–9.8, §12.1): registration and its upsert,
 * similarity kinds stored and answered, usages and confidence, reads, limits and tenancy. memory-service is not
 * running here, so every answer's semantic part is skipped; the embedding worker's tests cover it.
 */
@QuarkusTest
class CodeServiceTest extends ErrorServiceTestBase {

    CodeServiceGrpc.CodeServiceBlockingStub code() {
        return code(tenant);
    }

    CodeServiceGrpc.CodeServiceBlockingStub code(String t) {
        return GrpcTestChannel.as(t, CodeServiceGrpc.newBlockingStub(channel));
    }

    AnalyzeCodeResponse register(String project, String path, String source) {
        return code().analyzeCode(AnalyzeCodeRequest.newBuilder().setScope(scope(project)).setSource(source)
                .setFilePath(path).build());
    }

    @Test
    void registeringStoresTheModuleWithItsScoreAndSignalsAndTheSamePathUpdatesIt() {
        AnalyzeCodeResponse first = register("shop", "src/utils/retry.ts", RETRY);
        assertThat(first.getLanguage()).isEqualTo("typescript");
        assertThat(first.getGranularity()).isEqualTo(ModuleType.MODULE_TYPE_FILE);
        assertThat(first.getModulesList()).hasSize(1);
        AnalyzedModule module = first.getModules(0);
        assertThat(module.getId()).isPositive();
        assertThat(module.getCreated()).isTrue();
        assertThat(module.getName()).isEqualTo("retry");
        assertThat(module.getScore()).isCloseTo(0.97, within(1e-4));
        assertThat(module.getReusable()).isTrue();
        assertThat(module.getSignalsMap()).containsEntry("low_coupling", 0.8).hasSize(6);
        assertThat(module.getPurpose()).isEqualTo("Retries an async operation with exponential backoff");

        GetModuleResponse stored = code().getModule(GetModuleRequest.newBuilder().setModuleId(module.getId()).build());
        assertThat(stored.getModule().getSourceCode()).isEqualTo(RETRY);
        assertThat(stored.getModule().getProject()).isEqualTo("shop");
        assertThat(stored.getModule().getConfidence()).isCloseTo(0.97, within(1e-4));
        assertThat(stored.getModule().getExportsList()).containsExactly("retry");

        AnalyzeCodeResponse again = register("shop", "src/utils/retry.ts", RETRY.replace("3", "4"));
        assertThat(again.getModules(0).getId()).isEqualTo(module.getId());
        assertThat(again.getModules(0).getCreated()).isFalse();
        assertThat(jdbc.count("select count(*) from code_module where tenant = ?", tenant)).isEqualTo(1);
        assertThat(code().getModule(GetModuleRequest.newBuilder().setModuleId(module.getId()).build()).getModule()
                .getSourceCode()).contains("attempts: number = 4");
    }

    @Test
    void copiesInOtherProjectsAreExactOrStructuralAndUnrelatedCodeIsNeither() {
        long original = register("shop", "src/utils/retry.ts", RETRY).getModules(0).getId();
        long unrelated = register("shop", "src/utils/slugify.ts", SLUGIFY).getModules(0).getId();

        AnalyzeCodeResponse copy = code().analyzeCode(AnalyzeCodeRequest.newBuilder()
                .setScope(scope("blog", "session-1")).setSource(RETRY).setFilePath("lib/retry.ts").build());
        assertThat(copy.getSimilarList()).extracting(s -> s.getModule().getId(), SimilarModule::getKind,
                SimilarModule::getScore).containsExactly(
                        org.assertj.core.groups.Tuple.tuple(original, SimilarityKind.SIMILARITY_KIND_EXACT, 1.0));
        assertThat(copy.getSemanticSkipped()).isTrue();

        AnalyzeCodeResponse renamed = register("admin", "src/retry.ts", RETRY_RENAMED);
        assertThat(renamed.getSimilarList()).extracting(s -> s.getModule().getId(), SimilarModule::getKind)
                .contains(org.assertj.core.groups.Tuple.tuple(original, SimilarityKind.SIMILARITY_KIND_STRUCTURAL))
                .noneMatch(t -> t.toList().get(0).equals(unrelated));

        // stored once per pair, strongest kind, seen from either module
        GetModuleResponse stored = code().getModule(GetModuleRequest.newBuilder().setModuleId(original).build());
        assertThat(stored.getSimilarList()).extracting(s -> s.getModule().getProject(), s -> s.getKind())
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("blog", SimilarityKind.SIMILARITY_KIND_EXACT),
                        org.assertj.core.groups.Tuple.tuple("admin", SimilarityKind.SIMILARITY_KIND_STRUCTURAL));
        assertThat(jdbc.count("select count(*) from module_similarity where tenant = ? and (module_a = ? or module_b = ?)",
                tenant, unrelated, unrelated)).isZero();

        // events: module → project per registration, similar_to per exact/structural copy
        long copyId = copy.getModules(0).getId();
        assertThat(events()).contains("strengthen co_occurs code_module:" + original + "->project:" + projectId("shop"),
                "strengthen similar_to code_module:" + copyId + "->code_module:" + original);
        // the copy in another project is suggested to the session that registered it
        assertThat(notifications().listNotifications(ListNotificationsRequest.newBuilder()
                .setScope(scope("blog", "session-1")).build()).getNotificationsList())
                .anySatisfy(n -> assertThat(n.getSummary()).contains("retry").contains("shop"));
    }

    @Test
    void aDryRunAndASimilarityCheckStoreNothing() {
        long original = register("shop", "src/utils/retry.ts", RETRY).getModules(0).getId();
        long modules = jdbc.count("select count(*) from code_module where tenant = ?", tenant);
        long similarities = jdbc.count("select count(*) from module_similarity where tenant = ?", tenant);
        long outbox = jdbc.count("select count(*) from outbox where tenant = ?", tenant);

        AnalyzeCodeResponse dry = code().analyzeCode(AnalyzeCodeRequest.newBuilder().setScope(scope("blog"))
                .setSource(RETRY_RENAMED).setFilePath("src/retry.ts").setDryRun(true).build());
        assertThat(dry.getModules(0).getId()).isZero();
        assertThat(dry.getSimilarList()).extracting(s -> s.getModule().getId()).containsExactly(original);

        CheckSimilarityResponse check = code().checkSimilarity(CheckSimilarityRequest.newBuilder()
                .setScope(scope("blog")).setSource(RETRY).setFilePath("x.ts").build());
        assertThat(check.getHitsList()).extracting(s -> s.getModule().getId(), SimilarModule::getKind)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(original, SimilarityKind.SIMILARITY_KIND_EXACT));
        assertThat(check.getSemanticSkipped()).isTrue();

        assertThat(jdbc.count("select count(*) from code_module where tenant = ?", tenant)).isEqualTo(modules);
        assertThat(jdbc.count("select count(*) from module_similarity where tenant = ?", tenant)).isEqualTo(similarities);
        assertThat(jdbc.count("select count(*) from outbox where tenant = ?", tenant)).isEqualTo(outbox);
        assertThat(jdbc.count("select count(*) from project where tenant = ? and name = 'blog'", tenant)).isZero();
    }

    @Test
    void usagesCountOnTheModuleAndTheirOutcomesSetItsConfidence() {
        long retry = register("shop", "src/utils/retry.ts", RETRY).getModules(0).getId();
        long slugify = register("blog", "src/slugify.ts", SLUGIFY).getModules(0).getId();
        long solution = solve("blog", report("blog", "TypeError: x is not a function\n    at a (/srv/blog/a.js:1:1)")
                .getError().getId(), "use retry").getSolution().getId();

        ReportModuleUsageResponse used = code().reportModuleUsage(ReportModuleUsageRequest.newBuilder()
                .setScope(scope("blog")).setModuleId(retry).setFilePath("src/api.ts")
                .setUsageType(ModuleUsageType.MODULE_USAGE_TYPE_ADAPTED).addAdaptations("attempts from config")
                .setOutcome(ModuleUsageOutcome.MODULE_USAGE_OUTCOME_SUCCESS).setSolutionId(solution).build());
        CodeModule module = used.getModule();
        assertThat(module.getReuseCount()).isEqualTo(1);
        assertThat(module.getAdaptationCount()).isEqualTo(1);
        assertThat(module.hasLastUsedAt()).isTrue();
        // §8 phase 8: 0.4·reusability + 0.6·wilson(1, 1)·decay(0)
        assertThat(module.getConfidence()).isCloseTo(0.4 * 0.97 + 0.6 * Confidence.wilson(1, 1), within(1e-4));
        assertThat(used.getUsage().getAdaptationsList()).containsExactly("attempts from config");
        assertThat(used.getUsage().getProject()).isEqualTo("blog");

        assertThat(events()).contains(
                "strengthen uses_module project:" + projectId("blog") + "->code_module:" + retry,
                "strengthen uses_module solution:" + solution + "->code_module:" + retry,
                "strengthen co_occurs code_module:" + retry + "->code_module:" + slugify);

        CodeModule failed = code().updateUsageOutcome(UpdateUsageOutcomeRequest.newBuilder()
                .setUsageId(used.getUsage().getId()).setOutcome(ModuleUsageOutcome.MODULE_USAGE_OUTCOME_FAILURE).build())
                .getModule();
        assertThat(failed.getConfidence()).isCloseTo(0.4 * 0.97, within(1e-4));

        CodeModule exact = code().reportModuleUsage(ReportModuleUsageRequest.newBuilder().setScope(scope("admin"))
                .setModuleId(retry).setFilePath("lib/retry.ts").setUsageType(ModuleUsageType.MODULE_USAGE_TYPE_EXACT)
                .build()).getModule();
        assertThat(exact.getReuseCount()).isEqualTo(2);
        assertThat(exact.getAdaptationCount()).isEqualTo(1);
        assertThat(code().getModule(GetModuleRequest.newBuilder().setModuleId(retry).build()).getUsagesList())
                .extracting(u -> u.getProject()).containsExactly("admin", "blog");
    }

    @Test
    void modulesAreListedByProjectAndLanguageAndPaged() {
        register("shop", "src/utils/retry.ts", RETRY);
        register("shop", "src/slugify.ts", SLUGIFY);
        register("blog", "tools/slug.py", """
                def slugify(title: str) -> str:
                    \"\"\"Turns a title into a slug.\"\"\"
                    return "-".join(title.lower().split())
                """);
        ListModulesResponse all = code().listModules(ListModulesRequest.getDefaultInstance());
        assertThat(all.getModulesList()).extracting(CodeModule::getProject, CodeModule::getFilePath).containsExactly(
                org.assertj.core.groups.Tuple.tuple("blog", "tools/slug.py"),
                org.assertj.core.groups.Tuple.tuple("shop", "src/slugify.ts"),
                org.assertj.core.groups.Tuple.tuple("shop", "src/utils/retry.ts"));
        assertThat(all.getModules(0).getSourceCode()).isEmpty();
        assertThat(code().listModules(ListModulesRequest.newBuilder().setLanguage("python").build()).getModulesList())
                .extracting(CodeModule::getLanguage).containsExactly("python");
        assertThat(code().listModules(ListModulesRequest.newBuilder().setScope(scope("shop")).build())
                .getModulesCount()).isEqualTo(2);
        assertThat(code().listModules(ListModulesRequest.newBuilder().setScope(scope("nowhere")).build())
                .getModulesCount()).isZero();
        ListModulesResponse page = code().listModules(ListModulesRequest.newBuilder().setLimit(2).build());
        assertThat(page.getModulesCount()).isEqualTo(2);
        assertThat(code().listModules(ListModulesRequest.newBuilder().setLimit(2).setPageToken(page.getNextPageToken())
                .build()).getModulesList()).extracting(CodeModule::getFilePath).containsExactly("src/utils/retry.ts");
    }

    @Test
    void findReusableFiltersByLanguageProjectAndScore() {
        register("shop", "src/utils/retry.ts", RETRY);
        register("blog", "src/retry.py", """
                import time


                def retry(fn, attempts=3):
                    \"\"\"Retries a call with exponential backoff.\"\"\"
                    for i in range(attempts):
                        try:
                            return fn()
                        except Exception:
                            time.sleep(2 ** i)
                    return fn()
                """);
        var hits = code().findReusable(FindReusableRequest.newBuilder().setPurpose("retry with exponential backoff")
                .build());
        assertThat(hits.getHitsList()).isNotEmpty();
        assertThat(hits.getSemanticSkipped()).isTrue();
        assertThat(hits.getFootprint().getStoreSize()).isEqualTo(2);
        assertThat(hits.getHits(0).getRelevance()).isCloseTo(0.5, within(1e-9));
        assertThat(code().findReusable(FindReusableRequest.newBuilder().setPurpose("retry with exponential backoff")
                .setLanguage("javascript").setIncludeLowScore(true).build()).getHitsList())
                .extracting(h -> h.getModule().getLanguage()).containsOnly("typescript");
        assertThat(code().findReusable(FindReusableRequest.newBuilder().setScope(scope("shop"))
                .setPurpose("retry with exponential backoff").setProjectScope(ProjectScopeFilter.PROJECT_SCOPE_FILTER_OTHER)
                .setIncludeLowScore(true).build()).getHitsList()).extracting(h -> h.getModule().getProject())
                .containsOnly("blog");
        assertThat(code().findReusable(FindReusableRequest.newBuilder().setScope(scope("shop"))
                .setPurpose("retry with exponential backoff").setProjectScope(ProjectScopeFilter.PROJECT_SCOPE_FILTER_OWN)
                .build()).getHitsList()).extracting(h -> h.getModule().getProject()).containsOnly("shop");
        assertThat(code(otherTenant).findReusable(FindReusableRequest.newBuilder()
                .setPurpose("retry with exponential backoff").setIncludeLowScore(true).build()).getHitsList()).isEmpty();
    }

    @Test
    void anotherTenantSeesAndChangesNothing() {
        long retry = register("shop", "src/utils/retry.ts", RETRY).getModules(0).getId();
        assertStatus(() -> code(otherTenant).getModule(GetModuleRequest.newBuilder().setModuleId(retry).build()),
                Status.Code.NOT_FOUND, "module_id");
        assertStatus(() -> code(otherTenant).reportModuleUsage(ReportModuleUsageRequest.newBuilder()
                .setScope(scope("shop")).setModuleId(retry).setFilePath("a.ts")
                .setUsageType(ModuleUsageType.MODULE_USAGE_TYPE_EXACT).build()), Status.Code.NOT_FOUND, "module_id");
        assertThat(code(otherTenant).checkSimilarity(CheckSimilarityRequest.newBuilder().setSource(RETRY)
                .setFilePath("r.ts").build()).getHitsList()).isEmpty();
        assertThat(code(otherTenant).analyzeCode(AnalyzeCodeRequest.newBuilder().setScope(scope("shop"))
                .setSource(RETRY).setFilePath("src/utils/retry.ts").build()).getSimilarList()).isEmpty();
        assertThat(code(otherTenant).listModules(ListModulesRequest.getDefaultInstance()).getModulesList())
                .extracting(CodeModule::getId).doesNotContain(retry);
        assertThat(code().getModule(GetModuleRequest.newBuilder().setModuleId(retry).build()).getModule().getReuseCount())
                .isZero();
        long usage = code().reportModuleUsage(ReportModuleUsageRequest.newBuilder().setScope(scope("shop"))
                .setModuleId(retry).setFilePath("a.ts").setUsageType(ModuleUsageType.MODULE_USAGE_TYPE_EXACT).build())
                .getUsage().getId();
        assertStatus(() -> code(otherTenant).updateUsageOutcome(UpdateUsageOutcomeRequest.newBuilder().setUsageId(usage)
                .setOutcome(ModuleUsageOutcome.MODULE_USAGE_OUTCOME_FAILURE).build()), Status.Code.NOT_FOUND, "usage_id");
    }

    @Test
    void badFieldsAreRefusedNamingTheFieldAndStoreNothing() {
        Scope shop = scope("shop");
        assertStatus(() -> code().analyzeCode(AnalyzeCodeRequest.newBuilder().setScope(shop).setFilePath("a.ts").build()),
                Status.Code.INVALID_ARGUMENT, "source");
        assertStatus(() -> code().analyzeCode(AnalyzeCodeRequest.newBuilder().setScope(shop).setSource(RETRY).build()),
                Status.Code.INVALID_ARGUMENT, "file_path");
        assertStatus(() -> code().analyzeCode(AnalyzeCodeRequest.newBuilder().setSource(RETRY).setFilePath("a.ts").build()),
                Status.Code.INVALID_ARGUMENT, "scope.project");
        assertStatus(() -> code().analyzeCode(AnalyzeCodeRequest.newBuilder().setScope(shop).setSource(RETRY)
                .setFilePath("a.ts").setLanguage("cobol").build()), Status.Code.INVALID_ARGUMENT, "language");
        String tooLong = "x".repeat(512 * 1024 + 1);
        assertStatus(() -> code().analyzeCode(AnalyzeCodeRequest.newBuilder().setScope(shop).setSource(tooLong)
                .setFilePath("a.ts").build()), Status.Code.INVALID_ARGUMENT, "source");
        assertThat(code().analyzeCode(AnalyzeCodeRequest.newBuilder().setScope(shop).setSource(tooLong.substring(1))
                .setFilePath("a.txt").setDryRun(true).build()).getModulesCount()).isPositive();
        assertStatus(() -> code().findReusable(FindReusableRequest.newBuilder().setPurpose(" ").build()),
                Status.Code.INVALID_ARGUMENT, "purpose");
        assertStatus(() -> code().findReusable(FindReusableRequest.newBuilder().setPurpose("x").setLimit(51).build()),
                Status.Code.INVALID_ARGUMENT, "limit");
        assertStatus(() -> code().reportModuleUsage(ReportModuleUsageRequest.newBuilder().setScope(shop).setModuleId(1)
                .setFilePath("a.ts").build()), Status.Code.INVALID_ARGUMENT, "usage_type");
        assertStatus(() -> code().reportModuleUsage(ReportModuleUsageRequest.newBuilder().setScope(shop)
                .setFilePath("a.ts").setUsageType(ModuleUsageType.MODULE_USAGE_TYPE_EXACT).build()),
                Status.Code.INVALID_ARGUMENT, "module_id");
        assertThat(jdbc.count("select count(*) from code_module where tenant = ?", tenant)).isZero();
    }

    long projectId(String name) {
        return jdbc.one("select id from project where tenant = ? and name = ?", rs -> rs.getLong(1), tenant, name)
                .orElseThrow();
    }

    static void assertStatus(ThrowingCallable call, Status.Code code, String field) {
        assertThatThrownBy(call).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(code);
            assertThat(e.getStatus().getDescription()).startsWith(field);
        });
    }

    static List<Long> ids(List<SimilarModule> similar) {
        return similar.stream().map(s -> s.getModule().getId()).toList();
    }
}
