package dev.brain.error.analytics.repository;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.db.Page;
import dev.brain.grpc.v1.CapabilityKind;
import dev.brain.grpc.v1.ModuleAdaptationGroup;
import dev.brain.grpc.v1.ModuleCapability;
import dev.brain.grpc.v1.ModuleCoUsagePair;

/**
 * The aggregates research-service reads over code modules (error-code.md §14), each one statement over one tenant:
 * reads of tables {@code code_module}, {@code module_similarity} and {@code module_usage}; it writes nothing. What
 * each aggregate means is documented on its query class in {@code dev.brain.error.analytics}.
 */
@ApplicationScoped
public class ModuleAnalyticsRepository {

    private final Jdbc jdbc;

    public ModuleAnalyticsRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * {@code ModuleAdaptationGroups}: the connected components of the similarity graph (edges with score ≥
     * {@code minSimilarity}) with at least {@code minProjects} projects, {@link Page#fetch()} rows from the page's
     * offset.
     */
    public List<ModuleAdaptationGroup> adaptationGroups(String tenant, double minSimilarity, int minProjects, Page page) {
        return jdbc.list("""
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
                tenant, minSimilarity, tenant, minProjects, page.fetch(), page.offset());
    }

    /**
     * {@code ModuleCoUsage}: pairs of modules present together in at least {@code minProjects} projects,
     * {@link Page#fetch()} rows from the page's offset.
     */
    public List<ModuleCoUsagePair> coUsage(String tenant, int minProjects, Page page) {
        return jdbc.list("""
                with present as (
                    select module_id, project_id from module_usage where tenant = ?
                    union
                    select id, project_id from code_module where tenant = ? and reuse_count > 0)
                select x.module_id as a, y.module_id as b,
                       array_agg(x.project_id order by x.project_id) as projects
                from present x join present y on y.project_id = x.project_id and y.module_id > x.module_id
                group by x.module_id, y.module_id
                having count(*) >= ?
                order by count(*) desc, x.module_id, y.module_id limit ? offset ?""",
                rs -> ModuleCoUsagePair.newBuilder().setModuleA(rs.getLong("a")).setModuleB(rs.getLong("b"))
                        .addAllProjectIds(Jdbc.longs(rs, "projects")).build(),
                tenant, tenant, minProjects, page.fetch(), page.offset());
    }

    /** {@code ModuleCapabilities}: the categories and labels of the modules ({@code projects} null = all projects). */
    public List<ModuleCapability> capabilities(String tenant, Long[] projects) {
        return jdbc.list("""
                with m as (select id, project_id, category, labels from code_module
                           where tenant = ? and (cast(? as bigint[]) is null or project_id = any(cast(? as bigint[])))),
                named as (select 1 as kind, category as name, id, project_id from m where category is not null
                          union all
                          select 2, label, id, project_id from m cross join unnest(m.labels) as label)
                select kind, name, array_agg(distinct id order by id) as modules,
                       array_agg(distinct project_id order by project_id) as projects
                from named group by kind, name order by kind, name""",
                rs -> ModuleCapability.newBuilder().setKind(CapabilityKind.forNumber(rs.getInt("kind")))
                        .setName(rs.getString("name")).addAllModuleIds(Jdbc.longs(rs, "modules"))
                        .addAllProjectIds(Jdbc.longs(rs, "projects")).build(),
                tenant, projects, projects);
    }
}
