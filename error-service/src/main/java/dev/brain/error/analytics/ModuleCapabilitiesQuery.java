package dev.brain.error.analytics;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.CapabilityKind;
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

    private final Jdbc jdbc;
    private final Scopes scopes;

    public ModuleCapabilitiesQuery(Jdbc jdbc, Scopes scopes) {
        this.jdbc = jdbc;
        this.scopes = scopes;
    }

    @Transactional
    public ModuleCapabilitiesResponse run(Scope requestScope, ModuleCapabilitiesRequest r) {
        Long[] projects = Arguments.projectIds(r.getProjectIdsList());
        CallScope scope = scopes.forRead(requestScope);
        List<ModuleCapability> capabilities = jdbc.list("""
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
                scope.tenant(), projects, projects);
        return ModuleCapabilitiesResponse.newBuilder().addAllCapabilities(capabilities).build();
    }
}
