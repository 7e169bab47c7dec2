package dev.brain.error.analytics;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Page;
import dev.brain.error.analytics.repository.ModuleAnalyticsRepository;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.ModuleCoUsagePair;
import dev.brain.grpc.v1.ModuleCoUsageRequest;
import dev.brain.grpc.v1.ModuleCoUsageResponse;
import dev.brain.grpc.v1.Scope;

/**
 * {@code ModuleCoUsage} (error-code.md §14): pairs of modules present together in at least {@code min_projects}
 * projects. A module is present in a project where it was used (a {@code module_usage}) and, once it has been
 * reused at all, in the project that registered it. Modules never reused are left out: every pair of a
 * project's own modules would otherwise be "used together" there, which says nothing (and is quadratic in a
 * project's size). Order: projects desc, then the pair. One statement.
 */
@ApplicationScoped
public class ModuleCoUsageQuery {

    public record Args(int minProjects, Page page) {

        public static Args of(ModuleCoUsageRequest r) {
            return new Args(Arguments.atLeast(r.getMinProjects(), 2, 1, "min_projects"),
                    Arguments.page(r.getLimit(), r.getPageToken(), "limit"));
        }
    }

    private final ModuleAnalyticsRepository modules;
    private final Scopes scopes;

    public ModuleCoUsageQuery(ModuleAnalyticsRepository modules, Scopes scopes) {
        this.modules = modules;
        this.scopes = scopes;
    }

    @Transactional
    public ModuleCoUsageResponse run(Scope requestScope, Args a) {
        CallScope scope = scopes.forRead(requestScope);
        String tenant = scope.tenant();
        List<ModuleCoUsagePair> fetched = modules.coUsage(tenant, a.minProjects(), a.page());
        return ModuleCoUsageResponse.newBuilder().addAllPairs(a.page().rows(fetched))
                .setNextPageToken(a.page().nextToken(fetched.size())).build();
    }
}
