package dev.brain.error.analytics;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.db.Page;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.ModuleAdaptationGroup;
import dev.brain.grpc.v1.ModuleAdaptationGroupsRequest;
import dev.brain.grpc.v1.ModuleAdaptationGroupsResponse;
import dev.brain.grpc.v1.Scope;

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
                throw Arguments.invalid("min_similarity", "0 (= 0.6) or in (0, 1]");
            }
            return new Args(Arguments.atLeast(r.getMinProjects(), 3, 1, "min_projects"),
                    similarity == 0 ? 0.6 : similarity, Arguments.page(r.getPageSize(), r.getPageToken(), "page_size"));
        }
    }

    private final Jdbc jdbc;
    private final Scopes scopes;

    public ModuleAdaptationGroupsQuery(Jdbc jdbc, Scopes scopes) {
        this.jdbc = jdbc;
        this.scopes = scopes;
    }

    @Transactional
    public ModuleAdaptationGroupsResponse run(Scope requestScope, Args a) {
        CallScope scope = scopes.forRead(requestScope);
        String tenant = scope.tenant();
        List<ModuleAdaptationGroup> fetched = jdbc.list("""
                with recursive edges as (
                    select module_a as a, module_b as b, score from module_similarity
                    where tenant = ? and kind in ('exact', 'structural') and score >= ?),
                both_ways as (select a, b from edges union all select b, a from edges),
                adapted as (select module_id, project_id from module_usage where tenant = ? and usage_type = 'adapted'),
                nodes as (select a as id from both_ways union select module_id from adapted),
                reach (root, id) as (
                    select id, id from nodes
                    union
                    select r.root, w.b from reach r join both_ways w on w.a = r.id),
                component as (select id, min(root) as comp from reach group by id),
                group_projects as (
                    select comp, count(distinct project_id) as n, array_agg(distinct project_id order by project_id) as ids
                    from (select c.comp, m.project_id from component c join code_module m on m.id = c.id
                          union all
                          select c.comp, x.project_id from component c join adapted x on x.module_id = c.id) p
                    group by comp),
                group_scores as (
                    select c.comp, min(e.score) as low, avg(e.score) as mean
                    from edges e join component c on c.id = e.a group by c.comp),
                group_adaptations as (
                    select c.comp, count(*) as n from component c join adapted x on x.module_id = c.id group by c.comp),
                best as (
                    select distinct on (c.comp) c.comp, m.id from component c join code_module m on m.id = c.id
                    order by c.comp, m.confidence desc, m.reusability_score desc, m.id)
                select (select array_agg(c.id order by c.id) from component c where c.comp = g.comp) as module_ids,
                       g.ids as project_ids, coalesce(s.low, 0) as low, coalesce(s.mean, 0) as mean,
                       coalesce(x.n, 0) as adaptations, b.id as best
                from group_projects g join best b on b.comp = g.comp
                left join group_scores s on s.comp = g.comp left join group_adaptations x on x.comp = g.comp
                where g.n >= ?
                order by g.n desc, g.comp limit ? offset ?""",
                rs -> ModuleAdaptationGroup.newBuilder().addAllModuleIds(Jdbc.longs(rs, "module_ids"))
                        .addAllProjectIds(Jdbc.longs(rs, "project_ids")).setMinScore(rs.getDouble("low"))
                        .setMeanScore(rs.getDouble("mean")).setAdaptationCount(rs.getLong("adaptations"))
                        .setBestModuleId(rs.getLong("best")).build(),
                tenant, a.minSimilarity(), tenant, a.minProjects(), a.page().fetch(), a.page().offset());
        return ModuleAdaptationGroupsResponse.newBuilder().addAllGroups(a.page().rows(fetched))
                .setNextPageToken(a.page().nextToken(fetched.size())).build();
    }
}
