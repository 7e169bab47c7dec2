package dev.brain.research.knowledge.files;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A knowledge file (research.md §2.1, the <em>what</em>): a title line, a header of {@code **Key:** value} lines
 * (topic, type, user and agent id, for whom, created, last extended, runs, mode, status, salience, summary,
 * version) and a body of addressable {@code ##} blocks — {@code ## CURRENT} first, later blocks after it,
 * {@code ## HISTORY} (replaced texts, newest first) last. {@code render(parse(text))} reproduces a rendered file.
 */
public final class KnowledgeDocument {

    public static final String CURRENT = "CURRENT";
    public static final String HISTORY = "HISTORY";
    public static final String FIRST_VERSION = "1.0";

    /** Header keys, in file order. */
    public static final String TOPIC = "Topic", TYPE = "Type", USER = "User id", AGENT = "Agent id", FOR = "For",
            CREATED = "Created", EXTENDED = "Last extended", RUNS = "Runs", MODE = "Mode", STATUS = "Status",
            SALIENCE = "Salience", SUMMARY = "Summary", VERSION = "Version";

    private static final Pattern FIELD = Pattern.compile("^\\*\\*([^*]+):\\*\\*\\s?(.*)$");

    /** One {@code ##} block. */
    public record Block(String heading, String body) {
    }

    /** One heading of the body as {@code Structure} lists it. */
    public record Section(String heading, int level, String text) {
    }

    private String title;
    private final Map<String, String> header;
    private final List<Block> blocks;

    private KnowledgeDocument(String title, Map<String, String> header, List<Block> blocks) {
        this.title = title;
        this.header = header;
        this.blocks = blocks;
    }

    /** A new file: the header and {@code ## CURRENT} holding the (demoted) distillate, version 1.0. */
    public static KnowledgeDocument create(String topic, Map<String, String> fields, String distillate) {
        Map<String, String> header = new LinkedHashMap<>();
        header.put(TOPIC, topic);
        header.put(TYPE, "knowledge");
        header.putAll(fields);
        header.put(VERSION, FIRST_VERSION);
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block(CURRENT, Markdown.demote(distillate).strip()));
        return new KnowledgeDocument(topic, header, blocks);
    }

    /** Parses a library file (knowledge or report: both have a title, header fields and {@code ##} blocks). */
    public static KnowledgeDocument parse(String text) {
        String title = "";
        Map<String, String> header = new LinkedHashMap<>();
        List<Block> blocks = new ArrayList<>();
        String heading = null;
        List<String> body = new ArrayList<>();
        boolean fence = false;
        for (String line : text.replace("\r\n", "\n").split("\n", -1)) {
            if (heading == null) {
                if (line.startsWith("## ")) {
                    heading = line.substring(3).strip();
                } else if (line.startsWith("# ") && title.isEmpty()) {
                    title = line.substring(2).strip();
                } else {
                    Matcher m = FIELD.matcher(line);
                    if (m.matches()) {
                        header.put(m.group(1).strip(), m.group(2).strip());
                    }
                }
                continue;
            }
            if (Markdown.isFence(line)) {
                fence = !fence;
            }
            if (Markdown.isBlockHeading(line, fence)) {
                blocks.add(new Block(heading, strip(body)));
                heading = line.substring(3).strip();
                body.clear();
            } else {
                body.add(line);
            }
        }
        if (heading != null) {
            blocks.add(new Block(heading, strip(body)));
        }
        return new KnowledgeDocument(title, header, blocks);
    }

    public String render() {
        StringBuilder out = new StringBuilder("# ").append(title).append("\n\n");
        header.forEach((k, v) -> out.append("**").append(k).append(":** ").append(v).append('\n'));
        for (Block b : blocks) {
            out.append("\n## ").append(b.heading()).append("\n\n");
            if (!b.body().isEmpty()) {
                out.append(b.body()).append('\n');
            }
        }
        return out.toString();
    }

    public String title() {
        return title;
    }

    public String field(String key) {
        return header.getOrDefault(key, "");
    }

    public void setField(String key, String value) {
        header.put(key, value);
    }

    public String version() {
        return field(VERSION);
    }

    public List<Block> blocks() {
        return List.copyOf(blocks);
    }

    public boolean hasBlock(String heading) {
        return blocks.stream().anyMatch(b -> b.heading().equals(heading));
    }

    /** "1.0" → "1.1" → … → "1.10"; a malformed version restarts at 1.1. */
    public static String nextVersion(String version) {
        String[] parts = version.split("\\.");
        try {
            return Integer.parseInt(parts[0]) + "." + (Integer.parseInt(parts[1]) + 1);
        } catch (RuntimeException e) {
            return "1.1";
        }
    }

    /** Bumps the version; the new version. */
    public String bumpVersion() {
        String next = nextVersion(version().isEmpty() ? FIRST_VERSION : version());
        header.put(VERSION, next);
        return next;
    }

    /** A block heading not yet used: {@code base}, else "base (2)", "base (3)", … */
    public String freeHeading(String base) {
        String heading = base;
        for (int n = 2; hasBlock(heading); n++) {
            heading = base + " (" + n + ")";
        }
        return heading;
    }

    /** Inserts a block (the text demoted) before {@code ## HISTORY}. */
    public void insertBlock(String heading, String text) {
        int at = historyIndex();
        blocks.add(at < 0 ? blocks.size() : at, new Block(heading, Markdown.demote(text).strip()));
    }

    /**
     * Replaces the body of the block {@code heading}; its old text moves to the top of {@code ## HISTORY} as
     * {@code ### <heading> (replaced <date>)}.
     */
    public void replaceBlock(String heading, String text, String date) {
        for (int i = 0; i < blocks.size(); i++) {
            Block b = blocks.get(i);
            if (b.heading().equals(heading)) {
                blocks.set(i, new Block(heading, Markdown.demote(text).strip()));
                String moved = "### " + heading + " (replaced " + date + ")\n\n" + b.body();
                int h = historyIndex();
                if (h < 0) {
                    blocks.add(new Block(HISTORY, moved.strip()));
                } else {
                    String old = blocks.get(h).body();
                    blocks.set(h, new Block(HISTORY, (moved.strip() + (old.isEmpty() ? "" : "\n\n" + old)).strip()));
                }
                return;
            }
        }
        throw new IllegalArgumentException("no block " + heading);
    }

    /** Every heading of the body (level 2 blocks and their sub-headings), in file order, with its text. */
    public List<Section> structure() {
        List<Section> sections = new ArrayList<>();
        for (Block b : blocks) {
            sections.add(new Section(b.heading(), 2, b.body()));
            List<Markdown.Unit> units = Markdown.units(b.body());
            for (int i = 0; i < units.size(); i++) {
                Markdown.Unit u = units.get(i);
                if (!u.heading()) {
                    continue;
                }
                List<String> text = new ArrayList<>();
                for (int j = i + 1; j < units.size() && !(units.get(j).heading() && units.get(j).level() <= u.level()); j++) {
                    text.add(units.get(j).text());
                }
                sections.add(new Section(u.title(), u.level(), String.join("\n\n", text)));
            }
        }
        return sections;
    }

    /** The text of the first section with this heading. */
    public Optional<String> read(String heading) {
        return structure().stream().filter(s -> s.heading().equals(heading.strip())).findFirst().map(Section::text);
    }

    /** Every paragraph of the body (all blocks, HISTORY included): what a new distillate is compared with. */
    public List<String> paragraphs() {
        List<String> all = new ArrayList<>();
        blocks.forEach(b -> all.addAll(Markdown.paragraphs(b.body())));
        return all;
    }

    /**
     * Consolidation (§2.7): a paragraph whose normalised text already occurred earlier in the file (outside
     * {@code ## HISTORY}) is removed; a block other than CURRENT left without paragraphs is removed too.
     *
     * @return {duplicate paragraphs removed, blocks removed}
     */
    public int[] consolidate() {
        Set<String> earlier = new HashSet<>();
        int removed = 0;
        int blocksRemoved = 0;
        List<Block> kept = new ArrayList<>();
        for (Block b : blocks) {
            if (b.heading().equals(HISTORY)) {
                kept.add(b);
                continue;
            }
            int[] dropped = { 0 };
            String body = Markdown.keepParagraphs(b.body(), p -> {
                if (earlier.add(Markdown.normalise(p))) {
                    return true;
                }
                dropped[0]++;
                return false;
            });
            if (dropped[0] == 0) {
                kept.add(b);
                continue;
            }
            removed += dropped[0];
            if (Markdown.paragraphs(body).isEmpty() && !b.heading().equals(CURRENT)) {
                blocksRemoved++;
            } else {
                kept.add(new Block(b.heading(), body));
            }
        }
        blocks.clear();
        blocks.addAll(kept);
        return new int[] { removed, blocksRemoved };
    }

    private int historyIndex() {
        for (int i = 0; i < blocks.size(); i++) {
            if (blocks.get(i).heading().equals(HISTORY)) {
                return i;
            }
        }
        return -1;
    }

    private static String strip(List<String> lines) {
        return String.join("\n", lines).strip();
    }
}
