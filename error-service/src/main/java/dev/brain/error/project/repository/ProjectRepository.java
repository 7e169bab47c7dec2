package dev.brain.error.project.repository;

import java.time.OffsetDateTime;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.error.project.Project;
import io.quarkus.hibernate.orm.panache.PanacheRepository;

/** Projects, always within one tenant. */
@ApplicationScoped
public class ProjectRepository implements PanacheRepository<Project> {

    public Project findByName(String tenant, String name) {
        return find("tenant = ?1 and name = ?2", tenant, name).firstResult();
    }

    public List<Project> listByTenant(String tenant) {
        return list("tenant = ?1 order by name", tenant);
    }

    /**
     * Creates the project or updates the fields given; race-free under concurrent first use
     * ({@code ON CONFLICT (tenant, name)}). Returns whether a row was created.
     */
    public boolean upsert(String tenant, String name, String rootPath, String[] languages, String[] frameworks,
            String description, OffsetDateTime now) {
        Object created = getEntityManager().createNativeQuery("""
                insert into project (tenant, name, root_path, languages, frameworks, description, created_at, updated_at)
                values (:tenant, :name, :rootPath, :languages, :frameworks, :description, :now, :now)
                on conflict (tenant, name) do update set
                    root_path   = coalesce(excluded.root_path, project.root_path),
                    languages   = case when cardinality(excluded.languages) > 0 then excluded.languages else project.languages end,
                    frameworks  = case when cardinality(excluded.frameworks) > 0 then excluded.frameworks else project.frameworks end,
                    description = coalesce(excluded.description, project.description),
                    updated_at  = excluded.updated_at
                returning (xmax = 0)
                """)
                .setParameter("tenant", tenant)
                .setParameter("name", name)
                .setParameter("rootPath", rootPath)
                .setParameter("languages", languages)
                .setParameter("frameworks", frameworks)
                .setParameter("description", description)
                .setParameter("now", now)
                .getSingleResult();
        return Boolean.TRUE.equals(created);
    }
}
