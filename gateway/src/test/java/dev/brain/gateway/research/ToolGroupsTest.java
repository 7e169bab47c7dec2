package dev.brain.gateway.research;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.mcp.ToolGroups;

/** {@code brain.mcp.groups}: switching the research group off hides exactly its five tools. */
class ToolGroupsTest {

    @Test
    void withoutTheResearchGroupItsToolsAreNotOffered() {
        Set<String> groups = ToolGroups.of(List.of("errors", " Code", "memory", "findings"));
        for (String tool : ResearchToolsTest.RESEARCH_TOOLS) {
            assertThat(ToolGroups.offered(tool, groups)).as(tool).isFalse();
            assertThat(ToolGroups.offered(tool, ToolGroups.of(List.of("research")))).as(tool).isTrue();
        }
        assertThat(ToolGroups.GROUPS.get("research")).containsExactlyInAnyOrderElementsOf(ResearchToolsTest.RESEARCH_TOOLS);
        assertThat(ToolGroups.offered("brain_find_reusable_code", groups)).isTrue();
        assertThat(ToolGroups.offered("memory_recall", ToolGroups.of(List.of("research")))).isFalse();
        // a tool of no group (brain_status) is always offered
        assertThat(ToolGroups.offered("brain_status", Set.of())).isTrue();
    }

    @Test
    void anUnknownGroupIsRefusedNamingTheSetting() {
        assertThatThrownBy(() -> ToolGroups.of(List.of("errors", "reserch"))).hasMessage(
                "brain.mcp.groups: unknown group 'reserch'; known: errors, code, memory, research, findings");
    }
}
