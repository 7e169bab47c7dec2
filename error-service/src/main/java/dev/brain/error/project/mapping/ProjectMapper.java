package dev.brain.error.project.mapping;

import static dev.brain.wire.ProtoTime.timestamp;

import java.util.Arrays;

import dev.brain.error.project.Project;

/** {@link Project} → {@code brain.v1.Project}; absent text becomes "". */
public final class ProjectMapper {

    private ProjectMapper() {
    }

    public static dev.brain.grpc.v1.Project toProto(Project project) {
        return dev.brain.grpc.v1.Project.newBuilder()
                .setId(project.id)
                .setName(project.name)
                .setRootPath(nullToEmpty(project.rootPath))
                .addAllLanguages(Arrays.asList(project.languages))
                .addAllFrameworks(Arrays.asList(project.frameworks))
                .setDescription(nullToEmpty(project.description))
                .setCreatedAt(timestamp(project.createdAt))
                .setUpdatedAt(timestamp(project.updatedAt))
                .build();
    }

    /** "" in a request means "not given". */
    public static String emptyToNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
