package dev.brain.gateway.status;

import java.util.Map;
import java.util.stream.Collectors;

import dev.brain.gateway.client.ServiceCounts;
import dev.brain.gateway.network.NetworkRenderer;

/** The human (and model) reading of a {@link BrainStatus}: a few lines, non-empty tables only. */
public final class StatusRenderer {

    private StatusRenderer() {
    }

    public static String render(BrainStatus status) {
        StringBuilder text = new StringBuilder("Brain status for tenant ").append(status.tenant()).append(":\n");
        status.services().forEach((name, counts) -> text.append("- ").append(name).append("-service: ")
                .append(line(counts)).append('\n'));
        if (status.network() != null) {
            text.append("- synapse network: ").append(NetworkRenderer.stats(status.network())).append('\n');
        }
        if (status.research_cycle() != null) {
            text.append("- research cycle: ").append(cycles(status.research_cycle())).append('\n');
        }
        for (FixLiftView lift : java.util.Arrays.asList(status.lift(), status.project_lift())) {
            if (lift != null) {
                text.append("- fixes seen in sessions (").append(lift.scope()).append("): ").append(lift.line())
                        .append('\n');
            }
        }
        return text.toString();
    }

    /** "last done 2026-12-02T06:00:00Z in 840 ms (insights_created 1, …); next 2026-12-02T07:00:00Z". */
    static String cycles(ResearchCycles cycles) {
        StringBuilder line = new StringBuilder();
        ResearchCycles.Cycle last = cycles.last();
        if (last == null) {
            line.append("none ran yet");
        } else {
            line.append("last ").append(last.status());
            String at = last.finished_at() != null ? last.finished_at() : last.started_at();
            if (at != null) {
                line.append(' ').append(at);
            }
            line.append(" in ").append(last.duration_ms()).append(" ms");
            String counts = last.counts().entrySet().stream().filter(e -> e.getValue() > 0)
                    .map(e -> e.getKey() + " " + e.getValue()).sorted().collect(Collectors.joining(", "));
            if (!counts.isEmpty()) {
                line.append(" (").append(counts).append(')');
            }
            if (last.message() != null) {
                line.append(" — ").append(last.message());
            }
        }
        line.append("; next ").append(cycles.next_at() == null ? "not scheduled" : cycles.next_at());
        return line.toString();
    }

    static String line(ServiceCounts counts) {
        if (!counts.up()) {
            return "DOWN — " + counts.error();
        }
        Map<String, Long> filled = counts.counts().entrySet().stream().filter(e -> e.getValue() > 0)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a,
                        java.util.LinkedHashMap::new));
        int empty = counts.counts().size() - filled.size();
        if (filled.isEmpty()) {
            return "up — no data yet (" + empty + " tables empty)";
        }
        String rows = filled.entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", "));
        return "up — " + rows + (empty > 0 ? " (" + empty + " other tables empty)" : "");
    }
}
