package dev.brain.error.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.DeleteFindingRequest;
import dev.brain.grpc.v1.ExportFindingsRequest;
import dev.brain.grpc.v1.ExportFindingsResponse;
import dev.brain.grpc.v1.ExportedFile;
import dev.brain.grpc.v1.FindingsIndexRequest;
import dev.brain.grpc.v1.FindingsIndexResponse;
import dev.brain.grpc.v1.FindingsServiceGrpc;
import dev.brain.grpc.v1.GetFindingRequest;
import dev.brain.grpc.v1.GetStatusRequest;
import dev.brain.grpc.v1.SaveFindingRequest;
import dev.brain.grpc.v1.SaveFindingResponse;
import dev.brain.grpc.v1.Scope;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

/** The findings store through real gRPC (error-code.md §10): one fresh tenant per test. */
@QuarkusTest
class FindingsGrpcServiceTest extends ErrorServiceTestBase {

    static final String PROJECT = "shop";
    static final String DEFAULT_BODY = "The order cache looks per request but is per tenant. Evict it after every import.";
    static final String WARNING_80 = "project holds 80 findings; the index is read in every session (~15 tokens a line):"
            + " merge or delete findings before adding more";

    private FindingsServiceGrpc.FindingsServiceBlockingStub findings() {
        return findings(tenant);
    }

    private FindingsServiceGrpc.FindingsServiceBlockingStub findings(String t) {
        return GrpcTestChannel.as(t, FindingsServiceGrpc.newBlockingStub(channel));
    }

    private static SaveFindingRequest.Builder createDefaultFinding(String project, String slug) {
        return SaveFindingRequest.newBuilder().setScope(scope(project)).setSlug(slug).setTitle("Title of " + slug)
                .setBody(DEFAULT_BODY);
    }

    private SaveFindingResponse save(String project, String slug) {
        return findings().saveFinding(createDefaultFinding(project, slug).build());
    }

    private FindingsIndexResponse index(String t, String project) {
        return findings(t).findingsIndex(FindingsIndexRequest.newBuilder().setScope(scope(project)).build());
    }

    private long rows(String t) {
        return jdbc.count("select count(*) from finding where tenant = ?", t);
    }

    private long projects(String t) {
        return jdbc.count("select count(*) from project where tenant = ?", t);
    }

    private static void fails(ThrowingCallable call, Status.Code code, String descriptionStart) {
        assertThatThrownBy(call).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(code);
            assertThat(e.getStatus().getDescription()).startsWith(descriptionStart);
        });
    }

    @Test
    void aNewFindingIsCreatedWithItsFieldsAndTheHookDefaultsToTheFirstSentence() {
        SaveFindingResponse saved = findings().saveFinding(createDefaultFinding(PROJECT, "order-cache")
                .setScope(scope(PROJECT, "sess-1")).setFindingScope("src/orders").setSourceTask("issue-22")
                .setVerifiedAgainst("0a1b2c3d").build());

        assertThat(saved.getCreated()).isTrue();
        assertThat(saved.getTotal()).isEqualTo(1);
        assertThat(saved.getWarningsList()).isEmpty();
        var f = saved.getFinding();
        assertThat(f.getId()).isPositive();
        assertThat(f.getProject()).isEqualTo(PROJECT);
        assertThat(f.getSlug()).isEqualTo("order-cache");
        assertThat(f.getTitle()).isEqualTo("Title of order-cache");
        assertThat(f.getHook()).isEqualTo("The order cache looks per request but is per tenant.");
        assertThat(f.getBody()).isEqualTo(DEFAULT_BODY);
        assertThat(f.getScope()).isEqualTo("src/orders");
        assertThat(f.getSourceTask()).isEqualTo("issue-22");
        assertThat(f.getVerifiedAgainst()).isEqualTo("0a1b2c3d");
        assertThat(f.getUpdatedSessionKey()).isEqualTo("sess-1");
        String line = "order-cache — Title of order-cache — The order cache looks per request but is per tenant.";
        assertThat(saved.getIndexChars()).isEqualTo(line.codePointCount(0, line.length()) + 1);
        assertThat(findings().getFinding(GetFindingRequest.newBuilder().setScope(scope(PROJECT)).setSlug("order-cache")
                .build()).getFinding()).isEqualTo(f);
    }

    @Test
    void theSameSlugOverwritesOneRowAndOneIndexLine() {
        SaveFindingResponse first = save(PROJECT, "order-cache");
        clock.advance(java.time.Duration.ofMinutes(1));
        SaveFindingResponse second = findings().saveFinding(createDefaultFinding(PROJECT, "order-cache")
                .setTitle("Order cache is per tenant").setHook("Evict after imports").setBody("Changed. Twice.").build());

        assertThat(second.getCreated()).isFalse();
        assertThat(second.getTotal()).isEqualTo(1);
        assertThat(second.getFinding().getId()).isEqualTo(first.getFinding().getId());
        assertThat(second.getFinding().getCreatedAt()).isEqualTo(first.getFinding().getCreatedAt());
        assertThat(second.getFinding().getUpdatedAt().getSeconds())
                .isEqualTo(first.getFinding().getUpdatedAt().getSeconds() + 60);
        assertThat(second.getFinding().getBody()).isEqualTo("Changed. Twice.");
        assertThat(rows(tenant)).isEqualTo(1);
        assertThat(index(tenant, PROJECT).getLinesList())
                .containsExactly("order-cache — Order cache is per tenant — Evict after imports");
    }

    @Test
    void badFieldsAreRejectedNamingTheFieldAndStoreNothing() {
        record Case(SaveFindingRequest.Builder request, String field) {
        }
        List<Case> cases = List.of(
                new Case(createDefaultFinding(PROJECT, "../x"), "slug:"),
                new Case(createDefaultFinding(PROJECT, "A B"), "slug:"),
                new Case(createDefaultFinding(PROJECT, "a".repeat(65)), "slug:"),
                new Case(createDefaultFinding(PROJECT, "ok").setTitle("two\nlines"), "title:"),
                new Case(createDefaultFinding(PROJECT, "ok").setBody("x".repeat(2001)), "body:"),
                new Case(createDefaultFinding(PROJECT, "ok").setHook("h".repeat(121)), "hook:"),
                new Case(createDefaultFinding(PROJECT, "ok").setFindingScope("../etc"), "finding_scope:"),
                new Case(createDefaultFinding(PROJECT, "ok").setFindingScope("/abs"), "finding_scope:"),
                new Case(createDefaultFinding(PROJECT, "ok").setFindingScope("a/../b"), "finding_scope:"),
                new Case(createDefaultFinding(PROJECT, "ok").setSourceTask("t".repeat(129)), "source_task:"),
                new Case(createDefaultFinding(PROJECT, "ok").setVerifiedAgainst("HEAD"), "verified_against:"),
                new Case(createDefaultFinding(PROJECT, "ok").setScope(Scope.getDefaultInstance()),
                        "scope.project is required"));
        for (Case c : cases) {
            fails(() -> findings().saveFinding(c.request().build()), Status.Code.INVALID_ARGUMENT, c.field());
        }
        assertThat(rows(tenant)).isZero();
        assertThat(projects(tenant)).as("no project created by a rejected save").isZero();
    }

    @Test
    void aBodyOutsideTwoToSixSentencesIsSavedWithAWarning() {
        SaveFindingResponse saved = findings().saveFinding(createDefaultFinding(PROJECT, "short")
                .setBody("Only one sentence here.").build());
        assertThat(saved.getCreated()).isTrue();
        assertThat(saved.getWarningsList())
                .containsExactly("body has 1 sentence; 2-6 sentences are the guideline (saved anyway)");
        assertThat(rows(tenant)).isEqualTo(1);
    }

    @Test
    void theIndexWarningAppearsInEverySaveFrom80FindingsNotAt79() {
        save(PROJECT, "a-000");
        long projectId = jdbc.count("select project_id from finding where tenant = ? and slug = 'a-000'", tenant);
        jdbc.update("""
                insert into finding (tenant, project_id, slug, title, hook, body, created_at, updated_at)
                select ?, ?, 'a-' || lpad(g::text, 3, '0'), 'T', 'H', 'B. C.', now(), now() from generate_series(1, 77) g""",
                tenant, projectId);

        SaveFindingResponse at79 = save(PROJECT, "b-079");
        assertThat(at79.getTotal()).isEqualTo(79);
        assertThat(at79.getWarningsList()).isEmpty();

        SaveFindingResponse at80 = save(PROJECT, "b-080");
        assertThat(at80.getTotal()).isEqualTo(80);
        assertThat(at80.getWarningsList()).containsExactly(WARNING_80);

        SaveFindingResponse overwrite = save(PROJECT, "b-079");
        assertThat(overwrite.getCreated()).isFalse();
        assertThat(overwrite.getWarningsList()).as("every save at >= 80 warns, an overwrite too").containsExactly(WARNING_80);
        assertThat(save(PROJECT, "b-081").getWarningsList()).containsExactly(WARNING_80.replace("80", "81"));
        // another project of the tenant is counted on its own
        assertThat(save("other", "x").getWarningsList()).isEmpty();
    }

    @Test
    void theIndexListsOneLinePerFindingBySlugWithItsSize() {
        findings().saveFinding(createDefaultFinding(PROJECT, "b-trap").setTitle("Bé").setHook("Hook b").build());
        findings().saveFinding(createDefaultFinding(PROJECT, "a-trap").setTitle("A").setHook("Hook 𝄞").build());
        findings().saveFinding(createDefaultFinding(PROJECT, "a").setTitle("Short").setHook("H").build());

        FindingsIndexResponse index = index(tenant, PROJECT);
        assertThat(index.getLinesList()).containsExactly("a — Short — H", "a-trap — A — Hook 𝄞", "b-trap — Bé — Hook b");
        assertThat(index.getTotal()).isEqualTo(3);
        String joined = "a — Short — H\na-trap — A — Hook 𝄞\nb-trap — Bé — Hook b\n";
        assertThat(index.getIndexChars()).isEqualTo(joined.codePointCount(0, joined.length())).isEqualTo(55);
    }

    @Test
    void theExportIsByteExact() {
        findings().saveFinding(createDefaultFinding(PROJECT, "order-cache").setTitle("Order cache is per tenant")
                .setFindingScope("src/orders").setSourceTask("issue-22").setVerifiedAgainst("0a1b2c3").build());
        findings().saveFinding(createDefaultFinding(PROJECT, "build-flag").setTitle("Build needs -o")
                .setHook("Offline builds only").setBody("Maven looks online but the machine has no network.\nPass -o always.")
                .build());

        ExportFindingsResponse export = findings().exportFindings(
                ExportFindingsRequest.newBuilder().setScope(scope(PROJECT)).build());

        assertThat(export.getSlugsList()).containsExactly("build-flag", "order-cache");
        assertThat(export.getFilesList()).extracting(ExportedFile::getPath)
                .containsExactly("INDEX.md", "traps/build-flag.md", "traps/order-cache.md");
        assertThat(export.getFiles(0).getContent()).isEqualTo(
                """
                        # Findings — shop
                        - [build-flag](traps/build-flag.md) — Build needs -o — Offline builds only
                        - [order-cache](traps/order-cache.md) — Order cache is per tenant — The order cache looks per request but is per tenant.
                        """);
        assertThat(export.getFiles(1).getContent()).isEqualTo("""
                ---
                slug: build-flag
                scope:
                source-task:
                verified-against:
                ---

                # Build needs -o

                Maven looks online but the machine has no network.
                Pass -o always.
                """);
        assertThat(export.getFiles(2).getContent()).isEqualTo("""
                ---
                slug: order-cache
                scope: src/orders
                source-task: issue-22
                verified-against: 0a1b2c3
                ---

                # Order cache is per tenant

                The order cache looks per request but is per tenant. Evict it after every import.
                """);
    }

    @Test
    void deleteRemovesTheFindingAndThenItIsNotFound() {
        save(PROJECT, "one");
        save(PROJECT, "two");
        var deleted = findings()
                .deleteFinding(DeleteFindingRequest.newBuilder().setScope(scope(PROJECT)).setSlug("one").build());
        assertThat(deleted.getTotal()).isEqualTo(1);
        fails(() -> findings().getFinding(GetFindingRequest.newBuilder().setScope(scope(PROJECT)).setSlug("one").build()),
                Status.Code.NOT_FOUND, "slug: no finding 'one' in project shop");
        fails(() -> findings().deleteFinding(DeleteFindingRequest.newBuilder().setScope(scope(PROJECT)).setSlug("one").build()),
                Status.Code.NOT_FOUND, "slug:");
        fails(() -> findings().getFinding(GetFindingRequest.newBuilder().setScope(scope(PROJECT)).setSlug("../x").build()),
                Status.Code.INVALID_ARGUMENT, "slug:");
        assertThat(index(tenant, PROJECT).getLinesList()).hasSize(1).allMatch(l -> l.startsWith("two — "));
    }

    @Test
    void readsOfAnUnknownProjectFindNothingAndCreateNothing() {
        FindingsIndexResponse index = index(tenant, "nowhere");
        assertThat(index.getLinesList()).isEmpty();
        assertThat(index.getTotal()).isZero();
        assertThat(index.getIndexChars()).isZero();
        ExportFindingsResponse export = findings().exportFindings(
                ExportFindingsRequest.newBuilder().setScope(scope("nowhere")).build());
        assertThat(export.getFilesList()).containsExactly(ExportedFile.newBuilder().setPath("INDEX.md")
                .setContent("# Findings — nowhere\n").build());
        assertThat(export.getSlugsList()).isEmpty();
        fails(() -> findings().getFinding(GetFindingRequest.newBuilder().setScope(scope("nowhere")).setSlug("x").build()),
                Status.Code.NOT_FOUND, "slug:");
        fails(() -> findings().findingsIndex(FindingsIndexRequest.getDefaultInstance()), Status.Code.INVALID_ARGUMENT,
                "scope.project is required");
        assertThat(projects(tenant)).isZero();
    }

    @Test
    void concurrentSavesOfDifferentSlugsAllSucceed() throws Exception {
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<SaveFindingResponse>> results = new ArrayList<>();
        try {
            for (int i = 0; i < threads; i++) {
                String slug = "slug-" + i;
                results.add(pool.submit(() -> {
                    start.await();
                    return save("fresh", slug);
                }));
            }
            start.countDown();
            for (Future<SaveFindingResponse> r : results) {
                assertThat(r.get(30, TimeUnit.SECONDS).getCreated()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(index(tenant, "fresh").getTotal()).isEqualTo(threads);
        assertThat(projects(tenant)).isEqualTo(1);
    }

    @Test
    void anotherTenantSeesNothingAndCannotDeleteOrOverwrite() {
        save(PROJECT, "secret-trap");

        assertThat(index(otherTenant, PROJECT).getLinesList()).isEmpty();
        fails(() -> findings(otherTenant).getFinding(GetFindingRequest.newBuilder().setScope(scope(PROJECT))
                .setSlug("secret-trap").build()), Status.Code.NOT_FOUND, "slug:");
        fails(() -> findings(otherTenant).deleteFinding(DeleteFindingRequest.newBuilder().setScope(scope(PROJECT))
                .setSlug("secret-trap").build()), Status.Code.NOT_FOUND, "slug:");
        assertThat(findings(otherTenant).exportFindings(ExportFindingsRequest.newBuilder().setScope(scope(PROJECT))
                .build()).getSlugsList()).isEmpty();
        // the same slug in the other tenant's project of the same name is its own row
        assertThat(findings(otherTenant).saveFinding(createDefaultFinding(PROJECT, "secret-trap").build()).getCreated())
                .isTrue();
        fails(() -> findings(otherTenant).findingsIndex(FindingsIndexRequest.newBuilder()
                .setScope(Scope.newBuilder().setTenant(tenant).setProject(PROJECT)).build()),
                Status.Code.PERMISSION_DENIED, "");

        assertThat(rows(tenant)).isEqualTo(1);
        assertThat(rows(otherTenant)).isEqualTo(1);
        assertThat(findings().getFinding(GetFindingRequest.newBuilder().setScope(scope(PROJECT)).setSlug("secret-trap")
                .build()).getFinding().getTitle()).isEqualTo("Title of secret-trap");
    }

    @Test
    void projectsOfOneTenantKeepTheirOwnFindings() {
        findings().saveFinding(createDefaultFinding("api", "shared-slug").setTitle("API").build());
        findings().saveFinding(createDefaultFinding("web", "shared-slug").setTitle("Web").build());
        save("web", "web-only");

        assertThat(index(tenant, "api").getLinesList()).containsExactly(
                "shared-slug — API — The order cache looks per request but is per tenant.");
        assertThat(index(tenant, "web").getTotal()).isEqualTo(2);
        findings().deleteFinding(DeleteFindingRequest.newBuilder().setScope(scope("api")).setSlug("shared-slug").build());
        assertThat(index(tenant, "web").getLinesList()).hasSize(2);
        assertThat(sessions().getStatus(GetStatusRequest.newBuilder().setScope(scope("web")).build()).getFindings())
                .isEqualTo(2);
        assertThat(sessions().getStatus(GetStatusRequest.getDefaultInstance()).getFindings()).isEqualTo(2);
    }
}
