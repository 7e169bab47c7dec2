package dev.brain.research.insight;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.grpc.v1.ListProjectsRequest;
import dev.brain.grpc.v1.Project;
import dev.brain.research.clients.ErrorServices;
import io.grpc.StatusRuntimeException;
import io.quarkus.logging.Log;

/** The tenant's project names by id (error-service {@code ListProjects}), to label and filter insights. */
@ApplicationScoped
public class ProjectNames {

    private final ErrorServices errors;

    public ProjectNames(ErrorServices errors) {
        this.errors = errors;
    }

    /** id → name; empty when error-service cannot answer (labels fall back to "project <id>"). */
    public Map<Long, String> byId(String tenant) {
        Map<Long, String> names = new LinkedHashMap<>();
        try {
            for (Project p : errors.sessions(tenant).listProjects(ListProjectsRequest.getDefaultInstance()).getProjectsList()) {
                names.put(p.getId(), p.getName());
            }
        } catch (StatusRuntimeException e) {
            Log.warnf("project names of %s unavailable: %s", tenant, e.getStatus());
        }
        return names;
    }

    /** The id of the tenant's project named {@code name}; 0 when there is none. */
    public long idOf(String tenant, String name) {
        for (Project p : errors.sessions(tenant).listProjects(ListProjectsRequest.getDefaultInstance()).getProjectsList()) {
            if (p.getName().equals(name)) {
                return p.getId();
            }
        }
        return 0;
    }
}
