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

    private Run run(List<String> command, Path dir, Map<String, String> env, String stdin)
            throws IOException, InterruptedException {
        // output to files: a large answer would fill a pipe that nobody reads until the process ends
        Path out = Files.createTempFile("hook", ".out");
        Path err = Files.createTempFile("hook", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        assertThat(process.waitFor(20, TimeUnit.SECONDS)).as("finished in time").isTrue();
        try {
            return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
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
    void installRegistersTheFourEventsOnceKeepsOtherHooksAndUninstallRemovesExactlyBrains() throws Exception {
        Path settings = Files.createDirectories(temp.resolve(".claude")).resolve("settings.json");
        String original = """
                {"model": "opus", "hooks": {"PreToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "echo pre"}]}],
                 "PostToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "lint.sh"}]},
                                 {"matcher": "Bash", "hooks": [{"type": "command", "command": "/old/clone/hooks/brain-hook.sh", "timeout": 5}]},
                                 {"matcher": "Write|Edit", "hooks": [{"type": "command", "command": "/old/clone/hooks/brain-hook.sh post-tool-use", "timeout": 5}]}]}}""";
        Files.writeString(settings, original);
        List<String> install = List.of("bash", ROOT.resolve("brain").toString(), "hooks", "install");
        assertThat(run(install, temp, Map.of(), "").exit()).isZero();
        Run second = run(install, temp, Map.of(), "");
        assertThat(second.exit()).isZero();
        assertThat(second.stdout()).contains("already");

        String hook = ROOT.resolve("hooks/brain-hook.sh").toString();
        JsonNode json = new ObjectMapper().readTree(settings.toFile());
        assertThat(json.path("model").asText()).isEqualTo("opus");
        assertThat(json.at("/hooks/PreToolUse/0/hooks/0/command").asText()).isEqualTo("echo pre");
        assertThat(json.at("/hooks/PreToolUse/1/matcher").asText()).isEqualTo("Bash");
        assertThat(json.at("/hooks/PreToolUse/1/hooks/0/command").asText()).isEqualTo(hook + " pre-tool-use");
        assertThat(json.at("/hooks/SessionStart")).hasSize(1);
        assertThat(json.at("/hooks/SessionStart/0/matcher").isMissingNode()).isTrue();
        assertThat(json.at("/hooks/SessionStart/0/hooks/0/command").asText()).isEqualTo(hook + " session-start");
        assertThat(json.at("/hooks/PostToolUseFailure/0/matcher").asText()).isEqualTo("Bash");
        assertThat(json.at("/hooks/PostToolUseFailure/0/hooks/0/command").asText()).isEqualTo(hook + " post-tool-use-failure");
        JsonNode post = json.at("/hooks/PostToolUse");
        // the old single-event entry of another clone and the narrower Write|Edit one are replaced by the widened
        // matcher the session trail needs; the user's own entry is kept
        assertThat(post).hasSize(2);
        assertThat(post.get(0).path("matcher").asText()).isEqualTo("Edit");
        assertThat(post.get(1).path("matcher").asText()).isEqualTo("Bash|Edit|MultiEdit|Write|Read");
        assertThat(post.get(1).at("/hooks/0/command").asText()).isEqualTo(hook + " post-tool-use");

        Run uninstall = run(List.of("bash", ROOT.resolve("brain").toString(), "hooks", "uninstall"), temp, Map.of(), "");
        assertThat(uninstall.exit()).as(uninstall.stderr()).isZero();
        JsonNode left = new ObjectMapper().readTree(settings.toFile());
        assertThat(left).isEqualTo(new ObjectMapper().readTree(
                """
                        {"model": "opus", "hooks": {"PreToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "echo pre"}]}],
                         "PostToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "lint.sh"}]}]}}"""));
    }

    @Test
    void theHookScriptAddsTheProjectOfTheMainWorktreeAndTheNormalisedOrigin() throws Exception {
        Path repo = Files.createDirectories(temp.resolve("shop"));
        git(repo, "init", "-q");
        git(repo, "-c", "user.email=a@b", "-c", "user.name=a", "commit", "-q", "--allow-empty", "-m", "first");
        git(repo, "remote", "add", "origin", "https://dev:secret@example.com/acme/shop.git");
        Path worktree = temp.resolve("shop-feature");
        git(repo, "worktree", "add", "-q", worktree.toString());
        Path sub = Files.createDirectories(worktree.resolve("src"));

        // a stand-in gateway that echoes the body it got as the answer
        try (var server = EchoServer.start()) {
            Run run = run(List.of("bash", ROOT.resolve("hooks/brain-hook.sh").toString(), "post-tool-use-failure"), temp,
                    Map.of("BRAIN_URL", server.url(), "BRAIN_TOKEN", "t"),
                    "{\"session_id\":\"s1\",\"cwd\":\"" + sub + "\",\"hook_event_name\":\"PostToolUseFailure\"}");
            assertThat(run.exit()).isZero();
            JsonNode sent = new ObjectMapper().readTree(run.stdout());
            assertThat(sent.path("brain_project").asText()).isEqualTo("shop");
            assertThat(sent.path("brain_repo").asText()).isEqualTo("example.com/acme/shop");
            // the working tree's own top level: the worktree, not the main one
            assertThat(sent.path("brain_root").asText()).isEqualTo(worktree.toRealPath().toString());
            assertThat(sent.path("session_id").asText()).isEqualTo("s1");
            assertThat(server.lastPath()).isEqualTo("/hooks/post-tool-use-failure");
            assertThat(server.lastAuthorization()).isEqualTo("Bearer t");

            // outside git: no project (the gateway then takes the directory's last segment)
            Run plain = run(List.of("bash", ROOT.resolve("hooks/brain-hook.sh").toString(), "session-start"), temp,
                    Map.of("BRAIN_URL", server.url(), "BRAIN_TOKEN", "t"), "{\"cwd\":\"/nonexistent/dir\"}");
            assertThat(new ObjectMapper().readTree(plain.stdout()).path("brain_project").asText()).isEmpty();

            // a Read of a file too large for the trail is not sent at all; an Edit of the same size is
            String big = "x".repeat(300_000);
            Run read = run(List.of("bash", ROOT.resolve("hooks/brain-hook.sh").toString(), "post-tool-use"), temp,
                    Map.of("BRAIN_URL", server.url(), "BRAIN_TOKEN", "t"), "{\"cwd\":\"" + sub
                            + "\",\"tool_name\":\"Read\",\"tool_response\":{\"file\":{\"content\":\"" + big + "\"}}}");
            assertThat(read.exit()).isZero();
            assertThat(read.stdout()).isEmpty();
            Run edit = run(List.of("bash", ROOT.resolve("hooks/brain-hook.sh").toString(), "post-tool-use"), temp,
                    Map.of("BRAIN_URL", server.url(), "BRAIN_TOKEN", "t"), "{\"cwd\":\"" + sub
                            + "\",\"tool_name\":\"Edit\",\"tool_response\":{\"originalFile\":\"" + big + "\"}}");
            assertThat(new ObjectMapper().readTree(edit.stdout()).path("tool_name").asText()).isEqualTo("Edit");
        }
    }

    private void git(Path dir, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        assertThat(run(command, dir, Map.of("GIT_CONFIG_GLOBAL", "/dev/null"), "").exit()).isZero();
    }

    /** A one-endpoint HTTP server on loopback that answers each POST with the body it received. */
    record EchoServer(com.sun.net.httpserver.HttpServer server, String[] last) implements AutoCloseable {
        static EchoServer start() throws IOException {
            var server = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
            String[] last = new String[2];
            server.createContext("/", exchange -> {
                byte[] body = exchange.getRequestBody().readAllBytes();
                last[0] = exchange.getRequestURI().getPath();
                last[1] = exchange.getRequestHeaders().getFirst("Authorization");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.start();
            return new EchoServer(server, last);
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort();
        }

        String lastPath() {
            return last[0];
        }

        String lastAuthorization() {
            return last[1];
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }

    @Test
    void globalInstallWritesTheUsersSettings() throws Exception {
        Path home = Files.createDirectories(temp.resolve("home"));
        Run run = run(List.of("bash", ROOT.resolve("brain").toString(), "hooks", "install", "--global"), temp,
                Map.of("HOME", home.toString()), "");
        assertThat(run.exit()).as(run.stderr()).isZero();
        JsonNode json = new ObjectMapper().readTree(home.resolve(".claude/settings.json").toFile());
        assertThat(json.at("/hooks/PostToolUseFailure/0/matcher").asText()).isEqualTo("Bash");
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
