package dev.brain.error.project.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.error.db.repository.Columns;
import dev.brain.grpc.v1.Project;

/**
 * Table {@code project}, always within one tenant: the one writer of the table. Whole projects are read as the
 * contract's {@link Project} (absent text as ""); the writes are single statements ({@code ON CONFLICT} keeps them
 * race-free under concurrent first use), and the id lookup that resolves the project of every call is one indexed
 * select.
 */
@ApplicationScoped
public class ProjectRepository {

    private static final String COLUMNS = "id, name, root_path, languages, frameworks, description, created_at, updated_at";

    private final Jdbc jdbc;

    public ProjectRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<Project> findByName(String tenant, String name) {
        return jdbc.one("select " + COLUMNS + " from project where tenant = ? and name = ?", ProjectRepository::project,
                tenant, name);
    }

    public List<Project> listByTenant(String tenant) {
        return jdbc.list("select " + COLUMNS + " from project where tenant = ? order by name", ProjectRepository::project,
                tenant);
    }

    private static Project project(ResultSet rs) throws SQLException {
        return Project.newBuilder()
                .setId(rs.getLong("id"))
                .setName(rs.getString("name"))
                .setRootPath(Columns.text(rs, "root_path"))
                .addAllLanguages(List.of((String[]) rs.getArray("languages").getArray()))
                .addAllFrameworks(List.of((String[]) rs.getArray("frameworks").getArray()))
                .setDescription(Columns.text(rs, "description"))
                .setCreatedAt(Columns.timestamp(rs, "created_at"))
                .setUpdatedAt(Columns.timestamp(rs, "updated_at"))
                .build();
    }

    /** The id of the tenant's project named {@code name}. */
    public Optional<Long> findId(String tenant, String name) {
        return jdbc.one("select id from project where tenant = ? and name = ?", rs -> rs.getLong(1), tenant, name);
    }

    /**
     * Creates the project with its name only; its id, or empty when another transaction created it first (then
     * {@link #findId} finds it).
     */
    public Optional<Long> create(String tenant, String name, OffsetDateTime now) {
        return jdbc.one("""
                insert into project (tenant, name, created_at, updated_at) values (?, ?, ?, ?)
                on conflict (tenant, name) do nothing returning id""", rs -> rs.getLong(1), tenant, name, now, now);
    }

    /**
     * Creates the project or updates the fields given; race-free under concurrent first use
     * ({@code ON CONFLICT (tenant, name)}). Returns whether a row was created.
     */
    public boolean upsert(String tenant, String name, String rootPath, String[] languages, String[] frameworks,
            String description, OffsetDateTime now) {
        return jdbc
                .one("""
                        insert into project (tenant, name, root_path, languages, frameworks, description, created_at, updated_at)
                        values (?, ?, ?, ?, ?, ?, ?, ?)
                        on conflict (tenant, name) do update set
                            root_path   = coalesce(excluded.root_path, project.root_path),
                            languages   = case when cardinality(excluded.languages) > 0 then excluded.languages else project.languages end,
                            frameworks  = case when cardinality(excluded.frameworks) > 0 then excluded.frameworks else project.frameworks end,
                            description = coalesce(excluded.description, project.description),
                            updated_at  = excluded.updated_at
                        returning (xmax = 0)""",
                        rs -> rs.getBoolean(1), tenant, name, rootPath, languages, frameworks,
                        description, now, now)
                .orElseThrow();
    }

    /**
     * The descriptive fields the project does not have yet (an imported project's, error-code.md ImportErrors):
     * its name and the fields it has stay.
     */
    public void completeDescription(String tenant, long id, String rootPath, String[] languages, String[] frameworks,
            String description, OffsetDateTime now) {
        jdbc.update("""
                update project set root_path = coalesce(root_path, ?), description = coalesce(description, ?),
                    languages = case when cardinality(languages) = 0 then ? else languages end,
                    frameworks = case when cardinality(frameworks) = 0 then ? else frameworks end, updated_at = ?
                where tenant = ? and id = ?""", rootPath, description, languages, frameworks, now, tenant, id);
    }
}
