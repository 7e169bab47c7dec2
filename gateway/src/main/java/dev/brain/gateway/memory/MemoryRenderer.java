package dev.brain.gateway.memory;

import java.util.Locale;

import dev.brain.gateway.memory.MemoryViews.Feedback;
import dev.brain.gateway.memory.MemoryViews.PendingEntry;
import dev.brain.gateway.memory.MemoryViews.Recall;
import dev.brain.gateway.memory.MemoryViews.Remembered;

/** The text a model (MCP) or a person (REST {@code text/plain}) reads for the memory tools. */
public final class MemoryRenderer {

    private static final int QUOTE_CHARS = 120;

    private MemoryRenderer() {
    }

    static String two(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    /** One line of at most 120 characters. */
    static String shorten(String text) {
        String line = text.replaceAll("\\s+", " ").trim();
        return line.length() <= QUOTE_CHARS ? line : line.substring(0, QUOTE_CHARS - 1) + "…";
    }

    public static String remembered(Remembered r) {
        if (!r.stored()) {
            return "Not stored: " + r.reason() + ".";
        }
        String what = (r.created() ? "Remembered" : "Already remembered") + " as short-term entry #" + r.entry_id()
                + " of " + r.agent() + " (speaker " + r.observer() + ", salience " + r.salience() + ")";
        String next = "pending".equals(r.promotion_state())
                ? "; queued for promotion into long-term memory, where memory_recall finds it"
                : "; salience below 0.7, so it stays short-term and is not promoted into long-term memory";
        return what + next + (r.expires_at() == null ? "" : "; expires " + r.expires_at().substring(0, 10)) + ".";
    }

    public static String recall(Recall r) {
        StringBuilder out = new StringBuilder();
        if (r.memories().isEmpty()) {
            out.append("Nothing came to mind: ").append(r.searched()).append('.');
            if (!r.pending().isEmpty()) {
                out.append("\nRemembered but still short-term (not promoted into long-term memory yet):");
                for (PendingEntry p : r.pending()) {
                    out.append("\n- entry #").append(p.entry_id()).append(" \"").append(shorten(p.content()))
                            .append("\" (similarity ").append(two(p.cosine())).append(", ").append(p.promotion_state())
                            .append(')');
                }
            }
            return out.toString();
        }
        out.append(r.block().strip()).append("\n\n");
        int n = r.memories().size();
        out.append("(").append(n).append(n == 1 ? " memory" : " memories").append(" recalled, hops ").append(r.hops())
                .append("; turn_id ").append(r.turn_id())
                .append(" — after answering, call memory_feedback with it and your final answer.)");
        return out.toString();
    }

    public static String feedback(Feedback f) {
        String replay = f.replayed() ? " (already decided for this turn; nothing changed)" : "";
        return switch (f.outcome()) {
            case "COMPUTED" -> f.reinforced().isEmpty()
                    ? "Nothing reinforced: none of the " + f.candidates() + " memories recalled in turn " + f.turn_id()
                            + " was close enough to the answer"
                            + (f.closest_rejected() == null ? ""
                                    : " (closest " + two(f.closest_rejected()) + " < "
                                            + two(f.threshold()) + ")")
                            + replay + "."
                    : "Reinforced " + f.reinforced().size() + (f.reinforced().size() == 1 ? " memory" : " memories")
                            + " used in the answer: node" + (f.reinforced().size() == 1 ? " #" : "s #")
                            + String.join(", #", f.reinforced().stream().map(String::valueOf).toList()) + replay + ".";
            case "EMPTY_ANSWER" -> "Nothing reinforced: the answer is blank" + replay + ".";
            case "NO_CANDIDATE" -> "Nothing reinforced: memory_recall returned no memory in turn " + f.turn_id()
                    + " (unknown turn, nothing recalled, or older than 24 h)" + replay + ".";
            case "EMBED_ERROR", "EMPTY_VECTOR", "DB_ERROR" -> "Nothing reinforced: memory-service could not measure the"
                    + " answer (" + f.outcome() + "); the turn is unaffected" + replay + ".";
            default -> "Nothing reinforced (" + f.outcome() + ")" + replay + ".";
        };
    }
}
