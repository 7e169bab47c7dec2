package dev.brain.gateway.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.brain.grpc.v1.RecordToolUseRequest;

/**
 * Which successful tool uses join the session trail and as what, on the CLI's real payloads
 * ({@code claude-code/session-fix}, captured from CLI 2.1.332): the guards of docs/errors.md that the gateway keeps.
 */
class ToolUsesTest {

    static final List<String> NEVER_LEARN = List.of(".env*", "*.pem", "*.key", "**/secrets/**");
    final ToolUses uses = new ToolUses(true, NEVER_LEARN);

    static ObjectNode payload(String name) {
        return HooksTest.payload("session-fix/" + name);
    }

    @Test
    void anEditJoinsWithItsStructuredPatchAsHunksAndTheFileAfterIt() {
        RecordToolUseRequest edit = uses.of(payload("06-PostToolUse-Edit.json")).orElseThrow().build();
        assertThat(edit.getFileEdited().getFilePath()).isEqualTo("app.py");
        assertThat(edit.getFileEdited().getDiff()).isEqualTo("""
                @@ -2,6 +2,6 @@
                \s
                 def main():
                     print("processing", order["id"])
                -    return order["customer_ref"]
                +    return order.get("customer_ref", 0)
                \s
                 main()
                """);
        assertThat(edit.getFileEdited().getContent()).isEqualTo("order = {\"id\": 42}\n\ndef main():\n"
                + "    print(\"processing\", order[\"id\"])\n    return order.get(\"customer_ref\", 0)\n\nmain()\n");
        assertThat(edit.getFileEdited().getWithheld()).isFalse();
    }

    @Test
    void aWholeFileReadAndASuccessfulCommandJoin() {
        RecordToolUseRequest read = uses.of(payload("04-PostToolUse-Read.json")).orElseThrow().build();
        assertThat(read.getFileRead().getFilePath()).isEqualTo("app.py");
        assertThat(read.getFileRead().getContent()).startsWith("order = {\"id\": 42}");
        RecordToolUseRequest success = uses.of(payload("08-PostToolUse-Bash.json")).orElseThrow().build();
        assertThat(success.getCommandSucceeded().getCommand()).isEqualTo("python3 app.py");
    }

    @Test
    void anInterruptedCommandAPartialReadAndOtherToolsDoNotJoin() {
        ObjectNode interrupted = payload("08-PostToolUse-Bash.json");
        ((ObjectNode) interrupted.path("tool_response")).put("interrupted", true);
        assertThat(uses.of(interrupted)).isEmpty();
        ObjectNode partial = payload("04-PostToolUse-Read.json");
        ((ObjectNode) partial.path("tool_response").path("file")).put("startLine", 3);
        assertThat(uses.of(partial)).isEmpty();
        assertThat(uses.of(HooksTest.payload("PostToolUse-mcp-tool.json"))).isEmpty();
    }

    @Test
    void anEditOutsideTheWorkingTreeDoesNotJoin() {
        for (String outside : List.of("/home/dev/.bashrc", "/home/dev/src/shop/../other/app.py", "/etc/hosts")) {
            ObjectNode edit = payload("06-PostToolUse-Edit.json");
            ((ObjectNode) edit.path("tool_input")).put("file_path", outside);
            assertThat(uses.of(edit)).as(outside).isEmpty();
        }
        // the hook script's brain_root (git's top level) counts as the tree too
        ObjectNode deeper = payload("06-PostToolUse-Edit.json");
        deeper.put("cwd", "/home/dev/src/shop/sub").put("brain_root", "/home/dev/src/shop");
        assertThat(uses.of(deeper).orElseThrow().getFileEdited().getFilePath()).isEqualTo("app.py");
    }

    @Test
    void aNeverLearnFileJoinsWithheldWithoutItsChange() {
        for (String secret : List.of(".env", "config/.env.local", "certs/server.pem", "id.key", "deploy/secrets/db.yaml",
                "secrets/token.txt")) {
            ObjectNode edit = payload("06-PostToolUse-Edit.json");
            ((ObjectNode) edit.path("tool_input")).put("file_path", "/home/dev/src/shop/" + secret);
            RecordToolUseRequest request = uses.of(edit).orElseThrow().build();
            assertThat(request.getFileEdited().getWithheld()).as(secret).isTrue();
            assertThat(request.getFileEdited().getDiff()).as(secret).isEmpty();
            assertThat(request.getFileEdited().getContent()).as(secret).isEmpty();
        }
        ObjectNode read = payload("04-PostToolUse-Read.json");
        ((ObjectNode) read.path("tool_input")).put("file_path", "/home/dev/src/shop/.env");
        assertThat(uses.of(read)).isEmpty();
        assertThat(uses.neverLearn("src/environment.py")).isFalse();
    }

    @Test
    void aWriteThatCreatedAFileSaysSo() {
        ObjectNode write = payload("06-PostToolUse-Edit.json");
        write.put("tool_name", "Write");
        write.set("tool_input", HooksTest.JSON.createObjectNode().put("file_path", "/home/dev/src/shop/new.py")
                .put("content", "print('new')\n"));
        write.set("tool_response", HooksTest.JSON.createObjectNode().put("type", "create"));
        RecordToolUseRequest request = uses.of(write).orElseThrow().build();
        assertThat(request.getFileEdited().getCreated()).isTrue();
        assertThat(request.getFileEdited().getContent()).isEqualTo("print('new')\n");
    }

    @Test
    void withLearningFromEditsOffNothingJoinsAndFailuresAreNotObserved() {
        ToolUses off = new ToolUses(false, NEVER_LEARN);
        assertThat(off.learns("2c46dbc3-3b6a-4673-b4ed-b3e86f11194a")).isFalse();
        for (String name : List.of("04-PostToolUse-Read.json", "06-PostToolUse-Edit.json", "08-PostToolUse-Bash.json")) {
            assertThat(off.of(payload(name))).as(name).isEmpty();
        }
        assertThat(uses.learns(null)).isFalse();
        assertThat(uses.learns("s1")).isTrue();
    }
}
