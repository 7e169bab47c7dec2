package dev.brain.gateway.hooks;

import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import dev.brain.grpc.v1.CommandSucceeded;
import dev.brain.grpc.v1.FileEdited;
import dev.brain.grpc.v1.FileRead;
import dev.brain.grpc.v1.RecordToolUseRequest;

/**
 * Which of Claude Code's successful tool uses join a session's trail, and as what (docs/gateway.md "Hooks"): a Bash
 * command that was not interrupted; an {@code Edit}/{@code MultiEdit} with its {@code structuredPatch} (and the
 * file's content after it, from {@code originalFile}); a {@code Write} with its content (and its patch when the CLI
 * gives one); a {@code Read} of a whole file. A file outside the project's working tree joins nothing; a file a
 * never-learn glob matches joins as a withheld edit (no content, no change).
 */
final class ToolUses {

    /** A file's content is sent to the trail up to this size. */
    static final int MAX_CONTENT_BYTES = 256 * 1024;

    private final boolean learnFromEdits;
    private final List<PathMatcher> names;
    private final List<PathMatcher> paths;

    /** {@code learnFromEdits} off: nothing joins a trail ({@code brain.hooks.learn-from-edits}). */
    ToolUses(boolean learnFromEdits, List<String> neverLearn) {
        this.learnFromEdits = learnFromEdits;
        var fs = FileSystems.getDefault();
        this.names = neverLearn.stream().filter(g -> !g.isBlank() && !g.contains("/"))
                .map(g -> fs.getPathMatcher("glob:" + g.strip())).toList();
        this.paths = neverLearn.stream().filter(g -> g.contains("/"))
                .map(g -> fs.getPathMatcher("glob:" + g.strip())).toList();
    }

    /** Whether the tool uses of this session join its trail: learning is on and there is a session. */
    boolean learns(String session) {
        return learnFromEdits && session != null;
    }

    /** The trail event of a successful tool use, or empty when it does not join the trail. */
    Optional<RecordToolUseRequest.Builder> of(JsonNode hook) {
        if (!learnFromEdits) {
            return Optional.empty();
        }
        JsonNode input = hook.path("tool_input");
        JsonNode output = hook.path("tool_response");
        String tool = text(hook, "tool_name");
        if (tool.equals("Bash")) {
            String command = text(input, "command");
            if (command.isBlank() || output.path("interrupted").asBoolean(false)) {
                return Optional.empty();
            }
            return Optional.of(RecordToolUseRequest.newBuilder()
                    .setCommandSucceeded(CommandSucceeded.newBuilder().setCommand(command)));
        }
        if (!List.of("Edit", "MultiEdit", "Write", "Read").contains(tool)) {
            return Optional.empty();
        }
        String file = text(input, "file_path");
        // inside the working tree; or inside the session's directory (git may name the tree by its physical path,
        // e.g. /private/tmp for /tmp, while Claude Code names files by the directory it was started in)
        Optional<String> relative = relative(file, root(hook)).or(() -> relative(file, text(hook, "cwd")));
        if (relative.isEmpty()) {
            return Optional.empty();
        }
        String path = relative.get();
        boolean withheld = neverLearn(path);
        if (tool.equals("Read")) {
            JsonNode read = output.path("file");
            String content = text(read, "content");
            boolean whole = read.path("startLine").asInt(1) <= 1
                    && read.path("numLines").asInt(0) >= read.path("totalLines").asInt(Integer.MAX_VALUE);
            if (withheld || !whole || bytes(content) > MAX_CONTENT_BYTES) {
                return Optional.empty();
            }
            return Optional.of(RecordToolUseRequest.newBuilder()
                    .setFileRead(FileRead.newBuilder().setFilePath(path).setContent(content)));
        }
        FileEdited.Builder edit = FileEdited.newBuilder().setFilePath(path);
        if (withheld) {
            return Optional.of(RecordToolUseRequest.newBuilder().setFileEdited(edit.setWithheld(true)));
        }
        edit.setDiff(hunks(output.path("structuredPatch")));
        String after = tool.equals("Write") ? text(input, "content") : after(tool, input, output);
        if (after != null && bytes(after) <= MAX_CONTENT_BYTES) {
            edit.setContent(after);
        }
        edit.setCreated(tool.equals("Write") && text(output, "type").equals("create"));
        return Optional.of(RecordToolUseRequest.newBuilder().setFileEdited(edit));
    }

    /** The project's working tree: the hook script's {@code brain_root} (git's top level), else {@code cwd}. */
    static String root(JsonNode hook) {
        String root = text(hook, "brain_root");
        return root.isBlank() ? text(hook, "cwd") : root;
    }

    /** The file's path relative to {@code root}, when it lies inside it. */
    static Optional<String> relative(String file, String root) {
        if (file.isBlank() || root.isBlank() || !root.startsWith("/")) {
            return Optional.empty();
        }
        Path base = Path.of(root).normalize();
        Path target = base.resolve(file).normalize();
        if (!target.startsWith(base) || target.equals(base)) {
            return Optional.empty();
        }
        return Optional.of(base.relativize(target).toString());
    }

    /** Whether a never-learn glob matches the file (by name, or by path from the root). */
    boolean neverLearn(String relative) {
        Path path = Path.of(relative);
        Path name = path.getFileName();
        return names.stream().anyMatch(m -> m.matches(name))
                || paths.stream().anyMatch(m -> m.matches(path) || m.matches(Path.of("/").resolve(path)));
    }

    /** Claude Code's {@code structuredPatch} as unified-diff hunks; "" without one. */
    static String hunks(JsonNode patch) {
        if (!patch.isArray()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (JsonNode hunk : patch) {
            sb.append("@@ -").append(hunk.path("oldStart").asInt()).append(',').append(hunk.path("oldLines").asInt())
                    .append(" +").append(hunk.path("newStart").asInt()).append(',')
                    .append(hunk.path("newLines").asInt()).append(" @@\n");
            for (JsonNode line : hunk.path("lines")) {
                sb.append(line.asText()).append('\n');
            }
        }
        return sb.toString();
    }

    /** An Edit's or MultiEdit's file after the change: {@code originalFile} with the replacements applied; or null. */
    static String after(String tool, JsonNode input, JsonNode output) {
        JsonNode original = output.has("originalFile") ? output.path("originalFile") : output.path("originalFileContents");
        if (!original.isTextual()) {
            return null;
        }
        String content = original.asText();
        Iterable<JsonNode> edits = tool.equals("MultiEdit") ? input.path("edits") : List.of(input);
        for (JsonNode e : edits) {
            String from = text(e, "old_string");
            String to = text(e, "new_string");
            if (from.isEmpty() || !content.contains(from)) {
                return null;
            }
            content = e.path("replace_all").asBoolean(false) ? content.replace(from, to)
                    : content.substring(0, content.indexOf(from)) + to
                            + content.substring(content.indexOf(from) + from.length());
        }
        return content;
    }

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isValueNode() && !value.isNull() ? value.asText() : "";
    }
}
