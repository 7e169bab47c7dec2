package dev.brain.error.project.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import dev.brain.error.project.Project;

class ProjectMapperTest {

    @Test
    void absentTextBecomesEmptyAndTimesKeepNanos() {
        Project project = new Project();
        project.id = 7L;
        project.tenant = "t";
        project.name = "api";
        project.languages = new String[] { "go" };
        project.createdAt = OffsetDateTime.of(2026, 11, 30, 10, 0, 0, 123_000_000, ZoneOffset.UTC);
        project.updatedAt = project.createdAt;

        var proto = ProjectMapper.toProto(project);

        assertThat(proto.getId()).isEqualTo(7);
        assertThat(proto.getRootPath()).isEmpty();
        assertThat(proto.getDescription()).isEmpty();
        assertThat(proto.getLanguagesList()).containsExactly("go");
        assertThat(proto.getFrameworksList()).isEmpty();
        assertThat(proto.getCreatedAt().getSeconds()).isEqualTo(project.createdAt.toEpochSecond());
        assertThat(proto.getCreatedAt().getNanos()).isEqualTo(123_000_000);
    }

    @Test
    void emptyRequestTextMeansNotGiven() {
        assertThat(ProjectMapper.emptyToNull("")).isNull();
        assertThat(ProjectMapper.emptyToNull("x")).isEqualTo("x");
    }
}
