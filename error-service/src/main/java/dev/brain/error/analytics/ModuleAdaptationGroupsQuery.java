package dev.brain.error.analytics;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Page;
import dev.brain.error.analytics.repository.ModuleAnalyticsRepository;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.ModuleAdaptationGroup;
import dev.brain.grpc.v1.ModuleAdaptationGroupsRequest;
import dev.brain.grpc.v1.ModuleAdaptationGroupsResponse;
import dev.brain.grpc.v1.Scope;
import dev.brain.tenancy.BadInput;

/**
 * {@code ModuleAdaptationGroups} (error-code.md §14): groups of modules that are one piece of code copied and
 * adapted across projects. The graph's edges are the stored {@code exact} and {@code structural} similarities with
 * score ≥ {@code min_similarity}; its nodes are those modules and the modules with an {@code adapted} usage; a
 * group is a connected component (a recursive walk, each component named by its smallest module id). A group's
 * projects are its modules' projects and the projects they were adapted into; groups with fewer than
 * {@code min_projects} projects are left out. min/mean score are over the group's edges (0 for a single adapted
 * module), the best module has the highest confidence (ties: reusability, lower id). Order: projects desc, then
 * the group's smallest id. One statement.
 */
@ApplicationScoped
public class ModuleAdaptationGroupsQuery {

    public record Args(int minProjects, double minSimilarity, Page page) {

        public static Args of(ModuleAdaptationGroupsRequest r) {
            double similarity = r.getMinSimilarity();
            if (similarity < 0 || similarity > 1 || Double.isNaN(similarity)) {
                throw BadInput.invalid("min_similarity", "0 (= 0.6) or in (0, 1]");
            }
            return new Args(Arguments.atLeast(r.getMinProjects(), 3, 1, "min_projects"),
                    similarity == 0 ? 0.6 : similarity, Arguments.page(r.getPageSize(), r.getPageToken(), "page_size"));
        }
    }

    private final ModuleAnalyticsRepository modules;
    private final Scopes scopes;

    public ModuleAdaptationGroupsQuery(ModuleAnalyticsRepository modules, Scopes scopes) {
        this.modules = modules;
        this.scopes = scopes;
    }

    @Transactional
    public ModuleAdaptationGroupsResponse run(Scope requestScope, Args a) {
        CallScope scope = scopes.forRead(requestScope);
        String tenant = scope.tenant();
        List<ModuleAdaptationGroup> fetched = modules.adaptationGroups(tenant, a.minSimilarity(), a.minProjects(),
                a.page());
        return ModuleAdaptationGroupsResponse.newBuilder().addAllGroups(a.page().rows(fetched))
                .setNextPageToken(a.page().nextToken(fetched.size())).build();
    }
}
