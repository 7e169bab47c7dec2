package dev.brain.error.outbox;

/** A node of a synapse event (error-code.md §12.1): type error|solution|code_module|rule|antipattern|project. */
public record Node(String type, long id, String label) {

    private static final int MAX_LABEL = 120;

    public Node {
        if (label != null && label.codePointCount(0, label.length()) > MAX_LABEL) {
            label = label.substring(0, label.offsetByCodePoints(0, MAX_LABEL - 1)) + "…";
        }
    }

    public static Node error(long id, String type, String template) {
        return new Node("error", id, type + ": " + template);
    }

    public static Node solution(long id, String title) {
        return new Node("solution", id, title);
    }

    public static Node project(long id, String name) {
        return new Node("project", id, name);
    }

    /** A code module, labelled by its name and where it lives. */
    public static Node module(long id, String name, String filePath) {
        return new Node("code_module", id, name + " (" + filePath + ")");
    }

    public static Node rule(long id, String name) {
        return new Node("rule", id, name);
    }
}
