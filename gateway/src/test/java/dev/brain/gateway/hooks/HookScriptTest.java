package dev.brain.gateway.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** hooks/brain-hook.sh and ./brain hooks install, run as a shell would run them. */
class HookScriptTest {

    static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    static final String HOOK_JSON = """
            {"session_id":"abc","cwd":"/tmp","hook_event_name":"PostToolUse","tool_name":"Bash",
             "tool_input":{"command":"false"},"tool_response":{"stdout":"","stderr":"boom","interrupted":false}}""";

    @TempDir
    Path temp;

    record Run(int exit, String stdout, String stderr) {
    }

    private Run run(List<String> command, Path dir, Map<String, String> env, String stdin) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        assertThat(process.waitFor(20, TimeUnit.SECONDS)).as("finished in time").isTrue();
        return new Run(process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void hookExitsZeroAndPrintsNothingWhenTheGatewayIsDown() throws Exception {
        Run run = run(List.of("bash", ROOT.resolve("hooks/brain-hook.sh").toString()), temp,
                Map.of("BRAIN_URL", "http://127.0.0.1:1", "BRAIN_TOKEN", "t"), HOOK_JSON);
        assertThat(run.exit()).isZero();
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).isEmpty();
    }

    @Test
    void hookExitsZeroWhenCurlIsMissing() throws Exception {
        Path bin = Files.createDirectories(temp.resolve("bin"));
        for (String tool : List.of("dirname", "head", "tr", "cat")) {
            for (String dir : List.of("/usr/bin", "/bin")) {
                if (Files.exists(Path.of(dir, tool))) {
                    Files.createSymbolicLink(bin.resolve(tool), Path.of(dir, tool));
                    break;
                }
            }
        }
        String bash = Files.exists(Path.of("/usr/bin/bash")) ? "/usr/bin/bash" : "/bin/bash";
        Run run = run(List.of(bash, ROOT.resolve("hooks/brain-hook.sh").toString()), temp,
                Map.of("PATH", bin.toString(), "BRAIN_URL", "http://127.0.0.1:1"), HOOK_JSON);
        assertThat(run.exit()).isZero();
        assertThat(run.stdout()).isEmpty();
    }

    @Test
    void installAddsOneEntryTwiceRunAndKeepsOtherHooks() throws Exception {
        Path settings = Files.createDirectories(temp.resolve(".claude")).resolve("settings.json");
        Files.writeString(settings, """
                {"model": "opus", "hooks": {"PreToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "echo pre"}]}],
                 "PostToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "lint.sh"}]}]}}""");
        List<String> install = List.of("bash", ROOT.resolve("brain").toString(), "hooks", "install");
        assertThat(run(install, temp, Map.of(), "").exit()).isZero();
        Run second = run(install, temp, Map.of(), "");
        assertThat(second.exit()).isZero();
        assertThat(second.stdout()).contains("already");

        JsonNode json = new ObjectMapper().readTree(settings.toFile());
        assertThat(json.path("model").asText()).isEqualTo("opus");
        assertThat(json.at("/hooks/PreToolUse/0/hooks/0/command").asText()).isEqualTo("echo pre");
        JsonNode post = json.at("/hooks/PostToolUse");
        assertThat(post).hasSize(2);
        assertThat(post.get(0).path("matcher").asText()).isEqualTo("Edit");
        assertThat(post.get(1).path("matcher").asText()).isEqualTo("Bash");
        assertThat(post.get(1).at("/hooks/0/command").asText()).isEqualTo(ROOT.resolve("hooks/brain-hook.sh").toString());
    }

    @Test
    void globalInstallWritesTheUsersSettings() throws Exception {
        Path home = Files.createDirectories(temp.resolve("home"));
        Run run = run(List.of("bash", ROOT.resolve("brain").toString(), "hooks", "install", "--global"), temp,
                Map.of("HOME", home.toString()), "");
        assertThat(run.exit()).as(run.stderr()).isZero();
        JsonNode json = new ObjectMapper().readTree(home.resolve(".claude/settings.json").toFile());
        assertThat(json.at("/hooks/PostToolUse/0/matcher").asText()).isEqualTo("Bash");
        assertThat(Files.exists(temp.resolve(".claude"))).isFalse();
    }

    @Test
    void installRefusesToOverwriteABrokenSettingsFile() throws Exception {
        Path settings = Files.createDirectories(temp.resolve(".claude")).resolve("settings.json");
        Files.writeString(settings, "{ not json");
        Run run = run(List.of("bash", ROOT.resolve("brain").toString(), "hooks", "install"), temp, Map.of(), "");
        assertThat(run.exit()).isNotZero();
        assertThat(Files.readString(settings)).isEqualTo("{ not json");
    }
}
