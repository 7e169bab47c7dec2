package dev.brain.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The soak's and the fault runs' workload: what an agent session calls through the gateway's MCP endpoint, drawn
 * by weight from every tool group — errors (report, query, solutions, attempts, ratings, prevention, notifications,
 * one error, the list), memory (remember, recall, feedback), the synapse network (explore, connections), code
 * (register, find, similarity), findings (save, index), research (insights, suggest), the knowledge library
 * (search, save, read) and status. Calls that need an id (a solution for an error, a rating, feedback for a turn,
 * a path between two nodes, a library file) use what this client stored before, else a report stands in.
 * Error outputs come from the dev corpus (1,000 real-looking outputs of ~120 templates: some new, most recurring).
 */
final class ToolMix {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Tool → group, in table order. */
    static final Map<String, String> GROUPS = new LinkedHashMap<>();
    /** Tool → weight (per 100 calls, roughly). */
    private static final Map<String, Integer> WEIGHTS = new LinkedHashMap<>();

    static {
        tool("brain_report_error", "errors", 14);
        tool("brain_query_error", "errors", 10);
        tool("brain_report_solution", "errors", 4);
        tool("brain_report_attempt", "errors", 3);
        tool("brain_rate_solution", "errors", 3);
        tool("brain_get_error", "errors", 3);
        tool("brain_list_errors", "errors", 2);
        tool("brain_check_prevention", "errors", 4);
        tool("brain_notifications", "errors", 2);
        tool("memory_remember", "memory", 8);
        tool("memory_recall", "memory", 8);
        tool("memory_feedback", "memory", 3);
        tool("brain_explore", "network", 3);
        tool("brain_connections", "network", 2);
        tool("brain_register_code", "code", 3);
        tool("brain_find_reusable_code", "code", 3);
        tool("brain_check_code_similarity", "code", 2);
        tool("save_finding", "findings", 2);
        tool("findings_index", "findings", 2);
        tool("brain_insights", "research", 2);
        tool("brain_suggest", "research", 2);
        tool("knowledge_search", "knowledge", 3);
        tool("knowledge_save", "knowledge", 1);
        tool("knowledge_read", "knowledge", 1);
        tool("brain_status", "status", 2);
    }

    private static void tool(String name, String group, int weight) {
        GROUPS.put(name, group);
        WEIGHTS.put(name, weight);
    }

    private static final String[] TOPICS = { "deploy", "billing", "search", "auth", "caching", "logging", "ci",
            "database", "frontend", "queue" };
    private static final String[] ENTITIES = { "postgres", "kafka", "nginx", "redis", "gradle", "react", "quarkus",
            "terraform", "docker", "grafana" };
    private static final String[] VERBS = { "prefers", "decided", "noticed", "asked for", "rejected", "documented" };
    private static final String[] THINGS = { "blue-green deploys", "smaller pull requests", "a retry budget",
            "structured logs", "feature flags", "nightly backups", "typed configs", "a read replica",
            "shorter test runs", "pinned dependencies" };

    /** One tool call: its name, arguments and what to keep from its structured result. */
    record Call(String tool, ObjectNode arguments, Consumer<JsonNode> keep) {
    }

    private final List<String[]> outputs = new ArrayList<>(); // {raw_output, command}
    private final String[] names;
    private final int[] cumulative;
    private final int total;

    /** {@code only}: the groups drawn from (empty: all). */
    ToolMix(Path corpus, List<String> only) throws IOException {
        for (String line : Files.readAllLines(corpus)) {
            if (!line.isBlank()) {
                JsonNode row = JSON.readTree(line);
                outputs.add(new String[] { row.path("raw_output").asText(), row.path("command").asText("") });
            }
        }
        List<String> picked = new ArrayList<>();
        for (String tool : WEIGHTS.keySet()) {
            if (only.isEmpty() || only.contains(GROUPS.get(tool))) {
                picked.add(tool);
            }
        }
        names = picked.toArray(String[]::new);
        cumulative = new int[names.length];
        int sum = 0;
        for (int i = 0; i < names.length; i++) {
            sum += WEIGHTS.get(names[i]);
            cumulative[i] = sum;
        }
        total = sum;
    }

    /** What one client stored so far (ids for the calls that need them); one thread per client. */
    final class Session {
        private final int client;
        private final Random random;
        private final String project;
        private final List<Long> errors = new ArrayList<>();
        private final List<long[]> solutions = new ArrayList<>(); // {error_id, solution_id}
        private final List<Long> modules = new ArrayList<>();
        private final List<String> libraryPaths = new ArrayList<>();
        private String turn;
        private int counter;

        Session(int client, long seed) {
            this.client = client;
            this.random = new Random(seed);
            this.project = "soak" + (client % 4);
        }

        /** The next call, drawn by weight. */
        Call next() {
            int pick = random.nextInt(total);
            int i = 0;
            while (cumulative[i] <= pick) {
                i++;
            }
            return call(names[i]);
        }

        private Call call(String tool) {
            counter++;
            ObjectNode a = JSON.createObjectNode();
            switch (tool) {
                case "brain_report_error" -> {
                    String[] out = outputs.get(random.nextInt(outputs.size()));
                    a.put("error_output", out[0]).put("project", project);
                    if (!out[1].isEmpty()) {
                        a.put("command", out[1]);
                    }
                    return new Call(tool, a, r -> remember(errors, r.path("error_id").asLong(0)));
                }
                case "brain_query_error" -> {
                    String out = outputs.get(random.nextInt(outputs.size()))[0];
                    int nl = out.indexOf('\n');
                    return new Call(tool, a.put("query", nl < 0 ? out : out.substring(0, nl)).put("limit", 5)
                            .put("project", project), null);
                }
                case "brain_report_solution" -> {
                    if (errors.isEmpty()) {
                        return call("brain_report_error");
                    }
                    long error = any(errors);
                    a.put("error_id", error).put("title", "Fix " + counter + " of client " + client)
                            .put("description", "Pinned the version and cleared the cache; the build passes again.")
                            .put("project", project);
                    a.putArray("steps").add("pin the dependency").add("clear the build cache").add("rerun the build");
                    return new Call(tool, a, r -> {
                        long solution = r.path("solution_id").asLong(0);
                        if (solution > 0) {
                            solutions.add(new long[] { error, solution });
                            if (solutions.size() > 200) {
                                solutions.remove(0);
                            }
                        }
                    });
                }
                case "brain_report_attempt" -> {
                    if (errors.isEmpty()) {
                        return call("brain_report_error");
                    }
                    return new Call(tool, a.put("error_id", any(errors)).put("description", "Restarted the daemon " + counter)
                            .put("reason", "the same error came back").put("project", project), null);
                }
                case "brain_rate_solution" -> {
                    if (solutions.isEmpty()) {
                        return call("brain_report_solution");
                    }
                    long[] s = solutions.get(random.nextInt(solutions.size()));
                    String[] outcomes = { "success", "success", "partial", "failure" };
                    return new Call(tool, a.put("error_id", s[0]).put("solution_id", s[1])
                            .put("outcome", outcomes[random.nextInt(outcomes.length)]).put("project", project), null);
                }
                case "brain_get_error" -> {
                    if (errors.isEmpty()) {
                        return call("brain_report_error");
                    }
                    return new Call(tool, a.put("error_id", any(errors)), null);
                }
                case "brain_list_errors" -> {
                    return new Call(tool, a.put("filter", random.nextBoolean() ? "unresolved" : "recent").put("limit", 20)
                            .put("project", project), null);
                }
                case "brain_check_prevention" -> {
                    String[] out = outputs.get(random.nextInt(outputs.size()));
                    return new Call(tool, a.put("command", out[1].isEmpty() ? "make build" : out[1]).put("project", project),
                            null);
                }
                case "brain_notifications" -> {
                    return new Call(tool, a.put("acknowledge", random.nextBoolean()).put("project", project), null);
                }
                case "memory_remember" -> {
                    String topic = TOPICS[random.nextInt(TOPICS.length)];
                    String entity = ENTITIES[random.nextInt(ENTITIES.length)];
                    a.put("content",
                            "In the " + topic + " work on " + entity + ", the team " + VERBS[random.nextInt(VERBS.length)]
                                    + " " + THINGS[random.nextInt(THINGS.length)] + " (note " + counter + " of client " + client
                                    + ").")
                            .put("salience", 0.4 + 0.5 * random.nextDouble());
                    a.putArray("topics").add(topic);
                    a.putArray("entities").add(entity);
                    return new Call(tool, a, null);
                }
                case "memory_recall" -> {
                    return new Call(tool,
                            a.put("query", "What did the team decide about " + THINGS[random.nextInt(THINGS.length)]
                                    + " for " + ENTITIES[random.nextInt(ENTITIES.length)] + "?")
                                    .put("hops", 1 + random.nextInt(3)),
                            r -> turn = r.path("turn_id").asText(null));
                }
                case "memory_feedback" -> {
                    if (turn == null) {
                        return call("memory_recall");
                    }
                    String t = turn;
                    turn = null;
                    return new Call(tool, a.put("turn_id", t).put("answer", "We keep " + THINGS[random.nextInt(THINGS.length)]
                            + " as the team decided."), null);
                }
                case "brain_explore" -> {
                    if (errors.isEmpty()) {
                        return call("brain_report_error");
                    }
                    return new Call(tool, a.put("node_type", "error").put("node_id", any(errors)).put("max_depth", 2), null);
                }
                case "brain_connections" -> {
                    if (errors.size() < 2) {
                        return call("brain_report_error");
                    }
                    long from = any(errors);
                    long to = any(errors);
                    while (to == from) {
                        to = any(errors);
                    }
                    return new Call(tool, a.put("from_type", "error").put("from_id", from).put("to_type", "error")
                            .put("to_id", to), null);
                }
                case "brain_register_code" -> {
                    CodeBench.Generated g = CodeBench.generate(client * 1_000_000 + counter);
                    return new Call(tool,
                            a.put("source_code", g.source()).put("file_path", g.path()).put("purpose", g.purpose())
                                    .put("project", project),
                            r -> remember(modules, r.path("module_id").asLong(0)));
                }
                case "brain_find_reusable_code" -> {
                    CodeBench.Generated g = CodeBench.generate(random.nextInt(100_000));
                    return new Call(tool, a.put("purpose", g.purpose()).put("limit", 5).put("project", project), null);
                }
                case "brain_check_code_similarity" -> {
                    CodeBench.Generated g = CodeBench.generate(random.nextBoolean() && counter > 1
                            ? client * 1_000_000 + random.nextInt(counter)
                            : random.nextInt(100_000));
                    return new Call(tool, a.put("source_code", g.source()).put("file_path", g.path()).put("project", project),
                            null);
                }
                case "save_finding" -> {
                    int n = random.nextInt(40);
                    return new Call(tool, a.put("slug", "soak-trap-" + n)
                            .put("title", "Trap " + n + " of the " + project + " build")
                            .put("body",
                                    "The cache directory looks disposable but holds the generated sources. Do not delete it"
                                            + " before a build; run the clean task instead. Seen in run " + counter + ".")
                            .put("project", project), null);
                }
                case "findings_index" -> {
                    return new Call(tool, a.put("project", project), null);
                }
                case "brain_insights" -> {
                    return new Call(tool, a.put("limit", 10), null);
                }
                case "brain_suggest" -> {
                    return new Call(tool,
                            a.put("context", "starting work on " + TOPICS[random.nextInt(TOPICS.length)] + " with "
                                    + ENTITIES[random.nextInt(ENTITIES.length)]).put("limit", 5),
                            null);
                }
                case "knowledge_search" -> {
                    return new Call(tool, a.put("query", ENTITIES[random.nextInt(ENTITIES.length)] + " "
                            + TOPICS[random.nextInt(TOPICS.length)]).put("limit", 5), null);
                }
                case "knowledge_save" -> {
                    String entity = ENTITIES[random.nextInt(ENTITIES.length)];
                    String topic = TOPICS[random.nextInt(TOPICS.length)];
                    StringBuilder d = new StringBuilder("## ").append(entity).append(" for ").append(topic).append("\n\n");
                    for (int i = 0; i < 6; i++) {
                        d.append("- ").append(entity).append(' ').append(VERBS[random.nextInt(VERBS.length)]).append(' ')
                                .append(THINGS[random.nextInt(THINGS.length)]).append(" (finding ").append(counter).append('.')
                                .append(i).append(" of client ").append(client).append(")\n");
                    }
                    return new Call(tool, a.put("topic", entity + " " + topic + " practice").put("distillate", d.toString())
                            .put("salience", 0.5), r -> {
                                String path = r.path("knowledge_path").asText("");
                                if (!path.isEmpty() && !libraryPaths.contains(path)) {
                                    libraryPaths.add(path);
                                }
                            });
                }
                case "knowledge_read" -> {
                    if (libraryPaths.isEmpty()) {
                        return call("knowledge_search");
                    }
                    return new Call(tool, a.put("path", libraryPaths.get(random.nextInt(libraryPaths.size()))), null);
                }
                case "brain_status" -> {
                    return new Call(tool, a, null);
                }
                default -> throw new IllegalArgumentException("tool " + tool + " is not in the mix");
            }
        }

        private long any(List<Long> ids) {
            return ids.get(random.nextInt(ids.size()));
        }

        private void remember(List<Long> ids, long id) {
            if (id > 0 && !ids.contains(id)) {
                ids.add(id);
                if (ids.size() > 200) {
                    ids.remove(0);
                }
            }
        }
    }

    Session session(int client, long seed) {
        return new Session(client, seed);
    }

    static String group(String tool) {
        return GROUPS.getOrDefault(tool, "?").toLowerCase(Locale.ROOT);
    }
}
