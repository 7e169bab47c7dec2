package dev.brain.research.clients;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.grpc.v1.ErrorAnalyticsServiceGrpc;
import dev.brain.grpc.v1.NotificationServiceGrpc;
import dev.brain.grpc.v1.SessionServiceGrpc;
import dev.brain.research.config.ResearchConfig;
import io.grpc.stub.AbstractStub;
import io.quarkus.grpc.GrpcClient;

/**
 * research-service's calls into error-service (research.md §1.2): the bulk aggregates of
 * {@code ErrorAnalyticsService}, project names, and {@code learning_insight} notifications. Every stub acts for
 * one tenant (the {@code brain-tenant} metadata) and carries the configured deadline.
 */
@ApplicationScoped
public class ErrorServices {

    @GrpcClient("error")
    ErrorAnalyticsServiceGrpc.ErrorAnalyticsServiceBlockingStub analytics;

    @GrpcClient("error")
    NotificationServiceGrpc.NotificationServiceBlockingStub notifications;

    @GrpcClient("error")
    SessionServiceGrpc.SessionServiceBlockingStub sessions;

    private final ResearchConfig config;

    public ErrorServices(ResearchConfig config) {
        this.config = config;
    }

    public ErrorAnalyticsServiceGrpc.ErrorAnalyticsServiceBlockingStub analytics(String tenant) {
        return forTenant(analytics, tenant);
    }

    public NotificationServiceGrpc.NotificationServiceBlockingStub notifications(String tenant) {
        return forTenant(notifications, tenant);
    }

    public SessionServiceGrpc.SessionServiceBlockingStub sessions(String tenant) {
        return forTenant(sessions, tenant);
    }

    private <S extends AbstractStub<S>> S forTenant(S stub, String tenant) {
        return TenantStubs.forTenant(stub, tenant, config.callDeadline());
    }
}
