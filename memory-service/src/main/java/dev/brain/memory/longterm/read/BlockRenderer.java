package dev.brain.memory.longterm.read;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.brain.memory.longterm.read.ReadModel.Memory;
import dev.brain.memory.longterm.read.ReadModel.Render;
import dev.brain.memory.longterm.repository.LongTermRepository.Step;

/**
 * The rendered prompt block of memory.md §9.6: weakest first, strongest last; no weights, shells or ids;
 * anchors "came to mind directly", the others every step of their path. Speaks about the agent in the third
 * person; the caller's template adds any heading.
 */
public final class BlockRenderer {

    private static final String[] COUNTS = { "Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight",
            "Nine", "Ten" };

    /** The order of reasons inside one step of the text (differs from the layer order on purpose, §9.6). */
    private static final List<String> REASON_ORDER = List.of("entity", "topics", "embedding", "timeline");

    private BlockRenderer() {
    }

    /**
     * @param memories ranked memories (rank 1 first); rendered in reverse
     * @param names entity id → display name (the request's names, completed from the registry)
     */
    public static String render(List<Memory> memories, Render render, Map<Long, String> names) {
        return render(memories, render, names, false);
    }

    /** A question about time: when, what date/day/time/year/month, how long ago, which year/month/day. */
    private static final java.util.regex.Pattern ASKS_WHEN = java.util.regex.Pattern.compile(
            "(?i)\\b(when|what (date|day|time|year|month)|how long ago|which (year|month|day|week))\\b");

    /** Whether the query asks about time, so that the block gives each memory's date. */
    public static boolean asksWhen(String query) {
        return query != null && ASKS_WHEN.matcher(query).find();
    }

    /** The block; {@code withDates}: each memory that has a time says when ("When: 8 May 2023, 13:56"). */
    public static String render(List<Memory> memories, Render render, Map<Long, String> names, boolean withDates) {
        if (memories.isEmpty()) {
            return "";
        }
        int n = memories.size();
        List<String> lines = new ArrayList<>();
        String count = n < COUNTS.length ? COUNTS[n] : Integer.toString(n);
        lines.add(n == 1 ? "One memory is present right now."
                : count + " memories are present right now, the least present first and the strongest last.");
        for (int i = 0; i < n; i++) {
            Memory memory = memories.get(n - 1 - i);
            lines.add("----- Memory " + (i + 1) + " -----");
            lines.add("\"" + memory.node().content().replace("\r\n", " ").replace('\r', ' ').replace('\n', ' ') + "\"");
            lines.add("Speaker: " + speaker(memory.node().observer(), render));
            if (withDates && memory.node().timeAt() != null) {
                lines.add("When: " + when(memory.node().timeAt(), memory.node().timePrecision()));
            }
            if (!memory.node().emotion().isBlank()) {
                lines.add("Feeling: " + memory.node().emotion().trim());
            }
            if (memory.path().isEmpty()) {
                lines.add("Came to mind directly");
            } else {
                List<String> steps = new ArrayList<>();
                for (Step step : memory.path()) {
                    steps.add(step(step, names));
                }
                lines.add("Came up via: " + String.join(" → ", steps));
            }
        }
        return String.join("\n", lines);
    }

    /** The memory's time as precise as it was stored: "8 May 2023, 13:56", "8 May 2023", "May 2023", "2023". */
    static String when(java.time.OffsetDateTime at, String precision) {
        java.time.ZonedDateTime t = at.atZoneSameInstant(java.time.ZoneOffset.UTC);
        String pattern = switch (precision == null ? "minute" : precision) {
            case "minute", "hour" -> "d MMMM yyyy, HH:mm";
            case "day", "week" -> "d MMMM yyyy";
            case "month", "quarter" -> "MMMM yyyy";
            default -> "yyyy";
        };
        return java.time.format.DateTimeFormatter.ofPattern(pattern, java.util.Locale.ENGLISH).format(t);
    }

    static String speaker(String observer, Render render) {
        if ("assistant".equals(observer)) {
            if (!render.assistantLabel().isBlank()) {
                return render.assistantLabel();
            }
            return render.agentName().isBlank() ? "the assistant" : render.agentName();
        }
        return render.userLabel().isBlank() ? "the user" : render.userLabel();
    }

    static String step(Step step, Map<Long, String> names) {
        List<String> parts = new ArrayList<>();
        for (String reason : REASON_ORDER) {
            if (!step.reasons().contains(reason)) {
                continue;
            }
            switch (reason) {
                case "entity" -> {
                    boolean anonymous = false;
                    for (long id : step.sharedEntityIds()) {
                        String name = names.get(id);
                        if (name != null && !name.isBlank()) {
                            parts.add("shared entity " + name.trim());
                        } else if (!anonymous) {
                            parts.add("a shared entity");
                            anonymous = true;
                        }
                    }
                    if (step.sharedEntityIds().isEmpty()) {
                        parts.add("a shared entity");
                    }
                }
                case "topics" -> {
                    for (String topic : step.sharedTopics()) {
                        parts.add("shared topic " + topic);
                    }
                    if (step.sharedTopics().isEmpty()) {
                        parts.add("a shared topic");
                    }
                }
                case "embedding" -> parts.add("similar content");
                default -> parts.add("close in time");
            }
        }
        return String.join(", ", parts);
    }
}
