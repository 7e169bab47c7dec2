package dev.brain.error.project.service;

import static dev.brain.tenancy.BadInput.invalid;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.project.repository.ProjectRepository;
import dev.brain.grpc.v1.Project;

/** Projects of a tenant: created on first use by name, listed per tenant. */
@ApplicationScoped
@Transactional
public class ProjectService {

    /** error-code.md §3: the {@code project.name} check. */
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
    static final int MAX_PATH = 4096;
    static final int MAX_DESCRIPTION = 2000;

    private final ProjectRepository projects;
    private final Clock clock;

    public ProjectService(ProjectRepository projects, Clock clock) {
        this.projects = projects;
        this.clock = clock;
    }

    /** The stored project and whether this call created it. */
    public record Upserted(Project project, boolean created) {
    }

    /** Creates the project or updates the fields given; empty text, as absent text, is "not given". */
    public Upserted upsert(String tenant, String name, String rootPath, List<String> languages,
            List<String> frameworks, String description) {
        rootPath = emptyToNull(rootPath);
        description = emptyToNull(description);
        if (name == null || !NAME.matcher(name).matches()) {
            throw invalid("name: 1-128 characters of [A-Za-z0-9._-], starting with a letter or digit");
        }
        if (rootPath != null && rootPath.length() > MAX_PATH) {
            throw invalid("root_path: at most " + MAX_PATH + " characters");
        }
        if (description != null && description.length() > MAX_DESCRIPTION) {
            throw invalid("description: at most " + MAX_DESCRIPTION + " characters");
        }
        boolean created = projects.upsert(tenant, name, rootPath, languages.toArray(String[]::new),
                frameworks.toArray(String[]::new), description, OffsetDateTime.now(clock));
        return new Upserted(projects.findByName(tenant, name).orElseThrow(), created);
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public List<Project> list(String tenant) {
        return projects.listByTenant(tenant);
    }

    private static String emptyToNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }

}
