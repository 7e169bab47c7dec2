package dev.brain.gateway.mcp;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.quarkiverse.mcp.server.FilterContext;
import io.quarkiverse.mcp.server.ToolFilter;
import io.quarkiverse.mcp.server.ToolManager.ToolInfo;

/**
 * {@code brain.mcp.groups} (gateway.md §1, tool budget): only the tools of the listed groups are offered (and
 * callable); a tool of no group (brain_status) always is. Groups: errors, code, memory, research, findings.
 */
@ApplicationScoped
public class ToolGroups implements ToolFilter {

    /** Every group and its tools (names are stable API). */
    public static final Map<String, Set<String>> GROUPS = Map.of(
            "errors", Set.of("brain_report_error", "brain_query_error", "brain_report_solution", "brain_report_attempt",
                    "brain_rate_solution", "brain_check_prevention", "brain_notifications", "brain_get_error",
                    "brain_list_errors", "brain_update_error", "brain_forget", "brain_list_rules", "brain_rule_feedback"),
            "code", Set.of("brain_find_reusable_code", "brain_register_code", "brain_check_code_similarity"),
            "memory", Set.of("memory_remember", "memory_recall", "memory_feedback", "brain_explore", "brain_connections"),
            "research", Set.of("brain_insights", "brain_suggest", "knowledge_search", "knowledge_read", "knowledge_save"),
            "findings", Set.of("save_finding", "findings_index"));

    private final Set<String> enabled;

    public ToolGroups(
            @ConfigProperty(name = "brain.mcp.groups", defaultValue = "errors,code,memory,research,findings") List<String> groups) {
        this.enabled = of(groups);
    }

    /** The configured group names, checked: an unknown name stops the start with a line naming it. */
    public static Set<String> of(List<String> groups) {
        Set<String> names = groups.stream().map(g -> g.strip().toLowerCase(Locale.ROOT)).filter(g -> !g.isEmpty())
                .collect(Collectors.toCollection(LinkedHashSet::new));
        for (String name : names) {
            if (!GROUPS.containsKey(name)) {
                throw new IllegalArgumentException("brain.mcp.groups: unknown group '" + name + "'; known: "
                        + Stream.of("errors", "code", "memory", "research", "findings").collect(Collectors.joining(", ")));
            }
        }
        return names;
    }

    /** Whether the tool is offered under these groups. */
    public static boolean offered(String tool, Set<String> enabled) {
        for (Map.Entry<String, Set<String>> group : GROUPS.entrySet()) {
            if (group.getValue().contains(tool)) {
                return enabled.contains(group.getKey());
            }
        }
        return true;
    }

    @Override
    public boolean test(ToolInfo tool, FilterContext context) {
        return offered(tool.name(), enabled);
    }
}
