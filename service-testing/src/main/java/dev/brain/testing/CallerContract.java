package dev.brain.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.brain.tenancy.CallerInterceptor;
import dev.brain.tenancy.Tenancy;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;

/**
 * Who may call a service (common.proto, CALLERS AND TENANCY), over a real gRPC channel, for every RPC the service
 * offers: no credential is UNAUTHENTICATED; an API token works for its own tenant only (a forged {@code brain-tenant}
 * is PERMISSION_DENIED) and only up to its scope; the service token works for the tenant it names; a revoked token
 * stops working; the {@code brain-tenant} header alone is worth nothing.
 * <p>
 * Each RPC is called with its empty request: what matters is whether the call got past the caller check, not what
 * the service answers (mostly INVALID_ARGUMENT). RPCs that need system are only refused here: run with system
 * they would start jobs over every tenant of the test database.
 */
public abstract class CallerContract extends GrpcTestBase {

    private final List<ServiceDescriptor> services;

    /**
     * {@code services}: every gRPC service the service under test offers, e.g. {@code ErrorServiceGrpc.getServiceDescriptor()}.
     */
    protected CallerContract(ServiceDescriptor... services) {
        this.services = List.of(services);
    }

    /** A read RPC of the tenant's data that answers OK for an empty tenant, called on {@code channel}. */
    protected abstract void read(Channel channel);

    /**
     * A write RPC on {@code channel} that stores something marked {@code marker} for {@code tenant} (the tenant the
     * caller claims: requests that name a partition name this one).
     */
    protected abstract void write(Channel channel, String tenant, String marker);

    /** Whether {@code tenant}, read on {@code channel}, holds what {@link #write} stored with {@code marker}. */
    protected abstract boolean holds(Channel channel, String tenant, String marker);

    private List<MethodDescriptor<?, ?>> methods() {
        List<MethodDescriptor<?, ?>> methods = new ArrayList<>();
        services.forEach(service -> methods.addAll(service.getMethods()));
        return methods;
    }

    static String tenant(String what) {
        return what + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private Channel with(Metadata metadata) {
        return ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(metadata));
    }

    private Channel withToken(String token, String tenant) {
        return with(Tenancy.metadataFor(token, tenant));
    }

    /** A call that a just-created token makes works once the service has re-read the tokens (200 ms in tests). */
    private static void eventually(Runnable call) {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try {
                call.run();
                return;
            } catch (StatusRuntimeException e) {
                boolean unknown = e.getStatus().getCode() == Status.Code.UNAUTHENTICATED
                        && "unknown or revoked token".equals(e.getStatus().getDescription());
                if (!unknown || System.nanoTime() > until) {
                    throw e;
                }
                sleep();
            }
        }
    }

    /** Waits until the service has read {@code token} (it then answers anything but "unknown or revoked token"). */
    private void awaitKnown(String token) {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while ("unknown or revoked token".equals(catching(() -> read(withToken(token, null))).getDescription())
                && System.nanoTime() < until) {
            sleep();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    public void everyRpcDeclaresTheScopeItNeeds() {
        List<String> undeclared = methods().stream().filter(m -> CallerInterceptor.declaredScope(m).isEmpty())
                .map(MethodDescriptor::getFullMethodName).toList();
        assertThat(undeclared).as("RPCs without option (required_scope)").isEmpty();
    }

    @Test
    public void aCallWithoutACredentialIsUnauthenticatedEvenWithATenantHeader() {
        Metadata tenantOnly = new Metadata();
        tenantOnly.put(Tenancy.TENANT_HEADER, tenant("header-only"));
        for (Channel caller : List.of(channel, with(tenantOnly))) {
            for (MethodDescriptor<?, ?> method : methods()) {
                Status status = call(caller, method);
                assertThat(status.getCode()).as(method.getFullMethodName()).isEqualTo(Status.Code.UNAUTHENTICATED);
                assertThat(status.getDescription()).as(method.getFullMethodName()).startsWith("missing credential");
            }
        }
    }

    @Test
    public void anUnknownTokenIsUnauthenticated() {
        Status status = catching(() -> read(withToken("brn_" + UUID.randomUUID(), null)));
        assertThat(status.getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(status.getDescription()).isEqualTo("unknown or revoked token");
    }

    @Test
    public void theServiceTokenActsForTheTenantItNamesAndNeedsOne() {
        String tenant = tenant("service");
        String marker = "service-" + UUID.randomUUID();
        write(withToken(Tenancy.serviceToken(), tenant), tenant, marker);
        assertThat(holds(withToken(Tenancy.serviceToken(), tenant), tenant, marker)).isTrue();
        String other = tenant("other");
        assertThat(holds(withToken(Tenancy.serviceToken(), other), other, marker)).isFalse();

        Status status = catching(() -> read(withToken(Tenancy.serviceToken(), null)));
        assertThat(status.getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(status.getDescription()).contains("brain-tenant");
    }

    @Test
    public void anApiTokenActsForItsOwnTenantAndAForgedTenantHeaderIsRefused() {
        String victim = tenant("victim");
        String attacker = tenant("attacker");
        String victimsMarker = "victim-" + UUID.randomUUID();
        write(withToken(Tenancy.serviceToken(), victim), victim, victimsMarker);
        String attackersToken = TestApiTokens.create(attacker, "write");

        eventually(() -> read(withToken(attackersToken, null)));
        Status forged = catching(() -> read(withToken(attackersToken, victim)));
        assertThat(forged.getCode()).isEqualTo(Status.Code.PERMISSION_DENIED);
        assertThat(forged.getDescription()).isEqualTo("brain-tenant '" + victim + "' is not the tenant of the token");
        Status forgedWrite = catching(() -> write(withToken(attackersToken, victim), victim, "forged-" + UUID.randomUUID()));
        assertThat(forgedWrite.getCode()).isEqualTo(Status.Code.PERMISSION_DENIED);
        assertThat(holds(withToken(attackersToken, null), attacker, victimsMarker)).as("the attacker's own tenant").isFalse();

        String marker = "own-" + UUID.randomUUID();
        write(withToken(attackersToken, attacker), attacker, marker);
        assertThat(holds(withToken(Tenancy.serviceToken(), attacker), attacker, marker)).as("written to the token's tenant")
                .isTrue();
        assertThat(holds(withToken(Tenancy.serviceToken(), victim), victim, marker)).isFalse();
    }

    @Test
    public void aReadTokenReadsButCannotWrite() {
        String tenant = tenant("reader");
        String reader = TestApiTokens.create(tenant, "read");
        eventually(() -> read(withToken(reader, null)));
        Status status = catching(() -> write(withToken(reader, null), tenant, "never-" + UUID.randomUUID()));
        assertThat(status.getCode()).isEqualTo(Status.Code.PERMISSION_DENIED);
        assertThat(status.getDescription()).startsWith("scope: ")
                .endsWith(" needs a token with scope write (this one has read)");
    }

    @Test
    public void everyRpcRefusesATokenBelowItsScopeAndLetsOneAtItsScopePass() {
        String tenant = tenant("scopes");
        Map<String, String> tokens = Map.of("read", TestApiTokens.create(tenant, "read"),
                "write", TestApiTokens.create(tenant, "write"), "admin", TestApiTokens.create(tenant, "admin"),
                "none", TestApiTokens.create(tenant));
        List<String> levels = List.of("none", "read", "write", "admin", "system");
        tokens.values().forEach(this::awaitKnown);
        for (MethodDescriptor<?, ?> method : methods()) {
            String needed = CallerInterceptor.declaredScope(method).orElseThrow();
            String below = levels.get(levels.indexOf(needed) - 1);
            Status refused = call(withToken(tokens.get(below), null), method);
            assertThat(refused.getCode()).as(method.getFullMethodName() + " with " + below)
                    .isEqualTo(Status.Code.PERMISSION_DENIED);
            assertThat(refused.getDescription()).as(method.getFullMethodName())
                    .isEqualTo("scope: " + method.getFullMethodName() + " needs a token with scope " + needed
                            + " (this one has " + below + ")");
            if (!needed.equals("system")) {
                Status passed = call(withToken(tokens.get(needed), null), method);
                assertThat(passed.getCode()).as(method.getFullMethodName() + " with " + needed + ": " + passed)
                        .isNotIn(Status.Code.UNAUTHENTICATED, Status.Code.PERMISSION_DENIED);
            }
        }
    }

    @Test
    public void aTokenLimitedToOneUserIsRefused() {
        String tenant = tenant("user");
        String alices = TestApiTokens.createForUser(tenant, "alice", "write");
        awaitKnown(alices);
        Status status = catching(() -> read(withToken(alices, null)));
        assertThat(status.getCode()).isEqualTo(Status.Code.PERMISSION_DENIED);
        assertThat(status.getDescription()).startsWith("a token of user 'alice' is not accepted on gRPC");
    }

    @Test
    public void aRevokedTokenStopsWorking() {
        String tenant = tenant("revoked");
        String token = TestApiTokens.create(tenant, "read");
        eventually(() -> read(withToken(token, null)));
        TestApiTokens.revoke(token);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        Status status = Status.OK;
        while (status.isOk() && System.nanoTime() < until) {
            status = catching(() -> read(withToken(token, null)));
            if (status.isOk()) {
                sleep();
            }
        }
        assertThat(status.getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(status.getDescription()).isEqualTo("unknown or revoked token");
    }

    private static Status catching(Runnable call) {
        try {
            call.run();
            return Status.OK;
        } catch (StatusRuntimeException e) {
            return e.getStatus();
        }
    }

    /** Calls {@code method} with its empty request and answers how the call ended. */
    @SuppressWarnings({ "unchecked", "rawtypes" })
    static Status call(Channel channel, MethodDescriptor method) {
        Object empty = ((MethodDescriptor.PrototypeMarshaller) method.getRequestMarshaller()).getMessagePrototype();
        CallOptions options = CallOptions.DEFAULT.withDeadlineAfter(20, TimeUnit.SECONDS);
        CompletableFuture<Status> ended = new CompletableFuture<>();
        StreamObserver answers = new StreamObserver<Object>() {
            @Override
            public void onNext(Object value) {
            }

            @Override
            public void onError(Throwable t) {
                ended.complete(Status.fromThrowable(t));
            }

            @Override
            public void onCompleted() {
                ended.complete(Status.OK);
            }
        };
        switch (method.getType()) {
            case UNARY -> ClientCalls.asyncUnaryCall(channel.newCall(method, options), empty, answers);
            case SERVER_STREAMING -> ClientCalls.asyncServerStreamingCall(channel.newCall(method, options), empty, answers);
            default -> {
                StreamObserver requests = method.getType() == MethodDescriptor.MethodType.CLIENT_STREAMING
                        ? ClientCalls.asyncClientStreamingCall(channel.newCall(method, options), answers)
                        : ClientCalls.asyncBidiStreamingCall(channel.newCall(method, options), answers);
                requests.onNext(empty);
                requests.onCompleted();
            }
        }
        try {
            return ended.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(method.getFullMethodName() + " did not end", e);
        }
    }
}
