package dev.brain.error.analytics;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.analytics.repository.ModuleAnalyticsRepository;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.ModuleCapabilitiesRequest;
import dev.brain.grpc.v1.ModuleCapabilitiesResponse;
import dev.brain.grpc.v1.ModuleCapability;
import dev.brain.grpc.v1.Scope;

/**
 * {@code ModuleCapabilities} (error-code.md §14): what the tenant's modules can do, as their categories and
 * labels, each with the modules and projects that provide it; {@code project_ids} narrow to those projects. Order:
 * categories before labels, then by name. One statement.
 */
@ApplicationScoped
public class ModuleCapabilitiesQuery {

    private final ModuleAnalyticsRepository modules;
    private final Scopes scopes;

    public ModuleCapabilitiesQuery(ModuleAnalyticsRepository modules, Scopes scopes) {
        this.modules = modules;
        this.scopes = scopes;
    }

    @Transactional
    public ModuleCapabilitiesResponse run(Scope requestScope, ModuleCapabilitiesRequest r) {
        Long[] projects = Arguments.projectIds(r.getProjectIdsList());
        CallScope scope = scopes.forRead(requestScope);
        List<ModuleCapability> capabilities = modules.capabilities(scope.tenant(), projects);
        return ModuleCapabilitiesResponse.newBuilder().addAllCapabilities(capabilities).build();
    }
}
