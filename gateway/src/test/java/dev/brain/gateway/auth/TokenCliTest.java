package dev.brain.gateway.auth;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.brain.grpc.v1.ListProjectsRequest;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SessionServiceGrpc;
import dev.brain.grpc.v1.UpsertProjectRequest;
import dev.brain.tenancy.Tenancy;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;

/** {@code ./brain token create|list|revoke}, the real script against this gateway. */
@QuarkusTest
class TokenCliTest {

    static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @Inject
    ApiTokens tokens;

    @TempDir
    Path temp;

    record Run(int exit, String stdout, String stderr) {
        String lastLine() {
            List<String> lines = stdout.lines().toList();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        }
    }

    private Run brain(String token, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", ROOT.resolve("brain").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(temp.toFile());
        builder.environment().putAll(Map.of("BRAIN_GATEWAY_PORT", String.valueOf(RestAssured.port), "BRAIN_TOKEN", token,
                "BRAIN_DATA_DIR", temp.resolve("data").toString()));
        builder.environment().remove("BRAIN_URL");
        Process process = builder.start();
        process.getOutputStream().close();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("finished in time").isTrue();
        return new Run(process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void createPrintsTheTokenAloneOnItsLastLineListShowsItAndRevokeEndsIt() throws Exception {
        String tenant = "cli-" + UUID.randomUUID().toString().substring(0, 8);
        String system = tokens.create("cli-owner", "default", Set.of("system"), "test");

        Run created = brain(system, "token", "create", "--tenant", tenant, "--user", "alice", "--scopes", "read,write",
                "--project", "web", "--label", "alice laptop");
        assertThat(created.exit()).as(created.stderr()).isZero();
        String token = created.lastLine();
        assertThat(token).matches("brn_[A-Za-z0-9_-]{43}");
        given().header("Authorization", "Bearer " + token).when().get("/api/v1/status").then().statusCode(200);

        Run listed = brain(system, "token", "list", "--tenant", tenant);
        assertThat(listed.exit()).as(listed.stderr()).isZero();
        assertThat(listed.stdout()).contains(tenant).contains("alice").contains("read,write").contains("alice laptop")
                .contains("active").doesNotContain(token);

        Run revoked = brain(system, "token", "revoke", token);
        assertThat(revoked.exit()).as(revoked.stderr()).isZero();
        assertThat(revoked.stdout()).startsWith("revoked token ").contains(tenant);
        given().header("Authorization", "Bearer " + token).when().get("/api/v1/status").then().statusCode(401);

        String second = brain(system, "token", "create", "--tenant", tenant).lastLine();
        String id = String.valueOf(tokens.find(second).orElseThrow().id());
        assertThat(brain(system, "token", "revoke", id).exit()).isZero();
        given().header("Authorization", "Bearer " + second).when().get("/api/v1/status").then().statusCode(401);
        assertThat(brain(system, "token", "list", "--tenant", tenant).stdout()).contains("revoked");
    }

    @Test
    void aRefusalOrBadUsageExitsNonZeroWithTheReason() throws Exception {
        String reader = tokens.create("cli-reader", "default", Set.of("read"), "test");
        Run refused = brain(reader, "token", "list");
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.stderr()).contains("403").contains("scope admin");
        Run readerCreates = brain(reader, "token", "create");
        assertThat(readerCreates.exit()).isEqualTo(1);
        assertThat(readerCreates.stderr()).contains("403").contains("scope admin");
        assertThat(brain(reader, "token", "revoke", "nonsense").exit()).isEqualTo(2);
        Run badScope = brain(tokens.create("cli-admin", "default", Set.of("admin"), "test"), "token", "create", "--tenant",
                "cli-admin", "--scopes", "read,root");
        assertThat(badScope.exit()).isEqualTo(1);
        assertThat(badScope.stderr()).contains("scopes[1]: 'root' is not a scope");
    }

    /**
     * What a grpcurl user does (README, "Call a service directly"): {@code ./brain token create --scopes read} with
     * their admin token, then calls error-service (the packaged one these tests run) with
     * {@code authorization: Bearer <token>}: the tenant's reads answer, a write is refused for its scope, and a
     * {@code brain-tenant} header naming another tenant is refused.
     */
    @Test
    void aReadTokenFromTheCliReadsOverGrpcAndWritesNothing() throws Exception {
        String tenant = "cli-grpc-" + UUID.randomUUID().toString().substring(0, 8);
        String admin = tokens.create(tenant, "default", Set.of("admin"), "test");
        Run created = brain(admin, "token", "create", "--scopes", "read");
        assertThat(created.exit()).as(created.stderr()).isZero();
        assertThat(created.stdout()).contains("of tenant " + tenant);
        String token = created.lastLine();

        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", 19101).usePlaintext().build();
        try {
            SessionServiceGrpc.SessionServiceBlockingStub sessions = SessionServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(token, null)));
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(15); // the services re-read tokens every 3 s
            while (true) {
                try {
                    sessions.listProjects(ListProjectsRequest.newBuilder().setScope(Scope.getDefaultInstance()).build());
                    break;
                } catch (StatusRuntimeException e) {
                    if (e.getStatus().getCode() != Status.Code.UNAUTHENTICATED || System.nanoTime() > until) {
                        throw e;
                    }
                    Thread.sleep(100);
                }
            }
            StatusRuntimeException write = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
                    () -> sessions.upsertProject(UpsertProjectRequest.newBuilder().setScope(Scope.getDefaultInstance())
                            .setName("never").build()));
            assertThat(write.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED);
            assertThat(write.getStatus().getDescription()).contains("needs a token with scope write (this one has read)");
            StatusRuntimeException forged = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
                    () -> SessionServiceGrpc.newBlockingStub(channel)
                            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(token, "local")))
                            .listProjects(ListProjectsRequest.newBuilder().setScope(Scope.getDefaultInstance()).build()));
            assertThat(forged.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED);
        } finally {
            channel.shutdownNow();
        }
    }
}
